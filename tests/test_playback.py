"""Input recording and playback (--record, --playback, --shot-every), headless.

  test_playback.py SLOTCAB

A hand-written input script in the recording format drives a seeded session on a fresh
memory: the lobby, each of the four games (its tile clicked, a round or two played, the
paytable, rules, history, options and autoplay windows opened and closed), back to the
lobby each time. It is played back once while recording (rec1, frames A), then rec1 is
played back while recording (rec2, frames B), each on a fresh memory:

- rec1 and rec2 hold the same inputs at the same ticks (and end at the same tick);
- the two memories hold the same rounds, journals, states, meters, wallet, settings and
  audit (only the demo credit's wall-clock time, stamped as a memory is made, may differ);
- the frames saved every N ticks are the same pixels;
- the session visited what it says: a round of every game in the memory, and every
  window opened changed the picture;
- bad recordings are one message naming the file, line and field, exit 2; flags that
  contradict a recording are refused; the memory must be where the recording began."""
import json
import os
import sqlite3
import sys
import tempfile

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
    for _ in range(2):  # two rounds: SPIN, then whatever the round waits for
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


def memory(data):
    db = sqlite3.connect(os.path.join(data, "slotcab.db"))
    out = {}
    for t in TABLES:  # every column but the seal, which is keyed by each memory's own key
        cols = ", ".join(c[1] for c in db.execute(f"PRAGMA table_info({t})") if c[1] != "chk")
        out[t] = list(db.execute(f"SELECT {cols} FROM {t} ORDER BY 1, 2"))
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


def frames_equal(a, b):
    names = sorted(n for n in os.listdir(a) if n.endswith(".png"))
    check(names == sorted(n for n in os.listdir(b) if n.endswith(".png")),
          f"the two playbacks saved the same frames ({len(names)} in {a})")
    differ = []
    for n in names:
        if not os.path.exists(os.path.join(b, n)):
            continue
        bad, _ = pngdiff.diff(pngdiff.load(os.path.join(a, n)), pngdiff.load(os.path.join(b, n)), tol=0)
        if bad:
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
    names = frames_equal(A, B)
    check(len(names) >= s.t // EVERY, f"a frame every {EVERY} ticks ({len(names)})")
    for game, win, t0, t1 in s.windows:
        share = changed(A, t0, t1)
        check(share > 0.2, f"{game}: the {win} window changed the picture ({share:.0%} of the pixels)")
    per = ", ".join("%s %d" % (g, sum(r[1] == g for r in m1["rounds"])) for g in GAMES)
    print(f"session: {last + 60} ticks, {len(want)} inputs, {len(m1['rounds'])} rounds ({per}), "
          f"{len(names)} frames")
    return rec1, d1


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


with tempfile.TemporaryDirectory(prefix="slotcab-playback-") as tmp:
    rec1, d1 = test_round_trip(tmp)
    test_bad_files(tmp, rec1, d1)
finish()
