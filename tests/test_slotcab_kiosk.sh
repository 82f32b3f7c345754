#!/bin/sh
# The trade-show stand in a real window under Xvfb, as an operator would run it:
# scripts/slotcab-kiosk starts slotcab --kiosk on a memory that has played two rounds. The
# kiosk window ignores Escape, Alt+F4 and the window manager's close request (which closes a
# plain window: checked first); the operator menu opens behind its PIN (Ctrl+Alt+O, typed on
# the keys) and its settings page sets the idle time to 10 s; idle, attract mode shows a
# showcase with its DEMO mark while the memory keeps its balance and rounds; a key returns to
# the lobby at once; kill -9 of the cabinet: the launcher starts it again, with the same
# balance and a sound memory; Ctrl+Alt+Shift+Q ends it, with status 0, and the launcher too.
# Screenshots with ImageMagick's import. It waits for what it checks, so a slow machine makes
# it slower, not flaky.
#
#   test_slotcab_kiosk.sh SLOTCAB
set -eu
# In the address-sanitizer build, a window's exit reports a leak inside libdbus (which SDL
# loads for a window; not slotcab's memory) and exits 1: the launcher would take that for a
# crash and start the cabinet again. The kiosk's exit status is what this test reads, so leak
# detection is off here; the headless tests keep it (and valgrind checks them too).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
slotcab=$1
here=$(cd "$(dirname "$0")" && pwd)
launcher=$here/../scripts/slotcab-kiosk
for tool in xvfb-run xdotool import pgrep; do
    command -v $tool >/dev/null || { echo "missing $tool (scripts/dev.sh installs it)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SDL_AUDIODRIVER=dummy
data=$tmp/data
# a memory that has played (balance 995.00), with the operator's PIN
"$slotcab" --headless --autoplay 2 --game mona-lisa-jewels --seed 3 --data-dir "$data" >/dev/null
echo 4862 > "$tmp/pin"
chmod 600 "$tmp/pin" # a PIN file must be private to its owner
"$slotcab" --headless --operator --pin-file "$tmp/pin" --data-dir "$data" --shots "$tmp/op" >/dev/null
cat > "$tmp/demo.py" <<PY
import sys
sys.path.insert(0, "$here")
import pngdiff
# demo.py PNG: exit 0 when attract's DEMO plate (canvas 48..200 x 44..90, dark red; the
# window is 2/3 of the canvas) is on the screen; demo.py PNG door: when the operator's door
# shows its gold ENTER key (canvas 765..1200 x 900..968)
w, h, px = pngdiff.load(sys.argv[1])
door = sys.argv[2:] == ["door"]
area = (range(600, 645, 3), range(510, 800, 5)) if door else (range(30, 60), range(32, 133))
hits = total = 0
for y in area[0]:
    for x in area[1]:
        r, g, b = px[(y * w + x) * 4:(y * w + x) * 4 + 3]
        total += 1
        hits += (r > 170 and g > 120 and b < 90) if door else (r > 110 and g < 80 and b < 80)
sys.exit(0 if hits > total // 2 else 1)
PY
cat > "$tmp/memory.py" <<'PY'
import sqlite3, sys
# memory.py DB WHAT: "state" prints balance and rounds; "idle N": exit 0 when the operator's
# idle time is N; "opened N": exit 0 when the door was opened N times
c = sqlite3.connect(sys.argv[1])
what = sys.argv[2]
if what == "state":
    print(c.execute("SELECT balance FROM wallet WHERE id = 1").fetchone()[0],
          c.execute("SELECT count(*) FROM rounds").fetchone()[0])
elif what == "idle":
    row = c.execute("SELECT value FROM settings WHERE key = 'attract_idle_s'").fetchone()
    sys.exit(0 if row and row[0] == sys.argv[3] else 1)
else:
    n = c.execute("SELECT count(*) FROM oplog WHERE what = 'door opened'").fetchone()[0]
    sys.exit(0 if n >= int(sys.argv[3]) else 1)
PY
# the window manager's close request (WM_DELETE_WINDOW), as a window's close button sends it
cat > "$tmp/close.py" <<'PY'
import ctypes, sys
x = ctypes.cdll.LoadLibrary("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
x.XFlush.argtypes = [ctypes.c_void_p]
x.XCloseDisplay.argtypes = [ctypes.c_void_p]
class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]
class XEvent(ctypes.Union):
    _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]
d = x.XOpenDisplay(None)
win = int(sys.argv[1])
ev = XEvent()
ev.xclient.type = 33  # ClientMessage
ev.xclient.window = win
ev.xclient.message_type = x.XInternAtom(d, b"WM_PROTOCOLS", 0)
ev.xclient.format = 32
ev.xclient.l[0] = x.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
x.XSendEvent(d, win, 0, 0, ctypes.byref(ev))
x.XFlush(d)
x.XCloseDisplay(d)
PY
cat > "$tmp/inner.sh" <<INNER
set -eu
fail() { echo "\$1"; echo "--- the launcher's and cabinet's output:"; cat "$tmp/kiosk.txt" 2>/dev/null || true; exit 1; }
window() { timeout 20 xdotool search --sync --onlyvisible --name '^slotcab\$' | head -1; }
shot() { import -window root "$tmp/\$1.png"; }
# the close request closes a plain window (so it is really sent) ...
"$slotcab" --window 640x360 --data-dir "$tmp/plain" > "$tmp/plain.txt" 2>&1 &
pid=\$!
win=\$(window) || true
[ -n "\$win" ] || { cat "$tmp/plain.txt"; fail "no plain window"; }
sleep 1
python3 "$tmp/close.py" "\$win"
i=0
while kill -0 \$pid 2>/dev/null; do
    i=\$((i + 1)); [ \$i -lt 60 ] || { kill \$pid; fail "the close request did not close a plain window"; }
    sleep 0.5
done
# ... and the kiosk, under its launcher, ignores it
SLOTCAB="$slotcab" "$launcher" --data-dir "$data" > "$tmp/kiosk.txt" 2>&1 &
lpid=\$!
win=\$(window) || true
[ -n "\$win" ] || fail "no kiosk window"
spid=\$(pgrep -P \$lpid) || fail "no cabinet under the launcher"
size=\$(xdotool getwindowgeometry "\$win" | sed -n 's/.*Geometry: //p')
[ "\$size" = "1280x720" ] || fail "the kiosk window is \$size, not the screen's 1280x720"
i=0 # the lobby drawn: the cabinet takes input
until shot lobby && python3 -c "import sys; sys.path.insert(0, '$here'); import pngdiff; w, h, px = pngdiff.load(sys.argv[1]); sys.exit(0 if max(px[(360 * w) * 4:(361 * w) * 4]) > 60 else 1)" "$tmp/lobby.png"; do
    i=\$((i + 1)); [ \$i -lt 60 ] || fail "the kiosk never drew its lobby"
    sleep 0.5
done
xdotool windowfocus --sync "\$win" 2>/dev/null || true
xdotool key Escape
xdotool key alt+F4
python3 "$tmp/close.py" "\$win"
sleep 3
kill -0 \$spid 2>/dev/null || fail "the kiosk ended on Escape, Alt+F4 or the close request"
echo "the kiosk ignored Escape, Alt+F4 and the close request"
# the operator menu behind its PIN: the idle time from 60 s down to 10 s
xdotool key ctrl+alt+o
i=0
until shot door && python3 "$tmp/demo.py" "$tmp/door.png" door; do
    i=\$((i + 1)); [ \$i -lt 40 ] || fail "Ctrl+Alt+O did not open the operator's door"
    sleep 0.5
done
xdotool key 4 8 6 2 Return
i=0
until python3 "$tmp/memory.py" "$data/slotcab.db" opened 2; do
    i=\$((i + 1)); [ \$i -lt 60 ] || fail "the PIN did not open the operator menu"
    sleep 0.5
done
sleep 0.5
xdotool key 4
xdotool key --delay 8 \$(i=0; while [ \$i -lt 150 ]; do printf 'Down '; i=\$((i + 1)); done)
xdotool key --delay 200 Left Left Left Left Left
i=0
until python3 "$tmp/memory.py" "$data/slotcab.db" idle 10; do
    i=\$((i + 1)); [ \$i -lt 40 ] || fail "the settings page did not set the idle time to 10 s"
    sleep 0.5
done
shot settings
xdotool key Escape
echo "the operator set attract mode after 10 s idle"
before=\$(python3 "$tmp/memory.py" "$data/slotcab.db" state)
# idle: the lobby's attract, then a showcase with its DEMO mark (10 s + the lobby's 8 s)
i=0
until shot attract && python3 "$tmp/demo.py" "$tmp/attract.png"; do
    i=\$((i + 1)); [ \$i -lt 90 ] || fail "attract mode never showed a showcase"
    sleep 0.5
done
sleep 3
now=\$(python3 "$tmp/memory.py" "$data/slotcab.db" state)
[ "\$now" = "\$before" ] || fail "the memory changed while attract played: \$before -> \$now"
echo "attract mode plays a showcase on demo credits; the memory stays \$now (balance, rounds)"
xdotool key x
i=0
while shot back && python3 "$tmp/demo.py" "$tmp/back.png"; do
    i=\$((i + 1)); [ \$i -lt 20 ] || fail "a key did not end attract mode"
    sleep 0.3
done
echo "a key returned to the lobby"
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/attract.png" "$tmp/back.png" "$tmp/settings.png" "\$SLOTCAB_X11_SHOTS/"
# kill -9: the launcher starts the cabinet again, with every credit
kill -9 \$spid
i=0
while :; do
    new=\$(pgrep -P \$lpid -x slotcab || true)
    [ -z "\$new" ] || [ "\$new" = "\$spid" ] || break
    i=\$((i + 1)); [ \$i -lt 40 ] || fail "the launcher did not start the cabinet again"
    sleep 0.5
done
win=\$(window) || true
[ -n "\$win" ] || fail "no kiosk window after the restart"
after=\$(python3 "$tmp/memory.py" "$data/slotcab.db" state)
[ "\$after" = "\$before" ] || fail "the restarted cabinet's memory is \$after, not \$before"
env -u DISPLAY "$slotcab" --audit --data-dir "$data" > "$tmp/audit.json" || { cat "$tmp/audit.json"; fail "the audit after kill -9 failed"; }
echo "killed with -9, started again by the launcher (pid \$spid -> \$new) with the same memory: \$after"
# the operator's chord ends it, and the launcher with it
sleep 1
xdotool windowfocus --sync "\$win" 2>/dev/null || true
xdotool key ctrl+alt+shift+q
i=0
while kill -0 \$lpid 2>/dev/null; do
    i=\$((i + 1)); [ \$i -lt 40 ] || fail "Ctrl+Alt+Shift+Q did not end the kiosk and its launcher"
    sleep 0.5
done
rc=0
wait \$lpid || rc=\$?
[ \$rc -eq 0 ] || fail "the launcher ended with status \$rc"
grep -q "ended (status 0); stopping" "$tmp/kiosk.txt" || fail "the launcher did not say the cabinet ended with 0"
echo "Ctrl+Alt+Shift+Q ended the kiosk (status 0) and its launcher"
INNER
timeout 280 xvfb-run -a -s "-screen 0 1280x720x24" sh "$tmp/inner.sh"
