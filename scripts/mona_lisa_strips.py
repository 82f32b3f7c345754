#!/usr/bin/env python3
"""Writes games/mona-lisa-jewels/game.json from the reel compositions below.

The compositions (how many of each symbol on each reel, per reel set) are the knobs the
math was tuned with: scripts/mona_lisa_strips.py, then `slotsim rtp`, repeated. Symbols are
spread over each strip by a fixed-seed shuffle that keeps equal symbols apart, except the
jewel stacks on reel 1, which are what triggers jewel free spins. See the game's README."""
import json, os, random

SYMBOLS = [
    ("WILD", "Mona Lisa", "wild"),
    ("SCATTER", "Golden Frame", "scatter"),
    ("JACKPOT", "Crown", "jackpot"),
    ("JEWEL", "Ruby Jewel", "jewel"),
    ("PALETTE", "Palette", "regular"),
    ("QUILL", "Quill", "regular"),
    ("LUTE", "Lute", "regular"),
    ("A", "A", "regular"),
    ("K", "K", "regular"),
    ("Q", "Q", "regular"),
    ("J", "J", "regular"),
    ("TEN", "10", "regular"),
]
PAYTABLE = {
    "SCATTER": {"3": 2, "4": 10, "5": 50},
    "JACKPOT": {"3": 25, "4": 100, "5": 1000},
    "PALETTE": {"3": 50, "4": 250, "5": 1000},
    "JEWEL": {"3": 30, "4": 150, "5": 500},
    "QUILL": {"3": 25, "4": 100, "5": 300},
    "LUTE": {"3": 20, "4": 75, "5": 200},
    "A": {"3": 10, "4": 40, "5": 125},
    "K": {"3": 10, "4": 40, "5": 125},
    "Q": {"3": 5, "4": 25, "5": 100},
    "J": {"3": 5, "4": 25, "5": 100},
    "TEN": {"3": 5, "4": 20, "5": 75},
}
LINES = ("11111 00000 22222 01210 21012 10001 12221 00122 22100 12101 10121 01110 21112 "
         "01010 21212 11011 11211 00200 22022 02220 20002 12021 10201 02020 20202").split()

# counts per reel: symbol -> [reel1..reel5]. Reel 1's JEWEL count is made of the pairs and
# splits in REEL1_JEWELS (2 jewels each).
SETS = {
    "base": {
        "WILD":    [ 0,  4,  4,  3,  4],
        "SCATTER": [ 2,  2,  2,  2,  1],
        "JACKPOT": [ 6,  3,  3,  3,  3],
        "JEWEL":   [ 4,  3,  3,  3,  3],
        "PALETTE": [ 5,  4,  4,  4,  3],
        "QUILL":   [ 6,  5,  4,  4,  4],
        "LUTE":    [ 8,  5,  5,  5,  5],
        "A":       [ 9,  5,  6,  5,  5],
        "K":       [ 9,  5,  5,  5,  5],
        "Q":       [ 9,  6,  6,  7,  6],
        "J":       [ 9,  6,  6,  6,  6],
        "TEN":     [13,  7,  6,  6,  7],
    },
    "free": {
        "WILD":    [ 0,  6,  5,  6,  5],
        "SCATTER": [ 2,  1,  1,  1,  1],
        "JACKPOT": [ 4,  3,  3,  3,  3],
        "JEWEL":   [ 4,  3,  3,  3,  3],
        "PALETTE": [ 5,  3,  3,  3,  3],
        "QUILL":   [ 6,  4,  4,  4,  4],
        "LUTE":    [ 6,  4,  4,  4,  4],
        "A":       [ 9,  5,  5,  5,  5],
        "K":       [ 9,  5,  5,  5,  5],
        "Q":       [10,  7,  7,  7,  7],
        "J":       [10,  7,  7,  7,  7],
        "TEN":     [11,  7,  7,  7,  7],
    },
    "jewel": {
        "WILD":    [ 0,  1,  1,  1,  1],
        "SCATTER": [ 2,  2,  2,  2,  2],
        "JACKPOT": [ 3,  3,  3,  3,  3],
        "JEWEL":   [ 4,  1,  1,  1,  1],
        "PALETTE": [ 3,  3,  3,  3,  3],
        "QUILL":   [ 4,  4,  4,  4,  4],
        "LUTE":    [ 4,  4,  4,  4,  4],
        "A":       [ 6,  5,  5,  5,  5],
        "K":       [ 6,  5,  5,  5,  5],
        "Q":       [ 7,  7,  7,  7,  7],
        "J":       [ 7,  7,  7,  7,  7],
        "TEN":     [ 7,  7,  7,  7,  7],
    },
}
# reel 1 jewels as (pairs J J, splits J x J): as many of each, so every row shares alike
REEL1_JEWELS = {"base": (1, 1), "free": (1, 1), "jewel": (1, 1)}


def build_strip(counts, reel, rng, patterns=(1, 1)):
    """A strip with the given counts in which no symbol stands next to itself and two
    scatters never share a window. On reel 1 the jewels come as `patterns` = (pairs, splits):
    a pair J J shows two jewels on rows 0-1 or 1-2, a split J x J on rows 0 and 2, so with as
    many pairs as splits each row holds a jewel in the same share of jewel awards, and every
    line is worth the same in jewel free spins."""
    pairs, splits = patterns if reel == 0 else (0, 0)
    singles = []
    for sym, per_reel in counts.items():
        n = per_reel[reel]
        if sym == "JEWEL" and reel == 0:
            assert n == 2 * (pairs + splits), "reel 1 jewels must make the pairs and splits"
            continue
        singles += [[sym]] * n
    for _ in range(200000):
        rng.shuffle(singles)
        items = list(singles)
        blocks = [["JEWEL", "JEWEL"] for _ in range(pairs)]
        for _ in range(splits):
            x = next(i for i, it in enumerate(items) if it[0] != "SCATTER")
            blocks.append(["JEWEL", items.pop(x)[0], "JEWEL"])
        items += blocks
        rng.shuffle(items)
        flat = [s for block in items for s in block]
        n = len(flat)
        ok = all(flat[i] != flat[(i + 1) % n] for i in range(n) if flat[i] != "JEWEL" or reel)
        ok = ok and all(not (flat[i] == "SCATTER" and "SCATTER" in (flat[(i + 1) % n], flat[(i + 2) % n]))
                        for i in range(n))
        if reel == 0:
            shown = [sum(flat[(i + r) % n] == "JEWEL" for r in range(3)) for i in range(n)]
            ok = ok and max(shown) <= 2 and shown.count(2) == 2 * pairs + splits
        if ok:
            return flat
    raise SystemExit(f"no arrangement keeps equal symbols apart on reel {reel + 1}")


def main():
    reels = {}
    for k, (name, counts) in enumerate(SETS.items()):
        # Leonardo began the Mona Lisa in 1503; one shuffle stream per reel
        reels[name] = [build_strip(counts, r, random.Random(1503 + 10 * k + r), REEL1_JEWELS[name])
                       for r in range(5)]
    game = {
        "id": "mona-lisa-jewels",
        "name": "Mona Lisa Jewels",
        "rules": "mona-lisa-jewels",
        "grid": {"rows": 3, "reels": 5},
        "target_rtp": {"below_max_bet": 94.30, "max_bet": 94.60},
        "symbols": [{"id": i, "name": n, "role": r} for i, n, r in SYMBOLS],
        "paytable": PAYTABLE,
        "lines": [[int(ch) for ch in l] for l in LINES],
        "reels": reels,
        "bet": [
            {"key": "coin_value", "name": "Coin value", "unit": "minor",
             "values": [1, 2, 5, 10, 20, 50, 100, 200], "default": 10},
            {"key": "coins", "name": "Coins per line", "min": 1, "max": 10, "default": 1},
            {"key": "lines", "name": "Lines", "min": 1, "max": 25, "default": 25},
        ],
        "features": {
            "free_spins": 10,
            "scatter_min": 3,
            "jewel_spins": 2,
            "jewel_min": 2,
            "wild_multipliers": [1, 2, 4, 8],
            "jackpot_seed_coins": 50000,
            "jackpot_contribution_per_mille": 5,
        },
    }
    out = os.path.join(os.path.dirname(__file__), "..", "games", "mona-lisa-jewels", "game.json")
    with open(out, "w") as f:
        f.write(render(game))


def render(game):
    """The game file as a readable table: one symbol, pay row, line, strip or bet option a
    line (json.dumps for every value, so the file is plain JSON)."""
    d = json.dumps
    out = ["{"]
    for key in ("id", "name", "rules"):
        out.append(f'  {d(key)}: {d(game[key])},')
    out.append(f'  "grid": {d(game["grid"])},')
    out.append(f'  "target_rtp": {d(game["target_rtp"])},')
    out.append('  "symbols": [')
    out.append(",\n".join(f"    {d(s)}" for s in game["symbols"]))
    out.append("  ],")
    out.append('  "paytable": {')
    out.append(",\n".join(f"    {d(k)}: {d(v)}" for k, v in game["paytable"].items()))
    out.append("  },")
    out.append('  "lines": [')
    out.append(",\n".join("    " + ", ".join(d(l) for l in game["lines"][i:i + 5])
                          for i in range(0, len(game["lines"]), 5)))
    out.append("  ],")
    out.append('  "reels": {')
    sets = []
    for name, strips in game["reels"].items():
        sets.append(f"    {d(name)}: [\n" + ",\n".join(f"      {d(s)}" for s in strips) + "\n    ]")
    out.append(",\n".join(sets))
    out.append("  },")
    out.append('  "bet": [')
    out.append(",\n".join(f"    {d(o)}" for o in game["bet"]))
    out.append("  ],")
    out.append(f'  "features": {d(game["features"])}')
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
