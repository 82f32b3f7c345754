#!/bin/sh
# The cabinet's memory at the issue's full counts: the damaged-memory matrix, 1,000 audits
# while a cabinet plays, 100 double starts on a new folder, 300 odd data-folder paths, and
# the audit on a read-only medium (tests/test_memory.py --full; the suite runs small counts).
#   scripts/memory-check.sh [SEED]
set -eu
cd "$(dirname "$0")/.."
scripts/dev.sh build
exec python3 tests/test_memory.py build/src/cabinet/slotcab --full ${1:+--seed "$1"}
