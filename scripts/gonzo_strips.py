#!/usr/bin/env python3
"""Writes the reel strips of games/gonzos-gold/game.json from symbol counts per reel.

  scripts/gonzo_strips.py [--seed N]

Each strip holds every symbol its count of times, in an order shuffled by a fixed seed
(so the file is reproducible), with runs of the same symbol kept to the lengths RUNS asks
(short stacks make clusters along a reel a little likelier, as in the game's look), and
the scatters at least 5 apart, so a reel never shows two. The counts below are the math:
games/gonzos-gold/README.md explains how they were tuned."""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "..", "games", "gonzos-gold", "game.json")

# symbol -> count on each of the 5 reels
def same(**n):
    """The same count on every reel."""
    return {k: [v] * 5 for k, v in n.items()}


COUNTS = {
    "base": same(EXPLORER=8, MASK=9, IDOL=10, CHALICE=10, A=11, K=11, Q=12, J=12, TEN=12, SCATTER=2),
    "free": same(EXPLORER=8, MASK=9, IDOL=10, CHALICE=10, A=11, K=11, Q=12, J=12, TEN=12, SCATTER=2),
}
RUN = int(os.environ.get("GONZO_RUN", "2"))  # symbols laid in runs of up to this many


def strip(counts, reel, rng):
    runs = []
    for sym, per_reel in counts.items():
        n = per_reel[reel]
        if sym == "SCATTER":
            runs += [[sym]] * n
            continue
        while n:
            k = min(n, rng.randint(1, RUN))
            runs.append([sym] * k)
            n -= k
    for _ in range(10000):
        rng.shuffle(runs)
        s = [x for r in runs for x in r]
        pos = [i for i, x in enumerate(s) if x == "SCATTER"]
        gaps = [(pos[(i + 1) % len(pos)] - pos[i]) % len(s) for i in range(len(pos))]
        if all(g >= 5 for g in gaps):
            return s
    sys.exit("gonzo_strips: cannot place the scatters 5 apart")


def main():
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 2026
    rng = random.Random(seed)
    with open(GAME) as f:
        game = json.load(f)
    game["reels"] = {name: [strip(c, r, rng) for r in range(5)] for name, c in COUNTS.items()}
    with open(GAME, "w") as f:
        f.write(dump(game) + "\n")


def dump(v, ind=0):
    """JSON with 2-space indents, where a list of plain values stays on one line."""
    pad = " " * ind
    if isinstance(v, dict) and not any(isinstance(x, (dict, list)) for x in v.values()):
        return json.dumps(v, separators=(", ", ": "))
    if isinstance(v, dict):
        items = [f'{pad}  {json.dumps(k)}: {dump(x, ind + 2)}' for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list) and any(isinstance(x, (dict, list)) for x in v):
        return "[\n" + ",\n".join(pad + "  " + dump(x, ind + 2) for x in v) + "\n" + pad + "]"
    if isinstance(v, dict) or isinstance(v, list):
        return json.dumps(v, separators=(", ", ": "))
    return json.dumps(v)

main()
