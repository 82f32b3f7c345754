"""The video slot's one layer order, end to end: the celebrations, banners and moments drawn
in the planes of src/cabinet/platform/gfx.h, never back down.

  test_planes.py SLOTCAB SOURCE_ROOT

The layout check reports a frame that drew in a lower plane after a higher one ("drawn out of
layer order"); the planes are counted while the layout is recorded, so this plays --check-layout over
the scenarios whose moments stack the most planes: an epic win and the jackpot (dim,
celebration), Phoenix Graveyard's cap (tombstones and sticky frames under the EPIC WIN's dim)
and Gonzo's Gold's free spins (anticipation, the pick, the award, START and the outro), with
every window opened after each: no fault (the rest of the report is the layout test's)."""
import json
import os
import shutil
import sys
import tempfile

from testlib import check, finish, run_slotcab

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]

SCENARIOS = [
    "tests/scenarios/mona-lisa-epic-win.json",
    "tests/scenarios/mona-lisa-jackpot.json",
    "tests/scenarios/phoenix-graveyard-cap.json",
    "games/gonzos-gold/scenarios/05-free-spins.json",
]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        scen = os.path.join(tmp, "scen")
        os.mkdir(scen)
        for s in SCENARIOS:
            shutil.copy(os.path.join(ROOT, s), scen)
        rc, out, err = run_slotcab(SLOTCAB, "--headless", "--check-layout", "--scenarios", scen, timeout=600)
        try:
            rep = json.loads(out)
        except ValueError:
            check(False, f"--check-layout: not JSON (exit {rc}): {out[:200]!r} {err.strip()[:300]}")
            return
        faults = [p for p in rep["problems"] if p["problem"].startswith("drawn out of layer order")]
        for f in faults[:20]:
            print("  ", f["page"], f["problem"])
        check(not faults, f"no frame draws a lower plane after a higher one ({len(faults)} faults)")
        pages = [p["page"] for p in rep["pages"]]
        for want in ("mona-lisa-epic-win/r01-s00-epicwin", "mona-lisa-jackpot/r01-s00-jackpot",
                     "phoenix-graveyard-cap/r01-s01-epicwin"):
            check(want in pages, f"--check-layout drew {want}")


main()
finish()
