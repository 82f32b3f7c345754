#!/bin/sh
# The soak, short: scripts/soak.sh for 3 minutes in a real window under Xvfb (samples every
# 5 s, phases of 6 s: idle, then each game played in turn, twice round), on the build's
# slotcab. It fails when the cabinet dies, writes no health lines, or its memory or file
# descriptors grow after every game was shown once. The README's long run is 8 hours.
#
#   test_soak.sh SLOTCAB
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SLOTCAB=$1 SOAK_EVERY=5 PHASE=6 sh "$here/../scripts/soak.sh" 3 "$tmp"
