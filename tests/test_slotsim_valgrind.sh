#!/bin/sh
# slotsim's commands under valgrind: no memory error and no leak, on success and on every
# kind of user error (which must still exit 2).
#   test_slotsim_valgrind.sh VALGRIND SLOTSIM SOURCE_ROOT
set -u
valgrind=$1 slotsim=$2 root=$3
failed=0
run() {
    want=$1; shift
    "$valgrind" --quiet --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect "$slotsim" "$@" >/dev/null 2>/tmp/slotsim-vg.$$
    rc=$?
    if [ "$rc" -ne "$want" ]; then
        echo "FAIL (exit $rc, expected $want): slotsim $*"; cat /tmp/slotsim-vg.$$; failed=1
    else
        echo "ok   slotsim $*"
    fi
}
run 0 list
run 0 info --game mona-lisa-jewels --json
run 0 round --scenario "$root/tests/scenarios/mona-lisa-scatter-and-jewels.json" --json
run 0 rtp --game mona-lisa-jewels --rounds 20000 --threads 2 --max-bet --json
run 0 catalogue --game mona-lisa-jewels --rounds 50
run 2 round --game no-such-game
run 2 round --game mona-lisa-jewels --bet coins=99
run 2 rtp --game mona-lisa-jewels --rounds ten
run 2 round --scenario "$root/tests/data/scenario/broken-mona-lisa-unknown-symbol.json"
rm -f /tmp/slotsim-vg.$$
exit $failed
