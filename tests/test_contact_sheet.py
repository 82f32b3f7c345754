"""slotcab's contact sheet (--headless --contact-sheet DIR), as QA uses it.

  test_contact_sheet.py SLOTCAB SOURCE_ROOT [--game ID | --all]

- the page lists every named scenario of the game (its title, description and file) with its
  key frames: PNGs beside the page, linked relatively, each moment a scenario's "key_moments"
  names among them, and the round's final picture; no script, nothing from the network;
- against the real goldens (tests/golden/contact) nothing differs: exit status 0;
- against a copy of the goldens with one picture altered (a block of known size) and one
  removed: that frame is reported as differing, with the golden's copy, a difference picture
  whose red pixels are exactly the block, and the count of differing pixels; the removed one
  is counted without golden; exit status 1;
- a game added to the lobby (a copy of Mona Lisa Jewels under another id, data only) gets its
  section, its scenarios' cards and frames (without goldens: exit 0); a tester's file from
  --scenario-dir is shown among them, marked as theirs; a broken one is a card saying why,
  naming the file and the field, the page written all the same, exit status 2;
- in Spanish (--lang es): the frames against their own goldens (tests/golden/contact-es), all
  matching, and most of them unlike the English ones;
- bad flags: --contact-sheet without --headless, with --scenario, with --data-dir, without its
  folder; --golden without --contact-sheet or not a folder; --game not in the lobby: exit
  status 2, one message naming the flag.

The suite runs it for one game (Mona Lisa Jewels, by default); --all plays every game (the
whole sheet, a minute or two: docs/architecture.md "Long checks")."""
import html
import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, failures, run_slotcab  # noqa: E402
import pngdiff  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]
ALL = "--all" in sys.argv
GAME = sys.argv[sys.argv.index("--game") + 1] if "--game" in sys.argv else "mona-lisa-jewels"
GOLDEN = os.path.join(ROOT, "tests", "golden", "contact")




def run(*args):
    rc, out, err = run_slotcab(SLOTCAB, *args, timeout=900)
    check("Sanitizer" not in err and "runtime error" not in err,
          f"{args}: the sanitizers found a problem: {err[:400]}")
    return rc, out, err


def sheet(out, *extra):
    game = () if ALL else ("--game", GAME)
    return run("--headless", "--contact-sheet", out, *game, *extra)


def games():
    lobby = json.load(open(os.path.join(ROOT, "themes", "lobby.json")))
    return [g["id"] for g in lobby["games"]] if ALL else [GAME]


def scenarios(game):
    d = os.path.join(ROOT, "games", game, "scenarios")
    return sorted(f for f in os.listdir(d) if f.endswith(".json"))


def summary(page):
    """{"scenarios": N, "frames": N, "differ": N, "without golden": N}"""
    return {what: int(n) for n, what in re.findall(r'<div class="stat[^"]*"><b>(\d+)</b>([^<]+)</div>', page)}


def escaped(text):
    """text as the page writes it: &, <, > and " escaped (an apostrophe as it is)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def card(page, game, stem):
    m = re.search(r'<div class="card (\w+)" id="%s-%s">(.*?)\n</div>\n(?=<div class="card|<h2|</body>)'
                  % (re.escape(game), re.escape(stem)), page, re.S)
    return (m.group(1), m.group(2)) if m else (None, "")


def test_page(out, page):
    """Every scenario of the game, with its title, description, file and key frames."""
    check("<script" not in page and "http:" not in page and "https:" not in page,
          "the page needs no script and nothing from the network")
    total = 0
    for game in games():
        for f in scenarios(game):
            total += 1
            stem = f[:-5]
            sc = json.load(open(os.path.join(ROOT, "games", game, "scenarios", f)))
            cls, body = card(page, game, stem)
            if cls is None:
                check(False, f"{game}/{f}: no card on the page")
                continue
            for what in (sc["title"], sc["description"], f):
                check(escaped(what) in body, f"{game}/{f}: its card should show {what!r}")
            frames = re.findall(r'<img src="([^"]+)"', body)
            check(frames, f"{game}/{f}: its card shows no frame")
            for src in frames:
                check(not src.startswith("/") and ":" not in src, f"{src}: a link that is not relative")
                path = os.path.join(out, src)
                check(os.path.exists(path), f"{game}/{f}: {src} is not beside the page")
                if os.path.exists(path):
                    w, h, _ = pngdiff.load(path)
                    check((w, h) == (480, 270), f"{src}: {w}x{h}, expected 480x270")
            for m in sc.get("key_moments", []):
                check(f"{game}/{stem}-{m}.png" in frames, f"{game}/{f}: its key moment {m} is not shown")
            check('<span class="badge final">final</span>' in body, f"{game}/{f}: no final picture")
    s = summary(page)
    check(s.get("scenarios") == total, f"the summary counts {s.get('scenarios')} scenarios, expected {total}")
    return s


def test_same(tmp):
    out = os.path.join(tmp, "sheet")
    rc, stdout, err = sheet(out)
    check(rc == 0, f"against the real goldens: exit status {rc}, expected 0: {err.strip()[:600]}")
    page = open(os.path.join(out, "index.html")).read()
    s = test_page(out, page)
    check(s.get("differ") == 0 and s.get("without golden") == 0,
          f"against the real goldens every frame has one and matches it: {s}")
    check("0 differ" in stdout, f"stdout should sum it up: {stdout.strip()}")
    return out


def test_spanish(tmp, english):
    """--lang es: the frames in Spanish against their own goldens (tests/golden/contact-es),
    every frame having one and matching it; never against the English ones (the same frames
    differ from those)."""
    out = os.path.join(tmp, "sheet-es")
    rc, stdout, err = sheet(out, "--lang", "es")
    check(rc == 0, f"--lang es against tests/golden/contact-es: exit status {rc}, expected 0: {err.strip()[:600]}")
    page = open(os.path.join(out, "index.html")).read()
    s = test_page(out, page)
    check(s.get("differ") == 0 and s.get("without golden") == 0,
          f"--lang es: every frame has its Spanish golden and matches it: {s}")
    check("tests/golden/contact-es" in page, "--lang es: the page names the Spanish goldens")
    game = games()[0]
    stems = sorted(f for f in os.listdir(os.path.join(out, game)) if f.endswith(".png"))
    moved = 0
    for f in stems:
        bad, _ = pngdiff.diff(pngdiff.load(os.path.join(out, game, f)), pngdiff.load(os.path.join(english, game, f)), tol=10)
        moved += bad > 0
    check(moved * 2 >= len(stems), f"--lang es: the frames are Spanish ({moved} of {len(stems)} differ from the English ones)")


def altered_goldens(tmp, first):
    """A copy of the goldens with one picture changed (a 40x30 block shifted by 128 in every
    channel) and another removed; returns (folder, altered frame, removed frame)."""
    gold = os.path.join(tmp, "golden")
    shutil.copytree(GOLDEN, gold)
    game = games()[0]
    frames = sorted(os.listdir(os.path.join(first, game)))
    frames = [f for f in frames if f.endswith(".png")]
    altered, removed = frames[0], frames[-1]
    w, h, px = pngdiff.load(os.path.join(gold, game, altered))
    px = bytearray(px)
    for y in range(100, 130):
        for x in range(200, 240):
            for k in range(3):
                px[(y * w + x) * 4 + k] = (px[(y * w + x) * 4 + k] + 128) % 256
    pngdiff.save(os.path.join(gold, game, altered), (w, h, bytes(px)))
    os.unlink(os.path.join(gold, game, removed))
    return gold, f"{game}/{altered}", f"{game}/{removed}"


def test_differs(tmp, first):
    gold, altered, removed = altered_goldens(tmp, first)
    out = os.path.join(tmp, "sheet2")
    rc, stdout, err = sheet(out, "--golden", gold)
    check(rc == 1, f"one golden altered: exit status {rc}, expected 1: {err.strip()[:600]}")
    page = open(os.path.join(out, "index.html")).read()
    s = summary(page)
    check(s.get("differ") == 1 and s.get("without golden") == 1, f"one differs, one without golden: {s}")
    game, name = altered.split("/")
    stem = re.sub(r"-r\d\d-.*", "", name[:-4])
    cls, body = card(page, game, stem)
    check(cls == "differs", f"{altered}: its card is marked {cls}, expected differs")
    check("DIFFERS" in body and "1200 of 129600 pixels differ" in body,
          f"{altered}: the card should say 1200 of 129600 pixels differ: {body[:800]}")
    diff = os.path.join(out, game, "diff", name)
    check(f'src="{game}/diff/{name}"' in body and os.path.exists(diff), f"{altered}: no difference picture")
    check(f'src="{game}/golden/{name}"' in body and os.path.exists(os.path.join(out, game, "golden", name)),
          f"{altered}: the golden is not shown beside it")
    if os.path.exists(diff):
        w, h, px = pngdiff.load(diff)
        red = [(i // 4 % w, i // 4 // w) for i in range(0, len(px), 4)
               if px[i] == 255 and px[i + 1] == 0 and px[i + 2] == 0]
        check(len(red) == 1200 and min(red) == (200, 100) and max(red) == (239, 129),
              f"the difference picture's red pixels should be the altered block: {len(red)}")
    check(f'href="#{game}-{stem}"' in page, "the summary links to the card that differs")
    rgame, rname = removed.split("/")
    _, rbody = card(page, rgame, re.sub(r"-r\d\d-.*", "", rname[:-4]))
    check("no golden" in rbody, f"{removed}: its frame should be marked as without golden")


def new_game_tree(tmp):
    """games/ and themes/ with one game more in the lobby: Da Vinci Jewels, Mona Lisa Jewels'
    files under another id, with two of its scenarios; returns (games, themes)."""
    games_dir, themes_dir = os.path.join(tmp, "games"), os.path.join(tmp, "themes")
    shutil.copytree(os.path.join(ROOT, "games"), games_dir)
    shutil.copytree(os.path.join(ROOT, "themes"), themes_dir)
    new, old = "da-vinci-jewels", "mona-lisa-jewels"
    os.makedirs(os.path.join(games_dir, new, "scenarios"))
    os.makedirs(os.path.join(themes_dir, new))
    game = open(os.path.join(games_dir, old, "game.json")).read()
    open(os.path.join(games_dir, new, "game.json"), "w").write(
        game.replace(f'"id": "{old}"', f'"id": "{new}"', 1).replace('"name": "Mona Lisa Jewels"',
                                                                     '"name": "Da Vinci Jewels"', 1))
    theme = open(os.path.join(themes_dir, old, "theme.json")).read()
    open(os.path.join(themes_dir, new, "theme.json"), "w").write(theme.replace(f'"game": "{old}"',
                                                                              f'"game": "{new}"', 1))
    for f in ("01-line-win.json", "05-progressive-jackpot.json"):
        sc = open(os.path.join(games_dir, old, "scenarios", f)).read()
        open(os.path.join(games_dir, new, "scenarios", f), "w").write(sc.replace(f'"game": "{old}"',
                                                                                 f'"game": "{new}"', 1))
    lobby = json.load(open(os.path.join(themes_dir, "lobby.json")))
    lobby["games"].append({"id": new, "name": "Da Vinci Jewels", "tile": "lobby/mona-lisa-jewels.svg"})
    json.dump(lobby, open(os.path.join(themes_dir, "lobby.json"), "w"))
    return games_dir, themes_dir


def test_new_game_and_yours(tmp):
    games_dir, themes_dir = new_game_tree(tmp)
    mine = os.path.join(tmp, "mine")
    os.makedirs(mine)
    line = open(os.path.join(games_dir, "da-vinci-jewels", "scenarios", "01-line-win.json")).read()
    open(os.path.join(mine, "my-line.json"), "w").write(line.replace('"A line win"', '"My own line win"'))
    broken = os.path.join(mine, "broken.json")
    open(broken, "w").write('{"game": "da-vinci-jewels", "seed": 1, "spins": [{"screen": [["A"]]}]}')
    unshot = os.path.join(mine, "unshot.json")
    open(unshot, "w").write(line.replace('"title"', '"key_moments": ["r01-s00-jackpot"], "title"', 1))
    out = os.path.join(tmp, "sheet-new")
    args = ("--headless", "--contact-sheet", out, "--game", "da-vinci-jewels", "--games", games_dir,
            "--themes", themes_dir, "--scenario-dir", mine)
    rc, _, err = run(*args)
    check(rc == 2, f"a broken scenario of --scenario-dir: exit status {rc}, expected 2")
    check(broken in err and "spins[0].screen" in err, f"stderr should name the broken file and field: {err!r}")
    page = open(os.path.join(out, "index.html")).read()
    check("<h2 id=\"da-vinci-jewels\">Da Vinci Jewels" in page, "the new game has its section")
    cls, body = card(page, "da-vinci-jewels", "broken")
    check(cls == "failed" and "spins[0].screen" in body, f"the broken scenario's card says why: {cls} {body[:400]}")
    cls, body = card(page, "da-vinci-jewels", "unshot")
    check(cls == "failed" and "key_moments[0]: &quot;r01-s00-jackpot&quot; was not shot" in body,
          f"a key moment its round does not shoot is said on its card: {cls} {body[:400]}")
    check(f"{unshot}: key_moments[0]" in err, f"and on stderr: {err!r}")
    for stem, key in (("01-line-win", "r01-s00-win-01"), ("05-progressive-jackpot", "r01-s00-jackpot"),
                      ("my-line", "r01-s00-win-01")):
        cls, body = card(page, "da-vinci-jewels", stem)
        check(cls == "nogolden" and f'src="da-vinci-jewels/{stem}-{key}.png"' in body,
              f"da-vinci-jewels/{stem}: its card shows {key}, without golden: {cls}")
    check("My own line win" in page and "(yours, --scenario-dir)" in page, "the tester's file is shown as theirs")
    os.unlink(broken)
    os.unlink(unshot)
    rc, stdout, err = run(*args)
    check(rc == 0, f"frames without goldens do not fail the sheet: exit status {rc}: {err.strip()[:400]}")
    check("3 scenarios, 6 frames, 0 differ, 6 without golden" in stdout, f"its summary: {stdout.strip()}")


def test_flags(tmp):
    out = os.path.join(tmp, "bad")
    scen = os.path.join(ROOT, "games", GAME, "scenarios", scenarios(GAME)[0])
    for args, *needles in [
        (["--contact-sheet", out], "--contact-sheet", "only with --headless"),
        (["--headless", "--contact-sheet", out, "--scenario", scen], "--contact-sheet", "--scenario"),
        (["--headless", "--contact-sheet", out, "--data-dir", tmp], "--contact-sheet", "--data-dir"),
        (["--headless", "--contact-sheet"], "--contact-sheet", "needs a value"),
        (["--headless", "--contact-sheet", ""], "--contact-sheet", "folder"),
        (["--headless", "--scenario", scen, "--golden", tmp], "--golden", "only with --contact-sheet"),
        (["--headless", "--contact-sheet", out, "--golden", os.path.join(tmp, "none")], "--golden", "not a folder"),
        (["--headless", "--contact-sheet", out, "--game", "pinball"], "--game pinball", "lobby"),
        (["--headless", "--contact-sheet", os.path.join(tmp, "no", "such")], "--contact-sheet", "no/such"),
        (["--headless", "--contact-sheet", out, "--games", tmp], "--contact-sheet", "no scenario to play"),
    ]:
        rc, _, err = run(*args)
        check(rc == 2, f"{args}: exit status {rc}, expected 2 ({err.strip()})")
        for n in needles:
            check(n in err, f"{args}: the message {err.strip()!r} should name {n!r}")
        check(err.count("\n") == 1, f"{args}: one message, got {err!r}")


def main():
    with tempfile.TemporaryDirectory(prefix="slotcab-contact-") as tmp:
        test_flags(tmp)
        test_new_game_and_yours(tmp)
        first = test_same(tmp)
        test_spanish(tmp, first)
        test_differs(tmp, first)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    print("contact sheet: ok")


main()
