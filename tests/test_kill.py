"""Kill-anywhere: the cabinet's memory survives SIGKILL at any moment.

  test_kill.py SLOTCAB SOURCE_ROOT [--rounds N] [--kills K] [--seed S]

Drives `slotcab --headless --autoplay` on a data folder, kills it with SIGKILL after a
random delay, restarts it, and repeats until the rounds are played; then plays the same
rounds again without kills in another folder. Checked after every restart: the audit's
integrity check and reconciliation pass (balance = credits in - bets + wins - credits out,
every meter equal to the rounds that justify it). At the end: no round lost or counted
twice, and every round, recovered or not, ended exactly as in the uninterrupted run (seed,
bet, win, free spins, features, balance after, the state it carried out, Bonuses held
before it and Bonuses won). Phases: rounds drawn from --seed, and
rounds whose features are forced by a scenario (12 free spins each, so kills land in the
middle of free spins and jewel spins), and Gonzo's Gold rounds forced to free spins (kills
land at the pick and in its free spins; the journals, picks included, must match), and
Phoenix Graveyard rounds forced into respins and free spins (kills land between the respins
the cabinet plays by itself and in free spins), and Gnomos Mix rounds forced to the
cauldrons, a held game and ladders (kills land at the lids, between the steps of a ladder
and at a hold; the controller's carried state must come out the same), and Gnomos Mix's
upper game (Bonuses held from the scenario) forced in turn to Double or Bonuses and to each
of its four minigames (kills land between the picks of a minigame and between the risks and
collects of Double or Bonuses; the Bonuses won and the wallet must come out the same: the
audit reconciles them after every restart). Prints its seed; --seed reruns it."""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

args = sys.argv[1:]
SLOTCAB, ROOT = args[0], args[1]


def opt(name, default):
    return int(args[args.index(name) + 1]) if name in args else default


ROUNDS = opt("--rounds", 200)
MIN_KILLS = opt("--kills", 30)
SEED = opt("--seed", int(time.time()) % 100000)
rng = random.Random(SEED)
print(f"test_kill: seed {SEED}, at least {ROUNDS} rounds and {MIN_KILLS} kills per phase")
ENV = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def audit(data):
    p = subprocess.run([SLOTCAB, "--audit", "--data-dir", data], capture_output=True, text=True, env=ENV)
    if p.returncode == 2 and "no cabinet memory there" in p.stderr:
        return None  # killed during its very first start: no memory yet, the next start makes it
    if p.returncode not in (0, 1):
        fail(f"--audit exit {p.returncode}: {p.stderr.strip()}")
        return None
    a = json.loads(p.stdout)
    if p.returncode != 0 or not a["integrity_ok"] or not a["reconciled"]:
        fail(f"audit after a restart: {a['problems']}")
    return a


def rounds_begun(data):
    db = os.path.join(data, "slotcab.db")
    if not os.path.exists(db):
        return 0
    try:
        with sqlite3.connect(db) as c:
            return c.execute("SELECT count(*) FROM rounds").fetchone()[0]
    except sqlite3.OperationalError:  # killed before its tables were made
        return 0


def history(data):
    with sqlite3.connect(os.path.join(data, "slotcab.db")) as c:
        return c.execute("SELECT r.seed, r.bet, r.bet_total, r.win, r.free_spins, r.features,"
                         " r.balance_after, r.settled IS NOT NULL, s.carried_after, s.win_bonuses, s.bonuses_before"
                         " FROM rounds r LEFT JOIN round_state s ON s.round_id = r.id"
                         " ORDER BY r.id").fetchall()


def journal(data):
    """Every round's commands with their argument (a pick's tile)."""
    with sqlite3.connect(os.path.join(data, "slotcab.db")) as c:
        return c.execute("SELECT round_id, seq, type, arg FROM commands ORDER BY round_id, seq").fetchall()


recovered = {"n": 0, "at": []}


def startup_seconds():
    """How long a start and one round take here (sanitizer builds are slower): kills land
    around and after it, so that every run gets some way."""
    with tempfile.TemporaryDirectory() as d:
        t = time.monotonic()
        subprocess.run([SLOTCAB, "--headless", "--game", "mona-lisa-jewels", "--autoplay", "1",
                        "--data-dir", d], capture_output=True, env=ENV)
        return time.monotonic() - t


START = startup_seconds()
runs = {"n": 0}
# The kill delays scale with this: a kill that lands before the run began any round (this
# host got slower than START says) widens them, a run that ends before its kill narrows
# them, so that kills keep landing among the rounds however the host's speed drifts.
scale = {"k": 1.0}


def play(data, base, total, kill):
    """Runs until `total` rounds are begun and none is open; returns the number of kills."""
    kills = 0
    while True:
        left = total - rounds_begun(data)
        open_round = False
        if os.path.exists(os.path.join(data, "slotcab.db")):
            if audit(data) is not None:
                with sqlite3.connect(os.path.join(data, "slotcab.db")) as c:
                    row = c.execute("SELECT id, (SELECT count(*) FROM commands WHERE round_id = rounds.id)"
                                    " FROM rounds WHERE settled IS NULL").fetchone()
                    open_round = row is not None
                    if row:
                        recovered["at"].append(row)  # (round id, commands journaled before the kill)
            recovered["n"] += open_round
        if left <= 0 and not open_round:
            return kills
        cmd = [SLOTCAB, "--headless", "--data-dir", data, "--balance", "100000.00",
               "--autoplay", str(max(left, 1) if left > 0 else 1), *base]
        if left <= 0:  # only the open round to finish: --autoplay 1 would start another
            cmd[cmd.index("--autoplay") + 1] = "1"
        begun = rounds_begun(data)
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
        if kill:
            runs["n"] += 1
            if runs["n"] > 50000:
                fail("no progress: the cabinet never got far enough between kills")
                return kills
            k = scale["k"]
            try:
                p.wait(timeout=rng.uniform(0.3 * START * k, (1.5 * START + 0.06) * k))
                scale["k"] = max(0.5, k * 0.9)
            except subprocess.TimeoutExpired:
                p.send_signal(signal.SIGKILL)
                p.wait()
                kills += 1
                if rounds_begun(data) == begun:
                    scale["k"] = min(20.0, k * 1.2)
                continue
        else:
            p.wait()
        err = p.stderr.read().decode()
        if p.returncode != 0:
            fail(f"{' '.join(cmd)}: exit {p.returncode}: {err.strip()}")
            return kills
        if left <= 0:
            return kills


def phase(name, base, total, where=None, check=None):
    """where: if given, names the kind of round a round id was forced to; the rounds left open
    by a kill are then counted by their kind and by how far they had got. check: if given,
    called with the journal after the kills; it returns what is wrong with it, or None."""
    with tempfile.TemporaryDirectory() as killed, tempfile.TemporaryDirectory() as calm:
        kills = 0
        recovered["n"] = 0
        recovered["at"] = []
        target = total
        while True:
            kills += play(killed, base, target, kill=True)
            if failures or (kills >= MIN_KILLS and recovered["n"] > 0):
                break
            target += 20  # not enough kills yet, or none into an open round: more rounds
        play(calm, base, rounds_begun(killed), kill=False)
        a, b = history(killed), history(calm)
        print(f"{name}: {len(a)} rounds, {kills} kills, {recovered['n']} restarts into an open round")
        if where:
            kinds = {}
            for rid, ncmd in recovered["at"]:
                k = kinds.setdefault(where(rid), [0, 0])
                k[0] += 1
                k[1] += ncmd > 1  # killed after a command of the player's, not only the spin
            print("  open at a restart: " + ", ".join(f"{k} {n} ({inside} after a player's command)"
                                                      for k, (n, inside) in sorted(kinds.items())))
        if recovered["n"] == 0:
            fail(f"{name}: no kill left a round open: recovery was not exercised")
        if len(a) != len(b):
            fail(f"{name}: {len(a)} rounds after kills, {len(b)} without")
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                fail(f"{name}: round {i + 1} ended {x} after kills, {y} without")
                break
        if any(not r[7] for r in a):
            fail(f"{name}: a round was left open")
        if check and check(journal(killed)):
            fail(f"{name}: {check(journal(killed))}")
        if journal(killed) != journal(calm):
            fail(f"{name}: the journals differ after kills (a command or a pick lost or doubled)")
        if len({r[0] for r in a}) != len(a):
            fail(f"{name}: a round seed appears twice")


def feature_scenario(path, rounds):
    """Every round: 2 jewels on reel 1 and 3 scatters (2 jewel + 10 free spins), each free
    spin forced to a screen that awards nothing, so rounds have a known length."""
    trigger = [["JEWEL", "SCATTER", "Q", "J", "TEN"],
               ["JEWEL", "K", "A", "SCATTER", "Q"],
               ["LUTE", "J", "SCATTER", "K", "A"]]
    plain = [["A", "K", "Q", "J", "TEN"],
             ["K", "Q", "J", "TEN", "A"],
             ["Q", "J", "TEN", "A", "K"]]
    spins = []
    for _ in range(rounds):
        spins.append({"screen": trigger})
        spins += [{"screen": plain}] * 12
    json.dump({"game": "mona-lisa-jewels", "seed": SEED, "bet": {"coin_value": 10, "coins": 1, "lines": 25},
               "spins": spins}, open(path, "w"))


def gonzo_scenario(path, rounds):
    """Gonzo's Gold: every round three scatters (10 free spins after the pick), each free
    spin forced to a screen where no two symbols touch, so rounds have a known length and
    kills land at the pick and in free spins."""
    trigger = [["SCATTER", "K", "Q", "J", "TEN"],
               ["J", "TEN", "A", "K", "Q"],
               ["K", "Q", "SCATTER", "TEN", "A"],
               ["TEN", "A", "K", "Q", "J"],
               ["Q", "J", "TEN", "A", "SCATTER"]]
    plain = [["A", "K", "Q", "J", "TEN"],
             ["J", "TEN", "A", "K", "Q"],
             ["K", "Q", "J", "TEN", "A"],
             ["TEN", "A", "K", "Q", "J"],
             ["Q", "J", "TEN", "A", "K"]]
    spins = []
    for _ in range(rounds):
        spins.append({"screen": trigger})
        spins += [{"screen": plain}] * 10
    json.dump({"game": "gonzos-gold", "seed": SEED, "bet": {"bet": 200}, "spins": spins}, open(path, "w"))


def phoenix_scenario(path, rounds):
    """Phoenix Graveyard: every round three Bonus symbols and a Grim Reaper on reel 5 (4
    respins, played by the cabinet as CONTINUE steps, then 6 free spins with a Phoenix, which
    wait for START), each later spin forced to a screen without a Bonus or a Reaper, no
    Sudden Death and no reaper coming back, so rounds have a known length and kills land in
    respins and in free spins."""
    trigger = [["BONUS", "Q", "K", "A", "REAPER"],
               ["J", "BONUS", "K", "A", "J"],
               ["J", "Q", "BONUS", "A", "J"]]
    plain = [["A", "K", "Q", "J", "A"],
             ["K", "Q", "J", "A", "K"],
             ["Q", "J", "A", "K", "Q"]]
    calm = {"sudden_death": 15, "reappear": 3}
    spins = []
    for _ in range(rounds):
        spins.append({"screen": trigger, "draws": calm})
        spins += [{"screen": plain, "draws": calm}] * 10
    json.dump({"game": "phoenix-graveyard", "seed": SEED, "bet": {"bet": 100}, "spins": spins}, open(path, "w"))


def gnomos_scenario(path, rounds):
    """Gnomos Mix: rounds in turn forced to the cauldrons (lid 2 hides the Oranges, risked
    twice up to the Bells and collected), to two Bells held (the held game's third Bell, risked
    and lost: Up-Nothing), and to three Oranges on Sube-Bonos (risked up to the Green Diamond,
    a seesaw, down to the Bells, then lost for Bonuses), so that kills land at the lids, at
    the hold and inside ladders."""
    lids = [["BELL", "GRAPES", "GRAPES"], ["WINDOW", "WINDOW", "WINDOW"], ["BLUE", "LEMON", "PLUM"]]
    pair = [["GRAPES", "ORANGE", "BELL"], ["BELL", "BELL", "ORANGE"], ["ORANGE", "LEMON", "LEMON"]]
    third = [["GRAPES", "ORANGE", "GRAPES"], ["BELL", "BELL", "BELL"], ["ORANGE", "LEMON", "PLUM"]]
    oranges = [["BELL", "PLUM", "BELL"], ["ORANGE", "ORANGE", "ORANGE"], ["PLUM", "BELL", "LEMON"]]
    spins = []
    for i in range(rounds):
        if i % 3 == 0:
            spins.append({"screen": lids, "draws": {"cauldron": 3, "risk": [1, 1]},
                          "play": ["pick 2", "risk", "risk", "collect"]})
        elif i % 3 == 1:
            spins.append({"screen": pair, "draws": {"hold": 1, "advances": 0}, "play": ["hold 1 2"]})
            spins.append({"screen": third, "draws": {"risk": [0], "extra_spin": 0}, "play": ["risk"]})
        else:
            spins.append({"screen": oranges, "draws": {"risk": [1, 1, 1, 0, 0], "extra_spin": 0},
                          "play": ["risk", "risk", "risk", "risk", "risk"]})
    json.dump({"game": "gnomos-mix", "seed": SEED, "bet": {"bet": 100}, "spins": spins}, open(path, "w"))


# The upper game's phase forces this many rounds, more than it is likely to play (a
# scenario holds at most 4096 spins, and a long one slows every start a little)
UPPER_FORCED = min(4096, max(500, 50 * MIN_KILLS))
UPPER_KINDS = ["Double or Bonuses", "Strawberry", "Three Choices", "Find the Prizes", "Discover the Treasure",
               "lines and Double or Bonuses"]


def gnomos_upper_scenario(path, rounds):
    """Gnomos Mix's upper game (0.20 + 1 Bonus, with 1,000 Bonuses held): rounds in turn
    forced to three Gnomes (50.00 in fractions of 4.00: Double or Bonuses risked and doubled,
    risked and lost for 5 Bonuses, a fraction collected, doubled again, the rest collected
    whole), to each of the four minigames (Strawberry's two baskets, Three Choices' leprechaun
    refused twice, Find the Prizes' three elements, Discover the Treasure's cap), and to five
    lines of Clovers (a fraction collected, one doubled, the rest collected whole): UPPER_KINDS,
    so that kills land inside minigames and inside Double or Bonuses. The screens, draws and
    plays are those of tests/scenarios/gnomos-mix-upper-*.json; every round's plays end it
    (no command is left to the autoplay). `rounds` should be more than the phase will play (it
    adds rounds until it has its kills): a round after the last forced one would be drawn."""
    gnomes = [["GNOME", "LOG", "FLOWER"], ["CLOVER", "GNOME", "ACORN"], ["CLOVER", "CLOVER", "GNOME"]]
    mushrooms = [["CLOVER", "HAT", "CLOVER"], ["MUSHROOM", "MUSHROOM", "MUSHROOM"], ["ACORN", "LOG", "POT"]]
    flowers = [["HAT", "ACORN", "POT"], ["FLOWER", "FLOWER", "FLOWER"], ["ACORN", "CLOVER", "ACORN"]]
    logs = [["ACORN", "MUSHROOM", "HAT"], ["LOG", "LOG", "LOG"], ["POT", "GNOME", "CLOVER"]]
    clovers = [["CLOVER", "POT", "CLOVER"], ["CLOVER", "CLOVER", "CLOVER"], ["CLOVER", "LOG", "CLOVER"]]
    kinds = [
        {"screen": gnomes, "draws": {"double": [1, 0, 1]},
         "play": ["risk", "risk", "collect", "risk", "collect all"]},
        {"screen": mushrooms, "draws": {"minigame": 1, "baskets": 2, "basket_prizes": [0, 3, 6], "basket": [2, 1]},
         "play": ["pick 1", "pick 3", "collect all"]},
        {"screen": flowers, "draws": {"minigame": 2, "choice": [5, 1, 0], "choice_bonus": 12},
         "play": ["risk", "risk", "collect", "collect all"]},
        {"screen": logs, "draws": {"minigame": 3, "find": [3, 5, 1]},
         "play": ["pick 1", "pick 5", "pick 9", "collect all"]},
        {"screen": mushrooms, "draws": {"minigame": 4, "treasure": 7}, "play": ["pick 2", "collect all"]},
        {"screen": clovers, "draws": {"double": [1]}, "play": ["collect", "risk", "collect all"]},
    ]
    assert len(kinds) == len(UPPER_KINDS)
    spins = [kinds[i % len(kinds)] for i in range(rounds)]
    json.dump({"game": "gnomos-mix", "seed": SEED, "bet": {"bet": 20, "game": 2, "upper": 1},
               "bonuses": 1000, "spins": spins}, open(path, "w"))


def upper_kind(round_id, forced):
    return UPPER_KINDS[(round_id - 1) % len(UPPER_KINDS)] if round_id <= forced else "drawn"


def upper_plays_end_rounds(rows, forced):
    """Every forced round's journal holds its spin and its scenario's plays, no more: the
    plays ended it (none was refused, nothing was left to the autoplay)."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.json")
        gnomos_upper_scenario(path, len(UPPER_KINDS))
        plays = [len(sp["play"]) for sp in json.load(open(path))["spins"]]
    n = {}
    for rid, _, _, _ in rows:
        n[rid] = n.get(rid, 0) + 1
    for rid, count in sorted(n.items()):
        want = 1 + plays[(rid - 1) % len(plays)]
        if rid <= forced and count != want:
            return f"round {rid} ({upper_kind(rid, forced)}) journaled {count} commands, its scenario {want}"
    return None


print(f"a start and one round take {START * 1000:.0f} ms here")
phase("drawn rounds", ["--game", "mona-lisa-jewels", "--seed", str(SEED)], ROUNDS)
with tempfile.TemporaryDirectory() as tmp:
    scen = os.path.join(tmp, "features.json")
    feature_scenario(scen, max(ROUNDS // 10, 10))
    phase("forced features", ["--scenario", scen], max(ROUNDS // 10, 10))
    gonzo = os.path.join(tmp, "gonzo.json")
    gonzo_scenario(gonzo, max(ROUNDS // 10, 10))
    phase("Gonzo's Gold: the pick and free spins", ["--scenario", gonzo], max(ROUNDS // 10, 10))
    phoenix = os.path.join(tmp, "phoenix.json")
    phoenix_scenario(phoenix, max(ROUNDS // 10, 10))
    phase("Phoenix Graveyard: respins and free spins", ["--scenario", phoenix], max(ROUNDS // 10, 10))
    gnomos = os.path.join(tmp, "gnomos.json")
    gnomos_scenario(gnomos, max(ROUNDS // 10, 12))
    phase("Gnomos Mix: lids, holds and ladders", ["--scenario", gnomos], max(ROUNDS // 10, 12))
    upper = os.path.join(tmp, "gnomos-upper.json")
    forced = UPPER_FORCED
    gnomos_upper_scenario(upper, forced)
    phase("Gnomos Mix's upper game: minigames and Double or Bonuses", ["--scenario", upper],
          max(ROUNDS // 10, 12), where=lambda rid: upper_kind(rid, forced),
          check=lambda rows: upper_plays_end_rounds(rows, forced))
print(f"test_kill: {'FAILED' if failures else 'ok'} (seed {SEED})")
sys.exit(1 if failures else 0)
