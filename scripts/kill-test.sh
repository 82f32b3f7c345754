#!/bin/sh
# The long kill-anywhere check: SIGKILL the headless cabinet at random moments while it
# plays through its store, at least KILLS times in each of two phases (rounds drawn from a
# seed, and rounds with features forced by a scenario), checking after every restart that
# the audit passes, and at the end that every round ended exactly as in an uninterrupted
# run. The suite runs the same test with 30 kills a phase.
#
#   scripts/kill-test.sh [KILLS] [SEED]      defaults: 1000 kills, a seed from the clock
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
kills=${1:-1000}
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null
set -- build/src/cabinet/slotcab . --rounds 400 --kills "$kills" ${2:+--seed "$2"}
exec python3 tests/test_kill.py "$@"
