#!/usr/bin/env python3
"""slotsim rtp for a game with Bonuses (Gnomos Mix, issue 31): its JSON counts the games
played (`spins.base`, a held game too), and its `rtp_split` has the Bonuses won, at their
worth, as a part of its own, so that the parts add up to `rtp`; the text's split says the same.
(The other games' rtp output is unchanged: test_slotsim's goldens and catalogues.)

usage: test_rtp_split.py SLOTSIM"""
import json, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish  # noqa: E402

SLOTSIM = sys.argv[1]


def rtp(*args):
    p = subprocess.run([SLOTSIM, "rtp", "--game", "gnomos-mix", "--rounds", "20000", *args],
                       capture_output=True, text=True, timeout=120)
    check(p.returncode == 0, f"rtp {args}: exit {p.returncode} {p.stderr}")
    return p.stdout


def test_gnomos_rtp_split_adds_up_to_the_rtp():
    r = json.loads(rtp("--json"))
    split = r["rtp_split"]
    check(abs(sum(split.values()) - r["rtp"]) < 0.0001 * len(split),
          f"the parts add up to the RTP: {split} vs {r['rtp']}")
    check(split.get("bonuses") == r["rtp_bonuses"], f"rtp_split.bonuses is rtp_bonuses: {split}")
    check(r["spins"]["base"] >= r["rounds"], f"every round plays a game at least: {r['spins']}")
    text = rtp()
    line = [ln for ln in text.splitlines() if ln.startswith("RTP split")]
    check(line and f"bonuses {r['rtp_bonuses']:.4f}%" in line[0], f"text split: {line}")


test_gnomos_rtp_split_adds_up_to_the_rtp()
finish()
