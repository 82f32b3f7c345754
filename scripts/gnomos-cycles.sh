#!/bin/sh
# Gnomos Mix's programmed return, measured: for each strategy and return, N cycles (default
# 1000) of 20,000 games at 0.20 (slotsim cycle). Prints mean, min, max per run. UPPER (second
# argument, default never) is when the player changes to the upper game: never (the lower
# game alone) or when-covered (the whole machine: upper whenever the Bonuses held cover it).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
slotsim=${SLOTSIM:-$here/build/src/sim/slotsim}
cycles=${1:-1000}
upper=${2:-never}
for s in auto collect random; do
    for p in 70 80 90 95; do
        printf '%-8s %s%%  ' "$s" "$p"
        "$slotsim" cycle --game gnomos-mix --return "$p" --cycles "$cycles" --strategy "$s" --upper "$upper" |
            sed -n '1s/.*(\(.*\))/\1/p;2,3p' | tr '\n' ' '
        echo
    done
done
