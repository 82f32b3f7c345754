#!/bin/sh
# The trade-show stand in a real window under Xvfb, as an operator would run it:
# scripts/slotcab-kiosk starts slotcab --kiosk on a memory that has played two rounds. The
# kiosk window ignores Escape, Alt+F4 and the window manager's close request (which closes a
# plain window: checked first); the operator menu opens behind its PIN (Ctrl+Alt+O, typed on
# the keys) and its settings page sets the idle time to 10 s; idle, attract mode shows a
# showcase with its DEMO mark while the memory keeps its balance and rounds; a key returns to
# the lobby at once; kill -9 of the cabinet: the launcher starts it again, with the same
# balance and a sound memory; SIGTERM to the launcher ends both, with status 0.
# Then on a 960x540 screen, with no window manager: the kiosk's window is the screen's size at
# its origin; QA's keys do nothing (F3, 5, Enter plays a round that is not forced, F2 shows
# no event log, F12 writes no picture); SIGTERM to the cabinet alone ends it with 0, and the
# launcher starts it again (an end it did not ask for); Ctrl+Alt+Shift+Q opens the operator's
# door instead of quitting; behind the PIN the settings page's QA mode stays off (a kiosk),
# and Q ends the cabinet with status 10, the operator's quit, and the launcher with it.
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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/x11lib.sh"
x11_tools Xvfb xdotool import compare pgrep
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
# demo.py PNG: exit 0 when attract's DEMO plate (canvas 48..200 x 44..90 in a banner at the
# top, or x 974..1020 in one at the foot; dark red; the screen shows the canvas at its width,
# letterboxed) is on the screen; demo.py PNG door: when the operator's door shows its gold
# ENTER key (canvas 765..1200 x 900..968)
w, h, px = pngdiff.load(sys.argv[1])
door = sys.argv[2:] == ["door"]
s = w / 1920
oy = max(0, (h - 1080 * s) / 2)
areas = ([(range(int(900 * s + oy), int(968 * s + oy), 3), range(int(765 * s), int(1200 * s), 5))] if door
         else [(range(int(top * s + oy), int((top + 45) * s + oy)), range(int(48 * s), int(200 * s)))
               for top in (45, 975)])
found = False
for area in areas:
    hits = total = 0
    for y in area[0]:
        for x in area[1]:
            r, g, b = px[(y * w + x) * 4:(y * w + x) * 4 + 3]
            total += 1
            hits += (r > 170 and g > 120 and b < 90) if door else (r > 110 and g < 80 and b < 80)
    found = found or hits > total // 2
sys.exit(0 if found else 1)
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
elif what == "settled":  # "settled N": exit 0 when N rounds are settled
    n = c.execute("SELECT count(*) FROM rounds WHERE settled IS NOT NULL").fetchone()[0]
    sys.exit(0 if n >= int(sys.argv[3]) else 1)
elif what == "forced":  # prints the forced rounds
    print(c.execute("SELECT count(*) FROM forced_rounds").fetchone()[0])
elif what == "setting":  # "setting KEY": prints its value ("" unset)
    row = c.execute("SELECT value FROM settings WHERE key = ?", (sys.argv[3],)).fetchone()
    print(row[0] if row else "")
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
here="$here" tmp="$tmp" X11_LOG="$tmp/plain.txt"
. "$here/x11lib.sh"
lpid=
trap '[ -z "\$lpid" ] || kill \$lpid 2>/dev/null || true' EXIT # a launcher left would start its cabinet again
fail() { x11_fail "\$1"; }
gone() { ! kill -0 \$1 2>/dev/null; }
door() { x11_shot door && python3 "$tmp/demo.py" "$tmp/door.png" door; }
demo() { x11_shot \$1 && python3 "$tmp/demo.py" "$tmp/\$1.png"; }
memory() { python3 "$tmp/memory.py" "$data/slotcab.db" "\$@"; }
# the close request closes a plain window (so it is really sent), once it is drawn (its
# events are read) ...
"$slotcab" --window 640x360 --data-dir "$tmp/plain" > "$tmp/plain.txt" 2>&1 &
pid=\$!
x11_window '^slotcab: '
x11_wait "the plain window was never drawn" x11_drawn plain "\$win"
python3 "$tmp/close.py" "\$win"
x11_wait "the close request did not close a plain window" gone \$pid
# ... and the kiosk, under its launcher, ignores it
X11_LOG="$tmp/kiosk.txt"
SLOTCAB="$slotcab" "$launcher" --data-dir "$data" > "$tmp/kiosk.txt" 2>&1 &
lpid=\$!
x11_window '^slotcab: '
spid=\$(pgrep -P \$lpid) || fail "no cabinet under the launcher"
size=\$(xdotool getwindowgeometry "\$win" | sed -n 's/.*Geometry: //p')
[ "\$size" = "1280x720" ] || fail "the kiosk window is \$size, not the screen's 1280x720"
x11_wait "the kiosk never drew its lobby" x11_drawn lobby # the cabinet takes input
xdotool windowfocus --sync "\$win" 2>/dev/null || true
xdotool key Escape
xdotool key alt+F4
python3 "$tmp/close.py" "\$win"
# the operator menu behind its PIN: Ctrl+Alt+O, sent after the three, opens the door of the
# same cabinet (so they were read, and ignored); then the idle time from 60 s down to 10 s
xdotool key ctrl+alt+o
x11_wait "Ctrl+Alt+O did not open the operator's door" door
kill -0 \$spid 2>/dev/null || fail "the kiosk ended on Escape, Alt+F4 or the close request"
echo "the kiosk ignored Escape, Alt+F4 and the close request"
xdotool key 4 8 6 2 Return
x11_wait "the PIN did not open the operator menu" memory opened 2
x11_still menu # the menu drawn: it takes keys
xdotool key 4
xdotool key --delay 8 \$(i=0; while [ \$i -lt 150 ]; do printf 'Down '; i=\$((i + 1)); done)
xdotool key --delay 200 Up Left Left Left Left Left # the idle time: the row above QA mode, the last
x11_wait "the settings page did not set the idle time to 10 s" memory idle 10
x11_shot settings
xdotool key Escape
echo "the operator set attract mode after 10 s idle"
before=\$(memory state)
# idle: the lobby's attract, then a showcase with its DEMO mark (10 s + the lobby's 8 s:
# the behaviour under test, waited for through the DEMO mark)
x11_wait "attract mode never showed a showcase" demo attract
x11_changed attract playing # the showcase plays on (its reels move), on demo credits
now=\$(memory state)
[ "\$now" = "\$before" ] || fail "the memory changed while attract played: \$before -> \$now"
echo "attract mode plays a showcase on demo credits; the memory stays \$now (balance, rounds)"
xdotool key x
notdemo() { ! demo back; }
x11_wait "a key did not end attract mode" notdemo
echo "a key returned to the lobby"
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/attract.png" "$tmp/back.png" "$tmp/settings.png" "\$SLOTCAB_X11_SHOTS/"
# kill -9: the launcher starts the cabinet again, with every credit
kill -9 \$spid
restarted() { new=\$(pgrep -P \$lpid -x slotcab) && [ "\$new" != "\$spid" ]; }
x11_wait "the launcher did not start the cabinet again" restarted
x11_window '^slotcab: '
after=\$(memory state)
[ "\$after" = "\$before" ] || fail "the restarted cabinet's memory is \$after, not \$before"
env -u DISPLAY "$slotcab" --audit --data-dir "$data" > "$tmp/audit.json" || { cat "$tmp/audit.json"; fail "the audit after kill -9 failed"; }
echo "killed with -9, started again by the launcher (pid \$spid -> \$new) with the same memory: \$after"
# SIGTERM to the launcher ends the cabinet (cleanly) and the launcher
kill -TERM \$lpid
x11_wait "SIGTERM did not end the launcher" gone \$lpid
rc=0
wait \$lpid || rc=\$?
[ \$rc -eq 0 ] || fail "the launcher ended with status \$rc"
echo "SIGTERM ended the launcher and its kiosk (status 0)"
INNER
x11_xvfb 1280x720 1200 "$tmp/inner.sh"
# the stand on a 960x540 screen with no window manager (x11_xvfb starts none)
data2=$tmp/data2
"$slotcab" --headless --autoplay 1 --game mona-lisa-jewels --seed 3 --data-dir "$data2" >/dev/null
"$slotcab" --headless --operator --pin-file "$tmp/pin" --data-dir "$data2" --shots "$tmp/op2" >/dev/null
cat > "$tmp/inner2.sh" <<INNER
set -eu
here="$here" tmp="$tmp" X11_LOG="$tmp/kiosk2.txt"
. "$here/x11lib.sh"
lpid=
trap '[ -z "\$lpid" ] || kill \$lpid 2>/dev/null || true' EXIT # a launcher left would start its cabinet again
fail() { x11_fail "\$1"; }
gone() { ! kill -0 \$1 2>/dev/null; }
memory() { python3 "$tmp/memory.py" "$data2/slotcab.db" "\$@"; }
settled() { x11_wait "round \$1 never settled" memory settled \$1; }
restarted() { new=\$(pgrep -P \$lpid -x slotcab) && [ "\$new" != "\$spid" ]; }
# seeded: its rounds (the second to the sixth of this memory) are plain ones; a drawn round
# could wait for free spins to START, and the test would wait for a settle that never comes
SLOTCAB="$slotcab" "$launcher" --data-dir "$data2" --game mona-lisa-jewels --seed 1 > "$tmp/kiosk2.txt" 2>&1 &
lpid=\$!
x11_window '^slotcab: mona-lisa-jewels\$'
spid=\$(pgrep -P \$lpid) || fail "no cabinet under the launcher"
geo=\$(xwininfo -id "\$win" | awk '/Absolute upper-left X/ {x=\$NF} /Absolute upper-left Y/ {y=\$NF} /Width:/ {w=\$NF} /Height:/ {h=\$NF} END {print x "," y " " w "x" h}')
[ "\$geo" = "0,0 960x540" ] || fail "without a window manager the kiosk's window is \$geo, not the screen's 0,0 960x540"
echo "the kiosk fills the 960x540 screen without a window manager (\$geo)"
x11_wait "the kiosk never drew its game" x11_drawn game2 # the cabinet takes input
# QA's keys: F3 opens no picker (5, Enter: a round that is not forced), F2 no event log, F12 no picture
before=\$(memory state)
xdotool windowfocus --sync "\$win" 2>/dev/null || true
xdotool key F3 5 F2 F12 Return
settled 2
[ "\$(memory forced)" = 0 ] || fail "F3, 5, Enter forced a round in the kiosk"
xdotool key --delay 300 F12 F12 F12 F12 F12 F12 F2 Return
settled 3
[ ! -e "$data2/shots" ] || [ -z "\$(ls -A "$data2/shots")" ] || fail "F12 saved pictures in the kiosk: \$(ls "$data2/shots")"
env -u DISPLAY "$slotcab" --audit --data-dir "$data2" > "$tmp/audit2.json" || { cat "$tmp/audit2.json"; fail "the audit failed"; }
python3 -c "import json, sys; t = json.load(open(sys.argv[1]))['meters']['total']; sys.exit(0 if t.get('forced_games', 0) == 0 and t['games_played'] >= 3 else 1)" "$tmp/audit2.json" || fail "the audit shows forced games (or not the rounds played): \$(cat "$tmp/audit2.json")"
echo "F3, F2 and F12 did nothing in the kiosk (\$before -> \$(memory state): rounds played, none forced, no picture)"
# SIGTERM to the cabinet alone: it ends with 0, an end the launcher did not ask for: started again
kill -TERM \$spid
x11_wait "the launcher did not start the cabinet again after its SIGTERM" restarted
grep -q "ended with status 0 after" "$tmp/kiosk2.txt" || fail "the launcher did not say the cabinet ended with 0"
x11_window '^slotcab: mona-lisa-jewels\$'
echo "SIGTERM ended the cabinet with 0 and the launcher started it again (pid \$spid -> \$new)"
# the chord opens the operator's door (the scene named in the title); the cabinet goes on
x11_wait "the restarted kiosk never drew its game" x11_drawn game3 # it takes input
xdotool windowfocus --sync "\$win" 2>/dev/null || true
xdotool key ctrl+alt+shift+q
x11_window '^slotcab: operator\$'
x11_still door2
python3 "$tmp/demo.py" "$tmp/door2.png" door || fail "the chord's scene is not the operator's door (keypad)"
kill -0 \$new 2>/dev/null || fail "the chord ended the kiosk"
echo "Ctrl+Alt+Shift+Q opened the operator's door (its keypad), not the way out"
xdotool key 4 8 6 2 Return
x11_wait "the PIN did not open the operator menu" memory opened 2
x11_still menu2 # the menu drawn: it takes keys
# the settings page's last row, QA mode: off in a kiosk, and it stays off
xdotool key 4
xdotool key --delay 8 \$(i=0; while [ \$i -lt 150 ]; do printf 'Down '; i=\$((i + 1)); done)
xdotool key --delay 100 Right Return Up Right # QA mode, refused; then the idle time, 60 s -> 70 s
x11_wait "the settings page did not set the idle time to 70 s" memory idle 70 # what came before it is done
[ -z "\$(memory setting qa_mode)" ] || fail "a kiosk's operator set QA mode"
import -window root "$tmp/settings2.png"
echo "the settings page's QA mode stays off in a kiosk"
xdotool key q
x11_wait "Q on the operator's pages did not end the kiosk and its launcher" gone \$lpid
rc=0
wait \$lpid || rc=\$?
[ \$rc -eq 0 ] || fail "the launcher ended with status \$rc"
grep -q "ended (status 10, the operator's quit); stopping" "$tmp/kiosk2.txt" || fail "the cabinet did not end with 10, the operator's quit"
echo "Q behind the PIN ended the kiosk (status 10) and its launcher"
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/door2.png" "$tmp/settings2.png" "\$SLOTCAB_X11_SHOTS/"
INNER
x11_xvfb 960x540 900 "$tmp/inner2.sh"
