#!/bin/sh
# slotsim throughput benchmark: rounds per second, features included, on one thread and on
# two, as the median of several runs (these machines are noisy): Mona Lisa Jewels at max bet,
# or with GAME=gonzos-gold Gonzo's Gold at its default bet. Builds a release build first
# (build-release/).
#
#   [GAME=ID] scripts/bench.sh [ROUNDS] [RUNS]     defaults: 20000000 rounds, 5 runs
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
rounds=${1:-20000000}
runs=${2:-5}
game=${GAME:-mona-lisa-jewels}
maxbet=--max-bet
[ "$game" = mona-lisa-jewels ] || maxbet=
[ -f build-release/build.ninja ] || meson setup build-release --buildtype=release -Db_lto=true >/dev/null
ninja -C build-release >/dev/null
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for t in 1 2; do
    rates=""
    for i in $(seq "$runs"); do
        r=$(build-release/src/sim/slotsim rtp --game "$game" --rounds "$rounds" --threads $t \
            $maxbet --seed $i --json | python3 -c 'import json,sys; print(int(json.load(sys.stdin)["rounds_per_second"]))')
        rates="$rates $r"
    done
    m=$(echo $rates | tr ' ' '\n' | median)
    echo "threads $t: median $(echo "$m" | awk '{printf "%.2f", $1/1e6}') M rounds/s over $runs runs of $rounds (runs:$rates)"
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
