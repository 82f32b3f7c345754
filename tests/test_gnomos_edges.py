#!/usr/bin/env python3
"""Gnomos Mix's rule edges of issue 31, as slotsim and the cabinet show them.

  test_gnomos_edges.py SLOTSIM SLOTCAB SOURCE_ROOT

- "When any of the combinations described in the payline are placed on the central prize
  line, the player receives a direct prize ... in the form of Bonuses": a Bonus figure that
  advances bring onto the line pays (the round slotsim played with seed 1040797348008699746,
  ORANGE LEMON BLUE advanced to BONUS LEMON PLUM, paid none);
- "Prize money obtained in the Cauldrons mini-game will also grant access to this game": a
  Green Diamond from a lid is risked on the seesaw, in slotsim and in the cabinet (headless,
  its seesaw shot);
- the legal floor: the rules let the operator set 70-95 %; Spain's Real Decreto 2110/1998
  art. 6.4 asks 75 % over every cycle of 20,000 games: the game file holds the floor, slotsim
  cycle counts the cycles below it and says when the setting is below it, and the report's
  cycles table names it;
- "as long as you have enough balance and Bonuses to maintain said bet": slotsim round
  refuses (exit 2) an upper round whose Bonuses held do not cover its plate."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTSIM, SLOTCAB, ROOT = sys.argv[1], sys.argv[2], sys.argv[3]


def sim(*args):
    p = subprocess.run([SLOTSIM, *args], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def scenario(tmp, name, doc):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


def events(out):
    return json.loads(out)["events"]


def test_bonus_figures_placed_by_advances(tmp):
    # the round of the issue, forced: ORANGE LEMON BLUE at stops 8, 8, 2, two advances
    path = scenario(tmp, "advances.json", {
        "game": "gnomos-mix", "seed": 1, "bet": {"bet": 20},
        "spins": [{"screen": [["BONUS", "WINDOW", "PLUM"], ["ORANGE", "LEMON", "BLUE"],
                              ["PLUM", "ORANGE", "GRAPES"]],
                   "draws": {"hold": 0, "advances": 2}, "play": ["advance 1", "advance 3"]}]})
    rc, out, err = sim("round", "--scenario", path, "--json")
    check(rc == 0, f"advances scenario: exit {rc} {err}")
    if rc == 0:
        ev = events(out)
        wins = [e for e in ev if e["type"] == "win"]
        check(ev[-1]["type"] == "round_end" and ev[-1]["total_bonuses"] == 1
              and wins and wins[-1]["symbol"] == "BONUS" and wins[-1]["bonuses"] == 1,
              f"BONUS LEMON PLUM after the advances pays 1 Bonus: {ev[-3:]}")


def test_cauldron_prize_risked(tmp):
    doc = json.load(open(os.path.join(ROOT, "games/gnomos-mix/scenarios/12-cauldrons.json")))
    doc["spins"][0]["draws"] = {"cauldron": 6, "risk": [0]}
    doc["spins"][0]["play"] = ["pick 2", "risk", "collect"]
    path = scenario(tmp, "cauldron-green.json", doc)
    rc, out, err = sim("round", "--scenario", path, "--json")
    check(rc == 0, f"cauldron 6: exit {rc} {err}")
    if rc == 0:
        ev = events(out)
        kinds = [e["type"] for e in ev]
        prize = [e for e in ev if e["type"] == "prize"]
        check(prize and prize[0]["amount"] == 800 and prize[0]["on_loss"] == "lower",
              f"the Green Diamond from a lid is on offer on the seesaw: {prize}")
        check("risk" in kinds and ev[-1]["total_win"] == 400,
              f"risked, it fell to the Bells (4.00) and was collected: {ev[-4:]}")
    shots = os.path.join(tmp, "shots")
    rc, out, err = run_slotcab(SLOTCAB, "--headless", "--scenario", path, "--shots", shots,
                               timeout=300)
    names = sorted(os.listdir(shots)) if os.path.isdir(shots) else []
    check(rc == 0 and any(n.startswith("r01-seesaw") for n in names)
          and any(n.startswith("r01-risk") for n in names),
          f"the cabinet plays the cauldron's seesaw: exit {rc}, {names} {err.strip()[-300:]}")


def test_legal_floor():
    game = json.load(open(os.path.join(ROOT, "games/gnomos-mix/game.json")))
    check(game["features"].get("legal_floor_percent") == 75, "the game file's legal floor is 75")
    rc, out, err = sim("cycle", "--game", "gnomos-mix", "--return", "70", "--cycles", "2")
    lines = out.splitlines()
    check(rc == 0 and len(lines) > 3 and lines[2].endswith("below the legal floor of 75%  2")
          and lines[3].startswith("note: the setting, 70%, is below the legal floor of 75%")
          and "Real Decreto 2110/1998, art. 6.4" in lines[3],
          f"cycle at 70: the floor and its source: {lines[:4]} {err}")
    rc, out, err = sim("cycle", "--game", "gnomos-mix", "--return", "80", "--cycles", "2", "--json")
    j = json.loads(out) if rc == 0 else {}
    check(j.get("legal_floor_percent") == 75 and j.get("cycles_below_legal_floor") == 0
          and "Real Decreto 2110/1998" in j.get("legal_floor_source", "")
          and "cycles_below_75" not in j, f"cycle --json at 80: {sorted(j)} {err}")
    rc, out, err = sim("cycle", "--game", "gnomos-mix", "--return", "80", "--cycles", "2")
    check(rc == 0 and "note:" not in out, f"cycle at 80: no note: {out[:400]}")
    rc, _, err = sim("cycle", "--game", "gnomos-mix", "--return", "69", "--cycles", "1")
    check(rc == 2 and "--return" in err, f"the rules' range stays 70-95: {err}")
    with tempfile.TemporaryDirectory() as out_dir:
        rc, _, err = sim("report", "--game", "gnomos-mix", "--rounds", "20000", "--out", out_dir,
                         "--cycles", "2", "--return", "70", "--cycle-games", "1000")
        html = open(os.path.join(out_dir, "index.html")).read() if rc == 0 else ""
        check('data-key="cycle.cycles_below_legal_floor" data-value="2"' in html
              and "Cycles below the legal floor of 75 %" in html and "the setting is below it" in html,
              f"the report's cycles table names the floor: exit {rc} {err}")


def test_upper_bet_needs_the_bonuses(tmp):
    rc, _, err = sim("round", "--game", "gnomos-mix", "--seed", "3", "--bet", "bet=100,game=2,upper=5",
                     "--bonuses", "3")
    check(rc == 2 and err.count("\n") == 1 and "--bonuses 3" in err and "needs 5 Bonuses" in err,
          f"--bonuses 3 for the 5-Bonus plate: exit {rc} {err}")
    rc, _, err = sim("round", "--game", "gnomos-mix", "--seed", "3", "--bet", "bet=100,game=2,upper=5")
    check(rc == 2 and "--bonuses 0 (none given)" in err, f"no --bonuses: exit {rc} {err}")
    rc, out, err = sim("round", "--game", "gnomos-mix", "--seed", "3", "--bet", "bet=100,game=2,upper=5",
                       "--bonuses", "5")
    check(rc == 0 and "5 Bonuses" in out, f"--bonuses 5 covers it: exit {rc} {err}")
    path = scenario(tmp, "upper.json", {"game": "gnomos-mix", "seed": 3,
                                        "bet": {"bet": 20, "game": 2, "upper": 25}, "bonuses": 24})
    rc, _, err = sim("round", "--scenario", path)
    check(rc == 2 and f"{path}: bonuses 24" in err and "needs 25 Bonuses" in err,
          f"a scenario's bonuses below its plate: exit {rc} {err}")
    rc, _, err = sim("round", "--game", "gnomos-mix", "--seed", "3")
    check(rc == 0, f"a lower round needs no Bonuses: {err}")


with tempfile.TemporaryDirectory() as t:
    test_bonus_figures_placed_by_advances(t)
    test_cauldron_prize_risked(t)
    test_legal_floor()
    test_upper_bet_needs_the_bonuses(t)
finish()
