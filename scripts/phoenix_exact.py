#!/usr/bin/env python3
"""Phoenix Graveyard: the round's first spin (RTP part "base"), computed exactly from the
game file, apart from slotsim (scripts/mona_lisa_exact.py does the same for Mona Lisa
Jewels).

  scripts/phoenix_exact.py [--game FILE] [--check SLOTSIM [--rounds N] | --report JSON]

What it covers, exactly: the expected win of the round's first spin, which is all that
slotsim's "base" part holds (what follows the spin, attacks, respins and free spins, is in
other parts), Sudden Death included. In that spin every position is worth 1 way unless
Sudden Death strikes it; a Phoenix or a Reaper that lands is a wild worth 1; Bonus symbols
pay nothing.

The spin without Sudden Death: wins add up over symbols, and each reel's window is
independent of the others. For a symbol s, a reel c contributes a = n + w (its s positions
plus its wild positions) and w; the ways of s over exactly L reels are prod(a) - prod(w)
over reels 1..L (the ways of wilds alone are taken out: they are paid once, as the symbol
paying most) when reel L+1 shows neither s nor a wild. So E[ways] = (prod E[a] - prod
E[w]) * P(a = 0 on reel L+1). The ways of wilds alone over exactly R reels, prod w * [no
wild on reel R+1], pay as the top symbol at R.

Sudden Death (features.sudden_death_per_mille[0], per mille) strikes one position of the
screen, uniformly among the Z positions holding no Phoenix, Reaper or Bonus, and adds k
ways (sudden_death_ways_weights). Struck on reel c*, a position holding symbol x adds
k * prod over the other reels of the run of a_x to x's ways (it changes no run's length,
and no wild-only way). Z couples the reels (Z = 15 - the Phoenixes, Reapers and Bonus
symbols on the screen), so each reel's term is kept per count of those it shows and the
five are convolved: E[k] * sum over x, L, c* < L of pay_x(L) * E[n_x(c*) * prod_{c<L,
c!=c*} a_x(c) * [a_x(L) = 0] / Z]. The spin's expected win is the first part plus the
chance of a strike times the second.

--check runs slotsim on the game file itself (nothing changed) for N rounds (default
20,000,000) and compares its "base" part with this figure; --report compares the "base"
part of a slotsim rtp JSON report already made (e.g. a 10^10-round run). The interval is
slotsim's 95% interval of that part, from the deviation of the spin's win (worked out from
a sample of screens played by these rules, Sudden Death included) and the report's rounds.
Exit 0 when the difference lies within it."""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "..", "games", "phoenix-graveyard", "game.json")
WILDS = ("PHOENIX", "REAPER", "FEATHER")
CLOSED = ("PHOENIX", "REAPER", "FEATHER", "BONUS")  # positions Sudden Death cannot strike
ROWS = 3
CELLS = 15


def windows(strip):
    L = len(strip)
    return [[strip[(stop + r) % L] for r in range(ROWS)] for stop in range(L)]


def reel_stats(strip, sym):
    """E[a], E[w], P(a = 0) for symbol sym (None: the wilds alone) over the reel's windows."""
    L = len(strip)
    ea = ew = zero = 0.0
    for window in windows(strip):
        w = sum(x in WILDS for x in window)
        n = sum(x == sym for x in window) if sym else 0
        ea += n + w
        ew += w
        zero += (n + w) == 0
    return ea / L, ew / L, zero / L


def paytable(game):
    return {s: {int(k): v for k, v in p.items()} for s, p in game["paytable"].items()}


def base_rtp(game):
    """The first spin's expected win (x bet) when Sudden Death does not strike it, and its
    parts by symbol."""
    reels = game["reels"]["base"]
    pays = paytable(game)
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


def mean_added_ways(game):
    w = game["features"]["sudden_death_ways_weights"]
    return sum((i + 1) * x for i, x in enumerate(w)) / sum(w)


def convolve(a, b):
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def sudden_death_gain(game):
    """What a strike adds to the first spin's expected win (x bet), by symbol."""
    reels = game["reels"]["base"]
    pays = paytable(game)
    coins = game["features"]["bet_coins"]
    k = mean_added_ways(game)
    wins = [windows(r) for r in reels]
    gain = {}
    for sym, pay in pays.items():
        # per reel and window: n (sym's positions), a (n + wilds), closed positions
        per = [[(sum(x == sym for x in win), sum(x == sym or x in WILDS for x in win),
                 sum(x in CLOSED for x in win)) for win in reel] for reel in wins]

        def vec(c, f):
            v = [0.0] * (ROWS + 1)
            for n, a, z in per[c]:
                v[z] += f(n, a)
            return [x / len(per[c]) for x in v]

        part = 0.0
        for L in range(3, 6):
            for cs in range(L):
                acc = [1.0]
                for c in range(5):
                    if c == cs:
                        acc = convolve(acc, vec(c, lambda n, a: n))
                    elif c < L:
                        acc = convolve(acc, vec(c, lambda n, a: a))
                    elif c == L:
                        acc = convolve(acc, vec(c, lambda n, a: a == 0))
                    else:
                        acc = convolve(acc, vec(c, lambda n, a: 1.0))
                part += pay.get(L, 0) * sum(x / (CELLS - z) for z, x in enumerate(acc) if x)
        gain[sym] = k * part / coins
    return gain


def base_part(game):
    """The first spin's expected win (x bet), Sudden Death included, and its pieces."""
    plain, by_symbol = base_rtp(game)
    gain = sudden_death_gain(game)
    p = game["features"]["sudden_death_per_mille"][0] / 1000
    return plain * (1 - p) + p * (plain + sum(gain.values())), plain, gain, p


def screen_win(game, screen, ways=None):
    """One screen's win in coins by the rules' words, each position worth its ways (1, or a
    tombstone's; a wild too): each symbol's ways over its run, less the ways of wilds alone,
    which pay once as the symbol paying most."""
    pays = paytable(game)
    u = [[(ways[c][r] if ways else 1) for r in range(ROWS)] for c in range(5)]
    w = [sum(u[c][r] for r, x in enumerate(col) if x in WILDS) for c, col in enumerate(screen)]
    total = 0
    for sym, pay in pays.items():
        a = [sum(u[c][r] for r, x in enumerate(col) if x == sym) + w[c]
             for c, col in enumerate(screen)]
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


def sample(game, n=200000, seed=1):
    """Mean and deviation of the first spin's win (x bet), from n screens played by these
    rules, Sudden Death included."""
    rng = random.Random(seed)
    reels = game["reels"]["base"]
    coins = game["features"]["bet_coins"]
    f = game["features"]
    p = f["sudden_death_per_mille"][0]
    kw = f["sudden_death_ways_weights"]
    s1 = s2 = 0.0
    for _ in range(n):
        screen = []
        for strip in reels:
            stop = rng.randrange(len(strip))
            screen.append([strip[(stop + r) % len(strip)] for r in range(ROWS)])
        ways = None
        if rng.randrange(1000) < p:
            open_ = [(c, r) for c in range(5) for r in range(ROWS) if screen[c][r] not in CLOSED]
            c, r = rng.choice(open_)
            ways = [[1] * ROWS for _ in range(5)]
            ways[c][r] += 1 + rng.choices(range(len(kw)), weights=kw)[0]
        x = screen_win(game, screen, ways) / coins
        s1 += x
        s2 += x * x
    mean = s1 / n
    return mean, (s2 / n - mean * mean) ** 0.5


def main():
    args = sys.argv[1:]
    path, slotsim, report, rounds = GAME, None, None, 20000000
    while args:
        if len(args) < 2:
            sys.exit(__doc__)
        if args[0] == "--game":
            path = args[1]
        elif args[0] == "--check":
            slotsim = args[1]
        elif args[0] == "--report":
            report = args[1]
        elif args[0] == "--rounds":
            rounds = int(args[1])
        else:
            sys.exit(__doc__)
        args = args[2:]
    game = json.load(open(path))
    rtp, plain, gain, p = base_part(game)
    print(f"first spin without Sudden Death: {100 * plain:.6f}%")
    _, by_symbol = base_rtp(game)
    for s, v in by_symbol.items():
        print(f"  {s:12} {100 * v:.6f}%")
    print(f"a strike adds {100 * sum(gain.values()):.6f}% (mean added ways "
          f"{mean_added_ways(game):.2f}); strikes {1000 * p:g} per mille")
    print(f"first spin (RTP part base), Sudden Death included: {100 * rtp:.6f}%")
    if not slotsim and not report:
        return
    if report:
        r = json.load(open(report))
        source = report
    else:
        games = os.path.dirname(os.path.dirname(os.path.abspath(path)))
        out = subprocess.run([slotsim, "rtp", "--game", game["id"], "--games", games,
                              "--rounds", str(rounds), "--seed", "1", "--threads", "2",
                              "--json"], capture_output=True, text=True, check=True).stdout
        r = json.loads(out)
        source = f"slotsim rtp --rounds {rounds} --seed 1"
    n = r["rounds"]
    sim = r["rtp_split"]["base"]
    mean, sd = sample(game)
    ci = 100 * 1.96 * sd / n ** 0.5
    print(f"a sample of 200000 first spins: mean {100 * mean:.4f}%, deviation {sd:.4f} x bet")
    print(f"{source}: {n} rounds, base {sim:.6f}% (95% CI of the part +/- {ci:.6f})")
    diff = sim - 100 * rtp
    print(f"difference {diff:+.6f} pp: {'within' if abs(diff) <= ci else 'OUTSIDE'} the interval")
    sys.exit(0 if abs(diff) <= ci else 1)


if __name__ == "__main__":
    main()
