#!/bin/sh
# QA mode in a real window under Xvfb (960x540, no window manager), as a tester and a visitor
# would press the keys:
# - without QA mode (no --qa, the operator's setting off): F3, 5, Enter plays a round that
#   is not forced (the picker never opened); F2 says QA mode is off (on stderr, and a moment's
#   QA MODE IS OFF over the game), no event log; F12
#   saves 5 pictures, then says so and saves no more;
# - with --qa: F3, 5, Enter forces the progressive jackpot (the memory marks the round forced,
#   the balance takes the jackpot), its FORCED tag shows over the game while it is shown, and
#   F12 saves every picture asked for;
# - with the operator's setting on (set on the settings page, as test_qa.py does) and no
#   --qa: the picker forces a round too.
# It waits for what it checks (a window's title, a round settled, a file, a line), never on a
# sleep (tests/x11lib.sh). SLOTCAB_X11_SHOTS=DIR keeps its screenshots.
#
#   test_slotcab_qa.sh SLOTCAB
set -eu
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" # see test_slotcab_kiosk.sh
slotcab=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/x11lib.sh"
x11_tools Xvfb xdotool import compare
export SDL_AUDIODRIVER=dummy
cat > "$tmp/memory.py" <<'PY'
import sqlite3, sys
# memory.py DB settled N: exit 0 when N rounds are settled; DB forced: the forced rounds;
# DB balance: the balance
c = sqlite3.connect(sys.argv[1])
what = sys.argv[2]
if what == "settled":
    sys.exit(0 if c.execute("SELECT count(*) FROM rounds WHERE settled IS NOT NULL").fetchone()[0] >= int(sys.argv[3]) else 1)
elif what == "forced":
    print(c.execute("SELECT count(*) FROM forced_rounds").fetchone()[0])
else:
    print(c.execute("SELECT balance FROM wallet WHERE id = 1").fetchone()[0])
PY
cat > "$tmp/pixels.py" <<PY
import sys
sys.path.insert(0, "$here")
import pngdiff
# pixels.py PNG tag R G B: exit 0 when the QA tags' plate (canvas 660..1260 x 6..58, at the
# screen's scale) is mostly that colour (within 40)
w, h, px = pngdiff.load(sys.argv[1])
s = w / 1920
want = [int(v) for v in sys.argv[3:6]]
hits = total = 0
for y in range(int(20 * s), int(50 * s)):
    for x in range(int(760 * s), int(1160 * s), 3):
        p = px[(y * w + x) * 4:(y * w + x) * 4 + 3]
        total += 1
        hits += all(abs(a - b) <= 40 for a, b in zip(p, want))
sys.exit(0 if hits > total // 3 else 1)
PY
cat > "$tmp/inner.sh" <<INNER
set -eu
here="$here" tmp="$tmp" X11_LOG="$tmp/out.txt"
. "$here/x11lib.sh"
fail() { x11_fail "\$1"; }
tagged() { x11_shot \$1 && python3 "$tmp/pixels.py" "$tmp/\$1.png" tag \$2 \$3 \$4; }
settled() { python3 "$tmp/memory.py" "\$data/slotcab.db" settled \$1; }
start() { # start DATA FLAGS...: the cabinet on Mona Lisa Jewels, seeded (its round 1 is a
    # plain one: none waits for a player to START free spins), its window drawn
    data=\$1; shift
    "$slotcab" --game mona-lisa-jewels --seed 3 --window 960x540 --data-dir "\$data" "\$@" > "$tmp/out.txt" 2>&1 &
    pid=\$!
    x11_window '^slotcab: mona-lisa-jewels\$' \$pid
    x11_wait "the game was never drawn" x11_drawn game
    xdotool windowfocus --sync "\$win" 2>/dev/null || true
}
stop() { kill \$pid; wait \$pid || true; }
saved() { [ "\$(grep -c 'F12: saved' "$tmp/out.txt")" -ge \$1 ]; }
snaps() { # snaps N: F12 N times, each once the one before is saved
    n=0
    while [ \$n -lt \$1 ]; do
        n=\$((n + 1))
        xdotool key F12
        x11_wait "F12 \$n: no picture saved" saved \$n
    done
}
pictures() { ls "\$data/shots" 2>/dev/null | grep -c '\.png\$' || true; }
# --- no QA mode
start "$tmp/plain"
xdotool key F3 5 Return
x11_wait "F3, 5, Enter: the round never settled" settled 1
[ "\$(python3 "$tmp/memory.py" "\$data/slotcab.db" forced)" = 0 ] || fail "without QA mode F3, 5, Enter forced a round"
grep -q "F3: QA mode is off" "$tmp/out.txt" || fail "F3 without QA mode: no notice"
xdotool key F2
x11_wait "F2 without QA mode: no notice" grep -q "F2: QA mode is off" "$tmp/out.txt"
x11_shot f2
snaps 5 # one at a time: presses within one frame make one picture
xdotool key F12
x11_wait "F12 past the quota: no notice" grep -q "quota outside QA mode" "$tmp/out.txt"
[ "\$(pictures)" = 5 ] || fail "F12 x7 without QA mode saved \$(pictures) pictures, not 5"
stop
echo "without QA mode: F3 forced nothing, F2 only said QA mode is off, F12 saved 5 pictures, then no more"
# --- --qa
start "$tmp/qa" --qa
before=\$(python3 "$tmp/memory.py" "\$data/slotcab.db" balance)
xdotool key F3 5 Return
x11_wait "--qa: the FORCED tag never showed" tagged forced 150 70 0
x11_wait "--qa: the forced round never settled" settled 1
[ "\$(python3 "$tmp/memory.py" "\$data/slotcab.db" forced)" = 1 ] || fail "--qa: F3, 5, Enter did not force the round"
after=\$(python3 "$tmp/memory.py" "\$data/slotcab.db" balance)
[ "\$after" -gt \$((before + 100000)) ] || fail "--qa: the forced jackpot paid nothing (\$before -> \$after)"
x11_shot forced-settled
python3 "$tmp/pixels.py" "$tmp/forced-settled.png" tag 150 70 0 || fail "--qa: the FORCED tag went while the round is shown"
snaps 7
stop
echo "--qa: F3, 5, Enter forced the jackpot (\$before -> \$after) under its FORCED tag; F12 saved 7 pictures"
# --- the operator's setting, no --qa
start "$tmp/op"
xdotool key F3 5 Return
x11_wait "the operator's QA mode: the forced round never settled" settled 1
[ "\$(python3 "$tmp/memory.py" "\$data/slotcab.db" forced)" = 1 ] || fail "the operator's QA mode on: F3, 5, Enter did not force the round"
stop
echo "the operator's QA mode setting on (no --qa): F3, 5, Enter forced the round"
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/f2.png" "$tmp/forced.png" "$tmp/forced-settled.png" "\$SLOTCAB_X11_SHOTS/"
INNER
# the operator's setting turned on on the settings page (a headless playback: the door, the
# PIN, the settings page's last row, Right; drawn now and then, as the door wants)
echo 4862 > "$tmp/pin"
chmod 600 "$tmp/pin" # a PIN file others may read is refused
"$slotcab" --headless --operator --pin-file "$tmp/pin" --data-dir "$tmp/op" --shots "$tmp/door" >/dev/null
python3 - "$tmp/op.jsonl" <<'PY'
import json, sys
keys = [("O", 320)] + [(k, 0) for k in ("4", "8", "6", "2", "Return")]
lines = [{"slotcab_recording": 1, "seed": "5"}]
lines += [{"tick": 10 + 10 * i, "type": "key", "key": k, "mod": m} for i, (k, m) in enumerate(keys)]
lines += [{"tick": 200, "type": "key", "key": "4"}]  # the settings page, once the door has opened
lines += [{"tick": 210 + i, "type": "key", "key": "Down"} for i in range(150)]
lines += [{"tick": 400, "type": "key", "key": "Right"}, {"tick": 460, "type": "end"}]
open(sys.argv[1], "w").write("".join(json.dumps(x) + "\n" for x in lines))
PY
"$slotcab" --headless --playback "$tmp/op.jsonl" --data-dir "$tmp/op" --shots "$tmp/ops" --shot-every 100 --size 480x270 >/dev/null
python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); sys.exit(0 if c.execute(\"SELECT value FROM settings WHERE key = 'qa_mode'\").fetchone() == ('1',) else 1)" "$tmp/op/slotcab.db" ||
    { echo "the settings page did not turn QA mode on"; exit 1; }
x11_xvfb 960x540 1200 "$tmp/inner.sh"
