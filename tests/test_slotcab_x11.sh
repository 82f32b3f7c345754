#!/bin/sh
# A real window under Xvfb: slotcab opens Mona Lisa Jewels, xdotool clicks SPIN, and the
# balance on screen changes (the bet is taken); Gonzo's Gold's first round with --seed 4
# awards free spins, and a click on the ninth tile of the pick is journaled as tile 9;
# F12 saves the window as a PNG named after the game, round and tick;
# Phoenix Graveyard's SPIN held down opens Auto Spin and plays no round; the lobby's Gnomos Mix
# tile opens the fruit machine, whose PLAY begins a round; there, between rounds, GAME CHANGE
# (key G) with no Bonuses held leaves the next round a lower-game one, and on a memory given
# 100 Bonuses by a headless scenario run, G then PLAY begins an upper-game round that takes
# its plate's 1 Bonus; a settled Gonzo's Gold round recalled (history, its row) and REPLAY
# clicked plays it again in the game under the REPLAY tag, Esc stops it, and the memory is
# the same as before. Screenshots with ImageMagick's import; the
# regions are compared as decoded pixels. It waits for what it checks (a title, a row, a
# file, a line, pixels changed or still: tests/x11lib.sh), never on the clock, so a slow or
# busy machine makes it slower, not flaky.
#
#   test_slotcab_x11.sh SLOTCAB
set -eu
slotcab=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/x11lib.sh"
x11_tools Xvfb xdotool import compare
# region checks: the logo (canvas 40..340 x 20..60, at 2/3 scale) is drawn, and the balance
# value (canvas x 715..1000, y 1028..1068) differs from the first picture
cat > "$tmp/check.py" <<PY
import sys
sys.path.insert(0, "$here")
import pngdiff
what, a = sys.argv[1], pngdiff.load(sys.argv[2])
if what == "drawn":
    w, h, px = a
    lit = sum(1 for y in range(20, 60) for x in range(40, 340) if max(px[(y * w + x) * 4:(y * w + x) * 4 + 3]) > 60)
    sys.exit(0 if lit > 500 else 1)
b = pngdiff.load(sys.argv[3])
bad, total = pngdiff.diff(a, b, tol=40, region=(476, 685, 190, 27))
print(f"balance region: {bad} of {total} pixels changed after clicking SPIN")
sys.exit(0 if bad > 50 else 1)
PY
cat > "$tmp/pick.py" <<'PY'
import sqlite3, sys
# exit 0: tile 9 journaled; 2: another tile; 3: no round begun yet (SPIN to click); 1: wait
try:
    c = sqlite3.connect(sys.argv[1])
    rounds = c.execute("SELECT count(*) FROM rounds").fetchone()[0]
    row = c.execute("SELECT arg FROM commands WHERE type = 'start'").fetchone()
except sqlite3.Error:
    rounds, row = 0, None
if row:
    print("the pick journaled: tile", row[0] + 1)
    sys.exit(0 if row[0] == 8 else 2)
sys.exit(3 if rounds == 0 else 1)
PY
cat > "$tmp/veiled.py" <<PY
import sqlite3, sys
sys.path.insert(0, "$here")
import pngdiff
# the background left of the reels (canvas 20..250 x 560..840, at 2/3) darkens under a
# window; and no round was begun
def mean(p):
    w, h, px = pngdiff.load(p)
    v = [sum(px[(y * w + x) * 4:(y * w + x) * 4 + 3]) for y in range(373, 560, 4) for x in range(13, 166, 4)]
    return sum(v) / len(v)
# (exit 1: not darkened yet; 2: a round was begun)
before, after = mean(sys.argv[1]), mean(sys.argv[2])
rounds = sqlite3.connect(sys.argv[3]).execute("SELECT count(*) FROM rounds").fetchone()[0]
if after < before * 0.7 or rounds:
    print(f"held SPIN: brightness {before:.0f} -> {after:.0f}, rounds begun {rounds}")
sys.exit(2 if rounds else 0 if after < before * 0.7 else 1)
PY
cat > "$tmp/oplog.py" <<'PY'
import sqlite3, sys
# exit 0 when the operator log holds at least N rows of WHAT
try:
    n = sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM oplog WHERE what = ?", (sys.argv[2],)).fetchone()[0]
except sqlite3.Error:
    n = 0
sys.exit(0 if n >= int(sys.argv[3]) else 1)
PY
cat > "$tmp/door.py" <<PY
import sys
sys.path.insert(0, "$here")
import pngdiff
# the door's ENTER key (canvas 710..1210 x 890..978, at 2/3): gold when it takes a PIN,
# dimmed while the door is locked
w, h, px = pngdiff.load(sys.argv[2])
gold = total = 0
for y in range(600, 645, 3):
    for x in range(510, 800, 5):
        r, g, b = px[(y * w + x) * 4:(y * w + x) * 4 + 3]
        total += 1
        gold += r > 170 and g > 120 and b < 90
lit = gold > total * 0.6
sys.exit(0 if lit == (sys.argv[1] == "door") else 1)
PY
cat > "$tmp/gnomos.py" <<'PY'
import sqlite3, sys
# exit 0 when a round of Gnomos Mix was begun
try:
    n = sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM rounds WHERE game = 'gnomos-mix'").fetchone()[0]
except sqlite3.Error:
    n = 0
if n:
    print("Gnomos Mix from the lobby: PLAY began", n, "round(s)")
sys.exit(0 if n else 1)
PY
cat > "$tmp/upper.py" <<'PY'
import json, sqlite3, sys
# Gnomos Mix's GAME CHANGE through the memory. upper.py DB GAME_JSON WHAT:
#   idle: exit 0 when a round was begun and none is open (it prints their count)
#   rounds N: exit 0 when more than N rounds of Gnomos Mix were begun
#   saved: prints the bet the scene saved (setting bet.gnomos-mix), "" if none
#   setting G: exit 0 when the bet the scene saved is of game G
#   lower: the newest round is a lower-game bet, begun with no Bonuses held
#   upper BEFORE: the newest round is an upper-game bet of plate 1, begun with BEFORE Bonuses
#     held, and the wallet and the meter bonuses_bet took its 1 Bonus
db, what = sys.argv[1], sys.argv[3]
opts = [o["key"] for o in json.load(open(sys.argv[2]))["bet"]]
g, plate = opts.index("game"), opts.index("upper")
try:
    c = sqlite3.connect(db)
    rounds = c.execute("SELECT count(*) FROM rounds WHERE game = 'gnomos-mix'").fetchone()[0]
    open_ = c.execute("SELECT count(*) FROM rounds WHERE settled IS NULL").fetchone()[0]
    row = c.execute("SELECT value FROM settings WHERE key = 'bet.gnomos-mix'").fetchone()
    newest = c.execute("SELECT r.id, r.bet, r.settled IS NOT NULL, s.bet_bonuses, s.bonuses_before,"
                       " s.win_bonuses FROM rounds r JOIN round_state s ON s.round_id = r.id"
                       " WHERE r.game = 'gnomos-mix' ORDER BY r.id DESC LIMIT 1").fetchone()
    wallet = c.execute("SELECT bonuses FROM bonus_wallet WHERE id = 1").fetchone()[0]
    meter = c.execute("SELECT value FROM meters WHERE game = 'gnomos-mix' AND name = 'bonuses_bet'").fetchone()
except sqlite3.Error:
    sys.exit(1)
if what == "idle":
    print(rounds)
    sys.exit(0 if rounds and not open_ else 1)
if what == "rounds":
    sys.exit(0 if rounds > int(sys.argv[4]) else 1)
if what == "saved":
    print(row[0] if row else "")
    sys.exit(0)
if what == "setting":
    sys.exit(0 if row and row[0].split(",")[g] == sys.argv[4] else 1)
rid, bet, settled, bet_bonuses, before, won = newest
bet = bet.split(",")
meter = meter[0] if meter else 0
print(f"Gnomos Mix round {rid}: bet {','.join(bet)} (game {bet[g]}), {bet_bonuses} Bonus(es) staked,"
      f" {before} held before it, {wallet} now, meter bonuses_bet {meter}")
if what == "lower":
    sys.exit(0 if bet[g] == "1" and before == 0 and bet_bonuses == 0 and meter == 0 else 1)
before_expected = int(sys.argv[4])
sys.exit(0 if bet[g] == "2" and bet[plate] == "1" and bet_bonuses == 1 and before == before_expected and
         meter == 1 and wallet == before_expected - 1 + (won if settled else 0) else 1)
PY
# the REPLAY tag's plate (canvas 1200..1250 x 10..20, at 2/3 scale: dark red) is on screen;
# and a dump of every table of a memory, to compare before and after a replay
cat > "$tmp/tag.py" <<PY
import sys
sys.path.insert(0, "$here")
import pngdiff
w, h, px = pngdiff.load(sys.argv[2])
red = 0
for y in range(7, 13):
    for x in range(800, 833):
        r, g, b = px[(y * w + x) * 4], px[(y * w + x) * 4 + 1], px[(y * w + x) * 4 + 2]
        red += r > 80 and g < 50 and b < 60
shown = red > 150
print(f"REPLAY tag: {red} of 198 pixels its red")
sys.exit(0 if shown == (sys.argv[1] == "shown") else 1)
PY
cat > "$tmp/dump.py" <<PY
import sqlite3, sys
c = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
open(sys.argv[2], "w").write("\\n".join(c.iterdump()))
PY
cat > "$tmp/inner.sh" <<INNER
set -eu
here="$here" tmp="$tmp" X11_LOG="$tmp/out.txt"
. "$here/x11lib.sh"
fail() { x11_fail "\$1"; }
drawn() { x11_shot \$1 && python3 "$tmp/check.py" drawn "$tmp/\$1.png"; } # a game's logo drawn
start() { # start GAME DATA LOG FLAGS...: the cabinet on GAME, its window drawn and still
    game=\$1 data=\$2 X11_LOG=\$3
    shift 3
    SDL_AUDIODRIVER=dummy "$slotcab" --game \$game --window 1280x720 --data-dir "\$data" "\$@" > "\$X11_LOG" 2>&1 &
    pid=\$!
    x11_window "^slotcab: \$game\\\$" \$pid
    x11_wait "\$game was never drawn" drawn \$game
    x11_still \$game
}
stop() { kill \$pid; wait \$pid || true; }
focus() { xdotool windowactivate --sync "\$win" 2>/dev/null || xdotool windowfocus --sync "\$win" || true; }
f12() { # F12, waited for until the cabinet says it saved its picture (so what came before was read)
    n=\$(grep -c 'F12: saved' "\$X11_LOG" || true)
    focus
    xdotool key F12 || fail "xdotool could not press F12"
    x11_wait "F12 saved no picture" f12_saved \$((n + 1))
}
f12_saved() { [ "\$(grep -c 'F12: saved' "\$X11_LOG" || true)" -ge \$1 ]; }
start mona-lisa-jewels "$tmp/data" "$tmp/out.txt" --seed 3
cp "$tmp/mona-lisa-jewels.png" "$tmp/before.png"
# SPIN is at canvas (1775, 970); the 1920x1080 canvas fills the 1280x720 window: x 2/3
xdotool mousemove --window "\$win" 1183 647 click 1
balance() { x11_shot after && python3 "$tmp/check.py" changed "$tmp/before.png" "$tmp/after.png"; }
x11_wait "the balance never changed" balance
# F12 saves the window as DATA-DIR/shots/slotcab-GAME-rROUND-tTICK.png: the game, its round
# (the one just begun: 1) and the tick, a PNG of the window's size
f12
ls "$tmp/data/shots/" | grep -q '^slotcab-mona-lisa-jewels-r000001-t[0-9]\{6\}\.png\$' ||
    fail "F12's picture is not named for the game, round 1 and a tick: \$(ls "$tmp/data/shots/")"
snap=\$(ls "$tmp/data/shots/"slotcab-mona-lisa-jewels-r000001-t*.png | head -1)
size=\$(identify -format '%w %h' "\$snap") || fail "identify cannot read F12's picture \$snap"
[ "\$size" = "1280 720" ] || fail "F12's picture \$snap is \$size, not the window's 1280 720"
python3 -c "import sys; sys.path.insert(0, '$here'); import pngdiff; w, h, px = pngdiff.load(sys.argv[1]); sys.exit(0 if w * h * 4 == len(px) and max(px) > 60 else 1)" "\$snap" ||
    fail "F12's picture \$snap does not decode to a drawn window"
echo "F12 saved \$(basename "\$snap") (\$size)"
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "\$snap" "\$SLOTCAB_X11_SHOTS/"
kill -0 \$pid
stop
# Gonzo's Gold (seeded: its first round awards free spins and the pick): SPIN, then, once the
# round is begun and the screen still (the pick waits for its player), a click on the ninth
# tile (canvas 1144, 756), again while the pick is not journaled (a click does nothing before
# the pick screen is up)
start gonzos-gold "$tmp/gdata" "$tmp/g.txt" --seed 4
xdotool mousemove --window "\$win" 1183 647 click 1
pick() {
    rc=0
    python3 "$tmp/pick.py" "$tmp/gdata/slotcab.db" || rc=\$?
    [ \$rc -ne 2 ] || fail "another tile was journaled"
    [ \$rc -ne 0 ] || return 0
    [ \$rc -eq 3 ] || ! x11_steady pick || xdotool mousemove --window "\$win" 763 504 click 1
    return 1
}
x11_wait "the pick was never journaled" pick
x11_shot gonzo-reveal # (a picture for a person: the tile's reveal under way, then free spins play on)
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/gonzo-reveal.png" "\$SLOTCAB_X11_SHOTS/"
kill -0 \$pid
stop
# Phoenix Graveyard: SPIN held down (rule 6) opens Auto Spin over the game, and plays no
# round: the screen darkens under the window, and the memory has begun no round. SPIN is held
# until the window is there (the hold is the cabinet's 0.8 s, counted in its ticks), then let
# go; F12 after it shows the release was read, and the memory still has no round
start phoenix-graveyard "$tmp/pdata" "$tmp/p.txt" --seed 5
cp "$tmp/phoenix-graveyard.png" "$tmp/pbefore.png"
xdotool mousemove --window "\$win" 1183 647 mousedown 1
veiled() {
    rc=0
    x11_shot pheld && python3 "$tmp/veiled.py" "$tmp/pbefore.png" "$tmp/pheld.png" "$tmp/pdata/slotcab.db" || rc=\$?
    [ \$rc -ne 2 ] || fail "holding SPIN began a round"
    [ \$rc -eq 0 ]
}
x11_wait "holding SPIN did not open Auto Spin" veiled
xdotool mouseup 1
f12
veiled || fail "the release of SPIN began a round (or closed Auto Spin)"
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/pheld.png" "\$SLOTCAB_X11_SHOTS/phoenix-hold-spin.png"
stop
# QA's replay in a window: a Gonzo's Gold round (free spins, the pick) played headless into
# its own memory; history, its row, REPLAY (canvas 1502,76; 960,213; 1560,906), each once the
# one before has changed the screen and it is still: the tag shows over the game while it
# plays; Esc stops it (the tag goes); the memory is unchanged
env -u DISPLAY SDL_AUDIODRIVER=dummy "$slotcab" --headless --scenario "$here/scenarios/gonzos-gold-feature.json" \
    --data-dir "$tmp/rdata" --size 640x360 > "$tmp/r.txt" 2>&1 || { echo "the Gonzo's Gold round failed"; cat "$tmp/r.txt"; exit 1; }
python3 "$tmp/dump.py" "$tmp/rdata/slotcab.db" "$tmp/rbefore.sql"
start gonzos-gold "$tmp/rdata" "$tmp/r.txt"
click() { # click X Y NAME: a click, then the screen changed from the last still one, and still
    cp "$tmp/\$last.png" "$tmp/pre.png"
    xdotool mousemove --window "\$win" \$1 \$2 click 1
    x11_changed pre "\$3"
    x11_still "\$3"
    last=\$3
}
last=gonzos-gold
click 1001 51 history
click 640 142 row
xdotool mousemove --window "\$win" 1040 604 click 1
tag() { x11_shot \$2 && python3 "$tmp/tag.py" \$1 "$tmp/\$2.png"; }
x11_wait "REPLAY never showed its tag" tag shown replay
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/replay.png" "\$SLOTCAB_X11_SHOTS/gonzo-replay.png"
xdotool key --window "\$win" Escape
x11_wait "Esc did not stop the replay" tag gone replay-stopped
stop
python3 "$tmp/dump.py" "$tmp/rdata/slotcab.db" "$tmp/rafter.sql"
cmp -s "$tmp/rbefore.sql" "$tmp/rafter.sql" || { echo "the replay changed the memory"; diff "$tmp/rbefore.sql" "$tmp/rafter.sql" | head; exit 1; }
# the operator menu in a window (its own data: the game above may have left a round open,
# which a start finishes first). --operator on a new memory: a PIN typed on the keyboard,
# confirmed with clicks on the keypad (2 4 6 8 ENTER); once the door has opened, the
# settings page, coin value 0.01 off. Then the lobby, Ctrl+Alt+O: three wrong PINs lock it.
# Each step waits for the memory or the screen to show the one before.
X11_LOG="$tmp/op.txt"
SDL_AUDIODRIVER=dummy "$slotcab" --operator --window 1280x720 --data-dir "$tmp/opdata" > "$tmp/op.txt" 2>&1 &
pid=\$!
x11_window '^slotcab: operator\$' \$pid
oplog() { python3 "$tmp/oplog.py" "$tmp/opdata/slotcab.db" "\$1" "\$2"; }
wait_for() { x11_wait "the operator log never showed \$2 x \$1" oplog "\$1" "\$2"; } # wait_for WHAT N
door() { x11_shot door && python3 "$tmp/door.py" "\$1" "$tmp/door.png"; }
wait_screen() { x11_wait "the screen never showed the \$1" door "\$1"; } # wait_screen door|locked
wait_screen door
xdotool mousemove --window "\$win" 60 60 click 1 # the keyboard focus (off the keypad)
xdotool windowfocus --sync "\$win" || true
x11_still pin0
xdotool key 2 4 6 8 Return
x11_changed pin0 pin1 # the keypad asks for the PIN again
x11_still pin1
# keypad keys at canvas (788|960|1132, 518 + 104 row), ENTER (960, 934); the window is 2/3
last=pin1
n=0
for at in "640 345" "525 415" "755 415" "640 484"; do
    n=\$((n + 1))
    click \$at pin-key\$n
done
xdotool mousemove --window "\$win" 640 623 click 1
wait_for "door opened" 1
x11_still menu
xdotool key 4
x11_changed menu settings # the settings page
x11_still settings
xdotool key space
wait_for setting 1
stop
SDL_AUDIODRIVER=dummy "$slotcab" --window 1280x720 --data-dir "$tmp/opdata" > "$tmp/op.txt" 2>&1 &
pid=\$!
x11_window '^slotcab: lobby\$' \$pid
x11_wait "the lobby was never drawn" x11_drawn lobby
xdotool mousemove --window "\$win" 60 60 click 1
xdotool windowfocus --sync "\$win" || true
xdotool key ctrl+alt+o
wait_screen door
for n in 1 2 3; do
    xdotool key 1 3 7 9 Return
    wait_for "wrong pin" \$n
done
wait_for "locked out" 1
wait_screen locked
xdotool key 2 4 6 8 Return # the right PIN, while locked: the keypad takes nothing
f12 # (read by now: the log at the end has no door opened after the lock)
x11_shot locked
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/locked.png" "\$SLOTCAB_X11_SHOTS/operator-locked.png"
stop
# Gnomos Mix from the lobby: its tile (the fourth, canvas 1620, 580) opens the fruit machine
# (the title names it), and a click on PLAY (canvas 1720, 961) begins a round of it in the memory
X11_LOG="$tmp/gm.txt"
SDL_AUDIODRIVER=dummy "$slotcab" --window 1280x720 --seed 5 --data-dir "$tmp/gmdata" > "$tmp/gm.txt" 2>&1 &
pid=\$!
x11_window '^slotcab: lobby\$' \$pid
x11_wait "the lobby was never drawn" x11_drawn lobby
xdotool mousemove --window "\$win" 1080 387 click 1
x11_window '^slotcab: gnomos-mix\$'
x11_wait "Gnomos Mix was never drawn" x11_drawn gnomos0
play() { xdotool mousemove --window "\$win" 1147 641 click 1; }
begun() { python3 "$tmp/gnomos.py" "$tmp/gmdata/slotcab.db"; }
x11_until "no Gnomos Mix round was begun" begun play # (again if the wipe took the click)
x11_shot gnomos
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/gnomos.png" "\$SLOTCAB_X11_SHOTS/gnomos-play.png"
# GAME CHANGE (key G) with no Bonuses held (a fresh memory): between rounds, G must not
# change the game (the marquee says the upper game needs more). Once the round has ended: G,
# then B (BET: the next lower bet, saved at once, which shows the keys reached the scene
# between rounds), again each time the cabinet read them and the bet is the same (its win
# still shown); then PLAY until a round begins: a lower-game bet, begun with no Bonuses held.
up() { python3 "$tmp/upper.py" "\$1" "$here/../games/gnomos-mix/game.json" "\$2" \${3:-}; }
idle() { up "$tmp/gmdata/slotcab.db" idle > "$tmp/idle.txt"; }
x11_wait "the Gnomos Mix round never ended" idle
n=\$(cat "$tmp/idle.txt")
saved() { up "\$1" saved || true; }
bet0=\$(saved "$tmp/gmdata/slotcab.db")
xdotool mousemove --window "\$win" 1080 387 click 1 # the keyboard focus (the marquee)
xdotool windowfocus --sync "\$win" || true
bet_changed() { [ "\$(saved "$tmp/gmdata/slotcab.db")" != "\$bet0" ]; }
x11_until "keys G and B never reached the fruit machine" bet_changed xdotool key g b
x11_shot gnomos-refused # (the marquee's word)
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/gnomos-refused.png" "\$SLOTCAB_X11_SHOTS/gnomos-upper-refused.png"
more() { up "$tmp/gmdata/slotcab.db" rounds \$n; }
x11_until "PLAY began no round after G" more play
up "$tmp/gmdata/slotcab.db" lower ||
    fail "the round after G is not a lower-game round begun with no Bonuses held"
stop
# With Bonuses: a headless run of a scenario puts 100 into a fresh memory (its one round, of
# the lower game, forced to lose and end at once); the cabinet then opens Gnomos Mix on that
# memory in a window, G changes to the upper game (the bet saved with game 2; the wipe), and
# PLAY (again until a round begins, as the wipe takes no PLAY) begins an upper round at the plate of 1 Bonus: the
# wallet and the meter bonuses_bet take it.
cat > "$tmp/upper-bonuses.json" <<'JSON'
{"game": "gnomos-mix", "seed": 11, "bet": {"bet": 20, "game": 1}, "bonuses": 100,
 "spins": [{"screen": [["BELL", "PLUM", "BELL"], ["ORANGE", "LEMON", "GRAPES"], ["PLUM", "BELL", "LEMON"]],
            "draws": {"advances": 0, "extra_spin": 0}}]}
JSON
# (without the display: a headless run needs none, and with one the sanitizer build's
# LeakSanitizer fails the run on a buffer D-Bus leaks inside SDL)
SDL_AUDIODRIVER=dummy env -u DISPLAY "$slotcab" --headless --scenario "$tmp/upper-bonuses.json" --autoplay 1 \
    --data-dir "$tmp/updata" > "$tmp/up.txt" 2>&1 ||
    { echo "the scenario with Bonuses failed:"; cat "$tmp/up.txt"; exit 1; }
X11_LOG="$tmp/up.txt"
SDL_AUDIODRIVER=dummy "$slotcab" --game gnomos-mix --seed 12 --window 1280x720 --data-dir "$tmp/updata" > "$tmp/up.txt" 2>&1 &
pid=\$!
x11_window '^slotcab: gnomos-mix\$'
x11_wait "Gnomos Mix was never drawn" x11_drawn upper0
xdotool mousemove --window "\$win" 1080 387 click 1
xdotool windowfocus --sync "\$win" || true
upper() { up "$tmp/updata/slotcab.db" setting 2; }
x11_until "G never changed to the upper game" upper xdotool key g # (G is saved as it is taken)
uplay() { up "$tmp/updata/slotcab.db" rounds 1; }
x11_shot upper # (the wipe)
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/upper.png" "\$SLOTCAB_X11_SHOTS/gnomos-upper.png"
x11_until "PLAY began no upper round" uplay xdotool mousemove --window "\$win" 1147 641 click 1
up "$tmp/updata/slotcab.db" upper 100 || fail "the upper round did not take its Bonus as it should"
x11_changed upper upper-play # (a picture for a person: the round under way)
[ -z "\${SLOTCAB_X11_SHOTS:-}" ] || cp "$tmp/upper-play.png" "\$SLOTCAB_X11_SHOTS/gnomos-upper-play.png"
kill -0 \$pid
stop
# the memory reconciles: Bonuses in - staked + won = the wallet's, balance and meters
env -u DISPLAY "$slotcab" --audit --data-dir "$tmp/updata" > "$tmp/audit.json" 2>&1 ||
    { echo "the audit of the upper game's memory failed:"; cat "$tmp/audit.json"; exit 1; }
INNER
x11_xvfb 1280x720 1200 "$tmp/inner.sh"
python3 - "$tmp/opdata/slotcab.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
row = c.execute("SELECT value FROM settings WHERE key = 'mona-lisa-jewels.bet.coin_value'").fetchone()
print("operator settings: mona-lisa-jewels.bet.coin_value =", row)
log = [w for w, in c.execute("SELECT what FROM oplog ORDER BY id")]
print("operator log:", log)
sys.exit(0 if row and row[0] == "2,5,10,20,50,100,200" and
         log == ["pin set", "door opened", "setting", "wrong pin", "wrong pin", "wrong pin", "locked out"]
         else 1)
PY
