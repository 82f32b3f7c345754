"""QA mode, as the command line and the operator's pages set it (headless: no display needed).

  test_qa.py SLOTCAB

- `--kiosk --qa` (either order) is exit 2 with one line naming --qa; a kiosk is never in QA mode;
- `--event-log FILE` in a window outside QA mode is exit 2 with one line naming the flag, before
  any window opens;
- the operator's pages (a headless playback: Ctrl+Alt+O, the PIN, the settings page's last row,
  Right) turn QA mode on: the memory keeps qa_mode = 1 and the operator log says so
  ("setting", "qa_mode: (unset) -> 1"); Right again turns it off, logged too; with it on, the
  same --event-log run gets past that check (it then fails only for want of a display).
The window's side (F3, F2 and F12 with and without QA mode, the kiosk's) is
test_slotcab_qa.sh's and test_slotcab_kiosk.sh's."""
import json
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTCAB = sys.argv[1]
NO_DISPLAY = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "x11"}


def run(*args, env=None, timeout=120):
    rc, out, err = run_slotcab(SLOTCAB, *args, env=env, timeout=timeout)
    check("Segmentation" not in err and "AddressSanitizer" not in err and "runtime error" not in err,
          f"{args}: crashed: {err.strip()[:300]}")
    return rc, out, err


def one_line(err):
    return len(err.strip().splitlines()) == 1


def test_flags(tmp):
    for args in (["--kiosk", "--qa"], ["--qa", "--kiosk"]):
        rc, out, err = run(*args, "--data-dir", os.path.join(tmp, "never"), env=NO_DISPLAY)
        check(rc == 2 and one_line(err) and "--qa" in err and "--kiosk" in err,
              f"{args}: exit 2, one line naming --qa: exit {rc} {err.strip()!r}")
        check(not os.path.exists(os.path.join(tmp, "never")), f"{args}: wrote no memory")


def setting_rows(data):
    with sqlite3.connect(os.path.join(data, "slotcab.db")) as c:
        row = c.execute("SELECT value FROM settings WHERE key = 'qa_mode'").fetchone()
        log = [d for (d,) in c.execute("SELECT detail FROM oplog WHERE what = 'setting' AND detail LIKE 'qa_mode%' ORDER BY rowid")]
    return row[0] if row else None, log


def toggle(tmp, data, n):
    """The operator's pages in a headless playback: the door, the PIN, the settings page's
    last row (QA mode), Right n times."""
    keys = [("O", 320)] + [(k, 0) for k in ("4", "8", "6", "2", "Return")]
    lines = [{"slotcab_recording": 1, "seed": "5"}]
    lines += [{"tick": 10 + 10 * i, "type": "key", "key": k, "mod": m} for i, (k, m) in enumerate(keys)]
    lines += [{"tick": 200, "type": "key", "key": "4"}]
    lines += [{"tick": 210 + i, "type": "key", "key": "Down"} for i in range(150)]
    lines += [{"tick": 400 + 10 * i, "type": "key", "key": "Right"} for i in range(n)]
    lines += [{"tick": 500, "type": "end"}]
    script = os.path.join(tmp, "qa.jsonl")
    with open(script, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in lines))
    # drawn now and then: the door checks a PIN once its "checking..." has been drawn
    return run("--headless", "--playback", script, "--data-dir", data, "--shots", os.path.join(tmp, f"s{n}"),
               "--shot-every", "100", "--size", "480x270")


def test_operator_setting(tmp):
    data = os.path.join(tmp, "data")
    pin = os.path.join(tmp, "pin")
    with open(pin, "w") as f:
        f.write("4862\n")
    os.chmod(pin, 0o600)  # a PIN file others may read is refused
    rc, _, err = run("--headless", "--operator", "--pin-file", pin, "--data-dir", data,
                     "--shots", os.path.join(tmp, "op"))
    check(rc == 0, f"the operator's PIN set: exit {rc} {err.strip()}")
    log = os.path.join(tmp, "events.jsonl")
    # outside QA mode a window refuses --event-log, before it opens
    rc, _, err = run("--event-log", log, "--data-dir", data, env=NO_DISPLAY)
    check(rc == 2 and one_line(err) and "--event-log" in err and "QA mode" in err,
          f"--event-log in a window outside QA mode: exit 2 naming the flag: exit {rc} {err.strip()!r}")
    rc, _, err = toggle(tmp, data, 1)
    value, logged = setting_rows(data)
    check(rc == 0 and value == "1" and logged == ["qa_mode: (unset) -> 1"],
          f"the settings page turns QA mode on, logged: exit {rc} {value!r} {logged} {err.strip()}")
    rc, out, err = run("--audit", "--data-dir", data)
    audit = json.loads(out) if out.strip() else {}
    check(rc == 0 and audit.get("integrity_ok"), f"the memory is sound after the setting: exit {rc}")
    # QA mode on: the same run gets past the check (and fails only for want of a display)
    rc, _, err = run("--event-log", log, "--data-dir", data, env=NO_DISPLAY)
    check(rc != 0 and "--event-log" not in err, f"with the setting on, --event-log is QA's: exit {rc} {err.strip()!r}")
    rc, _, err = toggle(tmp, data, 1)
    value, logged = setting_rows(data)
    check(rc == 0 and value == "0" and logged[-1:] == ["qa_mode: 1 -> 0"] and len(logged) == 2,
          f"Right again turns it off, logged: exit {rc} {value!r} {logged} {err.strip()}")


with tempfile.TemporaryDirectory() as tmp:
    test_flags(tmp)
    test_operator_setting(tmp)
finish()
