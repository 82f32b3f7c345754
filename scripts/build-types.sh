#!/bin/sh
# Every build type builds with the project's warnings, none of them ignored (-Dwerror=true):
# debug (-O0), release (-O3, where GCC's truncation and uninitialized-use checks see the most)
# and release with link-time optimization. CI runs it (.ci/run), so a build type the suite does
# not use cannot break unseen.
#
#   scripts/build-types.sh [OUT]   build trees under OUT (default: build-types/), one per type
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/build-types}
status=0
for spec in "debug:--buildtype=debug" "release:--buildtype=release" \
            "release-lto:--buildtype=release -Db_lto=true"; do
    name=${spec%%:*}
    flags=${spec#*:}
    dir=$out/$name
    echo "== $name ($flags -Dwerror=true)"
    # shellcheck disable=SC2086 # the flags are words
    if [ -f "$dir/build.ninja" ] || meson setup "$dir" "$here" $flags -Dwerror=true >"$out-$name.log" 2>&1; then
        if ninja -C "$dir" >>"$out-$name.log" 2>&1; then
            echo "   built"
            continue
        fi
    fi
    echo "   FAILED: the last lines of $out-$name.log:"
    tail -n 15 "$out-$name.log" | sed 's/^/   /'
    status=1
done
exit $status
