#!/bin/sh
# Regenerates the committed fixed-seed catalogues (tests/catalogue/) after a deliberate
# change to a game's math. Review and explain the diff in the commit message.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
slotsim=${SLOTSIM:-$here/build/src/sim/slotsim}
"$slotsim" catalogue --game mona-lisa-jewels --seed 2026 --rounds 2000 > "$here/tests/catalogue/mona-lisa-jewels.txt"
"$slotsim" catalogue --game mona-lisa-jewels --seed 2026 --rounds 2000 --max-bet > "$here/tests/catalogue/mona-lisa-jewels-max-bet.txt"
"$slotsim" catalogue --game gonzos-gold --seed 2026 --rounds 2000 > "$here/tests/catalogue/gonzos-gold.txt"
"$slotsim" catalogue --game phoenix-graveyard --seed 2026 --rounds 2000 > "$here/tests/catalogue/phoenix-graveyard.txt"
"$slotsim" catalogue --game gnomos-mix --seed 2026 --rounds 2000 > "$here/tests/catalogue/gnomos-mix.txt"
git -C "$here" diff --stat -- tests/catalogue || true
