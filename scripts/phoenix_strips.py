#!/usr/bin/env python3
"""Writes the reel strips of games/phoenix-graveyard/game.json from the parameters in
games/phoenix-graveyard/strips.json.

  scripts/phoenix_strips.py [--params FILE] [--game FILE]

Per reel set ("base", "free") and per reel: how many of each symbol the strip holds
(`reels[c]`, a map of symbol id to count), and `stack`, the chance that a paying symbol's
run grows by one more (stacks of up to 3 show fewer different symbols in a window, which
keeps the hit frequency down). The order is shuffled by a fixed seed, so the file is
reproducible; a reel shows at most one Bonus, one Phoenix and one Reaper.
games/phoenix-graveyard/README.md tells how the counts were chosen."""
import json
import os
import random
import sys

from gonzo_strips import dump, order  # one-line lists; runs with no equal neighbours

HERE = os.path.dirname(os.path.abspath(__file__))
GAME_DIR = os.path.join(HERE, "..", "games", "phoenix-graveyard")
GAP = 3  # no symbol twice within GAP consecutive positions


SPECIAL = ("PHOENIX", "REAPER", "BONUS")
MAX_RUN = 3


def strip(counts, stack, rng):
    """The strip's runs in a random order: a paying symbol's run grows by one more with
    chance `stack` (up to 3, a whole window); a Phoenix, Reaper or Bonus stands alone, never
    within 3 positions of another of its kind (around the wrap too), so a window shows at most
    one of each; no two neighbouring runs hold the same symbol."""
    runs = []
    for sym, n in counts.items():
        while n:
            k = 1
            while sym not in SPECIAL and k < min(n, MAX_RUN) and rng.random() < stack:
                k += 1
            runs.append([sym] * k)
            n -= k
    total = sum(counts.values())
    for _ in range(100000):
        placed = order(runs, rng)
        if placed is None:
            continue
        body = [x for r in placed for x in r]
        if all(body[i] != body[(i + d) % total] for i in range(total) if body[i] in SPECIAL
               for d in range(1, GAP)):
            return body
    sys.exit("phoenix_strips: cannot keep the special symbols 3 apart")


def build_reels(params):
    rng = random.Random(params.get("seed", 2026))
    return {name: [strip(reel, params[name].get("stack", 0.0), rng) for reel in params[name]["reels"]]
            for name in ("base", "free")}


def main():
    args = sys.argv[1:]
    pfile = os.path.join(GAME_DIR, "strips.json")
    gfile = os.path.join(GAME_DIR, "game.json")
    while args:
        if args[0] == "--params" and len(args) > 1:
            pfile = args[1]
        elif args[0] == "--game" and len(args) > 1:
            gfile = args[1]
        else:
            sys.exit(__doc__)
        args = args[2:]
    params = json.load(open(pfile))
    game = json.load(open(gfile))
    game["reels"] = build_reels(params)
    with open(gfile, "w") as f:
        f.write(dump(game) + "\n")


if __name__ == "__main__":
    main()
