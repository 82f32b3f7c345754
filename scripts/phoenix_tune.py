#!/usr/bin/env python3
"""Tries Phoenix Graveyard's strip parameters and features with slotsim, without touching
the game file: builds games/phoenix-graveyard/game.json's strips from a parameter file (as
scripts/phoenix_strips.py does) into a temporary games folder, with `features` overrides,
and prints slotsim's report.

  scripts/phoenix_tune.py PARAMS.json ROUNDS [SEED]

PARAMS.json: strips.json's form, plus an optional "features" object of overrides."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from phoenix_strips import build_reels  # noqa: E402
from phoenix_exact import base_part  # noqa: E402

SLOTSIM = os.environ.get("SLOTSIM", os.path.join(HERE, "..", "build-release", "src", "sim", "slotsim"))


def main():
    params = json.load(open(sys.argv[1]))
    rounds = sys.argv[2]
    seed = sys.argv[3] if len(sys.argv) > 3 else "1"
    game = json.load(open(os.path.join(HERE, "..", "games", "phoenix-graveyard", "game.json")))
    game["reels"] = build_reels(params)
    game["features"].update(params.get("features", {}))
    rtp, plain, _, _ = base_part(game)
    print(f"exact first spin: {100 * rtp:.3f}% ({100 * plain:.3f}% without Sudden Death)")
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, game["id"]))
        json.dump(game, open(os.path.join(d, game["id"], "game.json"), "w"))
        subprocess.run([SLOTSIM, "rtp", "--game", game["id"], "--games", d, "--rounds", rounds,
                        "--seed", seed, "--threads", "2"], check=True)


if __name__ == "__main__":
    main()
