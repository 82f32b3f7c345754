#!/usr/bin/env python3
"""Writes the reel strips (and the expanding symbol's weights) of games/gonzos-gold/game.json
from the parameters in games/gonzos-gold/strips.json.

  scripts/gonzo_strips.py [--params FILE]

Per reel set: how many of each paying symbol a strip holds (`counts`, the same on every
reel), how many scatters (`scatters`), and `stack`, the chance that a symbol's run on the
strip grows by one more (runs of up to 5 make the vertical stacks that big clusters come
from). The order is shuffled by a fixed seed, so the file is reproducible; scatters stay
at least 5 apart, so a reel never shows two. scripts/gonzo_tune.py searches these
parameters; games/gonzos-gold/README.md tells how they were chosen."""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAME_DIR = os.path.join(HERE, "..", "games", "gonzos-gold")
MAX_RUN = 5


def order(runs, rng):
    """The runs in a random order where no two neighbours (around the wrap too) hold the same
    symbol, so that a run is exactly as long as it was drawn; None when a try gets stuck."""
    left = list(runs)
    rng.shuffle(left)
    out = []
    while left:
        # the symbol with the most runs left goes first when it must, so none is stranded
        most = max(set(r[0] for r in left), key=lambda s: sum(r[0] == s for r in left))
        ok = [i for i, r in enumerate(left) if not out or r[0] != out[-1][0]]
        if not ok:
            return None
        need = sum(r[0] == most for r in left) * 2 > len(left) + 1
        pick = next((i for i in ok if left[i][0] == most), ok[0]) if need else rng.choice(ok)
        out.append(left.pop(pick))
    return out if len(out) < 2 or out[0][0] != out[-1][0] else None


def strip(counts, scatters, stack, rng):
    runs = []
    for sym, n in counts.items():
        while n:
            k = 1
            while k < min(n, MAX_RUN) and rng.random() < stack:
                k += 1
            runs.append([sym] * k)
            n -= k
    for _ in range(100000):
        placed = order(runs, rng)
        if placed is None:
            continue
        body = [x for r in placed for x in r]
        # scatters go between runs, at least 5 symbols apart (around the wrap too)
        cuts = [0]
        for r in placed:
            cuts.append(cuts[-1] + len(r))
        cuts.pop()
        places = sorted(rng.sample(cuts, scatters))
        gaps = [(places[(i + 1) % scatters] - places[i]) % len(body) for i in range(scatters)]
        if scatters < 2 or all(g >= 5 for g in gaps):
            out = []
            for i, x in enumerate(body):
                if i in places:
                    out.append("SCATTER")
                out.append(x)
            return out
    sys.exit("gonzo_strips: cannot place the scatters 5 apart")


def build_reels(params):
    rng = random.Random(params.get("seed", 2026))
    return {name: [strip(params[name]["counts"], params[name]["scatters"], params[name]["stack"], rng)
                   for _ in range(5)]
            for name in ("base", "free")}


def dump(v, ind=0):
    """JSON with 2-space indents; a list of plain values or a flat object stays on one line."""
    pad = " " * ind
    flat = isinstance(v, (dict, list)) and not any(
        isinstance(x, (dict, list)) for x in (v.values() if isinstance(v, dict) else v))
    if flat:
        return json.dumps(v, separators=(", ", ": "))
    if isinstance(v, dict):
        items = [f"{pad}  {json.dumps(k)}: {dump(x, ind + 2)}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list):
        return "[\n" + ",\n".join(pad + "  " + dump(x, ind + 2) for x in v) + "\n" + pad + "]"
    return json.dumps(v)


def main():
    params_file = sys.argv[sys.argv.index("--params") + 1] if "--params" in sys.argv else \
        os.path.join(GAME_DIR, "strips.json")
    with open(params_file) as f:
        params = json.load(f)
    game_file = os.path.join(GAME_DIR, "game.json")
    with open(game_file) as f:
        game = json.load(f)
    game["reels"] = build_reels(params)
    game["features"]["expanding_weights"] = params["expanding_weights"]
    with open(game_file, "w") as f:
        f.write(dump(game) + "\n")


if __name__ == "__main__":
    main()
