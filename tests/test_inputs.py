"""Hostile inputs and what the programs say about them.

  test_inputs.py SLOTCAB SOURCE_ROOT [contact|readers|sigterm|messages|shots ...]

- the contact sheet (--contact-sheet with --scenario-dir) of a scenario file named
  `x"><img src=x onerror=alert(4)>.json`: the page holds no tag or attribute made of the
  name (the card's id is made safe, its links percent-encoded and leading to the pictures);
  goldens that are a FIFO and /dev/zero are each a frame that differs, with a note;
- every file the programs read, given /dev/zero, a FIFO with no writer or a file past its size
  limit (game, theme, lobby, showcase, scenario, a font and an SVG of the assets, --deck,
  --pad-script, --pin-file): exit 2 at once, one line naming the flag or the file (slotsim's:
  tests/test_slotsim.py);
- files whose content or name holds a newline or an escape byte, and flags with such values:
  exit 2 and stderr exactly one line with no control byte (they are written \\n, \\x1b);
- --replay N --shots /dev/null: one line, exit 2; a picture that cannot be written stops the
  run with one line;
- SIGTERM ends a headless run that is playing a pad script.

The subprocess timeouts are a safety net for a hang, not a measure: every case ends at once."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.parse
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], os.path.abspath(sys.argv[2])
GAME = "mona-lisa-jewels"
SCENARIO = os.path.join(ROOT, "games", GAME, "scenarios", "01-line-win.json")
ODD = "x\n\x1b[31mred\x1b[0m\ry"  # a newline, terminal escapes, a carriage return
MIB = 1 << 20
ENV = {**os.environ, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"}


def run(prog, *args, timeout=60):
    """(exit status, stdout, stderr as bytes); a hang is a failure, not an exception."""
    try:
        p = subprocess.run([prog, *args], capture_output=True, timeout=timeout, env=ENV)
    except subprocess.TimeoutExpired:
        return None, b"", b"(did not end within %d s)" % timeout
    check(b"Sanitizer" not in p.stderr and b"runtime error" not in p.stderr,
          f"{args}: the sanitizers found a problem: {p.stderr[:400]!r}")
    return p.returncode, p.stdout, p.stderr


def one_line(err):
    """stderr is exactly one line, with no control byte in it."""
    return (err.endswith(b"\n") and err.count(b"\n") == 1 and
            not re.search(rb"[\x00-\x09\x0b-\x1f\x7f]", err) and b"\xc2\x9b" not in err)


def refused(what, prog, args, *needles):
    rc, _, err = run(prog, *args)
    text = err.decode("utf-8", "replace")
    check(rc == 2 and one_line(err) and all(n in text for n in needles),
          f"{what}: exit {rc}, stderr {err[:400]!r}, expected one line with {needles}")


def tree_with(tmp, name, src, replace):
    """A copy of the folder src as symlinks, with `replace` {relative path: target} put in."""
    dst = os.path.join(tmp, name)
    for d, _, files in os.walk(src):
        rel = os.path.relpath(d, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for f in files:
            r = os.path.normpath(os.path.join(rel, f))
            if r not in replace:
                os.symlink(os.path.join(d, f), os.path.join(dst, r))
    for r, target in replace.items():
        path = os.path.join(dst, r)
        if os.path.lexists(path):
            os.unlink(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        target(path)
    return dst


def zero(path):
    os.symlink("/dev/zero", path)


def fifo(path):
    os.mkfifo(path)


def huge(limit):
    def make(path):
        with open(path, "wb") as f:  # sparse: past the limit by one byte, nothing written
            f.truncate(limit + 1)
    return make


# ---- the contact sheet ---------------------------------------------------------------------

class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.ids, self.links = [], set(), []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for k in ("href", "src"):
            if a.get(k):
                self.links.append(a[k])


def test_contact_sheet(tmp):
    mine = os.path.join(tmp, "mine")
    os.makedirs(mine)
    name = 'x"><img src=x onerror=alert(4)>'
    shutil.copy(SCENARIO, os.path.join(mine, name + ".json"))
    # goldens of which one is a FIFO and one /dev/zero: each frame differs, with a note, at once
    fifo_png, zero_png = "01-line-win-r01-s00-win-01.png", "01-line-win-r01-s00-end.png"
    golden = tree_with(tmp, "golden", os.path.join(ROOT, "tests", "golden", "contact"),
                       {f"{GAME}/{fifo_png}": fifo, f"{GAME}/{zero_png}": zero})
    out = os.path.join(tmp, "sheet")
    rc, _, err = run(SLOTCAB, "--headless", "--contact-sheet", out, "--game", GAME, "--scenario-dir", mine,
                     "--golden", golden, timeout=600)
    check(rc == 1, f"contact sheet: exit {rc} (two goldens unreadable: 1): {err[-400:]!r}")
    page = open(os.path.join(out, "index.html"), encoding="utf-8").read()
    check(page.count("the golden could not be read") == 2 and "not a regular file" in page,
          "the goldens that are a FIFO and a device are each a note on their frame")
    check(name not in page and "<img src=x" not in page, "the file's name is nowhere in the page as it is")
    p = Tags()
    p.feed(page)
    check(not any("onerror" in attrs for _, attrs in p.tags), "no tag has an onerror attribute")
    check(all(t in ("html", "head", "meta", "title", "style", "body", "h1", "p", "code", "div", "b", "nav",
                    "a", "h2", "small", "h3", "span", "figure", "img", "figcaption", "details", "summary")
              for t, _ in p.tags), f"only the page's own tags: {sorted({t for t, _ in p.tags})}")
    for tag, attrs in p.tags:
        for k, v in attrs.items():
            check(v is None or ('"' not in v and "<" not in v), f"<{tag} {k}={v!r}>: no quote or < in a value")
    cards = [t for t in p.tags if t[0] == "div" and "card" in (t[1].get("class") or "")]
    ours = [a for _, a in cards if "onerror" in a.get("id", "")]
    check(len(ours) == 1 and re.fullmatch(r"[A-Za-z0-9._-]+", ours[0]["id"]),
          f"the card of the file has a safe id: {[a.get('id') for _, a in cards][-3:]}")
    for link in p.links:
        if link.startswith("#"):
            check(link[1:] in p.ids, f"the link {link} leads to an id of the page")
        else:
            check(os.path.isfile(os.path.join(out, urllib.parse.unquote(link))), f"the link {link} leads to its file")
    check(any("onerror" in urllib.parse.unquote(link) for link in p.links), "the file's pictures are linked")


# ---- size limits, devices and pipes --------------------------------------------------------

def test_readers(tmp):
    """Each reader given /dev/zero, a FIFO and a file one byte past its limit."""
    kinds = {"/dev/zero": zero, "a FIFO": fifo}
    n = [0]

    def place(make, name):
        n[0] += 1
        d = os.path.join(tmp, "r%d" % n[0])
        os.makedirs(d)
        path = os.path.join(d, name)
        make(path)
        return path

    games = os.path.join(ROOT, "games")
    themes = os.path.join(ROOT, "themes")
    play = ["--headless", "--game", GAME, "--autoplay", "1"]
    for kind, make in [*kinds.items(), ("16 MiB and a byte", huge(16 * MIB))]:
        big = "larger than 16 MiB" if kind.startswith("16") else ""
        g = tree_with(tmp, "games%d" % len(os.listdir(tmp)), games, {f"{GAME}/game.json": make})
        refused(f"game file, {kind}", SLOTCAB, [*play, "--games", g], f"{GAME}/game.json", big)
        t = tree_with(tmp, "themes%d" % len(os.listdir(tmp)), themes, {f"{GAME}/theme.json": make})
        refused(f"theme file, {kind}", SLOTCAB, [*play, "--themes", t], f"{GAME}/theme.json", big)
        t = tree_with(tmp, "themes%d" % len(os.listdir(tmp)), themes, {"lobby.json": make})
        refused(f"lobby, {kind}", SLOTCAB, ["--headless", "--themes", t, "--shots", place(os.makedirs, "shots")],
                "lobby.json", big)
        t = tree_with(tmp, "themes%d" % len(os.listdir(tmp)), themes, {f"{GAME}/showcase.json": make})
        refused(f"showcase, {kind}", SLOTCAB, ["--headless", "--attract", "--game", GAME, "--themes", t],
                f"{GAME}/showcase.json", big)
        s = place(make, "s.json")
        refused(f"--scenario, {kind}", SLOTCAB, ["--headless", "--scenario", s], s, big)
    assets = os.path.join(ROOT, "assets")
    for kind, make in [*kinds.items(), ("64 MiB and a byte", huge(64 * MIB))]:
        big = "larger than 64 MiB" if kind.startswith("64") else ""
        for art in ("fonts/DejaVuSans-Bold.ttf", f"{GAME}/background.svg"):
            a = tree_with(tmp, "assets%d" % len(os.listdir(tmp)), assets, {art: make})
            refused(f"{art}, {kind}", SLOTCAB, ["--headless", "--scenario", SCENARIO, "--assets", a, "--shots",
                                                place(os.makedirs, "shots")], os.path.basename(art), big)
    for kind, make in [*kinds.items(), ("1 MiB and a byte", huge(MIB))]:
        big = "larger than 1 MiB" if kind.startswith("1 MiB") else ""
        p = place(make, "deck.json")
        refused(f"--deck, {kind}", SLOTCAB, [*play, "--deck", p], "--deck", p, big)
        p = place(make, "x.pad")
        refused(f"--pad-script, {kind}", SLOTCAB, ["--headless", "--pad-script", p], "--pad-script", p, big)
    for kind, make in [*kinds.items(), ("4 KiB and a byte", huge(4096))]:
        p = place(make, "pin")
        if os.path.isfile(p):
            os.chmod(p, 0o600)  # a PIN file others may read is refused before its size is looked at
        refused(f"--pin-file, {kind}", SLOTCAB, ["--headless", "--operator", "--pin-file", p, "--data-dir",
                                                 os.path.join(tmp, "pin-data"), "--shots", tmp],
                "--pin-file", p, "larger than 4 KiB" if kind.startswith("4") else "")


def test_sigterm_pad_script(tmp):
    """A run playing a long pad script ends on SIGTERM (the deck says it attached the pad first)."""
    script = os.path.join(tmp, "long.pad")
    with open(script, "w") as f:
        f.write("0 pad attach\n100000000 end\n")
    p = subprocess.Popen([SLOTCAB, "--headless", "--pad-script", script], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=ENV)
    line = p.stdout.readline()
    check(b"attached" in line, f"the pad is attached: {line!r}")
    p.send_signal(signal.SIGTERM)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
        check(False, "SIGTERM ends a run playing a pad script")
    p.stdout.close()
    check(rc in (0, -signal.SIGTERM), f"SIGTERM: exit {rc}")


# ---- one line, control bytes escaped -------------------------------------------------------

def test_one_line_messages(tmp):
    odd_dir = os.path.join(tmp, "odd" + ODD)
    os.makedirs(odd_dir)
    sc = json.load(open(SCENARIO))
    with_field = dict(sc, **{ODD: 1})
    bad_scenario = os.path.join(tmp, "bad-field.json")
    json.dump(with_field, open(bad_scenario, "w"))
    odd_name = os.path.join(odd_dir, "s" + ODD + ".json")
    json.dump(with_field, open(odd_name, "w"))
    missing = os.path.join(tmp, "none" + ODD + ".json")
    # a game, a theme and the lobby with a field of that name
    game = json.load(open(os.path.join(ROOT, "games", GAME, "game.json")))
    theme = json.load(open(os.path.join(ROOT, "themes", GAME, "theme.json")))
    lobby = json.load(open(os.path.join(ROOT, "themes", "lobby.json")))

    def writer(obj):
        return lambda path: json.dump(dict(obj, **{ODD: 1}), open(path, "w"))
    g = tree_with(tmp, "odd-games", os.path.join(ROOT, "games"), {f"{GAME}/game.json": writer(game)})
    t = tree_with(tmp, "odd-themes", os.path.join(ROOT, "themes"), {f"{GAME}/theme.json": writer(theme)})
    lb = tree_with(tmp, "odd-lobby", os.path.join(ROOT, "themes"), {"lobby.json": writer(lobby)})
    deck = os.path.join(tmp, "deck.json")
    json.dump({"controller": {ODD: "spin"}}, open(deck, "w"))
    deck_value = os.path.join(tmp, "deck2.json")
    json.dump({"controller": {"a": ODD}}, open(deck_value, "w"))
    pad = os.path.join(tmp, "bad.pad")
    open(pad, "w").write("0 pad attach\n1 pad " + ODD + " down\n")
    pad_tick = os.path.join(tmp, "bad-tick.pad")
    open(pad_tick, "w").write("0\x1b[2J pad attach\n")
    play = ["--headless", "--game", GAME, "--autoplay", "1"]
    cases = [
        ("scenario with such a field", SLOTCAB, ["--headless", "--scenario", bad_scenario], "unknown field"),
        ("scenario named so", SLOTCAB, ["--headless", "--scenario", odd_name], "unknown field"),
        ("missing scenario named so", SLOTCAB, ["--headless", "--scenario", missing], "cannot read it"),
        ("game file with such a field", SLOTCAB, [*play, "--games", g], "unknown field"),
        ("theme with such a field", SLOTCAB, [*play, "--themes", t], "unknown field"),
        ("lobby with such a field", SLOTCAB, ["--headless", "--themes", lb, "--shots", tmp], "lobby.json"),
        ("deck with such an input", SLOTCAB, [*play, "--deck", deck], "--deck"),
        ("deck with such an action", SLOTCAB, [*play, "--deck", deck_value], "--deck"),
        ("missing deck named so", SLOTCAB, [*play, "--deck", missing], "--deck"),
        ("pad script with such an input", SLOTCAB, ["--headless", "--pad-script", pad], "line 2", False),
        ("pad script with such a tick", SLOTCAB, ["--headless", "--pad-script", pad_tick], "line 1", False),
        ("missing pad script named so", SLOTCAB, ["--headless", "--pad-script", missing], "--pad-script"),
        ("missing PIN file named so", SLOTCAB, ["--headless", "--operator", "--pin-file", missing, "--shots",
                                               tmp, "--data-dir", os.path.join(tmp, "d1")], "--pin-file"),
        ("unknown option", SLOTCAB, ["--x" + ODD], "unknown option"),
        ("--game", SLOTCAB, ["--headless", "--game", ODD, "--autoplay", "1"], "--game"),
        ("--scenario-dir", SLOTCAB, ["--headless", "--scenario-dir", missing, "--game", GAME], "--scenario-dir"),
        ("--scenarios", SLOTCAB, ["--headless", "--check-layout", "--scenarios", missing], "--scenarios"),
        ("--shots a file named so", SLOTCAB, ["--headless", "--scenario", SCENARIO, "--shots", odd_name], "--shots"),
        ("--playback named so", SLOTCAB, ["--headless", "--playback", missing], "--playback"),
        ("--games named so", SLOTCAB, [*play, "--games", missing], "game", False),
    ]
    for what, prog, args, needle, *quoted in cases:
        refused(what, prog, args, needle)
        if quoted != [False]:  # the message quotes the odd value or name: escaped
            rc, _, err = run(prog, *args)
            check(b"\\n" in err and b"\\x1b" in err, f"{what}: the odd bytes are shown escaped: {err!r}")


# ---- pictures that cannot be written -------------------------------------------------------

def test_shots_unwritable(tmp):
    data = os.path.join(tmp, "replay-data")
    rc, _, err = run(SLOTCAB, "--headless", "--game", "gonzos-gold", "--autoplay", "2", "--seed", "3",
                     "--data-dir", data, "--size", "480x270", timeout=300)
    check(rc == 0, f"two rounds played: exit {rc} {err!r}")
    refused("--replay 1 --shots /dev/null", SLOTCAB,
            ["--headless", "--replay", "1", "--shots", "/dev/null", "--data-dir", data, "--size", "480x270"],
            "--shots", "/dev/null")
    # every picture of the replay's name taken by a folder: the first that fails stops the run
    good = os.path.join(tmp, "replay-shots")
    os.makedirs(good)
    rc, _, err = run(SLOTCAB, "--headless", "--replay", "1", "--shots", good, "--data-dir", data,
                     "--size", "480x270", timeout=300)
    names = sorted(os.listdir(good))
    check(rc == 0 and len(names) >= 2, f"the replay's pictures: exit {rc}, {names}")
    blocked = os.path.join(tmp, "blocked-shots")
    for n in names:
        os.makedirs(os.path.join(blocked, n))
    refused("--replay 1, no picture can be written", SLOTCAB,
            ["--headless", "--replay", "1", "--shots", blocked, "--data-dir", data, "--size", "480x270"],
            "--shots", "cannot write")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for name, fn in [("contact", test_contact_sheet), ("readers", test_readers),
                         ("sigterm", test_sigterm_pad_script), ("messages", test_one_line_messages),
                         ("shots", test_shots_unwritable)]:
            if len(sys.argv) > 3 and name not in sys.argv[3:]:
                continue
            d = os.path.join(tmp, name)
            os.makedirs(d)
            fn(d)
    finish()


main()
