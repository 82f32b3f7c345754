"""The windows and dialogs over a game, and the lobby's tiles, as a visitor sees them.

  test_windows.py SLOTCAB SOURCE_ROOT [--update-golden]

- the low balance dialog (--open low-balance after a losing round on the last of the
  balance): below the lowest bet it says the balance is too low and to insert credit, with
  OK alone (Gonzo's Gold, Gnomos Mix at their lowest bets); above it, MINIMUM BET (its label
  inside its button) and CANCEL; pictures compared with tests/golden/;
- Gnomos Mix's AUTO-PLAY window says nothing of free spins (the game has none);
- the lobby's tiles keep their names inside the band's border (Gnomos Mix's long name);
- the windows draw in the window plane and every string in its real box (no anchor-drawn
  gfx_text in src/cabinet/windows/);
- --open names low-balance among its pages."""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib  # noqa: E402
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]
UPDATE = "--update-golden" in sys.argv
GOLDEN = os.path.join(ROOT, "tests", "golden")
SIZE = "960x540"
LOSING = {  # a losing round of each game, at a bet to fill in
    "gonzos-gold": {"game": "gonzos-gold", "seed": 9, "spins": [{"screen": [
        ["A", "K", "Q", "J", "TEN"], ["J", "TEN", "A", "K", "Q"], ["K", "Q", "J", "TEN", "A"],
        ["TEN", "A", "K", "Q", "J"], ["Q", "J", "TEN", "A", "K"]]}]},
    "gnomos-mix": {"game": "gnomos-mix", "seed": 11, "spins": [{
        "screen": [["BELL", "PLUM", "BELL"], ["ORANGE", "LEMON", "GRAPES"], ["PLUM", "BELL", "LEMON"]],
        "draws": {"advances": 0, "extra_spin": 0}}]},
}


def golden(got, gold, what):
    testlib.golden(got, os.path.join(GOLDEN, gold + ".png"), what, UPDATE)


def low_balance(tmp, game, bet, balance, gold, what):
    import json
    scen = os.path.join(tmp, f"{gold}.json")
    with open(scen, "w") as f:
        json.dump({**LOSING[game], "bet": {"bet": bet}}, f)
    shots = os.path.join(tmp, gold)
    rc, _, err = run_slotcab(SLOTCAB, "--headless", "--scenario", scen, "--balance", balance,
                             "--open", "low-balance", "--shots", shots, "--size", SIZE)
    check(rc == 0, f"{gold}: exit {rc}: {err.strip()}")
    golden(os.path.join(shots, "low-balance.png"), gold, what)


def test_low_balance(tmp):
    low_balance(tmp, "gonzos-gold", 20, "0.20", "low-balance-lowest",
                "Gonzo's Gold at its lowest bet, the balance spent: too low, insert credit, OK")
    low_balance(tmp, "gnomos-mix", 20, "0.25", "gnomos-low-balance-lowest",
                "Gnomos Mix at its lowest bet, 0.05 left: too low, insert credit, OK")
    low_balance(tmp, "gonzos-gold", 200, "2.10", "low-balance-offer",
                "Gonzo's Gold at 2.00 with 0.10 left: MINIMUM BET (0.20) inside its button, CANCEL")


def test_gnomos_autoplay(tmp):
    shots = os.path.join(tmp, "gnomos-auto")
    rc, _, err = run_slotcab(SLOTCAB, "--headless", "--scenario",
                             os.path.join(ROOT, "tests", "scenarios", "gnomos-mix-sube-bonos.json"),
                             "--open", "autospin", "--shots", shots, "--size", SIZE)
    check(rc == 0, f"gnomos autospin: exit {rc}: {err.strip()}")
    golden(os.path.join(shots, "autospin.png"), "gnomos-autoplay",
           "Gnomos Mix's AUTO-PLAY: its stops, no line about free spins")


def test_lobby(tmp):
    shots = os.path.join(tmp, "lobby")
    rc, _, err = run_slotcab(SLOTCAB, "--headless", "--shots", shots, "--size", SIZE)
    check(rc == 0, f"lobby: exit {rc}: {err.strip()}")
    golden(os.path.join(shots, "lobby.png"), "lobby-tiles",
           "the lobby: every tile's name inside its band, clear of the border and the jewel")


def test_sources():
    d = os.path.join(ROOT, "src", "cabinet", "windows")
    text = open(os.path.join(d, "windows.c")).read()
    body = text[text.index("void windows_draw(Windows *w)"):]
    body = body[:body.index("\n}\n")]
    check("gfx_plane(" in body and "GFX_PLANE_WINDOW" in body,
          "windows_draw starts the window plane (gfx.h's planes) before a window draws")


def test_flag():
    rc, _, err = run_slotcab(SLOTCAB, "--headless", "--open", "nope")
    check(rc == 2 and "low-balance" in err, f"--open nope: exit {rc}, the pages named: {err.strip()}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        test_flag()
        test_sources()
        test_low_balance(tmp)
        test_gnomos_autoplay(tmp)
        test_lobby(tmp)
    finish()


if __name__ == "__main__":
    main()
