"""The button deck end to end, through SDL's virtual devices (--pad-script), headless.

  test_deck.py SLOTCAB

Each case attaches a virtual game controller ("pad") or a virtual joystick with no
controller mapping ("joy", as an arcade encoder), presses its buttons at given ticks, and
checks both what the scene was handed (the keys --record keeps, with their ticks) and what
it did with them (the rounds the cabinet's memory holds, read by --audit):

- the lobby: the d-pad moves its selection, A opens the game and spins it;
- the default mapping: A spins as it is let go; B is COLLECT (C), and the controller's own
  raw joystick buttons are not read twice (B is joystick button 1, BET, on an encoder);
  LB is BET: the round after it is played at the next bet;
- SPIN held 800 ms is SPIN held (Shift+Enter): in Phoenix Graveyard it opens Auto Spin and
  spins nothing; Back (Escape) closes the window; then a short A spins; in Mona Lisa Jewels
  (no Auto Spin on SPIN held) it spins;
- dialogs with no mouse: Bet Settings' bet and Auto Spin's rounds by the d-pad, closed or
  started by A: autoplay's rounds are played at the bet chosen;
- an encoder's button 0 plays the fruit machine; its hat moves as the arrow keys;
- hot-plug: a controller pulled out with A held spins nothing; plugged in again, it plays;
- a --deck file replaces the default (Y spins, A does nothing);
- a recording made from the deck plays back to the same memory;
- bad settings and bad scripts: one message naming the file and field or line, exit 2."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTCAB = sys.argv[1]
HOLD_SPIN = 48  # KEY_HOLD_SPIN_TICKS: 800 ms at 60 Hz




def run(*args, env=None):
    return run_slotcab(SLOTCAB, *args, timeout=300, env=env)


def played(tmp, name, game, script, *flags):
    """Runs SCRIPT on a fresh memory; returns (keys recorded as (tick, key, mod), games
    played per game, stdout); the game's meters are left in last_meters."""
    data, rec, path = (os.path.join(tmp, name + ext) for ext in ("-data", ".jsonl", ".pad"))
    with open(path, "w") as f:
        f.write(script)
    rc, out, err = run("--headless", *(["--game", game] if game else []), "--seed", "3", "--data-dir", data,
                       "--pad-script", path, "--record", rec, *flags)
    check(rc == 0, f"{name}: exit {rc}: {err.strip()}")
    keys = []
    with open(rec) as f:
        for line in f.readlines()[1:]:
            j = json.loads(line)
            if j.get("type") == "key":
                keys.append((j["tick"], j["key"], j["mod"]))
    rc, audit, err = run("--audit", "--data-dir", data)
    meters = json.loads(audit)["meters"]["games"] if not rc else {}
    last_meters.clear()
    last_meters.update(meters.get(game, {}))
    return keys, {g: m["games_played"] for g, m in meters.items()}, out


last_meters = {}


with tempfile.TemporaryDirectory() as tmp:
    # the default mapping on a game controller
    keys, games, out = played(tmp, "pad", "mona-lisa-jewels", """
        0 pad attach
        20 pad a down
        24 pad a up
        300 pad b down
        305 pad b up
        310 end
        """)
    check(keys == [(24, "Return", 0), (305, "C", 0)], f"pad: keys {keys}")
    check(games.get("mona-lisa-jewels") == 1, f"pad: one round of Mona Lisa Jewels begun, got {games}")
    check('game controller "slotcab virtual pad" attached' in out, f"pad: attached, said: {out!r}")

    # the lobby: the d-pad moves the selection, A opens the game, A spins it
    keys, games, _ = played(tmp, "lobby", "", """
        0 pad attach
        10 pad dpright down
        12 pad dpright up
        20 pad a down
        23 pad a up
        100 pad a down
        103 pad a up
        110 end
        """)
    check(keys == [(10, "Right", 0), (23, "Return", 0), (103, "Return", 0)], f"lobby: keys {keys}")
    check(sum(games.values()) == 1 and not games.get("mona-lisa-jewels"),
          f"lobby: one round of the second tile's game, got {games}")

    # BET (LB): one coin more per line (Mona Lisa Jewels' 25 lines at 0.10: 2.50 -> 5.00)
    keys, games, _ = played(tmp, "bet", "mona-lisa-jewels", """
        0 pad attach
        10 pad leftshoulder down
        12 pad leftshoulder up
        20 pad a down
        22 pad a up
        300 end
        """)
    check(keys == [(10, "B", 0), (22, "Return", 0)], f"bet: keys {keys}")
    check(games.get("mona-lisa-jewels") == 1 and last_meters.get("total_bet") == 500,
          f"bet: one round at 5.00, got {games} {last_meters}")

    # SPIN held: in Phoenix Graveyard Auto Spin's window and no round; Back closes it, then
    # a short A spins; in Mona Lisa Jewels (no Auto Spin on SPIN held) it spins
    held = f"""
        0 pad attach
        20 pad a down
        {20 + HOLD_SPIN + 30} pad a up
        """
    keys, games, _ = played(tmp, "held", "phoenix-graveyard", held + "150 end\n")
    check(keys == [(20 + HOLD_SPIN, "Return", 1)], f"held: keys {keys}")
    check(not games.get("phoenix-graveyard"), f"held: SPIN held spun nothing, got {games}")
    keys, games, _ = played(tmp, "held-back", "phoenix-graveyard", held + """
        150 pad back down
        152 pad back up
        200 pad a down
        203 pad a up
        260 end
        """)
    check(keys == [(20 + HOLD_SPIN, "Return", 1), (150, "Escape", 0), (203, "Return", 0)], f"held-back: keys {keys}")
    check(games.get("phoenix-graveyard") == 1, f"held-back: the short press one round, got {games}")
    keys, games, _ = played(tmp, "held-lines", "mona-lisa-jewels", held + "150 end\n")
    check(keys == [(20 + HOLD_SPIN, "Return", 1)], f"held-lines: keys {keys}")
    check(games.get("mona-lisa-jewels") == 1, f"held-lines: SPIN held spun once, got {games}")

    # a dialog with no mouse: LB opens Bet Settings, right twice (1.00 -> 4.00), A closes it;
    # SPIN held opens Auto Spin, right (25 -> 50 rounds), A starts it: rounds at 4.00
    keys, games, _ = played(tmp, "dialogs", "phoenix-graveyard", """
        0 pad attach
        10 pad leftshoulder down
        12 pad leftshoulder up
        40 pad dpright down
        42 pad dpright up
        60 pad dpright down
        62 pad dpright up
        90 pad a down
        93 pad a up
        120 pad a down
        200 pad a up
        230 pad dpright down
        232 pad dpright up
        270 pad a down
        273 pad a up
        900 end
        """)
    n = games.get("phoenix-graveyard", 0)
    check(n >= 2 and last_meters.get("total_bet") == 400 * n,
          f"dialogs: autoplay's rounds at 4.00, got {games} {last_meters}")

    # an arcade encoder: a joystick SDL has no controller mapping for
    keys, games, out = played(tmp, "joy", "gnomos-mix", """
        0 joy attach
        30 joy button0 down
        33 joy button0 up
        400 joy hat0 left
        401 joy hat0 centered
        402 joy axis1 -30000
        403 joy axis1 0
        404 end
        """)
    check(keys == [(33, "Return", 0), (400, "Left", 0), (402, "Up", 0)], f"joy: keys {keys}")
    check(games.get("gnomos-mix") == 1, f"joy: one game of Gnomos Mix begun, got {games}")
    check('joystick "slotcab virtual encoder" attached' in out, f"joy: attached, said: {out!r}")

    # hot-plug: pulled out while SPIN is held, then back
    keys, games, out = played(tmp, "plug", "mona-lisa-jewels", """
        0 pad attach
        20 pad a down
        30 pad detach
        100 pad attach
        120 pad a down
        124 pad a up
        130 end
        """)
    check(keys == [(124, "Return", 0)], f"plug: keys {keys}")
    check(games.get("mona-lisa-jewels") == 1, f"plug: one round, got {games}")
    check(out.count("attached") == 2 and out.count("removed") == 1, f"plug: said {out!r}")

    # a settings file of the player's
    deck = os.path.join(tmp, "deck.json")
    with open(deck, "w") as f:
        json.dump({"controller": {"y": "spin", "dpleft": "hold1"}}, f)
    keys, games, _ = played(tmp, "file", "mona-lisa-jewels", """
        0 pad attach
        20 pad a down
        24 pad a up
        40 pad dpleft down
        60 pad y down
        64 pad y up
        70 end
        """, "--deck", deck)
    check(keys == [(40, "1", 0), (64, "Return", 0)], f"file: keys {keys}")
    check(games.get("mona-lisa-jewels") == 1, f"file: Y spun once, got {games}")
    # the config folder's deck.json is for a window; a headless run takes --deck only
    os.makedirs(os.path.join(tmp, "xdg", "slotcab"))
    with open(os.path.join(tmp, "xdg", "slotcab", "deck.json"), "w") as f:
        f.write('{"controller": {"a": "bet"}}')
    script = os.path.join(tmp, "a.pad")
    with open(script, "w") as f:
        f.write("0 pad attach\n20 pad a down\n24 pad a up\n30 end\n")
    rec = os.path.join(tmp, "xdg.jsonl")
    rc, _, err = run("--headless", "--game", "mona-lisa-jewels", "--pad-script", script, "--record", rec,
                     env={"XDG_CONFIG_HOME": os.path.join(tmp, "xdg")})
    check(rc == 0 and '"key":"Return"' in open(rec).read(), f"xdg: headless ignores the config folder: {rc} {err}")

    # the recording plays back to the same memory
    data2 = os.path.join(tmp, "pad-again")
    rc, _, err = run("--headless", "--playback", os.path.join(tmp, "pad.jsonl"), "--data-dir", data2)
    check(rc == 0, f"playback: exit {rc}: {err}")
    a1 = json.loads(run("--audit", "--data-dir", os.path.join(tmp, "pad-data"))[1])
    a2 = json.loads(run("--audit", "--data-dir", data2)[1])
    check(a1["balance"] == a2["balance"] and a1["meters"] == a2["meters"], "playback: the same balance and meters")

    # bad settings, bad scripts: one message, exit 2
    def refused(what, args, expect, env=None, files=None):
        for name, text in (files or {}).items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        rc, out, err = run(*args, env=env)
        lines = err.strip().splitlines()
        check(rc == 2 and len(lines) == 1 and all(e in err for e in expect),
              f"{what}: exit {rc}, stderr {err!r}, expected {expect}")

    bad = os.path.join(tmp, "bad.json")
    for what, text, expect in [
        ("unknown action", '{"controller": {"a": "spinn"}}', 'controller.a: unknown action "spinn"'),
        ("unknown button", '{"controller": {"q": "spin"}}', "controller.q: unknown controller input"),
        ("duplicate", '{"joystick": {"button1": "bet", "button1": "spin"}}', "joystick.button1: named twice"),
        ("not JSON", '{"controller": ', "not valid JSON"),
    ]:
        refused(f"--deck {what}", ["--headless", "--game", "mona-lisa-jewels", "--deck", bad, "--pad-script", script],
                ["--deck", bad, expect], files={"bad.json": text})
    refused("--deck missing", ["--headless", "--pad-script", script, "--deck", os.path.join(tmp, "none.json")],
            ["--deck", "none.json", "cannot read it"])
    # a window reads the config folder's file and refuses a bad one at start-up
    refused("config folder", ["--data-dir", os.path.join(tmp, "win-data")],
            [os.path.join(tmp, "xdg", "slotcab", "deck.json"), "controller.a: unknown action \"spinn\""],
            env={"XDG_CONFIG_HOME": os.path.join(tmp, "xdg")},
            files={"xdg/slotcab/deck.json": '{"controller": {"a": "spinn"}}'})
    for what, text, expect in [
        ("device", "0 pda attach\n", "line 1: the device is pad"),
        ("button", "0 pad attach\n5 pad z down\n", "line 2: unknown controller input"),
        ("order", "9 pad attach\n5 pad a down\n", "line 2: the ticks go up"),
        ("axis", "0 joy attach\n1 joy axis0 40000\n", "line 2: an axis's value"),
        ("not attached", "0 pad a down\n", "the pad is not attached"),
    ]:
        refused(f"--pad-script {what}", ["--headless", "--pad-script", os.path.join(tmp, "bad.pad")],
                ["--pad-script", expect], files={"bad.pad": text})
    refused("--pad-script in a window", ["--pad-script", script], ["--pad-script", "only with --headless"])
    refused("--pad-script with --autoplay", ["--headless", "--game", "gnomos-mix", "--autoplay", "1",
                                             "--pad-script", script], ["--pad-script", "not with --autoplay"])

finish()
