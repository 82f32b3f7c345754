#!/usr/bin/env python3
"""A scenario forces only what the game can produce (issue 31): every forced draw and landing
symbol the rules exclude at that point of the round is refused by `slotsim round` with exit 2
and one line naming the file, the spin, the draw (or cell) and why; a screen the reel strips
cannot show is played but reported as unreachable (text and JSON); play commands and draws a
round never used are noted on stderr. Each test is named after the rule sentence it enforces.

usage: test_forcing.py SLOTSIM SOURCE_ROOT"""
import json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish  # noqa: E402

SLOTSIM, ROOT = sys.argv[1], sys.argv[2]
DATA = os.path.join(ROOT, "tests", "data", "forcing")


def run(*args):
    p = subprocess.run([SLOTSIM, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def refused(name, why):
    """The data file `name` is refused: exit 2, one line naming it and saying `why`."""
    path = os.path.join(DATA, name)
    rc, out, err = run("round", "--scenario", path)
    want = f"slotsim: {path}: {why}\n"
    check(rc == 2 and out == "" and err == want, f"{name}: rc {rc}, stderr {err!r}, want {want!r}")


def scenario(d, *args):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(d, f)
    try:
        return run("round", "--scenario", f.name, *args) + (f.name,)
    finally:
        os.unlink(f.name)


def load(name):
    with open(os.path.join(DATA, name)) as f:
        return json.load(f)


def test_gnomos_the_remainder_is_rounded_randomly():
    """"1 Bonus ≈ €0.80 (The remainder is rounded randomly)": an exact amount has none, so a
    forced round-up is refused, in the lower game (1.60 = 2 Bonuses) and the upper (4.00 = 5)."""
    refused("gnomos-mix-round-up-exact-lower.json",
            "spin 1, draws.bonus_round: 1 rounds up, but 1.60 € is exactly 2 Bonuses; nothing to round")
    refused("gnomos-mix-round-up-exact-upper.json",
            "spin 1, draws.bonus_round: 1 rounds up, but 4.00 € is exactly 5 Bonuses; nothing to round")
    for name, bonuses in (("gnomos-mix-round-up-exact-lower.json", 2),
                          ("gnomos-mix-round-up-exact-upper.json", 5)):
        d = load(name)
        d["spins"][0]["draws"]["bonus_round"] = [0]  # not rounded up: what the game gives
        rc, out, err, _ = scenario(d, "--json")
        r = json.loads(out) if rc == 0 else {}
        won = sum(e.get("bonuses", 0) for e in r.get("events", []) if e["type"] == "risk")
        check(rc == 0 and err == "" and won == bonuses, f"{name} without the round-up: {rc} {err} {won}")


def test_gnomos_advances_when_a_prize_or_pair_could_have_been_won():
    """"...the machine detects that with a few more spins of any reel he could have won either
    a prize or the possibility of retaining two reels...": advances the line cannot use are
    refused (GRAPES ORANGE BLUE, stops 0, 1, 2: nothing within 1 advance)."""
    refused("gnomos-mix-advances-out-of-reach.json",
            "spin 1, draws.advances: 1, but the nearest prize or pair is 2 advances away; "
            "advances come when it is within their reach")
    d = load("gnomos-mix-advances-out-of-reach.json")
    d["spins"][0]["draws"]["advances"] = 2
    rc, out, err, _ = scenario(d, "--json")
    check(rc == 0 and '"type":"advance"' in out, f"two advances reach it: {rc} {err}")


def test_gnomos_three_choices_bonus_complements_a_less_advantageous_selection():
    """"Occasionally, this mini-game will also give a bonus prize, which will complement a less
    advantageous selection": none for the best offer (5.00, 5.00, then 15.00 accepted)."""
    refused("gnomos-mix-choice-bonus-best-offer.json",
            "spin 1, draws.choice_bonus: 5 Bonuses, but the prize accepted is the best offer; the "
            "bonus prize complements a less advantageous selection")
    d = load("gnomos-mix-choice-bonus-best-offer.json")
    d["spins"][0]["draws"]["choice"] = [5, 0, 0]  # 15.00 refused, 5.00 accepted: 10.00 below it
    d["spins"][0]["draws"]["choice_bonus"] = 12
    rc, out, err, _ = scenario(d, "--json")
    check(rc == 0 and err == "", f"12 Bonuses complement 5.00 up to 15.00: {rc} {err}")
    d["spins"][0]["draws"]["choice_bonus"] = 13  # 10.40: past the offer refused
    rc, out, err, name = scenario(d)
    check(rc == 2 and "draws.choice_bonus: 13 Bonuses (10.40 €), but they complement the "
          "selection up to the better offer refused, 10.00 € more" in err, f"13 Bonuses: {rc} {err}")


def test_gnomos_minigame_prizes_are_the_tables_prizes():
    """Three Choices: "the leprechaun will appear, displaying coins with associated prizes" (the
    game's prize table): an index past the table is refused, not cut to its last prize; a
    Strawberry basket hides "a prize" not yet shown in another basket."""
    d = load("gnomos-mix-choice-bonus-best-offer.json")
    d["spins"][0]["draws"] = {"minigame": 2, "choice": [15, 0, 0]}
    rc, _, err, name = scenario(d)
    check(rc == 2 and err == f"slotsim: {name}: spin 1, draws.choice[0]: 15, but the prize table "
          "minigame_prizes_x_unit has 11 (0 to 10)\n", f"choice 15: {rc} {err}")
    d = {"game": "gnomos-mix", "seed": 7, "bet": {"bet": 20, "game": 2, "upper": 1}, "bonuses": 100,
         "spins": [{"screen": [["HAT", "ACORN", "POT"], ["MUSHROOM", "MUSHROOM", "MUSHROOM"],
                               ["ACORN", "CLOVER", "ACORN"]],
                    "draws": {"minigame": 1, "baskets": 2, "basket_prizes": [0, 1, 2],
                              "basket": [1, 1]},
                    "play": ["pick 1", "pick 2", "collect all"]}]}
    rc, _, err, name = scenario(d)
    check(rc == 2 and "draws.basket[1]: 1, but prize 1 is in a basket chosen before" in err,
          f"the same prize twice: {rc} {err}")
    d["spins"][0]["draws"]["basket"] = [1, 2]
    rc, _, err, name = scenario(d)
    check(rc == 0 and err == "", f"two prizes: {rc} {err}")


def test_phoenix_grim_reaper_wild_appearing_on_reel_3_5():
    """Rule 17: "Grim Reaper Wild is a Wild symbol appearing on reel 3-5"."""
    refused("phoenix-graveyard-reaper-on-reel-1.json",
            "spin 1, screen[0][0]: REAPER lands on reel 1, but a Grim Reaper appears on reels 3-5 "
            "only (rule 17)")
    d = load("phoenix-graveyard-reaper-on-reel-1.json")
    d["spins"][0]["screen"][0][0], d["spins"][0]["screen"][0][2] = "J", "REAPER"
    rc, out, err, _ = scenario(d)
    check(rc == 0, f"a REAPER on reel 3 lands: {rc} {err}")


def test_phoenix_feather_wild_is_left_behind():
    """Rules 21-22: "The Phoenix Wild jumps to a new location leaving a Feather Wild behind":
    a Feather never lands."""
    refused("phoenix-graveyard-feather-lands.json",
            "spin 1, screen[0][2]: FEATHER lands, but a Feather Wild is only left behind by a "
            "Phoenix that jumps (rules 21-22)")


def test_phoenix_sudden_death_slices_a_position_not_holding_any_sticky_symbol():
    """Rule 23: "Any symbol position not holding any sticky symbol ... can be sliced": not the
    reaper's, and its ways only with a strike."""
    screen = [["J", "Q", "K", "A", "REAPER"], ["J", "Q", "K", "A", "J"], ["J", "Q", "K", "A", "J"]]
    d = {"game": "phoenix-graveyard", "seed": 11, "bet": {"bet": 100},
         "spins": [{"screen": screen, "draws": {"sudden_death": 4}}]}
    rc, _, err, name = scenario(d)
    check(rc == 2 and err == f"slotsim: {name}: spin 1, draws.sudden_death: 4 holds a sticky "
          "symbol or 10 ways already, but Sudden Death slices a position holding no sticky "
          "symbol (rules 12, 23)\n", f"Sudden Death on the reaper: {rc} {err}")
    d["spins"][0]["draws"] = {"sudden_death": 15, "sudden_death_ways": 3}
    rc, _, err, _ = scenario(d)
    check(rc == 2 and "draws.sudden_death_ways: 3 ways, but no Sudden Death strikes" in err,
          f"ways of no strike: {rc} {err}")
    d["spins"][0]["draws"] = {"sudden_death": 0, "sudden_death_ways": 3}
    rc, _, err, _ = scenario(d)
    check(rc == 0 and err == "", f"Sudden Death on a free position: {rc} {err}")


def test_phoenix_jumps_to_a_new_position():
    """Rule 21: "The Phoenix Wild jumps to a new location leaving a Feather Wild behind" (a
    position holding no sticky symbol): not the reaper's (cell 4)."""
    d = {"game": "phoenix-graveyard", "seed": 12, "bet": {"bet": 100},
         "spins": [{"screen": [["J", "Q", "K", "PHOENIX", "REAPER"], ["J", "Q", "K", "A", "J"],
                               ["J", "Q", "K", "A", "J"]],
                    "draws": {"battle": 2, "jump": 4, "sudden_death": 15}}]}
    rc, _, err, name = scenario(d)
    check(rc == 2 and err == f"slotsim: {name}: spin 1, draws.jump: 4 holds a sticky symbol, but a "
          "Phoenix jumps to a position holding none (rule 16)\n", f"jump onto the reaper: {rc} {err}")


def test_unreachable_screen_is_played_and_reported():
    """A screen the reel strips cannot show is QA's to force: played (exit 0), reported as
    unreachable in the text and the JSON; a screen the strips show is reported as nothing."""
    path = os.path.join(ROOT, "games", "mona-lisa-jewels", "scenarios", "01-line-win.json")
    rc, out, err = run("round", "--json", "--scenario", path)
    r = json.loads(out)
    check(rc == 0 and err == "" and r.get("reachable") is False and
          r.get("unreachable") == [{"spin": 1, "reel": 1}], f"01-line-win JSON: {rc} {err} {out[:200]}")
    rc, out, err = run("round", "--scenario", path)
    check(rc == 0 and "unreachable screen (forced: the reel strips cannot show it): spin 1 (no "
          "stop of reel 1 shows that column)\n" in out, f"01-line-win text: {out[:300]}")
    rc, out, _ = run("round", "--json", "--game", "mona-lisa-jewels", "--seed", "5")
    shown = [e for e in json.loads(out)["events"] if e["type"] == "screen"][0]["screen"]
    d = {"game": "mona-lisa-jewels", "seed": 5, "spins": [{"screen": shown}]}
    rc, out2, err, _ = scenario(d, "--json")
    check(rc == 0 and "reachable" not in json.loads(out2) and out2 == out,
          f"a screen the strips show: {rc} {err}")
    rc, out, err, _ = scenario(d)
    check(rc == 0 and "unreachable" not in out, f"its text: {out[:200]}")


def test_unused_play_commands_and_draws_are_noted():
    """Play commands left over when the round ends, and forced draws the round never made, are
    said on stderr (as unused forced spins are); the round is played all the same."""
    d = {"game": "gnomos-mix", "seed": 7, "bet": {"bet": 20},
         "spins": [{"screen": [["BELL", "PLUM", "BELL"], ["ORANGE", "ORANGE", "ORANGE"],
                               ["PLUM", "BELL", "LEMON"]],
                    "draws": {"hold": 1}, "play": ["collect", "risk", "collect"]}]}
    rc, out, err, name = scenario(d)
    check(rc == 0 and f"slotsim: note: 2 play command(s) of {name} were not given: spin 1's part "
          "of the round ended first\n" in err, f"plays left over: {rc} {err!r}")
    check(f"slotsim: note: 1 forced draw(s) of {name} were not drawn (the first: spin 1, "
          "draws.hold): the round made no such draw after that spin\n" in err, f"draw unused: {err!r}")


def test_every_scenario_of_the_repository_passes():
    """Every scenario file of the repository forces only what its game can produce."""
    dirs = [os.path.join(ROOT, "tests", "scenarios")] + [
        os.path.join(ROOT, "games", g, "scenarios") for g in sorted(os.listdir(os.path.join(ROOT, "games")))]
    n = 0
    for d in dirs:
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if not f.endswith(".json"):
                continue
            rc, _, err = run("round", "--json", "--scenario", os.path.join(d, f))
            n += 1
            check(rc == 0 and "forced draw" not in err, f"{f}: rc {rc} {err}")
    check(n > 100, f"{n} scenarios run")


for name, fn in list(globals().items()):
    if name.startswith("test_") and callable(fn):
        fn()
        print("done", name)
finish()
