#!/bin/sh
# A program's commands under valgrind: no memory error and no leak, on success and on every
# kind of user error (which must still exit 2).
#   test_valgrind.sh VALGRIND PROGRAM SOURCE_ROOT CASES
# CASES has one command a line: the expected exit status, then the arguments; @ROOT@ is
# the source root and @TMP@ a scratch folder. Lines starting with # are comments.
set -u
valgrind=$1 prog=$2 root=$3 cases=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
while read -r want args; do
    case "$want" in ''|'#'*) continue ;; esac
    args=$(printf '%s' "$args" | sed "s|@ROOT@|$root|g; s|@TMP@|$tmp|g")
    t0=$(date +%s)
    # shellcheck disable=SC2086
    SDL_AUDIODRIVER=dummy "$valgrind" --quiet --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect "$prog" $args >/dev/null 2>"$tmp/err" </dev/null
    rc=$?
    secs=$(($(date +%s) - t0))
    if [ "$rc" -ne "$want" ]; then
        echo "FAIL (exit $rc, expected $want): $(basename "$prog") $args"; cat "$tmp/err"; failed=1
    else
        echo "ok   ${secs}s $(basename "$prog") $args"
    fi
done < "$cases"
exit $failed
