# x11lib.sh - what the real-window tests (test_slotcab_x11.sh, test_slotcab_kiosk.sh,
# test_slotcab_qa.sh) share: a script run under its own Xvfb, the cabinet's window found by its
# title (which names the scene: "slotcab: GAME", "slotcab: lobby", "slotcab: operator"), screen
# captures, and waits on what a step waits for (a title, a row in the memory, a file, a line,
# pixels that changed or stopped changing), never on the clock. Each wait is bounded by
# X11_LIMIT seconds (300), a guard against a hang and not a guess: a busy machine makes a test
# slower, not failing.
#
# Sourced (. tests/x11lib.sh) with $here (tests/) and $tmp (the test's scratch directory) set;
# $X11_LOG, when set, names the output a failure shows (the cabinet's, the launcher's).
X11_LIMIT=${X11_LIMIT:-300}

# x11_tools TOOL...: each on PATH, or the test fails saying which
x11_tools() {
    for x11_t in "$@"; do
        command -v "$x11_t" >/dev/null || { echo "missing $x11_t (scripts/dev.sh installs it)"; exit 1; }
    done
}

# x11_xvfb WxH LIMIT SCRIPT: runs sh SCRIPT on a new X server of that size (no window manager),
# ended after LIMIT seconds (a hang guard). Xvfb picks a free display number itself and writes
# it once it is ready (-displayfd), so tests on their own displays run side by side (xvfb-run
# -a guesses a number from lock files, and two started together can take the same one).
x11_xvfb() {
    x11_dfile=$(mktemp)
    X11_XVFB_LOG=$(mktemp) # the X server's own messages: a failure shows them
    Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp 3>"$x11_dfile" >"$X11_XVFB_LOG" 2>&1 &
    X11_XVFB_PID=$!
    x11_n=0
    until [ -s "$x11_dfile" ]; do
        kill -0 "$X11_XVFB_PID" 2>/dev/null || { rm -f "$x11_dfile"; echo "Xvfb did not start:"; cat "$X11_XVFB_LOG"; return 1; }
        x11_n=$((x11_n + 1))
        [ $x11_n -lt $((X11_LIMIT * 10)) ] || { kill "$X11_XVFB_PID"; rm -f "$x11_dfile"; echo "Xvfb gave no display"; return 1; }
        sleep 0.1
    done
    x11_rc=0
    # SDL_RENDER_DRIVER=software: the cabinet draws with SDL's software renderer (its headless
    # runs and goldens draw with it too) and presents through X, with no GL. Xvfb has no GPU,
    # only Mesa's software GL (llvmpipe), which hung a cabinet under load for good (gdb,
    # 2026-11-29: SDL_RenderPresent waiting on a fence while llvmpipe's threads spun; a known
    # llvmpipe hang, freedesktop bug 76252). What these tests check is the cabinet's, not the
    # GL driver's; a machine with a GPU draws with its accelerated renderer.
    export X11_XVFB_PID X11_XVFB_LOG
    DISPLAY=:$(head -1 "$x11_dfile") SDL_RENDER_DRIVER=software timeout "$2" sh "$3" || x11_rc=$?
    kill "$X11_XVFB_PID" 2>/dev/null || true
    wait "$X11_XVFB_PID" 2>/dev/null || true
    rm -f "$x11_dfile" "$X11_XVFB_LOG"
    return $x11_rc
}

# x11_fail WHAT: says WHAT, the display's windows, the X server's state and messages, each
# cabinet running (with its threads' stacks when gdb is there: a hang shows where it is) and
# the output of $X11_LOG, and ends the test
x11_fail() {
    echo "$1"
    echo "--- the windows on the display (id, title):"
    for x11_id in $(xdotool search --name . 2>/dev/null); do
        echo "  $x11_id $(xdotool getwindowname "$x11_id" 2>/dev/null)"
    done
    if [ -n "${X11_XVFB_PID:-}" ]; then
        kill -0 "$X11_XVFB_PID" 2>/dev/null && echo "--- Xvfb (pid $X11_XVFB_PID) is running" ||
            echo "--- Xvfb (pid $X11_XVFB_PID) has ENDED"
        sed 's/^/  Xvfb: /' "$X11_XVFB_LOG" 2>/dev/null | tail -20
    fi
    # this test's cabinets (their memories are in $tmp; tests run side by side)
    x11_pids=$(ps -eo pid=,args= | awk -v d="--data-dir $tmp" 'index($0, d) && $2 !~ /(^|\/)(sh|bash|timeout|python3|awk|slotcab-kiosk)$/ { print $1 }')
    echo "--- this test's cabinets running:"
    [ -z "$x11_pids" ] || ps -o pid,stat,etime,time,wchan:24,args -p "$(echo $x11_pids | tr ' ' ,)" 2>/dev/null || true
    if command -v gdb >/dev/null; then
        for x11_p in $x11_pids; do
            echo "--- cabinet $x11_p, its threads' stacks:"
            timeout 60 gdb -p "$x11_p" -batch -ex "thread apply all bt 30" 2>/dev/null | grep '^#\|^Thread' | cut -c1-200
        done
    fi
    if [ -n "${X11_LOG:-}" ]; then
        echo "--- the output ($X11_LOG):"
        cat "$X11_LOG" 2>/dev/null || true
    fi
    exit 1
}

# x11_wait WHAT COMMAND...: until COMMAND succeeds (tried every 0.1 s); after X11_LIMIT s,
# fails saying WHAT. X11_PROFILE=1 says how long each wait took (on stderr).
x11_wait() {
    x11_what=$1
    shift
    x11_t0=$(date +%s.%N)
    x11_end=$(($(date +%s) + X11_LIMIT))
    until "$@"; do
        [ "$(date +%s)" -lt $x11_end ] || x11_fail "$x11_what (waited ${X11_LIMIT} s)"
        sleep 0.1
    done
    [ -z "${X11_PROFILE:-}" ] || echo "x11: $(echo "$(date +%s.%N) - $x11_t0" | bc) s: $*" >&2
}

# x11_window PATTERN: waits for a visible window whose title matches PATTERN (a regex) and sets
# $win to it (xdotool's search fails when a window goes while it looks, as SDL's first window
# may: it is asked again)
x11_find() {
    x11_w=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1) || return 1
    [ -n "$x11_w" ]
}
# x11_window PATTERN [PID]: with PID (the cabinet's), a cabinet that ended before its window
# showed fails the test at once, with its exit status, instead of a wait to the limit
x11_window() {
    x11_pid=${2:-}
    x11_wait "no window titled '$1'" x11_find_alive "$1"
    win=$x11_w
}
x11_find_alive() {
    x11_find "$1" && return 0
    if [ -n "${X11_XVFB_PID:-}" ] && ! kill -0 "$X11_XVFB_PID" 2>/dev/null; then
        x11_fail "the X server ended before a window titled '$1' showed"
    fi
    if [ -n "$x11_pid" ] && ! kill -0 "$x11_pid" 2>/dev/null; then
        x11_st=0
        wait "$x11_pid" 2>/dev/null || x11_st=$?
        x11_fail "the cabinet (pid $x11_pid) ended with status $x11_st before a window titled '$1' showed"
    fi
    return 1
}

# x11_shot NAME [WINDOW]: the screen (or that window) as $tmp/NAME.png
x11_shot() { import -window "${2:-root}" "$tmp/$1.png"; }

# x11_same A B: the two pictures have the same pixels
x11_same() { compare -metric AE "$1" "$2" null: 2>/dev/null; }

# x11_drawn NAME [WINDOW]: captures NAME (the screen, or that window); succeeds when its middle
# row is drawn (something lit)
x11_drawn() {
    x11_shot "$1" "${2:-root}" && python3 -c "import sys; sys.path.insert(0, sys.argv[2]); import pngdiff
w, h, px = pngdiff.load(sys.argv[1])
sys.exit(0 if max(px[(h // 2 * w) * 4:(h // 2 * w + w) * 4]) > 60 else 1)" "$tmp/$1.png" "$here"
}

# x11_still NAME: waits until two captures in a row are the same (what was drawing has
# stopped: a wipe, a reveal, a window opening); the last is $tmp/NAME.png
x11_steady() {
    [ ! -f "$tmp/$1.png" ] || mv "$tmp/$1.png" "$tmp/$1.prev.png"
    x11_shot "$1" || return 1
    [ -f "$tmp/$1.prev.png" ] && x11_same "$tmp/$1.prev.png" "$tmp/$1.png"
}
x11_still() {
    rm -f "$tmp/$1.png" "$tmp/$1.prev.png"
    x11_wait "the screen never stopped changing ($1)" x11_steady "$1"
}

# x11_changed FROM NAME: waits until a capture ($tmp/NAME.png) differs from $tmp/FROM.png
x11_differs() { x11_shot "$2" && ! x11_same "$tmp/$1.png" "$tmp/$2.png"; }
x11_changed() { x11_wait "the screen never changed from $1" x11_differs "$1" "$2"; }

# x11_read: after an input to a scene that keeps moving (the fruit machine's lamps), waits
# until the screen has changed twice: the second new frame was begun after the input was
# sent, so the cabinet has read it
x11_read() {
    x11_shot x11-read0
    x11_changed x11-read0 x11-read1
    x11_changed x11-read1 x11-read2
}

# x11_until WHAT CHECK INPUT...: until CHECK succeeds, INPUT (a command) and x11_read: the
# input again each time the cabinet read it and CHECK still fails (a scene not ready for it:
# a wipe, a win still shown). For inputs that, once taken, change what CHECK reads at once.
# After X11_LIMIT s, fails saying WHAT.
x11_until() {
    x11_uwhat=$1 x11_check=$2
    shift 2
    x11_uend=$(($(date +%s) + X11_LIMIT))
    until $x11_check; do
        [ "$(date +%s)" -lt $x11_uend ] || x11_fail "$x11_uwhat (tried ${X11_LIMIT} s)"
        "$@"
        x11_read
    done
}
