"""The language the cabinet speaks, chosen where people choose (issue 34; core/lang.h).

  test_lang_choice.py SLOTCAB SOURCE_ROOT [--update-golden]

- --lang: en or es; any other is refused naming the flag and the languages (exit 2);
- the environment: LANG=es_ES.UTF-8 alone gives the same Spanish lobby as --lang es, and
  LANG=C the English one; --lang wins over the environment;
- the lobby in Spanish (its words, the balance "1.000,00 €", RTP "96,11 %") against its
  golden, and in English against the English golden, unchanged by the catalogue;
- the player's choice: in a game, OPTIONS, Español, SAVE: the game opens again in Spanish (its
  frame after SAVE against a golden), with nothing of the language kept in the memory;
- a recording keeps the language its session began in, and its playback speaks it (the same
  pixels whatever the environment); --lang against it, or a language not spoken, is refused;
- a page of each game in Spanish against its golden: Mona Lisa's free spins, Gonzo's Gold's
  paytable, Phoenix Graveyard's battle, Gnomos Mix's Find the Prizes."""
import json
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib  # noqa: E402
from testlib import check, finish, run_slotcab  # noqa: E402
import pngdiff  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]
UPDATE = "--update-golden" in sys.argv
GOLDEN = os.path.join(ROOT, "tests", "golden")
SIZE = "960x540"
NO_LANG = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def run(*args, env=None):
    return run_slotcab(SLOTCAB, *args, env={**NO_LANG, **(env or {})})


def lobby(tmp, name, *flags, env=None):
    d = os.path.join(tmp, name)
    rc, _, err = run("--headless", "--shots", d, "--size", SIZE, *flags, env=env)
    check(rc == 0, f"{name}: exit {rc}: {err.strip()}")
    return os.path.join(d, "lobby.png")


def same(a, b):
    bad, _ = pngdiff.diff(pngdiff.load(a), pngdiff.load(b), tol=0)
    return bad == 0


def test_flag_and_environment(tmp):
    rc, _, err = run("--lang", "fr", "--headless", "--shots", os.path.join(tmp, "fr"))
    check(rc == 2 and "--lang" in err and '"fr"' in err and "en, es" in err,
          f"--lang fr: refused naming the flag and the languages (exit {rc}: {err.strip()})")
    en = lobby(tmp, "en")
    es = lobby(tmp, "es", "--lang", "es")
    check(not same(en, es), "the Spanish lobby is not the English one")
    check(same(lobby(tmp, "env-es", env={"LANG": "es_ES.UTF-8"}), es), "LANG=es_ES.UTF-8 speaks Spanish")
    check(same(lobby(tmp, "env-messages", env={"LC_MESSAGES": "es_AR"}), es), "LC_MESSAGES=es_AR speaks Spanish")
    check(same(lobby(tmp, "flag-wins", "--lang", "en", env={"LANG": "es_ES.UTF-8"}), en),
          "--lang en wins over LANG=es_ES.UTF-8")
    testlib.golden(es, os.path.join(GOLDEN, "lobby-es.png"), "the lobby in Spanish", UPDATE)
    testlib.golden(en, os.path.join(GOLDEN, "lobby-en.png"), "the lobby in English", UPDATE)


def test_players_choice(tmp):
    """Mona Lisa Jewels opened from the lobby, OPTIONS, Español, SAVE (canvas coordinates)."""
    lines = [{"slotcab_recording": 1}]
    for tick, x, y in ((30, 300, 580), (150, 1590, 76), (210, 1158, 748), (240, 820, 860)):
        lines += [{"tick": tick, "type": t, "x": x, "y": y} for t in ("move", "press", "release")]
    lines.append({"tick": 330, "type": "end"})
    script = os.path.join(tmp, "choose.jsonl")
    with open(script, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in lines))
    data, shots = os.path.join(tmp, "data"), os.path.join(tmp, "choose")
    rc, _, err = run("--headless", "--seed", "5", "--data-dir", data, "--playback", script, "--shots", shots,
                     "--shot-every", "30", "--size", SIZE)
    check(rc == 0, f"the choice played back: exit {rc}: {err.strip()}")
    before, after = os.path.join(shots, "t000210.png"), os.path.join(shots, "t000300.png")
    if not check(os.path.exists(before) and os.path.exists(after), f"frames 210 and 300 in {shots}"):
        return
    check(not same(before, after), "SAVE closed the options window and drew the game again")
    # the game drawn again, in Spanish
    testlib.golden(after, os.path.join(GOLDEN, "lang-chosen-es.png"), "the game after Español, SAVE", UPDATE)
    db = sqlite3.connect(os.path.join(data, "slotcab.db"))
    kept = [r for r in db.execute("SELECT key, value FROM settings") if "lang" in r[0].lower()
            or r[1] in ("es", "en")]
    db.close()
    check(not kept, f"the memory keeps no language (settings: {kept})")


# A page of each game in Spanish (issue 34: "a golden per language for a page of each game"):
# a feature of each, and Gonzo's Gold's paytable; their English pages are goldens of
# test_slotcab.py. (scenario in tests/scenarios, the picture --shots makes, --open page)
GAME_PAGES = (
    ("mona-lisa-free-spin-multiplier", "r01-s08-win-02", None, "es-mona-lisa-free-spins"),
    ("gonzos-gold-feature", "paytable-1", "paytable", "es-gonzos-gold-paytable"),
    ("phoenix-graveyard-battle-reaper", "r01-s04-battle-02", None, "es-phoenix-graveyard-battle"),
    ("gnomos-mix-upper-find-the-prizes", "r01-uncovered-03", None, "es-gnomos-mix-find-the-prizes"),
)


def test_game_pages(tmp):
    for scenario, shot, page, golden in GAME_PAGES:
        d = os.path.join(tmp, golden)
        rc, _, err = run("--headless", "--lang", "es", "--scenario", os.path.join(ROOT, "tests", "scenarios", scenario + ".json"),
                         "--shots", d, "--size", SIZE, *(["--open", page] if page else []))
        png = os.path.join(d, shot + ".png")
        if check(rc == 0 and os.path.exists(png), f"{scenario} in Spanish: {shot}: exit {rc}: {err.strip()}"):
            testlib.golden(png, os.path.join(GOLDEN, golden + ".png"), f"{scenario}'s {shot} in Spanish", UPDATE)


def test_recording_keeps_the_language(tmp):
    """A recording says the language its session began in (header field "lang"); its playback
    speaks it whatever the environment, so that it gives the same pixels; --lang that differs
    from it is refused, and so is a language the cabinet does not speak."""
    src = os.path.join(tmp, "rec-src.jsonl")
    with open(src, "w") as f:
        f.write(json.dumps({"slotcab_recording": 1, "game": "mona-lisa-jewels"}) + "\n")
        f.write(json.dumps({"tick": 40, "type": "key", "key": "Space", "mod": 0}) + "\n")
        f.write(json.dumps({"tick": 120, "type": "end"}) + "\n")
    rec, a, b = os.path.join(tmp, "rec-es.jsonl"), os.path.join(tmp, "rec-a"), os.path.join(tmp, "rec-b")
    rc, _, err = run("--headless", "--seed", "9", "--data-dir", os.path.join(tmp, "rec-d1"), "--playback", src,
                     "--lang", "es", "--record", rec, "--shots", a, "--shot-every", "30", "--size", SIZE)
    check(rc == 0, f"recorded in Spanish: exit {rc}: {err.strip()}")
    header = json.loads(open(rec).readline()) if os.path.exists(rec) else {}
    check(header.get("lang") == "es", f"the recording's header says its language: {header}")
    rc, _, err = run("--headless", "--data-dir", os.path.join(tmp, "rec-d2"), "--playback", rec, "--shots", b,
                     "--shot-every", "30", "--size", SIZE, env={"LANG": "C.UTF-8"})
    check(rc == 0, f"played back with LANG=C: exit {rc}: {err.strip()}")
    frames = sorted(f for f in os.listdir(a) if f.endswith(".png")) if os.path.isdir(a) else []
    check(len(frames) >= 3 and all(os.path.exists(os.path.join(b, f)) and same(os.path.join(a, f), os.path.join(b, f))
                                   for f in frames),
          f"its playback speaks Spanish: the same {len(frames)} frames, pixel for pixel")
    rc, _, err = run("--headless", "--data-dir", os.path.join(tmp, "rec-d3"), "--playback", rec, "--lang", "en",
                     "--shots", os.path.join(tmp, "rec-c"))
    check(rc == 2 and "--lang" in err and 'field "lang"' in err,
          f"--lang en against a Spanish recording: refused naming the flag and the field (exit {rc}: {err.strip()})")
    bad = os.path.join(tmp, "rec-fr.jsonl")
    with open(bad, "w") as f:
        f.write(json.dumps({"slotcab_recording": 1, "lang": "fr"}) + "\n" + json.dumps({"tick": 10, "type": "end"}) + "\n")
    rc, _, err = run("--headless", "--playback", bad, "--shots", os.path.join(tmp, "rec-fr"))
    check(rc == 2 and bad in err and 'field "lang"' in err and "en, es" in err,
          f"a recording in a language the cabinet does not speak: refused naming the file and field (exit {rc}: {err.strip()})")


with tempfile.TemporaryDirectory() as tmp:
    test_flag_and_environment(tmp)
    test_recording_keeps_the_language(tmp)
    test_players_choice(tmp)
    test_game_pages(tmp)
finish()
