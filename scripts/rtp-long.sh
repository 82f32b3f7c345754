#!/bin/sh
# The long RTP check: 10^9 rounds (or ROUNDS) on every core, with JSON reports written to
# out/; the figures go in the game's README. Mona Lisa Jewels plays three bets below max bet
# (25 lines, 10 lines, 1 line) and max bet; Gonzo's Gold plays its default bet (every bet
# pays the same coins, so its RTP does not depend on the bet); Phoenix Graveyard its default
# bet of 1.00 (the same holds).
#
#   scripts/rtp-long.sh [ROUNDS] [SEED] [GAME]   defaults: 1000000000 rounds, seed 1,
#                                                mona-lisa-jewels
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
rounds=${1:-1000000000}
seed=${2:-1}
game=${3:-mona-lisa-jewels}
threads=$(nproc)
[ -f build-release/build.ninja ] || meson setup build-release --buildtype=release -Db_lto=true >/dev/null
ninja -C build-release >/dev/null
mkdir -p out
case $game in
mona-lisa-jewels) bets="coin_value=10,coins=1,lines=25 coin_value=10,coins=5,lines=10 coin_value=10,coins=1,lines=1 coin_value=10,coins=10,lines=25" ;;
gonzos-gold) bets="bet=200" ;;
phoenix-graveyard) bets="bet=100" ;;
*) echo "rtp-long.sh: unknown game $game" >&2; exit 2 ;;
esac
for bet in $bets; do
    name=$game-$(echo "$bet" | tr ',=' '__')
    echo "== $bet"
    build-release/src/sim/slotsim rtp --game "$game" --rounds "$rounds" --seed "$seed" \
        --threads "$threads" --bet "$bet" --json > "out/rtp-$name.json"
    python3 - "out/rtp-$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
j = r.get("jackpot")
print(f"rounds {r['rounds']}  RTP {r['rtp']:.4f}% +/- {r['rtp_ci95']:.4f} (target {r['target_rtp']:.2f})  "
      f"hit {r['hit_frequency']:.2f}%  sd {r['sd_per_round']:.2f}  max {r['max_win_x']:.0f}x")
print("split " + "  ".join(f"{k} {v:.4f}%" for k, v in r["rtp_split"].items()))
if j:
    print(f"jackpot hits {j['hits']}, seed part {j['seed_part']:.4f}%, pool growth paid back "
          f"{j['pool_growth_returned']:.4f}% (RTP with it {j['rtp_with_pool_growth']:.4f}%)")
print("features " + "  ".join(f"{k} 1 in {v['one_in']:.1f}" for k, v in r["features"].items()))
c = r.get("capped")
if c:
    print(f"capped at {c['max_win_x']}x: {c['rounds']} rounds"
          + (f" (1 in {c['one_in']:.0f})" if c["rounds"] else ""))
print(f"{r['seconds']:.0f} s, {r['rounds_per_second'] / 1e6:.2f} M rounds/s")
PY
done
