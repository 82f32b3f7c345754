#!/bin/sh
# The cabinet's frame benchmark: slotcab --headless --bench-frames with the software
# renderer, while reels spin and wins animate (it plays rounds by itself), per game, as the
# median over several runs of: frame CPU time p50 and p99, start-up time to the first lobby
# frame, and peak RSS. Builds a release build first (build-release/).
#
#   [GAME=all|ID[,ID...]] [SIZE=WxH] scripts/bench-cabinet.sh [FRAMES] [RUNS] [BASELINE]
#       defaults: 3600 frames (a minute), 7 runs, every game (GAME=all: mona-lisa-jewels,
#       gonzos-gold, phoenix-graveyard, gnomos-mix; gnomos-mix is the fruit machine's
#       scene), at SIZE=1920x1080 (the canvas: the frame budget's size). BASELINE, a commit:
#       that build too (a release build of it in build-baseline/, from a worktree in out/,
#       kept for the next run of the same commit),
#       its runs interleaved with the present build's (run i: each game, present then
#       baseline), so that both see the same machine; run i plays seed i's rounds in
#       both (--seed i), so that both draw the same rounds. Prints a table per game, the
#       present build beside the baseline, against the budget: frame p99 <= 3 ms in every
#       game, and for gnomos-mix p50 <= 2 ms too (the fruit machine caches what does not
#       change between frames).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
frames=${1:-3600}
runs=${2:-7}
base=${3:-}
size=${SIZE:-1920x1080}
games=${GAME:-all}
[ "$games" = all ] && games=mona-lisa-jewels,gonzos-gold,phoenix-graveyard,gnomos-mix
case "$size" in
*[!0-9x]* | x* | *x | *x*x* | [!0-9]*) echo "bench-cabinet.sh: SIZE=$size: expected WxH, e.g. 1920x1080" >&2; exit 2 ;;
esac
[ -f build-release/build.ninja ] || meson setup build-release --buildtype=release -Db_lto=true >/dev/null
ninja -C build-release >/dev/null
builds="present:build-release/src/cabinet/slotcab"
if [ -n "$base" ]; then
    tree=out/baseline-src
    want=$(git rev-parse --verify -q "$base^{commit}") || { echo "bench-cabinet.sh: BASELINE $base: not a commit" >&2; exit 2; }
    # the baseline's build kept from the last run when it is of the same commit
    if [ "$(git -C "$tree" rev-parse -q HEAD 2>/dev/null)" != "$want" ] || [ ! -f build-baseline/build.ninja ]; then
        rm -rf "$tree" build-baseline
        git worktree prune
        git worktree add --detach "$tree" "$want" >/dev/null 2>&1
        meson setup build-baseline "$tree" --buildtype=release -Db_lto=true >/dev/null
    fi
    ninja -C build-baseline >/dev/null
    builds="$builds baseline:build-baseline/src/cabinet/slotcab"
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$runs"); do
    for game in $(echo "$games" | tr ',' ' '); do
        for b in $builds; do
            name=${b%%:*}
            # each build runs from its own tree (its assets and themes are its own)
            SDL_AUDIODRIVER=dummy "${b#*:}" --headless --bench-frames "$frames" --size "$size" --game "$game" \
                --seed "$i" |
                sed "s/^/$game $name /" >> "$out"
        done
    done
done
python3 - "$out" "$frames" "$runs" "$base" "$size" "$games" <<'PY'
import statistics, sys
path, frames, runs, base, size, games = sys.argv[1:7]
vals = {}
for line in open(path):
    game, build, k, v = (line.split() + ["", "", "", ""])[:4]
    if k in ("frame_ms_p50", "frame_ms_p99", "startup_ms", "peak_rss_mb"):
        vals.setdefault(game, {}).setdefault(build, {}).setdefault(k, []).append(float(v))
print(f"slotcab --headless --bench-frames {frames} at {size}, software renderer, {runs} runs "
      f"interleaved: median (least .. most)")
builds = ["present"] + (["baseline"] if base else [])
for game in games.split(","):
    got = vals.get(game, {})
    print(f"\n{game}")
    print(f"  {'':13s}" + "".join(f"  {(b if b == 'present' else 'baseline ' + base):>28s}" for b in builds)
          + "   target")
    for k, unit in (("frame_ms_p50", "ms"), ("frame_ms_p99", "ms"), ("startup_ms", "ms"), ("peak_rss_mb", "MB")):
        target = {"frame_ms_p99": 3.0, "startup_ms": 500.0, "peak_rss_mb": 150.0}.get(k)
        if k == "frame_ms_p50" and game == "gnomos-mix":
            target = 2.0
        row = f"  {k:13s}"
        for b in builds:
            v = sorted(got.get(b, {}).get(k, []))
            cell = f"{statistics.median(v):.2f} ({v[0]:.2f} .. {v[-1]:.2f})" if v else "-"
            row += f"  {cell:>28s}"
        if target:
            med = sorted(got.get("present", {}).get(k, [0.0]))
            row += f"   <= {target:g} {unit}" + ("" if statistics.median(med) <= target else "  OVER")
        print(row)
PY
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
