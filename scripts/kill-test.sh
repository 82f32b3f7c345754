#!/bin/sh
# The long kill-anywhere check: SIGKILL the headless cabinet at random moments while it
# plays through its store, at least KILLS times in each of its phases (rounds drawn from a
# seed; rounds with features forced by scenarios: free spins, Gonzo's Gold's pick, Phoenix
# Graveyard's respins, Gnomos Mix's lids, holds and ladders, and Gnomos Mix's upper game's
# minigames and Double or Bonuses), checking after every restart that the audit passes, and
# at the end that every round ended exactly as in an uninterrupted run. The suite runs the
# same test with 10 kills a phase; `scripts/kill-test.sh 40` is a short run.
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
