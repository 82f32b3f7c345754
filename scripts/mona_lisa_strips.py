#!/usr/bin/env python3
"""Writes games/mona-lisa-jewels/game.json from the reel compositions below.

The compositions (how many of each symbol on each reel, per reel set) are the knobs the
math was tuned with: scripts/mona_lisa_strips.py, then `slotsim rtp`, repeated. Symbols are
spread over each strip by a fixed-seed shuffle that keeps equal symbols apart, except the
jewel stacks on reel 1, which are what triggers jewel free spins. See the game's README."""
import json, os, random, sys

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

# counts per reel: symbol -> [reel1..reel5]; JEWEL_STACK on reel 1 is the length of each
# jewel stack there (the count of JEWEL on reel 1 is stacks * JEWEL_STACK).
SETS = {
    "base": {
        "WILD":     [0, 4, 4, 3, 4],
        "SCATTER":  [1, 2, 2, 2, 1],
        "JACKPOT":  [4, 3, 3, 3, 3],
        "JEWEL":   [2, 3, 3, 3, 3],
        "PALETTE":  [4, 4, 4, 4, 3],
        "QUILL":    [5, 5, 4, 4, 4],
        "LUTE":     [6, 5, 5, 5, 5],
        "A":        [6, 5, 6, 5, 5],
        "K":       [6, 5, 5, 5, 5],
        "Q":        [6, 6, 6, 6, 6],
        "J":       [6, 6, 6, 6, 6],
        "TEN":      [7, 7, 6, 7, 7],
    },
    "free": {
        "WILD":     [0, 6, 5, 6, 5],
        "SCATTER": [1, 1, 1, 1, 1],
        "JACKPOT":  [3, 3, 3, 3, 3],
        "JEWEL":   [2, 3, 3, 3, 3],
        "PALETTE": [3, 3, 3, 3, 3],
        "QUILL":   [4, 4, 4, 4, 4],
        "LUTE":    [4, 4, 4, 4, 4],
        "A":       [6, 5, 5, 5, 5],
        "K":       [6, 5, 5, 5, 5],
        "Q":       [7, 7, 7, 7, 7],
        "J":       [7, 7, 7, 7, 7],
        "TEN":     [7, 7, 7, 7, 7],
    },
    "jewel": {
        "WILD":    [0, 1, 1, 1, 1],
        "SCATTER": [2, 2, 2, 2, 2],
        "JACKPOT":  [3, 3, 3, 3, 3],
        "JEWEL":   [2, 1, 1, 1, 1],
        "PALETTE": [3, 3, 3, 3, 3],
        "QUILL":   [4, 4, 4, 4, 4],
        "LUTE":    [4, 4, 4, 4, 4],
        "A":       [6, 5, 5, 5, 5],
        "K":       [6, 5, 5, 5, 5],
        "Q":       [7, 7, 7, 7, 7],
        "J":       [7, 7, 7, 7, 7],
        "TEN":     [7, 7, 7, 7, 7],
    },
}
JEWEL_STACK = 2


def build_strip(counts, reel, stack, rng):
    """A strip with the given counts; on reel 1 jewels come in stacks, elsewhere no symbol
    stands next to itself (when the counts allow it)."""
    items = []
    for sym, per_reel in counts.items():
        n = per_reel[reel]
        if sym == "JEWEL" and reel == 0:
            assert n % stack == 0, "reel 1 jewels must be whole stacks"
            items += [[sym] * stack] * (n // stack)
        else:
            items += [[sym]] * n
    for _ in range(200000):
        rng.shuffle(items)
        flat = [s for block in items for s in block]
        ok = all(flat[i] != flat[(i + 1) % len(flat)] for i in range(len(flat))
                 if not (flat[i] == "JEWEL" and reel == 0))
        # never two scatters on one reel's screen (3 rows)
        ok = ok and all(not (flat[i] == "SCATTER" and "SCATTER" in
                             (flat[(i + 1) % len(flat)], flat[(i + 2) % len(flat)]))
                        for i in range(len(flat)))
        # blocks of the same symbol must not touch (a jewel stack next to a jewel stack)
        ok = ok and all(items[i][0] != items[(i + 1) % len(items)][0] for i in range(len(items)))
        if ok:
            return flat
    raise SystemExit(f"no arrangement keeps equal symbols apart on reel {reel + 1}")


def main():
    reels = {}
    for k, (name, counts) in enumerate(SETS.items()):
        # Leonardo began the Mona Lisa in 1503; one shuffle stream per reel
        reels[name] = [build_strip(counts, r, JEWEL_STACK, random.Random(1503 + 10 * k + r))
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
    text = json.dumps(game, indent=2)
    # keep each strip and line on one line so the file reads as a table
    import re
    text = re.sub(r'\[\s+((?:"[A-Z]+",?\s*)+)\]', lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    text = re.sub(r'\[\s+((?:\d+,?\s*)+)\]', lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    with open(out, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
