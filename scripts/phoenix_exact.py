#!/usr/bin/env python3
"""Phoenix Graveyard: the base spin's ways wins, computed exactly from the game file, apart
from slotsim (scripts/mona_lisa_exact.py does the same for Mona Lisa Jewels).

  scripts/phoenix_exact.py [--game FILE] [--check SLOTSIM]

What it covers, exactly: the expected win of the round's first spin (RTP part "base") when
Sudden Death does not strike it. In that spin every position is worth 1 way; a Phoenix or a
Reaper that lands is a wild worth 1; Bonus symbols pay nothing. What follows the spin
(attacks, respins, free spins) is in other parts. Sudden Death (features.
sudden_death_per_mille[0]) couples the reels (it strikes one position of the whole screen),
so it is left out: `--check` runs slotsim on a copy of the game file with it set to 0 and
compares its "base" part with this figure (within slotsim's 95% interval of that part,
worked out from its own rounds).

The calculation: wins add up over symbols, and each reel's window is independent of the
others. For a symbol s, a reel c contributes a = n + w (its s positions plus its wild
positions) and w; the ways of s over exactly L reels are prod(a) - prod(w) over reels
1..L (the ways of wilds alone are taken out: they are paid once, as the symbol paying most)
when reel L+1 shows neither s nor a wild. So E[ways] = (prod E[a] - prod E[w]) * P(a = 0 on
reel L+1). The ways of wilds alone over exactly R reels, prod w * [no wild on reel R+1], pay
as the top symbol at R."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "..", "games", "phoenix-graveyard", "game.json")
WILDS = ("PHOENIX", "REAPER", "FEATHER")
ROWS = 3


def reel_stats(strip, sym):
    """E[a], E[w], P(a = 0) for symbol sym (None: the wilds alone) over the reel's windows."""
    L = len(strip)
    ea = ew = zero = 0.0
    for stop in range(L):
        window = [strip[(stop + r) % L] for r in range(ROWS)]
        w = sum(x in WILDS for x in window)
        n = sum(x == sym for x in window) if sym else 0
        ea += n + w
        ew += w
        zero += (n + w) == 0
    return ea / L, ew / L, zero / L


def base_rtp(game):
    reels = game["reels"]["base"]
    pays = {s: {int(k): v for k, v in p.items()} for s, p in game["paytable"].items()}
    coins = game["features"]["bet_coins"]
    total = 0.0
    by_symbol = {}
    for sym, pay in pays.items():
        st = [reel_stats(r, sym) for r in reels]
        part = 0.0
        for L in range(3, 6):
            pa = pw = 1.0
            for c in range(L):
                pa *= st[c][0]
                pw *= st[c][1]
            stop = st[L][2] if L < 5 else 1.0
            part += pay.get(L, 0) * (pa - pw) * stop
        by_symbol[sym] = part / coins
        total += part
    st = [reel_stats(r, None) for r in reels]
    wild = 0.0
    for R in range(3, 6):
        pw = 1.0
        for c in range(R):
            pw *= st[c][1]
        top = max(p.get(R, 0) for p in pays.values())
        wild += top * pw * (st[R][2] if R < 5 else 1.0)
    by_symbol["wilds alone"] = wild / coins
    total += wild
    return total / coins, by_symbol


def screen_win(game, screen):
    """One screen's win in coins, every position worth 1 (a wild too), by the rules' words:
    each symbol's ways over its run, less the ways of wilds alone, which pay once as the
    symbol paying most. For the sample that gives the interval of the comparison."""
    pays = {s: {int(k): v for k, v in p.items()} for s, p in game["paytable"].items()}
    w = [sum(x in WILDS for x in col) for col in screen]
    total = 0
    for sym, pay in pays.items():
        a = [sum(x == sym for x in col) + w[c] for c, col in enumerate(screen)]
        L = 0
        while L < 5 and a[L]:
            L += 1
        pa = pw = 1
        for c in range(L):
            pa *= a[c]
            pw *= w[c]
        total += pay.get(L, 0) * (pa - pw)
    R = 0
    while R < 5 and w[R]:
        R += 1
    pw = 1
    for c in range(R):
        pw *= w[c]
    total += max(p.get(R, 0) for p in pays.values()) * pw
    return total


def sample_sd(game, n=200000, seed=1):
    """The deviation of the base spin's win (x bet), from a sample of n screens."""
    import random
    rng = random.Random(seed)
    reels = game["reels"]["base"]
    coins = game["features"]["bet_coins"]
    s1 = s2 = 0.0
    for _ in range(n):
        screen = []
        for strip in reels:
            stop = rng.randrange(len(strip))
            screen.append([strip[(stop + r) % len(strip)] for r in range(ROWS)])
        x = screen_win(game, screen) / coins
        s1 += x
        s2 += x * x
    mean = s1 / n
    return (s2 / n - mean * mean) ** 0.5, mean


def main():
    args = sys.argv[1:]
    path, slotsim = GAME, None
    while args:
        if args[0] == "--game" and len(args) > 1:
            path = args[1]
        elif args[0] == "--check" and len(args) > 1:
            slotsim = args[1]
        else:
            sys.exit(__doc__)
        args = args[2:]
    game = json.load(open(path))
    rtp, parts = base_rtp(game)
    print(f"base spin, Sudden Death aside: RTP {100 * rtp:.6f}%")
    for s, v in parts.items():
        print(f"  {s:12} {100 * v:.6f}%")
    if not slotsim:
        return
    rounds = 20000000
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, game["id"]))
        game["features"]["sudden_death_per_mille"][0] = 0
        json.dump(game, open(os.path.join(d, game["id"], "game.json"), "w"))
        out = subprocess.run([slotsim, "rtp", "--game", game["id"], "--games", d, "--rounds",
                              str(rounds), "--threads", "2", "--json"], capture_output=True,
                             text=True, check=True).stdout
    r = json.loads(out)
    sim = r["rtp_split"]["base"]
    sd, mean = sample_sd(game)
    ci = 100 * 1.96 * sd / rounds ** 0.5
    print(f"a sample of 200000 screens: mean {100 * mean:.4f}%, deviation {sd:.4f} x bet")
    print(f"slotsim, {rounds} rounds with Sudden Death off in the base spin: base {sim:.6f}% "
          f"(95% CI of the part +/- {ci:.4f})")
    diff = sim - 100 * rtp
    print(f"difference {diff:+.6f} pp: {'within' if abs(diff) <= ci else 'OUTSIDE'} the interval")
    sys.exit(0 if abs(diff) <= ci else 1)


if __name__ == "__main__":
    main()
