#!/bin/sh
# Two soaks, which prove different things:
#   scripts/soak.sh [MINUTES] [OUT]             the window soak (below): the real window, the
#       window system (under Xvfb, drawn with SDL's software renderer), keys through xdotool, on
#       wall-clock time (an 8-hour run takes 8 hours);
#   scripts/soak.sh --headless [HOURS] [OUT]    the headless soak (scripts/soak_headless.py):
#       the cabinet's own code (every game played with its waits answered, attract mode, the
#       operator's door and pages, game changes; drawing on the software renderer) over hours
#       of the cabinet's clock, as fast as the machine allows (8 hours of play in minutes),
#       judged alike plus the memory reconciled by --audit with no round lost.
#
# The window soak: the cabinet in a real window (under Xvfb) for a given time, idle in the lobby (so
# attract mode shows the games off) and then played (autoplay through every game), round and
# round, while it writes its health every minute (--frame-stats): each frame's work (ticks and
# drawing) p50/p99/worst, the interval between frames shown (p99/worst), resident memory and
# open file descriptors. At the end it prints a table and a verdict:
# memory flat (after the first cycle through the four games, by when each has loaded its art,
# the largest RSS within 5 % or 8 MiB, whichever is more, of the first cycle's), no more
# descriptors, the process alive. A fresh memory in the output folder; nothing else is
# touched.
#
#   scripts/soak.sh [MINUTES] [OUT]     defaults: 480 minutes (8 hours), out/soak
#   SLOTCAB=path SOAK_EVERY=S PHASE=S   the binary (default: a release build, made in
#   CYCLES=N                            build-release/), the seconds between samples (60), how
#                                       long each phase lasts (120: idle, then each game), and
#                                       a number of cycles to stop after (default: none)
#
# Exit 0 when flat and alive, 1 otherwise. docs/operator.md shows the runs; the long suite
# runs a short one (tests/test_soak.sh: two cycles, phases of 6 s, samples every 5 s).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --headless ]; then
    shift
    exec python3 "$here/scripts/soak_headless.py" "$@"
fi
minutes=${1:-480}
out=${2:-$here/out/soak}
every=${SOAK_EVERY:-60}
phase=${PHASE:-120}
case $minutes in ''|*[!0-9]*) echo "soak.sh: MINUTES: expected a whole number, got '$minutes'" >&2; exit 2 ;; esac
for tool in Xvfb xdotool python3; do
    command -v $tool >/dev/null || { echo "soak.sh: missing $tool (scripts/dev.sh deps installs it)" >&2; exit 2; }
done
if [ -z "${SLOTCAB:-}" ]; then
    cd "$here"
    [ -f build-release/build.ninja ] || meson setup build-release --buildtype=release -Db_lto=true >/dev/null
    ninja -C build-release >/dev/null
    SLOTCAB=$here/build-release/src/cabinet/slotcab
fi
mkdir -p "$out"
rm -rf "$out/data"
mkdir "$out/data"
stats=$out/stats.jsonl
: > "$stats"

# a display of our own: Xvfb picks a free number and writes it to fd 3 once it is ready
# (another X server on this machine, another soak or a test, never clashes)
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$out/display" >/dev/null 2>&1 &
xvfb=$!
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT INT TERM
for _ in $(seq 600); do
    [ -s "$out/display" ] && break
    kill -0 "$xvfb" 2>/dev/null || { echo "soak.sh: Xvfb did not start" >&2; exit 1; }
    sleep 0.2
done
[ -s "$out/display" ] || { echo "soak.sh: Xvfb gave no display in 2 minutes" >&2; exit 1; }
export DISPLAY=:$(head -1 "$out/display")
# SDL's software renderer, not Mesa's software GL (llvmpipe, all Xvfb has), which was seen
# to hang the cabinet under load (tests/x11lib.sh says more); a machine with a GPU draws with
# its accelerated renderer
export SDL_RENDER_DRIVER=software

SDL_AUDIODRIVER=dummy "$SLOTCAB" --data-dir "$out/data" --window 1280x720 --balance 100000.00 \
    --frame-stats "$stats" --stats-every "$every" ${SOAK_FLAGS:-} > "$out/slotcab.log" 2>&1 &
pid=$!
started=$(date +%s)
alive() { kill -0 "$pid" 2>/dev/null; }
win=
# the window: waited for until it is there (at most 2 minutes: a hang guard; a busy machine
# takes longer to open it, never 20 s)
for _ in $(seq 600); do
    win=$(xdotool search --pid "$pid" 2>/dev/null | head -1) && [ -n "$win" ] && break
    alive || break
    sleep 0.2
done
[ -n "$win" ] || { echo "soak.sh: the cabinet's window did not open (see $out/slotcab.log)" >&2; exit 1; }

key() { xdotool key --window "$win" "$@" 2>/dev/null || true; }
scene() { xdotool getwindowname "$win" 2>/dev/null | sed 's/^slotcab: //'; }
# back to the lobby: Escape leaves a game between rounds (never sent in the lobby, where it
# would quit); a round still in play is played on (Return starts free spins, 1 picks the
# first tile of a pick or holds the fruit machine's first reel, C collects)
to_lobby() {
    t=0
    while [ "$(scene)" != lobby ] && [ $t -lt 120 ] && alive; do
        key Escape; sleep 1
        [ "$(scene)" = lobby ] && break
        key Return; key 1; key c; sleep 2
        t=$((t + 3))
    done
}
# plays the game on the lobby's tile N (0-based) for `phase` seconds: its main button pressed
# every 2 s (a round each, its free spins started by the same key, a pick's first tile
# taken), a fruit machine's prizes collected, then back to the lobby
play_tile() {
    to_lobby
    i=0; while [ $i -lt 4 ]; do key Left; i=$((i + 1)); done
    i=0; while [ $i -lt "$1" ]; do key Right; i=$((i + 1)); done
    key Return
    sleep 3
    t=0
    while [ $t -lt "$phase" ] && alive; do
        key Return; sleep 1; key 1; key c; sleep 1
        t=$((t + 2))
    done
    to_lobby
}

# a cycle: each of the four games idle then played; the seconds since the start at which each
# cycle ended go into cycles.txt (the verdict compares later cycles with the first)
end=$(( $(date +%s) + minutes * 60 ))
tile=0 done_cycles=0
: > "$out/cycles.txt"
while [ "$(date +%s)" -lt "$end" ] && alive; do
    sleep "$phase"            # idle: the lobby, then attract mode when it is on
    [ "$(date +%s)" -lt "$end" ] && alive || break
    play_tile $tile
    tile=$(( (tile + 1) % 4 ))
    if [ $tile -eq 0 ]; then
        done_cycles=$((done_cycles + 1))
        echo $(( $(date +%s) - started )) >> "$out/cycles.txt"
        [ "${CYCLES:-0}" -gt 0 ] && [ $done_cycles -ge "$CYCLES" ] && break
    fi
done
status=0
alive || { echo "soak.sh: the cabinet died (see $out/slotcab.log)"; status=1; }
cleanup
pid=
python3 - "$stats" "$out/cycles.txt" <<'PY' || status=1
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
cycles = [int(x) for x in open(sys.argv[2]).read().split()]
if len(rows) < 3:
    print(f"soak: only {len(rows)} samples"); sys.exit(1)
print(f"{'min':>6} {'frames':>7} {'work ms':>24} {'interval ms':>13} {'RSS MiB':>8} {'fds':>4}  scene")
print(f"{'':>6} {'':>7} {'p50':>7} {'p99':>7} {'max':>8} {'p99':>6} {'max':>6}")
for r in rows:
    print(f"{r['t_s'] / 60:6.1f} {r['frames']:7d} {r['frame_ms_p50']:7.2f} {r['frame_ms_p99']:7.2f} "
          f"{r['frame_ms_max']:8.1f} {r['interval_ms_p99']:6.1f} {r['interval_ms_max']:6.0f} "
          f"{r['rss_kb'] / 1024:8.1f} {r['fds']:4d}  {r['scene']}")
# warmed up: by the end of the first cycle every game has been shown and played (each loads
# its art once); from then on the memory must stay where the first cycle left it
if not cycles:
    print("soak: not one whole cycle of the four games: too short to judge"); sys.exit(1)
first = [r for r in rows if r["t_s"] <= cycles[0]]
later = [r for r in rows if r["t_s"] > cycles[0] + 1]
if not first or not later:
    print("soak: no sample after the first cycle: too short to judge"); sys.exit(1)
base = max(r["rss_kb"] for r in first)
grow = max(r["rss_kb"] for r in later) - base
fds = max(r["fds"] for r in later) - max(r["fds"] for r in first)
p99 = sorted(r["frame_ms_p99"] for r in rows)[len(rows) // 2]
gap99 = sorted(r["interval_ms_p99"] for r in rows)[len(rows) // 2]
flat = grow <= max(base * 0.05, 8 * 1024) and fds <= 0
print(f"soak: {rows[-1]['t_s'] / 60:.0f} min, {len(cycles)} cycles, {len(rows)} samples; RSS peak of the "
      f"first cycle {base / 1024:.1f} MiB, of the later ones {grow / 1024:+.1f} MiB from it; fds "
      f"{rows[1]['fds']} -> {rows[-1]['fds']}; medians of the samples' p99s: frame work {p99:.2f} ms, "
      f"interval {gap99:.1f} ms: "
      f"{'FLAT' if flat else 'GROWING'}")
sys.exit(0 if flat else 1)
PY
exit $status
