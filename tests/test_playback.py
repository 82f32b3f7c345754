"""Input recording and playback (--record, --playback, --shot-every), headless.

  test_playback.py SLOTCAB

A hand-written input script in the recording format drives a seeded session on a fresh
memory: the lobby, each of the four games (its tile clicked, a round played, the
paytable, rules, history, options and autoplay windows opened and closed), back to the
lobby each time. It is played back once while recording (rec1, frames A), then rec1 is
played back while recording (rec2, frames B), each on a fresh memory:

- rec1 and rec2 hold the same inputs at the same ticks (and end at the same tick), and name
  the same memory: d2, fresh, took rec1's memory id as it played it;
- the two memories hold the same rounds, journals, states, meters, wallet, settings and
  audit, but for the times rows are stamped with: a memory on disk keeps the real time,
  never the recording's clock;
- the frames saved every N ticks are the same pixels (but for the times of the rounds a
  history window lists, which are the real ones);
- the session visited what it says: a round of every game in the memory, and every
  window opened changed the picture;
- bad recordings are one message naming the file, line and field, exit 2; flags that
  contradict a recording are refused; the memory must be where the recording began;
- a recording is bound to the memory it was made on: one made on another memory, one with no
  "start" on a memory that has played, are refused; one made on this memory where it stands
  plays;
- the header's clock does not stamp the memory's rows (a round played under "2001-..." is
  stamped with today's time);
- /dev/zero, a file over 64 MiB, and a FIFO that never ends are refused or end (SIGTERM)
  at once, without growing."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402
import pngdiff  # noqa: E402

SLOTCAB = sys.argv[1]
SIZE = "480x270"
EVERY = 30
SEED = "11"




def run(*args, timeout=600):
    return run_slotcab(SLOTCAB, *args, timeout=timeout)


# ---- the script ------------------------------------------------------------------------

class Script:
    def __init__(self):
        self.t = 0
        self.lines = [{"slotcab_recording": 1}]
        self.windows = []  # (game, window, tick before, tick after) to check on the frames

    def wait(self, ticks):
        self.t += ticks
        # keep actions on multiples of EVERY so that the frames around them are saved
        self.t += (-self.t) % EVERY

    def click(self, x, y):
        for kind in ("move", "press", "release"):
            self.lines.append({"tick": self.t, "type": kind, "x": x, "y": y})

    def key(self, name, mod=0):
        self.lines.append({"tick": self.t, "type": "key", "key": name, "mod": mod})

    def window(self, game, name, x, y, close="Escape"):
        before = self.t
        self.click(x, y)
        self.wait(60)
        self.windows.append((game, name, before, self.t))
        self.key(close)
        self.wait(30)

    def text(self):
        return "".join(json.dumps(line) + "\n" for line in self.lines)


GAMES = ["mona-lisa-jewels", "gonzos-gold", "phoenix-graveyard", "gnomos-mix"]


def tile(i):  # the lobby's tiles: 4 of 400 px with gaps of 40, centred; y 300..860
    return 300 + 440 * i, 580


def slot_game(s, i, game):
    s.click(*tile(i))
    s.wait(90)
    # one round: SPIN, then whatever the round waits for (a second round showed nothing more
    # here: rounds settled once and money reconciled over thousands of rounds of every video
    # slot are test_slot_play's and test_seat's)
    s.click(1775, 970)   # SPIN
    s.wait(420)
    s.key("5")           # Gonzo's Gold's pick (nothing elsewhere)
    s.wait(120)
    s.key("Return")      # START of free spins, or skips a win show
    s.wait(600)
    for name, x in (("paytable", 1326), ("rules", 1414), ("history", 1502), ("options", 1590)):
        s.window(game, name, x, 76)
    auto = (1280, 970) if game == "mona-lisa-jewels" else (998, 964)
    s.window(game, "autoplay", *auto)
    s.key("Escape")  # to the lobby
    s.wait(60)


def fruit_game(s, i, game):
    s.click(*tile(i))
    s.wait(90)
    s.click(1720, 961)       # PLAY
    s.wait(420)
    for _ in range(3):       # a held game played, a prize or a ladder collected
        s.key("Return")
        s.wait(420)
        s.key("C")
        s.wait(300)
    for name, x in (("paytable", 1326), ("rules", 1414), ("history", 1502), ("options", 1590)):
        s.window(game, name, x, 60)
    s.window(game, "autoplay", 321, 1024)
    s.key("Escape")
    s.wait(60)


def script():
    s = Script()
    s.wait(30)
    s.click(960, 200)  # the lobby's title: nothing
    s.wait(30)
    for i, g in enumerate(GAMES):
        (fruit_game if g == "gnomos-mix" else slot_game)(s, i, g)
    s.key("Right")  # the lobby again, its selection moved
    s.wait(60)
    return s


# ---- the memories ----------------------------------------------------------------------

TABLES = ["rounds", "commands", "round_config", "round_state", "meters", "wallet", "bonus_wallet",
          "pools", "pool_hits", "settings", "oplog"]
# the real time a row was stamped with, and the seals over it, differ between two playbacks
TIMES = {"started", "settled", "at", "chk"}


def memory(data):
    db = sqlite3.connect(os.path.join(data, "slotcab.db"))
    out = {}
    for t in TABLES:
        cols = [c[1] for c in db.execute(f"PRAGMA table_info({t})") if c[1] not in TIMES]
        out[t] = list(db.execute(f"SELECT {', '.join(cols)} FROM {t} ORDER BY 1, 2"))
    # the demo credit is stamped with the wall clock as the memory is made (before any tick)
    out["cash"] = list(db.execute("SELECT id, kind, amount FROM cash ORDER BY id"))
    db.close()
    rc, audit, err = run("--audit", "--data-dir", data)
    check(rc == 0, f"--audit {data}: exit {rc}: {err.strip()}")
    a = json.loads(audit) if rc == 0 else {}
    a.pop("file", None)
    out["audit"] = a
    return out


def inputs(path):
    with open(path) as f:
        lines = [json.loads(x) for x in f]
    return lines[0], lines[1:]


def frames_equal(a, b, history=()):
    """The same pixels, but in the frames of `history` (names): a history window lists its
    rounds' real times, which differ a little between two runs (at most 1% of the pixels)."""
    names = sorted(n for n in os.listdir(a) if n.endswith(".png"))
    check(names == sorted(n for n in os.listdir(b) if n.endswith(".png")),
          f"the two playbacks saved the same frames ({len(names)} in {a})")
    differ = []
    for n in names:
        if not os.path.exists(os.path.join(b, n)):
            continue
        bad, total = pngdiff.diff(pngdiff.load(os.path.join(a, n)), pngdiff.load(os.path.join(b, n)), tol=0)
        if bad and not (n in history and bad <= total // 100):
            differ.append(f"{n} ({bad} pixels)")
    check(not differ, f"frames differ between the playbacks: {differ[:10]}")
    return names


def changed(d, t0, t1):
    a = pngdiff.load(os.path.join(d, f"t{t0:06d}.png"))
    b = pngdiff.load(os.path.join(d, f"t{t1:06d}.png"))
    bad, total = pngdiff.diff(a, b, tol=24)
    return bad / total


def test_round_trip(tmp):
    s = script()
    src = os.path.join(tmp, "script.jsonl")
    with open(src, "w") as f:
        f.write(s.text())
    rec1, rec2 = os.path.join(tmp, "rec1.jsonl"), os.path.join(tmp, "rec2.jsonl")
    A, B = os.path.join(tmp, "A"), os.path.join(tmp, "B")
    d1, d2 = os.path.join(tmp, "d1"), os.path.join(tmp, "d2")
    common = ["--headless", "--size", SIZE, "--shot-every", str(EVERY)]
    rc, _, err = run(*common, "--seed", SEED, "--data-dir", d1, "--playback", src, "--record", rec1, "--shots", A)
    check(rc == 0, f"playback of the script: exit {rc}: {err.strip()}")
    rc, _, err = run(*common, "--data-dir", d2, "--playback", rec1, "--record", rec2, "--shots", B)
    check(rc == 0, f"playback of rec1: exit {rc}: {err.strip()}")
    h1, in1 = inputs(rec1)
    h2, in2 = inputs(rec2)
    check(h1 == h2 and h1["seed"] == SEED and h1["start"] == {"balance": 100000, "bonuses": 0, "rounds": 0},
          f"the headers agree and carry the seed: {h1} / {h2}")
    mid = h1.get("memory", "")
    check(len(mid) == 32 and all(c in "0123456789abcdef" for c in mid), f"the header names its memory: {mid!r}")
    check(setting(d1, "memory.id") == mid and setting(d2, "memory.id") == mid,
          "d1 made the id; d2, fresh, took it with the recording it played")
    want = [x for x in s.lines[1:]]
    check([x for x in in1 if x["type"] != "end"] == want, "rec1 holds the script's inputs at their ticks")
    check(in1 == in2, f"rec1 == rec2 ({len(in1)} and {len(in2)} lines)")
    last = s.lines[-1]["tick"]
    check(in1 and in1[-1]["type"] == "end" and in1[-1]["tick"] == last + 60,
          f"rec1 ends 60 ticks after the script's last input ({in1[-1] if in1 else None}, {last})")
    m1, m2 = memory(d1), memory(d2)
    for k in m1:
        check(m1[k] == m2[k], f"the memories' {k} agree")
    games = {r[1] for r in m1["rounds"]}
    check(games == set(GAMES), f"the session played a round of every game (played: {sorted(games)})")
    check(all(r[10] for r in m1["rounds"]), "every round of the session was settled")
    history = {f"t{t:06d}.png" for _, w, t0, t1 in s.windows if w == "history" for t in range(t0 + 1, t1 + 1)}
    names = frames_equal(A, B, history)
    check(len(names) >= s.t // EVERY, f"a frame every {EVERY} ticks ({len(names)})")
    for game, win, t0, t1 in s.windows:
        share = changed(A, t0, t1)
        check(share > 0.2, f"{game}: the {win} window changed the picture ({share:.0%} of the pixels)")
    per = ", ".join("%s %d" % (g, sum(r[1] == g for r in m1["rounds"])) for g in GAMES)
    print(f"session: {last + 60} ticks, {len(want)} inputs, {len(m1['rounds'])} rounds ({per}), "
          f"{len(names)} frames")
    return rec1, d1


def setting(data, key):
    with sqlite3.connect(os.path.join(data, "slotcab.db")) as db:
        row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def expect_error(args, *needles):
    rc, _, err = run(*args)
    check(rc == 2, f"{args}: exit {rc}, expected 2 (stderr: {err.strip()})")
    for n in needles:
        check(n in err, f"{args}: message {err.strip()!r} should mention {n!r}")
    check(err.count("slotcab:") == 1, f"{args}: one message ({err.strip()!r})")


def test_bad_files(tmp, rec1, d1):
    def bad(name, text, *needles):
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write(text)
        expect_error(["--headless", "--playback", p], p, *needles)

    head = '{"slotcab_recording": 1}\n'
    bad("empty.jsonl", "", "line 1", "slotcab_recording")
    bad("noheader.jsonl", '{"tick": 0, "type": "key", "key": "Space"}\n', "line 1", '"slotcab_recording"')
    bad("version.jsonl", '{"slotcab_recording": 9}\n', "line 1", '"slotcab_recording"')
    bad("seed.jsonl", '{"slotcab_recording": 1, "seed": "x"}\n', "line 1", '"seed"')
    bad("clock.jsonl", '{"slotcab_recording": 1, "clock": "noon"}\n', "line 1", '"clock"')
    bad("memory.jsonl", '{"slotcab_recording": 1, "memory": "ABC"}\n', "line 1", '"memory"', "32 hex digits")
    bad("longline.jsonl", head + '{"tick": 1, "type": "key", "key": "' + "A" * 70000 + '"}\n', "line 2",
        "larger than 64 KiB")
    bad("notjson.jsonl", head + "{tick: 1}\n", "line 2", "JSON")
    bad("notick.jsonl", head + '{"type": "key", "key": "Space"}\n', "line 2", '"tick"')
    bad("backwards.jsonl", head + '{"tick": 5, "type": "key", "key": "Space"}\n'
        '{"tick": 4, "type": "key", "key": "Space"}\n', "line 3", '"tick"')
    bad("type.jsonl", head + '{"tick": 1, "type": "jump"}\n', "line 2", '"type"')
    bad("key.jsonl", head + '{"tick": 1, "type": "key", "key": "NoSuchKey"}\n', "line 2", '"key"')
    bad("mod.jsonl", head + '{"tick": 1, "type": "key", "key": "A", "mod": -1}\n', "line 2", '"mod"')
    bad("x.jsonl", head + '{"tick": 1, "type": "press", "x": "left", "y": 3}\n', "line 2", '"x"')
    bad("y.jsonl", head + '{"tick": 1, "type": "press", "x": 3}\n', "line 2", '"y"')
    bad("field.jsonl", head + '{"tick": 1, "type": "press", "x": 3, "y": 4, "z": 1}\n', "line 2", '"z"')
    bad("afterend.jsonl", head + '{"tick": 1, "type": "end"}\n{"tick": 2, "type": "key", "key": "A"}\n',
        "line 3", "end")
    expect_error(["--headless", "--playback", os.path.join(tmp, "missing.jsonl")], "missing.jsonl")
    expect_error(["--headless", "--playback", rec1, "--seed", "12"], "--seed", rec1)
    expect_error(["--headless", "--playback", rec1, "--balance", "5.00"], "--balance", rec1)
    expect_error(["--headless", "--playback", rec1, "--game", "gonzos-gold"], "--game", rec1)
    expect_error(["--headless", "--playback", rec1, "--data-dir", d1], rec1, "start.balance", "fresh --data-dir")
    expect_error(["--headless", "--record", os.path.join(tmp, "r.jsonl"), "--shots", tmp], "--record")
    expect_error(["--headless", "--playback", rec1, "--shot-every", "5"], "--shot-every")
    expect_error(["--headless", "--playback", rec1, "--scenario", "x.json"], "--playback", "--scenario")
    expect_error(["--headless", "--playback", rec1, "--record", rec1], "--record")
    expect_error(["--headless", "--playback", rec1, "--record", os.path.join(tmp, "no", "dir", "r.jsonl")],
                 "--record", "cannot create")


def write_lines(path, lines):
    with open(path, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in lines))
    return path


def test_binding(tmp, d1):
    """A recording plays only on the memory it was made on, where it began."""
    mid = setting(d1, "memory.id")
    with sqlite3.connect(os.path.join(d1, "slotcab.db")) as db:
        rounds = db.execute("SELECT count(*) FROM rounds").fetchone()[0]
        balance = db.execute("SELECT balance FROM wallet").fetchone()[0]
        bonuses = db.execute("SELECT bonuses FROM bonus_wallet").fetchone()[0]
    start = {"balance": balance, "bonuses": bonuses, "rounds": rounds}
    body = [{"tick": 30, "type": "key", "key": "Right", "mod": 0}, {"tick": 60, "type": "end"}]
    here = write_lines(os.path.join(tmp, "here.jsonl"),
                       [{"slotcab_recording": 1, "seed": SEED, "memory": mid, "start": start}] + body)
    other = write_lines(os.path.join(tmp, "other.jsonl"),
                        [{"slotcab_recording": 1, "seed": SEED, "memory": "0" * 32, "start": start}] + body)
    unnamed = write_lines(os.path.join(tmp, "unnamed.jsonl"),
                          [{"slotcab_recording": 1, "seed": SEED, "start": start}] + body)
    nostart = write_lines(os.path.join(tmp, "nostart.jsonl"), [{"slotcab_recording": 1}] + body)
    before = memory(d1)
    expect_error(["--headless", "--playback", other, "--data-dir", d1], "--playback " + other, '"memory"',
                 "made on")
    expect_error(["--headless", "--playback", unnamed, "--data-dir", d1], "--playback " + unnamed, '"memory"')
    expect_error(["--headless", "--playback", nostart, "--data-dir", d1], "--playback " + nostart, '"start"',
                 "fresh")
    # nor on a fresh memory: it began on one that had played
    expect_error(["--headless", "--playback", here, "--data-dir", os.path.join(tmp, "fresh")],
                 "--playback " + here, '"memory"')
    expect_error(["--headless", "--playback", here], "--playback " + here, '"memory"')
    check(memory(d1) == before and setting(d1, "memory.id") == mid, "a refused recording changes nothing")
    rc, _, err = run("--headless", "--playback", here, "--data-dir", d1)
    check(rc == 0, f"a recording made on this memory where it stands plays: exit {rc} {err.strip()}")
    rc, _, err = run("--headless", "--playback", nostart)
    check(rc == 0, f"a recording without start plays on a fresh memory in RAM: exit {rc} {err.strip()}")


def utc_now():
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


def test_clock(tmp):
    """The header's clock does not stamp a memory on disk: its rounds carry the real time
    (while a memory in RAM, which keeps nothing, may follow it)."""
    for i, clock in enumerate(("2001-01-01 00:00:00", "2031-06-01 00:00:00")):
        data = os.path.join(tmp, f"clock{i}")
        rec = write_lines(os.path.join(tmp, f"clock{i}.jsonl"),
                          [{"slotcab_recording": 1, "game": "mona-lisa-jewels", "seed": "5", "clock": clock},
                           {"tick": 30, "type": "key", "key": "Return", "mod": 0}, {"tick": 600, "type": "end"}])
        t0 = utc_now()
        rc, _, err = run("--headless", "--playback", rec, "--data-dir", data)
        t1 = utc_now()
        check(rc == 0, f"a round under the clock {clock}: exit {rc} {err.strip()}")
        if rc:
            continue
        with sqlite3.connect(os.path.join(data, "slotcab.db")) as db:
            rows = db.execute("SELECT started, settled FROM rounds").fetchall()
        check(len(rows) == 1 and all(t0 <= t <= t1 for t in rows[0]),
              f"the round under the clock {clock} is stamped with the real time ({t0} .. {t1}): {rows}")


def test_limits(tmp):
    """Files past the limits are refused at once, without growing; a FIFO ends on SIGTERM."""
    t = time.monotonic()
    expect_error(["--headless", "--playback", "/dev/zero"], "--playback /dev/zero", "larger than")
    check(time.monotonic() - t < 20, "/dev/zero is refused at once")
    big = os.path.join(tmp, "big.jsonl")
    with open(big, "w") as f:
        f.write('{"slotcab_recording": 1}\n')
        f.truncate(65 << 20)
    expect_error(["--headless", "--playback", big], "--playback " + big, "larger than 64 MiB")
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    p = subprocess.Popen([SLOTCAB, "--headless", "--playback", fifo], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    with open(fifo, "w") as f:  # returns once slotcab has opened it to read
        f.write('{"slotcab_recording": 1}\n{"tick": 1, "type": "key", "key": "A", "mod": 0}\n')
        f.flush()
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            check(False, "--playback FIFO: SIGTERM did not end it")


with tempfile.TemporaryDirectory(prefix="slotcab-playback-") as tmp:
    rec1, d1 = test_round_trip(tmp)
    test_bad_files(tmp, rec1, d1)
    test_binding(tmp, d1)
    test_clock(tmp)
    test_limits(tmp)
finish()
