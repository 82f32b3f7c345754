#!/usr/bin/env python3
"""Exact base-game figures for Mona Lisa Jewels, from games/mona-lisa-jewels/game.json.

Independent of the C engine (it reads only the game file), so it cross-checks slotsim:
  - line RTP of the base spin (per line bet; every line sees the same independent cells),
  - scatter pay RTP, and the odds of a scatter award and of a jewel award,
  - the odds that a given line shows 5 jackpot symbols.
Each line's five cells are independent (one per reel) with the reel's symbol frequencies,
so the line RTP is a sum over the 12^5 symbol combinations. Scatters and jewels depend on
the three cells of a reel together, so those sums run over the reel stops.

usage: scripts/mona_lisa_exact.py [game.json] [--set base|free|jewel] [--json]"""
import itertools, json, os, sys


def load(path):
    with open(path) as f:
        return json.load(f)


def line_rtp(game, strips):
    syms = [s["id"] for s in game["symbols"]]
    role = {s["id"]: s["role"] for s in game["symbols"]}
    wild = next(s for s in syms if role[s] == "wild")
    scatter = next(s for s in syms if role[s] == "scatter")
    jackpot = next(s for s in syms if role[s] == "jackpot")
    pays = {s: {int(k): v for k, v in t.items()} for s, t in game["paytable"].items()}
    line_syms = [s for s in syms if s in pays and s not in (scatter, wild)]
    freq = []
    for strip in strips:
        f = {}
        for s in strip:
            f[s] = f.get(s, 0) + 1
        freq.append({s: n / len(strip) for s, n in f.items()})
    total = 0.0
    p_jp5 = 0.0
    present = [sorted(f) for f in freq]
    for combo in itertools.product(*present):
        p = 1.0
        for c, s in enumerate(combo):
            p *= freq[c][s]
        best = 0
        for s in line_syms:
            n = 0
            while n < 5 and (combo[n] == s or (combo[n] == wild and s not in (scatter, jackpot))):
                n += 1
            best = max(best, pays[s].get(n, 0))
        total += p * best
        if all(x == jackpot for x in combo):
            p_jp5 += p
    return total, p_jp5


def reel_count_dist(strip, sym, rows=3):
    """Distribution of how many of `sym` a reel shows, over its stops."""
    d = [0.0] * (rows + 1)
    n = len(strip)
    for stop in range(n):
        k = sum(strip[(stop + r) % n] == sym for r in range(rows))
        d[k] += 1 / n
    return d


def convolve(a, b):
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def main():
    args = sys.argv[1:]
    path = os.path.join(os.path.dirname(__file__), "..", "games", "mona-lisa-jewels", "game.json")
    reelset = "base"
    as_json = "--json" in args
    rest = [a for a in args if a != "--json"]
    if "--set" in rest:
        i = rest.index("--set")
        reelset = rest[i + 1]
        del rest[i:i + 2]
    if rest:
        path = rest[0]
    game = load(path)
    strips = game["reels"][reelset]
    role = {s["id"]: s["role"] for s in game["symbols"]}
    scatter = next(s for s, r in role.items() if r == "scatter")
    jewel = next(s for s, r in role.items() if r == "jewel")
    feats = game["features"]
    lrtp, p_jp5 = line_rtp(game, strips)
    dist = [1.0]
    for strip in strips:
        dist = convolve(dist, reel_count_dist(strip, scatter))
    spays = {int(k): v for k, v in game["paytable"].get(scatter, {}).items()}
    scatter_rtp = sum(p * spays.get(k, 0) for k, p in enumerate(dist))
    p_free = sum(p for k, p in enumerate(dist) if k >= feats["scatter_min"])
    jd = reel_count_dist(strips[0], jewel)
    p_jewel = sum(p for k, p in enumerate(jd) if k >= feats["jewel_min"])
    out = {
        "reel_set": reelset,
        "line_rtp_percent": 100 * lrtp,
        "scatter_rtp_percent": 100 * scatter_rtp,
        "spin_rtp_percent": 100 * (lrtp + scatter_rtp),
        "free_spins_award_probability": p_free,
        "jewel_spins_award_probability": p_jewel,
        "five_jackpots_per_line_probability": p_jp5,
    }
    if as_json:
        print(json.dumps(out, indent=2))
    else:
        print(f"{reelset} spin: lines {out['line_rtp_percent']:.4f}% + scatter "
              f"{out['scatter_rtp_percent']:.4f}% = {out['spin_rtp_percent']:.4f}%")
        print(f"free spins award 1 in {1 / p_free:.1f}; jewel award 1 in {1 / p_jewel:.1f}; "
              f"5 jackpots on a line 1 in {1 / p_jp5:.0f}" if p_jp5 else "no 5-jackpot line")


if __name__ == "__main__":
    main()
