#!/bin/sh
# The soak, short: scripts/soak.sh in a real window under Xvfb for two cycles (each game
# idle, then played, in turn; phases of 6 s, samples every 5 s; at most 10 minutes) on the
# build's slotcab. It fails when the cabinet dies, writes no health lines, or its memory or
# file descriptors grow in the second cycle over the first. The long run is hours
# (docs/operator.md "The soak"). In the long suite: minutes of wall-clock time by design.
#
#   test_soak.sh SLOTCAB
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SLOTCAB=$1 SOAK_EVERY=5 PHASE=6 CYCLES=2 sh "$here/../scripts/soak.sh" 10 "$tmp"
