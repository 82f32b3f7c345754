#!/bin/sh
# The headless soak, short: scripts/soak.sh --headless for two cycles on the cabinet's clock
# (each cycle: idle until attract shows, the four games two rounds each with their waits
# answered, the operator's door typed open and its pages), small frames drawn every 8th tick,
# samples every 10 s of cabinet time: about 13 minutes of cabinet time in seconds of wall time.
# It fails when the cabinet fails, its memory or descriptors grow in the second cycle over the
# first, the audit does not reconcile, a round is lost, a game is not played, the door did not
# open each cycle or attract mode never showed. Nothing waits on the wall clock.
#
#   test_soak_headless.sh SLOTCAB
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SLOTCAB=$1 CYCLES=2 ROUNDS=2 IDLE=70 EVERY=10 DRAW=8 SIZE=480x270 \
    sh "$here/../scripts/soak.sh" --headless 0 "$tmp/soak"
