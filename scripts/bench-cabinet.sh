#!/bin/sh
# The cabinet's frame benchmark: slotcab --headless --bench-frames at 1280x720 with the
# software renderer, while reels spin and wins animate (it plays rounds by itself), as the
# median over several runs of: frame CPU time p50 and p99, start-up time to the first
# lobby frame, and peak RSS. Builds a release build first (build-release/).
#
#   [GAME=ID] scripts/bench-cabinet.sh [FRAMES] [RUNS] [BASELINE]
#       defaults: 3600 frames (a minute), 7 runs, the game mona-lisa-jewels. BASELINE, a
#       commit: that build too (a release build of it in build-baseline/, from a worktree
#       in out/), its runs interleaved with the present build's, so that both see the same
#       machine. GAME: the game it plays after the lobby's first frame (gnomos-mix: the
#       fruit machine's scene).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
frames=${1:-3600}
runs=${2:-7}
base=${3:-}
game=${GAME:-mona-lisa-jewels}
[ -f build-release/build.ninja ] || meson setup build-release --buildtype=release -Db_lto=true >/dev/null
ninja -C build-release >/dev/null
builds="present:build-release/src/cabinet/slotcab"
if [ -n "$base" ]; then
    tree=out/baseline-src
    rm -rf "$tree" build-baseline
    git worktree prune
    git worktree add --detach "$tree" "$base" >/dev/null 2>&1
    meson setup build-baseline "$tree" --buildtype=release -Db_lto=true >/dev/null
    ninja -C build-baseline >/dev/null
    builds="$builds baseline:build-baseline/src/cabinet/slotcab"
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$runs"); do
    for b in $builds; do
        name=${b%%:*}
        # each build runs from its own tree (its assets and themes are its own)
        SDL_AUDIODRIVER=dummy "${b#*:}" --headless --bench-frames "$frames" --size 1280x720 --game "$game" |
            sed "s/^/$name /" >> "$out"
    done
done
python3 - "$out" "$frames" "$runs" "$base" "$game" <<'PY'
import statistics, sys
vals = {}
for line in open(sys.argv[1]):
    build, k, v = (line.split() + ["", "", ""])[:3]
    if k in ("frame_ms_p50", "frame_ms_p99", "startup_ms", "peak_rss_mb"):
        vals.setdefault(build, {}).setdefault(k, []).append(float(v))
print(f"slotcab --bench-frames {sys.argv[2]} --game {sys.argv[5]} at 1280x720, software renderer, {sys.argv[3]} runs (median, then range)")
for build, got in vals.items():
    label = build if build == "present" else f"baseline {sys.argv[4]}"
    print(f" {label}:")
    for k, unit, target in (("frame_ms_p50", "ms", None), ("frame_ms_p99", "ms", 4.0),
                            ("startup_ms", "ms", 500.0), ("peak_rss_mb", "MB", 150.0)):
        v = sorted(got[k])
        t = f"   target <= {target:g} {unit}" if target else ""
        print(f"  {k:13s} {statistics.median(v):8.2f} {unit}  ({v[0]:.2f} .. {v[-1]:.2f}){t}")
PY
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
