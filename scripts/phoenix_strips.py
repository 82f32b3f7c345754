#!/usr/bin/env python3
"""Writes the reel strips of games/phoenix-graveyard/game.json from the parameters in
games/phoenix-graveyard/strips.json.

  scripts/phoenix_strips.py [--params FILE] [--game FILE]

Per reel set ("base", "free") and per reel: how many of each symbol the strip holds
(`reels[c]`, a map of symbol id to count). The order is shuffled by a fixed seed, so the file
is reproducible, with no symbol twice within any 3 consecutive positions (around the wrap
too): a window never shows a symbol twice, so a symbol's ways on an unsliced screen are the
product of 1s, and a reel shows at most one Bonus, one Phoenix and one Reaper.
games/phoenix-graveyard/README.md tells how the counts were chosen."""
import json
import os
import random
import sys

from gonzo_strips import dump  # JSON with flat lists on one line, as the other game files

HERE = os.path.dirname(os.path.abspath(__file__))
GAME_DIR = os.path.join(HERE, "..", "games", "phoenix-graveyard")
GAP = 3  # no symbol twice within GAP consecutive positions


def strip(counts, rng):
    """A random order of the symbols with the same symbol never closer than GAP, around the
    wrap too (a greedy draw weighted by what is left, retried when it gets stuck)."""
    total = sum(counts.values())
    for _ in range(20000):
        left = dict(counts)
        out = []
        ok = True
        for i in range(total):
            recent = set(out[-(GAP - 1):]) if GAP > 1 else set()
            if total - i < GAP:  # the wrap: the first positions are neighbours too
                recent |= set(out[:GAP - 1 - (total - 1 - i)])
            choices = [s for s, n in left.items() if n and s not in recent]
            if not choices:
                ok = False
                break
            # the symbol with the most left goes first when it must, so none is stranded
            most = max(choices, key=lambda s: left[s])
            if left[most] * GAP > total - i + GAP - 1:
                pick = most
            else:
                pick = rng.choices(choices, weights=[left[s] for s in choices])[0]
            out.append(pick)
            left[pick] -= 1
        if ok and all(out[i] != out[(i + d) % total] for i in range(total) for d in range(1, GAP)):
            return out
    sys.exit("phoenix_strips: cannot order the strip with no symbol twice in a window")


def build_reels(params):
    rng = random.Random(params.get("seed", 2026))
    return {name: [strip(reel, rng) for reel in params[name]["reels"]] for name in ("base", "free")}


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
