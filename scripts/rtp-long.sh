#!/bin/sh
# The long RTP check: 10^9 rounds (or ROUNDS) of Mona Lisa Jewels at three bets below max
# bet (25 lines, 10 lines, 1 line) and at max bet, on every core, with JSON reports written to out/. The figures go in the game's README.
#
#   scripts/rtp-long.sh [ROUNDS] [SEED]     defaults: 1000000000 rounds, seed 1
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
rounds=${1:-1000000000}
seed=${2:-1}
threads=$(nproc)
[ -f build-release/build.ninja ] || meson setup build-release --buildtype=release -Db_lto=true >/dev/null
ninja -C build-release >/dev/null
mkdir -p out
for bet in "coin_value=10,coins=1,lines=25" "coin_value=10,coins=5,lines=10" "coin_value=10,coins=1,lines=1" "coin_value=10,coins=10,lines=25"; do
    name=$(echo "$bet" | tr ',=' '__')
    echo "== $bet"
    build-release/src/sim/slotsim rtp --game mona-lisa-jewels --rounds "$rounds" --seed "$seed" \
        --threads "$threads" --bet "$bet" --json > "out/rtp-$name.json"
    python3 - "out/rtp-$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
j = r["jackpot"]
print(f"rounds {r['rounds']}  RTP {r['rtp']:.4f}% +/- {r['rtp_ci95']:.4f} (target {r['target_rtp']:.2f})  "
      f"hit {r['hit_frequency']:.2f}%  sd {r['sd_per_round']:.2f}  max {r['max_win_x']:.0f}x")
print("split " + "  ".join(f"{k} {v:.4f}%" for k, v in r["rtp_split"].items()))
print(f"jackpot hits {j['hits']}, seed part {j['seed_part']:.4f}%, pool growth paid back "
      f"{j['pool_growth_returned']:.4f}% (RTP with it {j['rtp_with_pool_growth']:.4f}%)")
print("features " + "  ".join(f"{k} 1 in {v['one_in']:.1f}" for k, v in r["features"].items()))
print(f"{r['seconds']:.0f} s, {r['rounds_per_second'] / 1e6:.2f} M rounds/s")
PY
done
