"""The operator's door, headless, as the command line drives it.

  test_operator.py SLOTCAB SOURCE_ROOT

- without --pin-file, `--headless --operator --shots DIR` saves the door only
  (operator-door.png, the keypad drawn) and sets no PIN;
- --pin-file FILE sets the PIN the first time and opens the pages (operator-1..5.png); the
  memory keeps a libsodium Argon2id hash, never the PIN;
- the right PIN file opens the pages again; a wrong one shows the door, says "wrong PIN" with
  the tries left and exits 1; three wrong in a row lock the door, across runs, and then even
  the right PIN is refused while the lock lasts;
- every opening, wrong PIN and lock-out is in `slotcab --audit`'s operator_log; the PIN is in
  no output;
- a --pin-file that is missing, empty, a folder, or whose first line is not 4 to 8 digits, or
  that others may read (any group or other permission bit), is exit 2 with a message naming
  the flag and the file, and writes nothing;
- the lock-out is stamped with the real clock (never the headless run's fixed one): its end
  is a minute from the real time, and a try while locked leaves it as it is;
- the door's PIN check does not depend on frames drawn: a recording typing PINs at the door
  logs the same tries with and without --shots --shot-every 1;
- a recording's clock cannot open a locked door nor stamp the log;
- in Spanish (--lang es) the pages are drawn the Spanish way (money "1.000,00"), while the
  memory's log and the door's message on stderr stay English."""
import json
import os
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402
import pngdiff  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]
PIN, WRONG = "4862", "1379"




def run(*args, timeout=120):
    rc, out, err = run_slotcab(SLOTCAB, *args, timeout=timeout)
    check("Segmentation" not in err and "AddressSanitizer" not in err and
          "runtime error" not in err, f"{args}: crashed: {err.strip()[:300]}")
    check(PIN not in out + err and WRONG not in out + err, f"{args}: a PIN was printed")
    return rc, out, err


def operator(data, shots, pin_file=None):
    args = ["--headless", "--operator", "--shots", shots, "--data-dir", data]
    return run(*args, *(["--pin-file", pin_file] if pin_file else []))


def oplog(data):
    rc, out, _ = run("--audit", "--data-dir", data)
    a = json.loads(out) if out.strip() else {}
    check(rc == 0 and a.get("integrity_ok") and a.get("reconciled"),
          f"the audit after the door's writes: exit {rc}")
    return [(e["what"], e["detail"]) for e in a.get("operator_log", [])]


def setting(data, key):
    with sqlite3.connect(os.path.join(data, "slotcab.db")) as c:
        row = c.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def write(path, text, mode=0o600):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)  # a PIN file must be private to its owner
    return path


def keypad_drawn(png):
    """The ENTER key (canvas 710..1210 x 884..972) is mostly gold: the door was drawn."""
    w, h, px = pngdiff.load(png)
    sx, sy = w / 1920, h / 1080
    gold = total = 0
    for y in range(int(900 * sy), int(960 * sy), 3):
        for x in range(int(760 * sx), int(1160 * sx), 5):
            r, g, b = px[(y * w + x) * 4:(y * w + x) * 4 + 3]
            total += 1
            gold += r > 150 and g > 100 and b < 90
    return gold > total * 0.6


def pages(shots):
    return sorted(os.listdir(shots)) if os.path.isdir(shots) else []


def test_door(tmp):
    data = os.path.join(tmp, "data")
    rc, _, err = run("--headless", "--game", "mona-lisa-jewels", "--autoplay", "3", "--data-dir", data)
    check(rc == 0, f"a memory to open: exit {rc} {err.strip()}")

    # no PIN file: the door's picture (a new PIN to set), nothing written
    shots = os.path.join(tmp, "door")
    rc, _, err = operator(data, shots)
    check(rc == 0 and pages(shots) == ["operator-door.png"],
          f"--operator --shots without --pin-file: exit {rc}, {pages(shots)} {err.strip()}")
    if pages(shots) == ["operator-door.png"]:
        check(keypad_drawn(os.path.join(shots, "operator-door.png")), "the door shows its keypad")
    check(setting(data, "operator.pin_hash") is None, "no PIN is set by looking at the door")
    check(oplog(data) == [], "looking at the door logs nothing")

    # the first --pin-file sets the PIN and opens the pages
    pin = write(os.path.join(tmp, "pin"), PIN + "\n")
    shots = os.path.join(tmp, "first")
    rc, _, err = operator(data, shots, pin)
    check(rc == 0 and pages(shots) == [f"operator-{i}.png" for i in range(1, 6)],
          f"--pin-file the first time: exit {rc}, {pages(shots)} {err.strip()}")
    h = setting(data, "operator.pin_hash") or ""
    check(h.startswith("$argon2id$") and PIN not in h, f"the PIN is kept as a hash: {h[:20]}")
    log = oplog(data)
    check(log == [("pin set", "the first PIN (--pin-file)"), ("door opened", "--pin-file")],
          f"the log after setting the PIN: {log}")

    # the right PIN again (a line end in Windows style and a trailing blank are fine)
    shots = os.path.join(tmp, "again")
    rc, _, err = operator(data, shots, write(os.path.join(tmp, "pin-crlf"), PIN + " \r\nmore\n"))
    check(rc == 0 and len(pages(shots)) == 5, f"the right PIN opens: exit {rc} {err.strip()}")

    # a wrong PIN: the door, with the tries left; exit 1
    wrong = write(os.path.join(tmp, "wrong"), WRONG + "\n")
    shots = os.path.join(tmp, "wrong1")
    rc, _, err = operator(data, shots, wrong)
    check(rc == 1 and pages(shots) == ["operator-door.png"],
          f"a wrong PIN: exit {rc}, {pages(shots)}")
    check("wrong PIN, 2 tries left" in err and wrong in err, f"a wrong PIN says so: {err.strip()}")
    if pages(shots) == ["operator-door.png"]:
        check(keypad_drawn(os.path.join(shots, "operator-door.png")), "the wrong PIN's door is drawn")
    rc, _, err = operator(data, os.path.join(tmp, "wrong2"), wrong)
    check(rc == 1 and "1 try left" in err, f"the second wrong PIN: exit {rc} {err.strip()}")
    check(setting(data, "operator.pin_fails") == "2", "two wrong tries are kept in the memory")
    t0 = int(time.time())
    rc, _, err = operator(data, os.path.join(tmp, "wrong3"), wrong)
    t1 = int(time.time())
    check(rc == 1 and "locked for 60 s" in err, f"the third wrong PIN locks: exit {rc} {err.strip()}")
    # on the real clock, not the headless run's fixed 2026-01-01 12:00
    until = int(setting(data, "operator.pin_locked_until") or 0)
    check(t0 + 60 <= until <= t1 + 60, f"the lock ends a real minute from now: {until} ({t0}..{t1})")
    check(setting(data, "operator.pin_lockouts") == "1", "the first lock-out of a series is kept")
    # locked, across runs: the right PIN is refused too
    shots = os.path.join(tmp, "locked")
    rc, _, err = operator(data, shots, pin)
    check(rc == 1 and "locked for" in err and pages(shots) == ["operator-door.png"],
          f"the right PIN while locked: exit {rc}, {pages(shots)} {err.strip()}")
    check(int(setting(data, "operator.pin_locked_until") or 0) == until,
          "a headless try while locked leaves the lock's end as it is")
    log = oplog(data)
    whats = [w for w, _ in log]
    check(whats == ["pin set", "door opened", "door opened", "wrong pin", "wrong pin", "wrong pin",
                    "locked out", "locked out"], f"the log: {whats}")
    check(("locked out", "3 wrong PINs in a row: locked for 60 s (lock-out 1 since the right PIN)") in log,
          f"the lock-out: {log}")
    check(("wrong pin", "try 3 of 3 (--pin-file)") in log, f"the third try: {log}")
    return data


def test_bad_pin_files(tmp, data):
    before = oplog(data)
    folder = os.path.join(tmp, "a-folder")
    os.mkdir(folder)
    cases = [(os.path.join(tmp, "missing"), "cannot read"),
             (write(os.path.join(tmp, "empty"), ""), "4 to 8 digits"),
             (write(os.path.join(tmp, "short"), "123\n"), "4 to 8 digits"),
             (write(os.path.join(tmp, "long"), "123456789\n"), "4 to 8 digits"),
             (write(os.path.join(tmp, "letters"), "12ab\n"), "4 to 8 digits"),
             (write(os.path.join(tmp, "blank-first"), "\n" + PIN + "\n"), "4 to 8 digits"),
             (folder, "cannot read")]
    for mode in (0o644, 0o640, 0o604, 0o660):  # others may read it: refused, whatever it holds
        cases.append((write(os.path.join(tmp, f"pin-{mode:o}"), PIN + "\n", mode), "chmod 600"))
    for path, why in cases:
        shots = os.path.join(tmp, "bad-shots")
        rc, _, err = operator(data, shots, path)
        check(rc == 2 and "--pin-file" in err and path in err and why in err,
              f"--pin-file {os.path.basename(path)}: exit {rc}, {err.strip()!r}")
    check(oplog(data) == before, "a bad PIN file writes nothing to the log")
    # without a memory: a PIN file sets the PIN in RAM and opens the pages
    shots = os.path.join(tmp, "ram")
    rc, _, err = run("--headless", "--operator", "--shots", shots, "--pin-file",
                     write(os.path.join(tmp, "pin2"), "00000000\n"))
    check(rc == 0 and len(pages(shots)) == 5, f"--pin-file without --data-dir: exit {rc} {err.strip()}")


def door_script(path, pins, clock=None):
    """A recording: Ctrl+Alt+O in the lobby, then each PIN typed and ENTER."""
    head = {"slotcab_recording": 1, "seed": "5"}
    if clock:
        head["clock"] = clock
    lines, t = [head, {"tick": 30, "type": "key", "key": "O", "mod": 0x40 | 0x100}], 60
    for pin in pins:
        for c in pin:
            lines.append({"tick": t, "type": "key", "key": c, "mod": 0})
            t += 3
        lines.append({"tick": t, "type": "key", "key": "Return", "mod": 0})
        t += 30
    lines.append({"tick": t + 30, "type": "end"})
    with open(path, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in lines))
    return path


def with_pin(tmp, name):
    data = os.path.join(tmp, name)
    rc, _, err = operator(data, os.path.join(tmp, name + "-shots"), write(os.path.join(tmp, "pin-ok"), PIN + "\n"))
    check(rc == 0, f"{name}: the PIN is set: exit {rc} {err.strip()}")
    return data


def test_playback_door(tmp):
    """The door judges the same tries whether frames are drawn or not."""
    script = door_script(os.path.join(tmp, "door.jsonl"), [WRONG, WRONG, WRONG])
    logs = []
    # every frame drawn and saved, small (the door's judgement, not its pixels, is compared)
    every = ["--shots", os.path.join(tmp, "every"), "--shot-every", "1", "--size", "480x270"]
    for name, extra in (("plain", []), ("shots", every)):
        data = with_pin(tmp, "det-" + name)
        rc, _, err = run("--headless", "--playback", script, "--data-dir", data, *extra, timeout=300)
        check(rc == 0, f"the door's recording ({name}): exit {rc} {err.strip()}")
        logs.append((oplog(data)[2:], setting(data, "operator.pin_fails"), setting(data, "operator.pin_lockouts")))
    check(logs[0] == logs[1], f"the same tries with and without --shot-every 1: {logs}")
    whats = [w for w, _ in logs[0][0]]
    check(whats == ["wrong pin"] * 3 + ["locked out"], f"three wrong PINs typed, a lock-out: {whats}")
    return data


def test_playback_clock(tmp, data):
    """A recording's clock, years ahead or behind, neither opens the locked door nor stamps
    the log: the door and the memory keep the real time."""
    before = oplog(data)
    until = setting(data, "operator.pin_locked_until")
    script = door_script(os.path.join(tmp, "ahead.jsonl"), [PIN], clock="2031-01-01 00:00:00")
    frames = ["--shots", os.path.join(tmp, "clock-frames"), "--shot-every", "1", "--size", "480x270"]  # every frame drawn
    rc, _, err = run("--headless", "--playback", script, "--data-dir", data, *frames)
    check(rc == 0, f"the recording a year ahead: exit {rc} {err.strip()}")
    log = oplog(data)
    check(log == before, f"the right PIN under a clock years ahead: the keypad stays locked: {log[len(before):]}")
    check(setting(data, "operator.pin_locked_until") == until, "the lock's end is as it was")
    data = with_pin(tmp, "clock")
    script = door_script(os.path.join(tmp, "behind.jsonl"), [WRONG], clock="2001-01-01 00:00:00")
    t0 = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
    rc, _, err = run("--headless", "--playback", script, "--data-dir", data, *frames)
    t1 = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
    check(rc == 0, f"the recording years behind: exit {rc} {err.strip()}")
    with sqlite3.connect(os.path.join(data, "slotcab.db")) as c:
        rows = c.execute("SELECT at, what FROM oplog WHERE what = 'wrong pin'").fetchall()
    check(len(rows) == 1 and t0 <= rows[0][0] <= t1,
          f"the wrong PIN is logged at the real time ({t0} .. {t1}), not the recording's: {rows}")


def test_spanish(tmp):
    data = os.path.join(tmp, "es-data")
    pin = write(os.path.join(tmp, "es-pin"), PIN + "\n")
    shots = {lang: os.path.join(tmp, f"es-{lang}") for lang in ("en", "es")}
    for lang in ("en", "es"):  # the same memory, so the pages differ only by their language
        rc, _, err = run("--headless", "--operator", "--lang", lang, "--pin-file", pin,
                         "--shots", shots[lang], "--data-dir", data)
        check(rc == 0 and len(pages(shots[lang])) == 5, f"--lang {lang}: the pages: exit {rc} {err.strip()}")
    if all(len(pages(d)) == 5 for d in shots.values()):
        # the credits page: its amounts (1000.00 / 1.000,00) and words
        bad, total = pngdiff.diff(pngdiff.load(os.path.join(shots["en"], "operator-2.png")),
                                  pngdiff.load(os.path.join(shots["es"], "operator-2.png")), tol=8)
        check(bad > 1000, f"--lang es: the credits page is drawn in Spanish ({bad} of {total} pixels differ)")
    whats = [w for w, _ in oplog(data)]
    check(whats == ["pin set", "door opened", "door opened"], f"--lang es: the log stays English: {whats}")
    wrong = write(os.path.join(tmp, "es-wrong"), WRONG + "\n")
    rc, _, err = run("--headless", "--operator", "--lang", "es", "--pin-file", wrong,
                     "--shots", os.path.join(tmp, "es-wrong-door"), "--data-dir", data)
    check(rc == 1 and "wrong PIN, 2 tries left" in err,
          f"--lang es: a wrong PIN says so on stderr in English: exit {rc} {err.strip()}")


def test_cabinet_language(tmp):
    """The settings page's cabinet rows, the language: Right twice from the system's
    (English here) to Español, kept in the memory and logged; the cabinet then starts in
    Spanish, and --lang outranks it."""
    data = with_pin(tmp, "lang")
    script = door_script(os.path.join(tmp, "lang.jsonl"), [PIN])
    with open(script) as f:
        lines = [json.loads(x) for x in f]
    end = lines.pop()
    t = end["tick"]
    # the settings page, its last row (QA mode), two up: the language
    keys = ["4"] + ["Down"] * 400 + ["Up", "Up", "Right", "Right"]
    for k in keys:
        lines.append({"tick": t, "type": "key", "key": k, "mod": 0})
        t += 2
    lines.append({"tick": t + 30, "type": "end"})
    with open(script, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in lines))
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    rc, _, err = run_slotcab(SLOTCAB, "--headless", "--playback", script, "--data-dir", data, env=env, timeout=300)
    check(rc == 0, f"the language row: exit {rc} {err.strip()}")
    check(setting(data, "cabinet.lang") == "es", f"Right twice: Español kept ({setting(data, 'cabinet.lang')!r})")
    log = [w for w, d in oplog(data) if "cabinet.lang" in (d or "")]
    check(len(log) == 2, f"each change of the language is in the operator log: {oplog(data)[-3:]}")
    shots = {}
    for name, extra in (("operator's", []), ("--lang en", ["--lang", "en"])):
        d = os.path.join(tmp, "lang-" + name.replace(" ", ""))
        rc, _, err = run_slotcab(SLOTCAB, "--headless", "--shots", d, "--size", "960x540", "--data-dir", data,
                                 *extra, env=env)
        check(rc == 0, f"the lobby, {name}: exit {rc} {err.strip()}")
        shots[name] = os.path.join(d, "lobby.png")
    gold = os.path.join(ROOT, "tests", "golden")
    for name, g in (("operator's", "lobby-es.png"), ("--lang en", "lobby-en.png")):
        if os.path.exists(shots[name]):
            bad, total = pngdiff.diff(pngdiff.load(shots[name]), pngdiff.load(os.path.join(gold, g)), tol=10)
            check(bad <= total // 1000, f"the lobby, {name}: as {g} ({bad} pixels differ)")


with tempfile.TemporaryDirectory() as tmp:
    test_spanish(tmp)
    memory = test_door(tmp)
    test_bad_pin_files(tmp, memory)
    locked = test_playback_door(tmp)
    test_playback_clock(tmp, locked)
    test_cabinet_language(tmp)
finish()
