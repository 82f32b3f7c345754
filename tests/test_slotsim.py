#!/usr/bin/env python3
"""slotsim as a user runs it: output shapes, determinism, thread-independent totals, the
committed fixed-seed catalogue, and clear errors with exit code 2 for every kind of mistake.

usage: test_slotsim.py SLOTSIM SOURCE_ROOT"""
import json, os, subprocess, sys, tempfile

SLOTSIM, ROOT = sys.argv[1], sys.argv[2]
GAME = "mona-lisa-jewels"
failures = 0
checks = 0


def run(*args, env=None):
    p = subprocess.run([SLOTSIM, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    global failures, checks
    checks += 1
    if not cond:
        failures += 1
        print(f"FAIL: {what}")


def test(fn):
    before = failures
    fn()
    print(("ok   " if failures == before else "FAIL ") + fn.__name__)


def test_list():
    rc, out, err = run("list")
    check(rc == 0 and GAME in out and "94.30" in out, f"list: {rc} {out} {err}")
    rc, out, _ = run("list", "--json")
    games = json.loads(out)
    check(any(g["id"] == GAME and g["target_rtp"]["max_bet"] == 94.6 for g in games), "list --json")


def test_info():
    rc, out, _ = run("info", "--game", GAME, "--json")
    info = json.loads(out)
    roles = {s["id"]: s["role"] for s in info["symbols"]}
    check(roles["WILD"] == "wild" and roles["SCATTER"] == "scatter" and roles["JEWEL"] == "jewel"
          and roles["JACKPOT"] == "jackpot", "info roles")
    check(len(info["lines"]) == 25 and all(len(l) == 5 for l in info["lines"]), "info lines")
    opts = {o["key"]: o for o in info["bet_options"]}
    check(set(opts) == {"coin_value", "coins", "lines"}, "info bet options")
    check(opts["coins"]["values"] == list(range(1, 11)) and opts["lines"]["values"] == list(range(1, 26)),
          "1-10 coins, 1-25 lines")
    check(opts["coin_value"]["unit"] == "minor" and "default" in opts["coin_value"], "coin value in minor units")
    check(info["target_rtp"] == {"below_max_bet": 94.3, "max_bet": 94.6}, "info target RTP")
    check(info["paytable"]["PALETTE"] == {"3": 50, "4": 250, "5": 1000}, "info paytable")
    rc, out, _ = run("info", "--game", GAME)
    check(rc == 0 and "bet options" in out and "PALETTE" in out, "info text")


def round_json(*args):
    rc, out, err = run("round", "--game", GAME, "--json", *args)
    check(rc == 0, f"round rc {rc} {err}")
    return json.loads(out)


def test_round_json_contract():
    for seed in range(1, 60):
        r = round_json("--seed", str(seed), "--max-bet")
        check(r["game"] == GAME and r["seed"] == seed, "round header")
        check(r["bet"]["total"] == r["bet"]["coin_value"] * r["bet"]["coins"] * r["bet"]["lines"], "bet total")
        ev = r["events"]
        check(ev[0]["type"] == "round_start" and ev[-1]["type"] == "round_end", "first/last event")
        check(ev[-1]["total_win"] == r["total_win"], "round_end total")
        wins = [e for e in ev if e["type"] == "win"]
        check(sum(w["amount"] for w in wins) == r["total_win"], "wins add up to total")
        for w in wins:
            check(all(0 <= p[0] < 3 and 0 <= p[1] < 5 for p in w["positions"]) and w["positions"], "positions")
            check(w["kind"] in ("line", "scatter", "jackpot") and "symbol" in w and "count" in w, "win fields")
            if w["kind"] == "line":
                check(1 <= w["line"] <= 25 and len(w["positions"]) == w["count"], "line win fields")
        for e in ev:
            check(isinstance(e["type"], str) and e["type"].islower(), "snake_case type")
            if e["type"] == "screen":
                check(len(e["screen"]) == 3 and all(len(row) == 5 for row in e["screen"]), "screen rows")


def test_round_deterministic():
    a = run("round", "--game", GAME, "--json", "--seed", "123456789")
    b = run("round", "--game", GAME, "--json", "--seed", "123456789")
    check(a == b, "same seed, same output")
    c = run("round", "--game", GAME, "--json", "--seed", "123456788")
    check(a[1] != c[1], "different seed, different output")


def test_round_scenario_line_win():
    r = round_json("--scenario", os.path.join(ROOT, "tests/scenarios/mona-lisa-line-win.json"))
    wins = [e for e in r["events"] if e["type"] == "win"]
    check(len(wins) == 1 and wins[0]["symbol"] == "PALETTE" and wins[0]["count"] == 5
          and wins[0]["line"] == 1 and wins[0]["amount"] == 10000, f"forced line win {wins}")
    check(r["total_win"] == 10000 and r["seed"] == 42, "scenario total and seed")
    screen = [e for e in r["events"] if e["type"] == "screen"][0]["screen"]
    check(screen[1] == ["PALETTE"] * 5, "forced screen shown")


def test_round_scenario_twelve_free_spins():
    r = round_json("--scenario", os.path.join(ROOT, "tests/scenarios/mona-lisa-scatter-and-jewels.json"))
    awards = [(e["feature"], e["spins"]) for e in r["events"] if e["type"] == "feature_award"]
    check(awards[:2] == [("jewel_spins", 2), ("free_spins", 10)], f"awards {awards}")
    spins = [e["spin"] for e in r["events"] if e["type"] == "screen"]
    check(spins[:4] == ["base", "jewel", "jewel", "free"], f"order {spins[:4]}")


def test_round_scenario_gonzo_expansion():
    rc, out, err = run("round", "--json", "--scenario",
                       os.path.join(ROOT, "tests/scenarios/gonzos-gold-free-spins.json"))
    r = json.loads(out) if rc == 0 else {"events": []}
    check(rc == 0 and r["game"] == "gonzos-gold", f"Gonzo's scenario: rc {rc} {err}")
    start = [e for e in r["events"] if e["type"] == "feature_start"]
    check(start and start[0]["expanding"] == "EXPLORER" and len(start[0]["tiles"]) == 9,
          f"the pick: {start}")
    ex = [e for e in r["events"] if e["type"] == "expand"]
    check(ex and ex[0]["rows"] == [2] and ex[0]["reels"] == [] and ex[0]["screen"][2] == ["EXPLORER"] * 5,
          f"the expansion over the middle row: {ex[:1]}")
    prize = [e for e in r["events"] if e["type"] == "win" and e["kind"] == "expanding"]
    check(prize and prize[0]["count"] == 5 and prize[0]["amount"] == 300,
          f"the additional prize: {prize[:1]}")
    bonus = [e for e in r["events"] if e["type"] == "win" and e["kind"] == "bonus"]
    check(bonus and bonus[0]["amount"] == 400, f"the 2x bonus: {bonus[:1]}")


def test_phoenix_graveyard():
    """Phoenix Graveyard in slotsim: listed, a round's events (ways, slices, moves) as JSON,
    its scenarios, and its parts and features in the RTP report."""
    rc, out, _ = run("list")
    check(rc == 0 and "phoenix-graveyard" in out and "95.00" in out, f"list: {out}")
    rc, out, err = run("round", "--json", "--scenario",
                       os.path.join(ROOT, "tests/scenarios/phoenix-graveyard-reaper.json"))
    r = json.loads(out) if rc == 0 else {"events": []}
    check(rc == 0 and r["game"] == "phoenix-graveyard" and r["total_win"] == 360, f"reaper scenario: {err}")
    types = [e["type"] for e in r["events"]]
    check(types.count("screen") == 5 and types.count("ways") == 5, f"a base spin and 4 respins: {types}")
    sl = [e for e in r["events"] if e["type"] == "slice"]
    check(sl and sl[0]["position"] == [0, 3] and sl[0]["ways"] == 3 and sl[0]["cause"] == "attack"
          and sl[0]["from"] == [0, 4], f"the slice: {sl[:1]}")
    ways = [e for e in r["events"] if e["type"] == "ways"]
    check(ways[0]["ways"] == 243 and ways[1]["positions"][0][3] == 3 and ways[1]["multipliers"][0][3] == 1,
          f"ways: {ways[:2]}")
    walks = [e for e in r["events"] if e["type"] == "move"]
    check([w["kind"] for w in walks] == ["walk"] * 4 + ["leave"] and walks[-1]["to"] is None, f"walks {walks}")
    win = [e for e in r["events"] if e["type"] == "win"]
    check(len(win) == 1 and win[0]["symbol"] == "K" and win[0]["ways"] == 9 and win[0]["count"] == 4,
          f"9 ways of 4 K: {win}")
    rc, out, err = run("round", "--json", "--scenario",
                       os.path.join(ROOT, "tests/scenarios/phoenix-graveyard-battle.json"))
    r = json.loads(out) if rc == 0 else {"events": []}
    b = [e for e in r["events"] if e["type"] == "battle"]
    check(rc == 0 and b and b[0]["outcome"] == "defender_jumps" and b[0]["to"] == [1, 2]
          and b[0]["left"] == "FEATHER", f"the battle: {b[:1]} {err}")
    t = [e for e in r["events"] if e["type"] == "transform"]
    check(t and t[0]["from"] == "FEATHER" and t[0]["to"] == "PHOENIX", f"the feather: {t[:1]}")
    rc, out, err = run("round", "--json", "--scenario",
                       os.path.join(ROOT, "tests/scenarios/phoenix-graveyard-free-spins.json"))
    r = json.loads(out) if rc == 0 else {"events": []}
    sp = [e for e in r["events"] if e["type"] == "spawn"]
    check(rc == 0 and len(sp) >= 1 and sp[0]["symbol"] == "PHOENIX", f"spawn {sp[:1]} {err}")
    free = [e for e in r["events"] if e["type"] == "ways" and e["spin_index"] >= 1]
    check(free and all(w["positions"][0][3] >= 3 for w in free), "the tombstone stays to the end")
    rc, out, err = run("round", "--scenario",
                       os.path.join(ROOT, "tests/scenarios/phoenix-graveyard-sudden-death.json"))
    check(rc == 0 and "sudden death slices" in out and "486 ways" in out, f"sudden death text: {out} {err}")
    a = run("round", "--game", "phoenix-graveyard", "--json", "--seed", "4")
    check(a == run("round", "--game", "phoenix-graveyard", "--json", "--seed", "4"), "deterministic")
    rc, out, err = run("rtp", "--game", "phoenix-graveyard", "--json", "--rounds", "50000")
    j = json.loads(out) if rc == 0 else {}
    check(rc == 0 and list(j["rtp_split"]) == ["base", "free_spins", "respins"]
          and list(j["features"]) == ["free_spins", "respins"], f"parts and features: {err}")
    for spins, msg in (([{"draws": {"battle": 3}}], "spins[0].draws.battle: 3: 0 (the reaper doubles)"),
                       ([{"draws": {"jump": 15}}], "spins[0].draws.jump: 15: a cell 0..14")):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"game": "phoenix-graveyard", "seed": 1, "spins": spins}, f)
        rc, out, err = run("round", "--scenario", f.name)
        os.unlink(f.name)
        check(rc == 2 and msg in err, f"{spins}: {err!r}")


def rtp_json(*args):
    rc, out, err = run("rtp", "--game", GAME, "--json", *args)
    check(rc == 0, f"rtp rc {rc} {err}")
    return json.loads(out)


def test_rtp_same_totals_whatever_threads():
    keys = ["rounds", "total_bet", "total_win", "rtp", "hit_frequency", "sd_per_round", "max_win_x",
            "rtp_split", "jackpot", "features", "spins", "win_distribution"]
    base = rtp_json("--rounds", "300000", "--seed", "99", "--threads", "1", "--max-bet")
    for t in ("2", "3", "7"):
        other = rtp_json("--rounds", "300000", "--seed", "99", "--threads", t, "--max-bet")
        check(all(base[k] == other[k] for k in keys), f"threads {t} differ")
    check(base["rounds"] == 300000 and base["total_bet"] == 300000 * 2500, "rounds and bet")
    split = sum(base["rtp_split"].values())
    check(abs(split - base["rtp"]) < 1e-5, "split adds up to RTP (each printed to 6 decimals)")
    check(sum(b["rounds"] for b in base["win_distribution"]) == 300000, "distribution covers all rounds")
    check(base["rtp_ci95"] > 0 and base["sd_per_round"] > 0, "CI and sd")


def test_rtp_reports_what_the_game_has():
    ml = rtp_json("--rounds", "20000")
    check(list(ml["rtp_split"]) == ["base", "free_spins", "jewel_spins", "jackpot"] and "jackpot" in ml
          and list(ml["features"]) == ["free_spins", "jewel_spins"], "Mona Lisa's parts and features")
    rc, out, err = run("rtp", "--game", "gonzos-gold", "--json", "--rounds", "20000")
    gg = json.loads(out) if rc == 0 else {}
    check(rc == 0 and list(gg["rtp_split"]) == ["base", "free_spins", "bonus"] and "jackpot" not in gg
          and list(gg["features"]) == ["free_spins"], f"Gonzo's Gold's parts and features: {err}")
    check(rc == 0 and abs(sum(gg["rtp_split"].values()) - gg["rtp"]) < 1e-5, "Gonzo's split adds up")
    check("total_bonuses" not in gg and "rtp_money" not in gg, "a game without Bonuses reports none")
    # a game with Bonuses: its return counts them at their worth, money and Bonuses apart
    rc, out, err = run("rtp", "--game", "gnomos-mix", "--json", "--rounds", "400000")
    gm = json.loads(out) if rc == 0 else {}
    check(rc == 0 and gm["bonus_worth"] == 80 and gm["total_bonuses"] > 0, f"Gnomos Mix's Bonuses: {err}")
    check(rc == 0 and abs(gm["rtp_money"] + gm["rtp_bonuses"] - gm["rtp"]) < 1e-5
          and abs(gm["rtp_bonuses"] - 100.0 * gm["total_bonuses"] * 80 / gm["total_bet"]) < 1e-5,
          "the return is the money's and the Bonuses' at 0.80")
    check(rc == 0 and abs(gm["rtp"] - 90) < 2 and abs(sum(gm["rtp_split"].values()) - gm["rtp"]) < 1e-5,
          f"Gnomos Mix returns its setting, 90 %, Bonuses counted: {gm.get('rtp')}")


def test_rtp_counts_capped_rounds():
    """A game with a maximum win (features.max_win_x_bet: Gonzo's Gold, Phoenix Graveyard)
    reports the rounds that reached it, in JSON and text, zero included; a game without one
    (Mona Lisa Jewels) reports nothing of it. With the cap lowered to 2 x the bet, rounds reach
    it, none wins more, and the count does not depend on --threads."""
    ml = rtp_json("--rounds", "20000")
    rc, text, _ = run("rtp", "--game", GAME, "--rounds", "20000")
    check("capped" not in ml and rc == 0 and "capped" not in text, "Mona Lisa has no cap")
    for game, cap in (("gonzos-gold", 5000), ("phoenix-graveyard", 10000)):
        rc, out, err = run("rtp", "--game", game, "--rounds", "20000", "--json")
        j = json.loads(out) if rc == 0 else {}
        check(rc == 0 and j["capped"]["max_win_x"] == cap and j["capped"]["rounds"] >= 0,
              f"{game}: capped {j.get('capped')} {err}")
        rc, out, err = run("rtp", "--game", game, "--rounds", "20000")
        check(rc == 0 and f"won the maximum, {cap} x bet" in out, f"{game}'s text: {out}")
    with tempfile.TemporaryDirectory() as d:
        game = json.load(open(os.path.join(ROOT, "games", "phoenix-graveyard", "game.json")))
        game["features"]["max_win_x_bet"] = 2
        os.makedirs(os.path.join(d, "phoenix-graveyard"))
        json.dump(game, open(os.path.join(d, "phoenix-graveyard", "game.json"), "w"))
        reports = []
        for t in ("1", "2"):
            rc, out, err = run("rtp", "--game", "phoenix-graveyard", "--games", d, "--rounds",
                               "50000", "--seed", "5", "--threads", t, "--json")
            check(rc == 0, f"a cap of 2 x: {err}")
            reports.append(json.loads(out) if rc == 0 else {})
        j = reports[0]
        capped = j.get("capped", {})
        over = sum(b["rounds"] for b in j.get("win_distribution", [])
                   if b["up_to_x"] is None or b["up_to_x"] > 2)
        at2 = [b["rounds"] for b in j.get("win_distribution", []) if b["up_to_x"] == 2]
        check(capped.get("max_win_x") == 2 and 0 < capped.get("rounds", 0) <= at2[0]
              and over == 0 and j["max_win_x"] == 2,
              f"capped at 2 x: {capped}, {over} rounds over it, max {j.get('max_win_x')}")
        check(abs(capped.get("one_in", 0) - 50000 / max(capped.get("rounds", 1), 1)) < 0.01,
              f"its odds: {capped}")
        check(reports[1].get("capped") == capped, "the same count on 2 threads")
        rc, out, _ = run("rtp", "--game", "phoenix-graveyard", "--games", d, "--rounds", "50000",
                         "--seed", "5")
        check(rc == 0 and f"capped          {capped.get('rounds')} rounds (1 in " in out
              and "won the maximum, 2 x bet" in out, f"the text: {out}")


def test_catalogue_matches_committed():
    for name, game, extra in (("mona-lisa-jewels.txt", GAME, []),
                              ("mona-lisa-jewels-max-bet.txt", GAME, ["--max-bet"]),
                              ("gonzos-gold.txt", "gonzos-gold", []),
                              ("phoenix-graveyard.txt", "phoenix-graveyard", []),
                              ("gnomos-mix.txt", "gnomos-mix", [])):
        path = os.path.join(ROOT, "tests/catalogue", name)
        rc, out, err = run("catalogue", "--game", game, "--seed", "2026", "--rounds", "2000", *extra)
        with open(path) as f:
            want = f.read()
        check(rc == 0 and out == want, f"catalogue {name} differs from the committed one: the math "
              "changed; if on purpose, regenerate with scripts/update-catalogue.sh and explain the diff")


BAD_GAME_SCENARIO = os.path.join(tempfile.gettempdir(), f"slotsim-bad-game-{os.getpid()}.json")


def test_gnomos_mix_cycle():
    for strategy in ("auto", "collect", "random"):
        rc, out, err = run("cycle", "--game", "gnomos-mix", "--return", "80", "--cycles", "2",
                           "--strategy", strategy, "--json")
        check(rc == 0, f"cycle {strategy}: {err}")
        j = json.loads(out)
        check(j["return_percent"] == 80 and len(j["returns"]) == 2
              and all(77 <= r <= 83 for r in j["returns"]) and j["cycles_outside_3pp"] == 0,
              f"cycle {strategy}: {out[:300]}")
    rc, out, err = run("round", "--game", "gnomos-mix", "--seed", "3", "--strategy", "collect", "--json")
    check(rc == 0 and json.loads(out)["game"] == "gnomos-mix", f"round collect: {err}")
    # its prizes are money, counted in no coins: a win shows its money (and its Bonuses) only,
    # while a video slot's still shows its coins
    rc, out, err = run("round", "--game", "gnomos-mix", "--seed", "1")
    check(rc == 0 and "win line     3 x LEMON on line 1: 3.20\n" in out and "coins" not in out,
          f"round text of a win: {out}")
    rc, out, err = run("round", "--game", "gnomos-mix", "--seed", "58")
    check(rc == 0 and "1 x BONUS on line 1: 0.00 and 1 Bonus\n" in out and "coins" not in out,
          f"round text of Bonus figures: {out}")
    rc, out, err = run("round", "--game", "mona-lisa-jewels", "--seed", "4")
    check(rc == 0 and " coins = " in out, f"round text of a video slot's win: {out}")
    rc, _, err = run("cycle", "--game", "gnomos-mix", "--return", "60", "--cycles", "2")
    check(rc == 2 and "--return" in err, f"cycle --return 60: {err}")
    rc, _, err = run("cycle", "--game", "gonzos-gold", "--cycles", "1")
    check(rc == 2 and "programmed-return" in err, f"cycle on a video slot: {err}")


def test_errors_exit_2():
    with open(BAD_GAME_SCENARIO, "w") as f:
        f.write('{"game": "../..", "spins": [{}]}')  # joined into no path: refused first
    cases = [
        (["frobnicate"], "unknown command"),
        (["rtp", "--game", GAME], "--rounds N is required"),
        (["rtp", "--game", GAME, "--rounds", "0"], "--rounds"),
        (["rtp", "--game", GAME, "--rounds", "ten"], "--rounds"),
        (["rtp", "--game", GAME, "--rounds", "10", "--threads", "0"], "--threads"),
        (["round", "--game", GAME, "--seed", "-1"], "--seed"),
        (["round", "--game", GAME, "--seed", "99999999999999999999999"], "--seed"),
        (["round", "--game", GAME, "--seed"], "--seed: missing its value"),
        (["round", "--game", "no-such-game"], "unknown game \"no-such-game\""),
        (["round", "--game", "../etc"], "unknown game \"../etc\" (a game id is lowercase letters, "
                                         "digits and '-'; known: gnomos-mix, gonzos-gold, mona-lisa-jewels, phoenix-graveyard)"),
        (["round", "--game", "Mona-Lisa-Jewels"], "a game id is lowercase letters"),
        (["round", "--game", ""], "unknown game \"\""),
        (["round", "--game", "a" * 48], "a game id is lowercase letters"),
        (["round", "--game", "no-such-game"], "no such game; known: gnomos-mix, gonzos-gold, mona-lisa-jewels, phoenix-graveyard"),
        (["round", "--game", GAME, "--bet", "coins=1,coins=2"], "--bet: coins is given twice"),
        (["round", "--game", GAME, "--bet", "coins=11"], "coins=11 is not allowed"),
        (["round", "--game", GAME, "--bet", "coins"], "is not key=value"),
        (["round", "--game", GAME, "--bet", "color=red"], "unknown option \"color\""),
        (["round", "--game", GAME, "--bet", "coins=two"], "not a whole number"),
        (["round", "--game", GAME, "--bet", "coin_value=3"], "coin_value=3 is not allowed"),
        (["round", "--game", GAME, "--frob"], "unknown option \"--frob\""),
        (["info", "--game", GAME, "--rounds", "5"], "--rounds: not an option"),
        (["info"], "--game ID is required"),
        (["round", "--scenario", "/nonexistent/s.json"], "/nonexistent/s.json: cannot read it"),
        (["round", "--scenario", BAD_GAME_SCENARIO], BAD_GAME_SCENARIO + ": game: unknown game \"../..\""),
        ([], "missing command"),
    ]
    for args, msg in cases:
        rc, out, err = run(*args)
        check(rc == 2 and msg in err and err.startswith("slotsim: "), f"{args}: rc {rc}, stderr {err!r}")
        check(len(err.strip().splitlines()) >= 1 and "Traceback" not in err, "one clear message")


def test_broken_game_file_exit_2():
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, GAME))
        with open(os.path.join(ROOT, "games", GAME, "game.json")) as f:
            game = json.load(f)
        game["lines"][4] = game["lines"][4][:4]
        with open(os.path.join(d, GAME, "game.json"), "w") as f:
            json.dump(game, f)
        rc, out, err = run("round", "--game", GAME, "--games", d)
        check(rc == 2 and f"{GAME}/game.json: lines[4]: expected 5 rows, got 4" in err, f"broken game: {err!r}")
        rc, out, err = run("list", "--games", d)
        check(rc == 2 and "lines[4]" in out, "list names the broken game")
        with open(os.path.join(d, GAME, "game.json"), "w") as f:
            f.write('{"id": "mona-lisa-jewels",\n "name": }')
        rc, out, err = run("info", "--game", GAME, "--games", d)
        check(rc == 2 and "line 2, column" in err and "invalid JSON" in err, f"syntax error: {err!r}")


def test_json_is_json_whatever_the_names():
    """Every JSON slotsim prints is written with cJSON and parses, even when a game's name
    holds a quote, a backslash, a newline, a tab or a byte that is not UTF-8."""
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, GAME))
        raw = open(os.path.join(ROOT, "games", GAME, "game.json"), "rb").read()
        game = json.loads(raw)
        odd = 'Mona "Lisa" \\ C:\\jewels\n\tline two'
        game["name"] = odd
        quoted = json.dumps(odd).encode()  # and a raw byte 0xff just before its closing quote
        text = json.dumps(game).encode().replace(quoted, quoted[:-1] + b'\xff"', 1)
        with open(os.path.join(d, GAME, "game.json"), "wb") as f:
            f.write(text)
        for args in (["list", "--json"], ["info", "--game", GAME, "--json"],
                     ["round", "--game", GAME, "--seed", "45", "--json"],
                     ["rtp", "--game", GAME, "--rounds", "2000", "--json"]):
            p = subprocess.run([SLOTSIM, *args, "--games", d], capture_output=True)
            check(p.returncode == 0, f"{args} with an odd name: exit {p.returncode} {p.stderr!r}")
            try:
                j = json.loads(p.stdout.decode("utf-8"))  # strict UTF-8, as JSON must be
            except (UnicodeDecodeError, ValueError) as e:
                check(False, f"{args}: not JSON ({e}): {p.stdout[:200]!r}")
                continue
            if args[0] in ("list", "info"):
                name = j[0]["name"] if args[0] == "list" else j["name"]
                check(name == odd + "\ufffd", f"{args}: the name comes back as {name!r}")
    # and the largest seed keeps its every digit (cJSON's numbers are doubles)
    rc, out, _ = run("round", "--game", GAME, "--seed", "18446744073709551615", "--json")
    check(rc == 0 and '"seed":18446744073709551615,' in out, "a 64-bit seed is written exactly")


def test_hostile_inputs():
    """/dev/zero, a FIFO with no writer, a file past 16 MiB as the game or the scenario file:
    exit 2 at once, one line naming the file. Names and values holding a newline or terminal
    escapes: stderr one line, those bytes escaped (\\n, \\x1b). A game whose name holds markup
    and a control byte: the par sheet's page holds no tag of it, its pictures are XML."""
    import re
    import xml.etree.ElementTree as ET
    from html.parser import HTMLParser
    odd = "x\n\x1b[31mred\x1b[0m\ry"

    def refused(what, args, *needles, escaped=True):
        try:
            p = subprocess.run([SLOTSIM, *args], capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            check(False, f"{what}: did not end within 60 s")
            return
        err = p.stderr
        text = err.decode("utf-8", "replace")
        one = err.endswith(b"\n") and err.count(b"\n") == 1 and not re.search(rb"[\x00-\x09\x0b-\x1f\x7f]", err)
        check(p.returncode == 2 and one and all(n in text for n in needles) and
              (not escaped or (b"\\n" in err and b"\\x1b" in err)), f"{what}: exit {p.returncode}, {err[:300]!r}")

    with tempfile.TemporaryDirectory() as d:
        game = json.load(open(os.path.join(ROOT, "games", GAME, "game.json")))
        for kind in ("zero", "fifo", "big"):
            g = os.path.join(d, "games-" + kind)
            os.makedirs(os.path.join(g, GAME))
            s = os.path.join(d, kind + ".json")
            for path in (os.path.join(g, GAME, "game.json"), s):
                if kind == "zero":
                    os.symlink("/dev/zero", path)
                elif kind == "fifo":
                    os.mkfifo(path)
                else:
                    with open(path, "wb") as f:
                        f.truncate((16 << 20) + 1)
            big = "larger than 16 MiB" if kind == "big" else ""
            refused(f"game file ({kind})", ["round", "--game", GAME, "--games", g], f"{GAME}/game.json", big,
                    escaped=False)
            refused(f"--scenario ({kind})", ["round", "--scenario", s], s, big, escaped=False)
        bad = os.path.join(d, "odd" + odd + ".json")
        with open(os.path.join(ROOT, "games", GAME, "scenarios", "01-line-win.json")) as f:
            sc = json.load(f)
        json.dump(dict(sc, **{odd: 1}), open(bad, "w"))
        g = os.path.join(d, "games-odd")
        os.makedirs(os.path.join(g, GAME))
        json.dump(dict(game, **{odd: 1}), open(os.path.join(g, GAME, "game.json"), "w"))
        refused("a scenario named and holding odd bytes", ["round", "--scenario", bad], "unknown field")
        refused("a missing scenario so named", ["round", "--scenario", bad + "-none"], "cannot read it")
        refused("a game file holding odd bytes", ["round", "--game", GAME, "--games", g], "unknown field")
        refused("unknown command", [odd], "unknown command")
        refused("unknown option", ["round", "--game", GAME, "--x" + odd], "unknown option")
        refused("--game", ["round", "--game", odd], "--game")
        refused("--bet", ["round", "--game", GAME, "--bet", odd + "=1"], "--bet")
        refused("--out", ["report", "--game", GAME, "--rounds", "10", "--out", bad], "--out")

        # the par sheet of a game named with markup and a control byte
        g = os.path.join(d, "games-markup")
        os.makedirs(os.path.join(g, GAME))
        name = 'Mona"><script>alert(1)</script><img src=x onerror=alert(2)>\x01'
        json.dump(dict(game, name=name), open(os.path.join(g, GAME, "game.json"), "w"))
        out = os.path.join(d, "sheet")
        rc, _, err = run("report", "--game", GAME, "--games", g, "--rounds", "1000", "--out", out)
        check(rc == 0, f"report of a game named with markup: {rc} {err}")
        page = open(os.path.join(out, "index.html"), encoding="utf-8").read()
        tags = []

        class P(HTMLParser):
            def handle_starttag(self, tag, attrs):
                tags.append((tag, dict(attrs)))
        P().feed(page)
        check("<script" not in page and not any(t == "script" or "onerror" in a for t, a in tags),
              "the par sheet holds no tag made of the game's name")
        for f in os.listdir(out):
            if f.endswith(".svg"):
                try:
                    ET.parse(os.path.join(out, f))
                except ET.ParseError as e:
                    check(False, f"{f}: not XML: {e}")


def test_strategies():
    """slotsim answers the machine's offers by a named strategy: auto (default) is the
    game's own automatic play, what the cabinet's autoplay plays (Gonzo's Gold: the middle
    tile); random picks any tile; neither changes what the round draws."""
    def pick(*extra):
        rc, out, err = run("round", "--game", "gonzos-gold", "--seed", "173", "--json", *extra)
        check(rc == 0, f"round {extra}: {err}")
        r = json.loads(out)
        starts = [e for e in r["events"] if e["type"] == "feature_start"]
        check(len(starts) == 1, "seed 173 of Gonzo's Gold starts free spins")
        return starts[0] if starts else {}, r["total_win"]
    auto, win = pick()
    check(auto.get("choice") == 4, f"auto picks the middle tile: {auto.get('choice')}")
    check(pick("--strategy", "auto")[0] == auto, "--strategy auto is the default")
    rnd, win_r = pick("--strategy", "random")
    check(win_r == win and rnd.get("expanding") == auto.get("expanding"),
          "random picks a tile, the round's draws stay the same")
    a = run("rtp", "--game", "gonzos-gold", "--rounds", "20000", "--json")
    b = run("rtp", "--game", "gonzos-gold", "--rounds", "20000", "--json", "--strategy", "random")
    check(json.loads(a[1])["total_win"] == json.loads(b[1])["total_win"], "rtp: the same wins")
    rc, _, err = run("round", "--game", "gonzos-gold", "--strategy", "bold")
    check(rc == 2 and "--strategy: unknown strategy \"bold\" (known: auto, collect, random)" in err, err)
    rc, _, err = run("info", "--game", "gonzos-gold", "--strategy", "auto")
    check(rc == 2 and "--strategy: not an option" in err, err)


def test_scenario_forces_a_named_draw():
    """One scenario format for every named draw: a spin's "draws" force the game's named
    draws after it (Gonzo's Gold's expanding symbol when its free spins start); what is not
    forced comes from the seed; a name or value the game does not know is an error naming it."""
    def run_scenario(spins):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"game": "gonzos-gold", "seed": 173, "spins": spins}, f)
        try:
            return run("round", "--scenario", f.name, "--json"), f.name
        finally:
            os.unlink(f.name)
    def start(out):
        return [e for e in json.loads(out)["events"] if e["type"] == "feature_start"][0]
    (rc, out, err), _ = run_scenario([])
    drawn = start(out)
    for sym in ("A", "EXPLORER"):
        (rc, out, err), _ = run_scenario([{"draws": {"expanding": sym}}])
        check(rc == 0 and start(out)["expanding"] == sym, f"the expanding symbol forced to {sym}: {err}")
        check(start(out)["free_left"] == drawn["free_left"], "the rest of the round is the seed's")
    for spins, msg in (([{"draws": {"expandng": "A"}}], "spins[0].draws.expandng: unknown draw for gonzos-gold (expanding)"),
                       ([{"draws": {"expanding": "SCATTER"}}], "spins[0].draws.expanding: \"SCATTER\": the expanding symbol is one of the nine paying symbols"),
                       ([{"draws": {"expanding": "GOLD"}}], "spins[0].draws.expanding: unknown symbol \"GOLD\" for gonzos-gold"),
                       ([{"draws": {"expanding": 3}}], "spins[0].draws.expanding: expected a symbol id (a string)"),
                       ([{"draws": ["A"]}], "spins[0].draws: expected an object of named draws")):
        (rc, out, err), name = run_scenario(spins)
        check(rc == 2 and msg in err and name in err, f"{spins}: rc {rc}, {err!r}")


def test_gnomos_mix_scenarios():
    """Gnomos Mix's scenario files force the line, a hold, the advances given and how they are
    spent, the ladder's risks, the cauldrons' prize and the Extra Spin; each plays what its
    comment says, through slotsim (the same files drive the cabinet's goldens)."""
    def events(name):
        rc, out, err = run("round", "--json", "--scenario",
                           os.path.join(ROOT, f"tests/scenarios/gnomos-mix-{name}.json"))
        check(rc == 0, f"gnomos-mix-{name}: rc {rc} {err}")
        j = json.loads(out) if rc == 0 else {"events": [], "total_win": None}
        return j, [e for e in j["events"] if e["type"] not in ("round_start", "round_end")]
    def of(evs, t):
        return [e for e in evs if e["type"] == t]
    j, evs = events("hold")
    check(of(evs, "hold")[0]["reels"] == [0, 1] and len(of(evs, "screen")) == 2, "hold: reels 1 and 2 held, a second game")
    check(of(evs, "screen")[1]["held"] != [] and j["total_win"] == 400, f"hold: the held game's Bells, 4.00: {j['total_win']}")
    check(of(evs, "prize")[0]["on_loss"] == "nothing" and of(evs, "prize")[0]["rung"] == 5, "hold: the Bells are Up-Nothing")
    j, evs = events("advances")
    adv = of(evs, "advance")
    check([a.get("reel") for a in adv] == [None, 1, 1, 2] and adv[0]["given"] == 3, f"advances spent one by one: {adv}")
    check(j["total_win"] == 80, "advances: three Plums, 0.80, collected")
    j, evs = events("auto-advances")
    adv = of(evs, "advance")
    check(adv[0]["given"] == 4 and adv[-1]["left"] == 1 and j["total_win"] == 80,
          f"AUTO stops at the best prize it reaches, an advance left: {adv}")
    j, evs = events("cauldrons")
    picks = of(evs, "pick")
    check(len(picks) == 2 and picks[0]["choice"] is None and picks[1]["choice"] == 1, f"cauldrons: offered, then lid 2: {picks}")
    shown = sorted(o["amount"] for o in picks[0]["options"])
    check(shown == sorted(o["amount"] for o in picks[1]["options"]) and picks[1]["options"][1]["amount"] == 160,
          "the lids hide the three prizes shown; the picked one the forced Grapes")
    check(j["total_win"] == 160, "cauldrons: 1.60 collected")
    j, evs = events("sube-bonos")
    risks = of(evs, "risk")
    check([r["won"] for r in risks] == [True, False] and risks[1]["bonuses"] == 4 and j["total_win"] == 0,
          f"Sube-Bonos: up to 3.20, then lost for 4 Bonuses: {risks}")
    check(j["events"][-1]["total_bonuses"] == 4, "the Bonuses are the round's")
    j, evs = events("seesaw")
    risks = of(evs, "risk")
    check([r["rung"] for r in risks] == [4, 5, 6, 5, 6] and [r["on_loss"] for r in risks] ==
          ["bonuses", "bonuses", "lower", "bonuses", "lower"], f"seesaw above the Bells, Sube-Bonos below: {risks}")
    check(j["total_win"] == 800, "seesaw: the Green Diamond collected")
    j, evs = events("up-nothing")
    risks = of(evs, "risk")
    check(risks[-1]["rung"] is None and risks[-1]["bonuses"] == 0 and j["total_win"] == 0, f"Up-Nothing: lost for nothing: {risks}")
    j, evs = events("extra-spin")
    spins = of(evs, "screen")
    check([s["spin"] for s in spins] == ["base", "extra_spin"] and of(evs, "prize")[0]["on_loss"] == "bonuses"
          and j["total_win"] == 160, f"Extra Spin: a second spin to the Grapes, on Sube-Bonos: {spins}")
    j, evs = events("bonus")
    check(of(evs, "win")[0]["count"] == 2 and j["events"][-1]["total_bonuses"] == 2, "Bonus figures on reels 1-2: 2 Bonuses")
    j, evs = events("any-diamonds")
    w = of(evs, "win")[0]
    check(w["mixed"] == "Any Diamonds" and w["amount"] == 40 and j["total_win"] == 40,
          f"Any Diamonds: named as the combination: {w}")
    rc, out, _ = run("round", "--scenario", os.path.join(ROOT, "tests/scenarios/gnomos-mix-any-diamonds.json"))
    check("3 x Any Diamonds on line 1: 0.40" in out, f"the round's text names Any Diamonds: {out!r}")
    j, evs = events("green")
    check("mixed" not in of(evs, "win")[0], "three of one diamond are not mixed")
    check(not of(evs, "prize") and of(evs, "collect")[0]["amount"] == 800, "the Green Diamond is collected by itself")
    # a command the machine does not offer at its turn is an error naming it
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"game": "gnomos-mix", "seed": 7, "spins": [{"screen": [["BELL", "PLUM", "BELL"], ["ORANGE", "ORANGE", "ORANGE"],
                   ["PLUM", "BELL", "LEMON"]], "play": ["advance 2"]}]}, f)
    try:
        rc, _, err = run("round", "--scenario", f.name)
        check(rc == 2 and "spins[0].play[0]: command advance is not allowed now (allowed: collect, risk)" in err, f"refused play: {rc} {err!r}")
        for play, msg in ((["advance"], "spins[0].play[0]: \"advance\": pick and advance take one number"),
                          (["jump 1"], "spins[0].play[0]: unknown command \"jump\""),
                          (["hold 4"], "spins[0].play[0]: \"hold 4\": the game has 3 reels"),
                          ("risk", "spins[0].play: expected an array of commands")):
            json.dump({"game": "gnomos-mix", "seed": 7, "spins": [{"play": play}]}, open(f.name, "w"))
            rc, _, err = run("round", "--scenario", f.name)
            check(rc == 2 and msg in err and f.name in err, f"{play}: {rc} {err!r}")
    finally:
        os.unlink(f.name)


def test_gnomos_mix_upper_scenarios():
    """The upper game's scenario files force the window, the minigame and its draws, and
    Double or Bonuses' outcomes; each plays what its comment says."""
    def events(name):
        rc, out, err = run("round", "--json", "--scenario",
                           os.path.join(ROOT, f"tests/scenarios/gnomos-mix-upper-{name}.json"))
        check(rc == 0, f"gnomos-mix-upper-{name}: rc {rc} {err}")
        j = json.loads(out) if rc == 0 else {"events": [{"total_bonuses": None}], "total_win": None}
        return j, [e for e in j["events"] if e["type"] not in ("round_start", "round_end")]
    def of(evs, t):
        return [e for e in evs if e["type"] == t]
    def mini(evs):
        return [(e["minigame"], e["stage"], e.get("amount")) for e in of(evs, "minigame")]
    j, evs = events("lines")
    check(j["bet"]["game"] == 2 and j["events"][0]["bet_bonuses"] == 1, "lines: the upper bet, 0.20 and 1 Bonus")
    check(sorted(w["line"] for w in of(evs, "win")) == [2, 4, 6, 7, 8], f"lines: five Clover lines: {of(evs, 'win')}")
    fr = of(evs, "prize")
    check([(p["fraction"], p["amount"], p["rest"], p["kept"]) for p in fr] == [(1, 400, 600, 0), (2, 400, 200, 400), (3, 200, 0, 1200)],
          f"lines: 10.00 in fractions of 4.00: {fr}")
    check(of(evs, "risk")[0]["won"] and j["total_win"] == 1400, f"lines: doubled once, 14.00: {j['total_win']}")
    j, evs = events("strawberry")
    check(mini(evs) == [("strawberry", "start", None), ("strawberry", "end", 3000)] and j["total_win"] == 3000,
          f"strawberry: two baskets, 20.00 + 10.00: {mini(evs)}")
    check(of(evs, "minigame")[0]["choices"] == 2 and of(evs, "minigame")[0]["replaces"] == 500, "strawberry: 2 baskets in place of 5.00")
    check(all(p.get("minigame") == "strawberry" for p in of(evs, "pick")), "strawberry: its picks name it")
    j, evs = events("three-choices")
    check([p["amount"] for p in of(evs, "prize")[:3]] == [1500, 600, 500] and of(evs, "prize")[0]["on_loss"] == "another",
          f"three choices: 15.00, 6.00, 5.00 shown: {of(evs, 'prize')}")
    check(j["total_win"] == 500 and j["events"][-1]["total_bonuses"] == 12, "three choices: 5.00 and a bonus prize of 12 Bonuses")
    check(of(evs, "collect")[0].get("cause") == "accepted" and of(evs, "collect")[0]["bonuses"] == 12,
          f"three choices: the prize accepted, its bonus prize with it: {of(evs, 'collect')}")
    j, evs = events("find-the-prizes")
    last = of(evs, "pick")[-1]["options"]
    check(last[8].get("label") == "stop_double" and last[0]["amount"] == 200 and last[4]["amount"] == 400
          and j["total_win"] == 1200, f"find the prizes: (2.00 + 4.00) x 2: {last}")
    j, evs = events("treasure")
    picks = of(evs, "pick")
    check([len(p["options"]) for p in picks] == [9, 3, 3] and picks[-1]["options"][1]["amount"] == 3000
          and j["total_win"] == 3000, f"treasure: nine, three, the second cap's 30.00: {picks}")
    j, evs = events("double")
    check([r["won"] for r in of(evs, "risk")] == [True, False, True] and of(evs, "risk")[1]["bonuses"] == 5
          and j["total_win"] == 5400, f"double: 8.00, 5 Bonuses, 8.00, then 38.00 collected: {of(evs, 'risk')}")
    j, evs = events("bonus-cap")
    check(not of(evs, "prize") and of(evs, "collect")[0]["amount"] == 300 and j["total_win"] == 300
          and of(evs, "collect")[0].get("cause") == "bonus_cap", "above 6,000 Bonuses: collected at once")
    j, evs = events("lines")
    check(all("cause" not in c for c in of(evs, "collect")), "a collect the player made names no cause")
    rc, out, err = run("cycle", "--game", "gnomos-mix", "--return", "90", "--cycles", "2",
                       "--upper", "when-covered", "--json")
    j = json.loads(out) if rc == 0 else {}
    t = j.get("two_games", {})
    check(rc == 0 and t.get("games_upper", 0) > 0 and all(87 <= r <= 93 for r in j["returns"])
          and abs(t["return_through_lower"] + t["return_through_upper"] - j["mean"]) < 1.0
          and set(t["minigames"]) == {"strawberry", "three_choices", "find_the_prizes", "discover_the_treasure"},
          f"cycle --upper when-covered: {rc} {err} {str(t)[:300]}")
    rc, _, err = run("cycle", "--game", "gnomos-mix", "--cycles", "1", "--upper", "sometimes")
    check(rc == 2 and "--upper" in err, f"--upper sometimes: {err}")


# ---- the named scenario sets (games/<id>/scenarios/NN-name.json) -------------------------
# What each file's title claims, as a predicate on its round: (events, the round's JSON).
# Every file must have an entry here, so a new file comes with the check of what it shows.
def _of(ev, t, **kv):
    return [e for e in ev if e["type"] == t and all(e.get(k) == v for k, v in kv.items())]


def _order(ev):
    return [e["spin"] for e in _of(ev, "screen")]


def _bet(j):
    return j["bet"]["total"]


def _mona_jewel_sticky(ev, j):
    jewel = _of(ev, "screen", spin="jewel")
    if len(jewel) != 2:
        return False
    first = {tuple(p) for p in jewel[0]["held"]}
    second = {tuple(p) for p in jewel[1]["held"]}
    return first < second and any(c > 0 for _, c in first) and any(c > 0 for _, c in second - first)


NAMED_CLAIMS = {
    "mona-lisa-jewels": {
        "01-line-win": lambda ev, j: bool(_of(ev, "win", kind="line", spin="base", symbol="PALETTE", count=5, line=1)),
        "02-wild-substitutes": lambda ev, j: any(w["wilds"] >= 1 and w["multiplier"] == 1 for w in _of(ev, "win", kind="line", spin="base")),
        "03-mega-win": lambda ev, j: 50 * _bet(j) <= j["total_win"] < 100 * _bet(j),
        "04-epic-win": lambda ev, j: j["total_win"] >= 100 * _bet(j),
        "05-progressive-jackpot": lambda ev, j: bool(_of(ev, "win", kind="jackpot", spin="base")),
        "06-crowns-below-max-bet": lambda ev, j: not _of(ev, "win", kind="jackpot") and bool(_of(ev, "win", kind="line", symbol="JACKPOT", count=5)),
        "07-jewel-spins": lambda ev, j: bool(_of(ev, "feature_award", feature="jewel_spins", spins=2)) and _mona_jewel_sticky(ev, j),
        "08-jewel-spins-three-jewels": lambda ev, j: [r[0] for r in _of(ev, "screen")[0]["screen"]] == ["JEWEL"] * 3
            and _order(ev) == ["base", "jewel", "jewel"],
        "09-free-spins": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", spins=10, retrigger=False))
            and bool(_of(ev, "win", kind="scatter", count=3, amount=2 * _bet(j))),
        "10-five-scatters": lambda ev, j: bool(_of(ev, "win", kind="scatter", spin="base", count=5, amount=50 * _bet(j))),
        "11-free-spin-wild-x2": lambda ev, j: bool(_of(ev, "win", spin="free", spin_index=1, wilds=1, multiplier=2)),
        "12-free-spin-wild-x4": lambda ev, j: bool(_of(ev, "win", spin="free", spin_index=1, wilds=2, multiplier=4)),
        "13-free-spin-wild-x8": lambda ev, j: any(w["wilds"] >= 3 and w["multiplier"] == 8 for w in _of(ev, "win", spin="free", spin_index=1)),
        "14-free-spins-retrigger": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", retrigger=True, free_left=19)),
        "15-jewel-spins-in-free-spins": lambda ev, j: bool(_of(ev, "feature_award", feature="jewel_spins", retrigger=True))
            and _order(ev)[:5] == ["base", "free", "jewel", "jewel", "free"],
        "16-free-spins-in-jewel-spins": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", retrigger=True))
            and _order(ev)[:4] == ["base", "jewel", "jewel", "free"],
        "17-twelve-spins-at-once": lambda ev, j: [(a["feature"], a["spins"]) for a in _of(ev, "feature_award")][:2]
            == [("jewel_spins", 2), ("free_spins", 10)] and _order(ev)[:4] == ["base", "jewel", "jewel", "free"],
        "18-jackpot-in-free-spins": lambda ev, j: bool(_of(ev, "win", kind="jackpot", spin="free")),
        "19-no-jackpot-in-jewel-spins": lambda ev, j: not _of(ev, "win", kind="jackpot")
            and bool(_of(ev, "win", kind="line", spin="jewel", symbol="JACKPOT", count=5)),
    },
    "gonzos-gold": {
        "01-cluster-win": lambda ev, j: (lambda m, a: bool(m and a) and [3, 3] in m[0]["positions"] and [3, 3] in a[0]["positions"])(
            _of(ev, "win", kind="cluster", symbol="MASK"), _of(ev, "win", kind="cluster", symbol="A")),
        "02-three-high-four-low": lambda ev, j: [(w["symbol"], w["count"]) for w in _of(ev, "win")] == [("MASK", 3)],
        "03-scatter-in-two-clusters": lambda ev, j: sorted(w["symbol"] for w in _of(ev, "win", kind="cluster") if [0, 2] in w["positions"]) == ["IDOL", "MASK"],
        "04-scatters-alone": lambda ev, j: not _of(ev, "win") and j["total_win"] == 0,
        "05-free-spins": lambda ev, j: bool(_of(ev, "win", kind="bonus", count=3, amount=2 * _bet(j)))
            and bool(_of(ev, "feature_start", expanding="EXPLORER")),
        "06-four-scatters": lambda ev, j: bool(_of(ev, "win", kind="bonus", spin="base", count=4, amount=20 * _bet(j))),
        "07-five-scatters": lambda ev, j: bool(_of(ev, "win", kind="bonus", spin="base", count=5, amount=200 * _bet(j))),
        "08-expand-over-a-row": lambda ev, j: [(x["rows"], x["reels"]) for x in _of(ev, "expand", spin_index=1)] == [([2], [])],
        "09-expand-over-a-reel": lambda ev, j: [(x["rows"], x["reels"]) for x in _of(ev, "expand", spin_index=1)] == [([], [3])],
        "10-expand-row-and-reel": lambda ev, j: [(x["rows"], x["reels"]) for x in _of(ev, "expand", spin_index=1)] == [([0], [4])],
        "11-additional-prize-no-expansion": lambda ev, j: not _of(ev, "expand", spin_index=1)
            and bool(_of(ev, "win", kind="expanding", spin_index=1, count=3)),
        "12-scatter-does-not-expand": lambda ev, j: not _of(ev, "expand", spin_index=1) and not _of(ev, "win", kind="expanding", spin_index=1)
            and bool(_of(ev, "win", kind="cluster", spin_index=1, symbol="EXPLORER", count=3)),
        "13-low-expanding-symbol": lambda ev, j: bool(_of(ev, "feature_start", expanding="TEN"))
            and [x["reels"] for x in _of(ev, "expand", spin_index=1, symbol="TEN")] == [[0]],
        "14-free-spins-retrigger": lambda ev, j: bool(_of(ev, "feature_award", retrigger=True, free_left=19)),
        "15-max-win-cap": lambda ev, j: j["total_win"] == 5000 * _bet(j) and not _of(ev, "feature_award"),
    },
    "phoenix-graveyard": {
        "01-ways-win": lambda ev, j: [(w["symbol"], w["count"], w["ways"]) for w in _of(ev, "win")] == [("K", 3, 3)]
            and _of(ev, "ways")[0]["ways"] == 243,
        "02-all-wild-ways": lambda ev, j: bool(_of(ev, "win", kind="ways", symbol="GRAVEDIGGER", ways=1, wilds=3)),
        "03-sudden-death": lambda ev, j: bool(_of(ev, "slice", cause="random", added=3, ways=4)) and _of(ev, "ways")[0]["ways"] == 486,
        "04-reaper-slices-and-walks": lambda ev, j: bool(_of(ev, "slice", cause="attack", spin_index=0))
            and [m["kind"] for m in _of(ev, "move")] == ["walk"] * 4 + ["leave"]
            and bool(_of(ev, "win", symbol="K", count=4, ways=9)),
        "05-reaper-appears-again": lambda ev, j: bool(_of(ev, "spawn", symbol="REAPER", position=[1, 4])),
        "06-two-reapers": lambda ev, j: sum(r.count("REAPER") for r in _of(ev, "screen")[0]["screen"]) == 2
            and len(_of(ev, "move", kind="walk", spin_index=0)) == 2,
        "07-phoenix-jumps": lambda ev, j: len(_of(ev, "move", kind="jump", symbol="PHOENIX")) == 4 and not _of(ev, "battle"),
        "08-battle-reaper-doubles": lambda ev, j: _of(ev, "battle")[0]["outcome"] == "attacker_doubles"
            and _of(ev, "battle")[0]["attacker_multiplier"] == 2,
        "09-battle-phoenix-doubles": lambda ev, j: _of(ev, "battle")[0]["outcome"] == "defender_doubles"
            and _of(ev, "battle")[0]["defender_multiplier"] == 2,
        "10-battle-phoenix-jumps": lambda ev, j: _of(ev, "battle")[0]["outcome"] == "defender_jumps"
            and bool(_of(ev, "transform", **{"from": "FEATHER", "to": "PHOENIX"})),
        "11-free-spins-3-bonus": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", spins=6))
            and len(_of(ev, "spawn", symbol="PHOENIX", spin_index=1)) == 1,
        "12-free-spins-4-bonus": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", spins=8))
            and len(_of(ev, "spawn", symbol="PHOENIX", spin_index=1)) == 2,
        "13-free-spins-5-bonus": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", spins=10))
            and len(_of(ev, "spawn", symbol="PHOENIX", spin_index=1)) == 3,
        "14-bonus-sticky-in-respins": lambda ev, j: all({(0, 0), (1, 1), (2, 2)} <= {tuple(p) for p in s["held"]}
                                                       for s in _of(ev, "screen", spin="respin") if s["spin_index"] <= 4)
            and [a["feature"] for a in _of(ev, "feature_award")][:2] == ["respins", "free_spins"],
        "15-base-phoenix-leaves": lambda ev, j: bool(_of(ev, "move", kind="leave", symbol="PHOENIX"))
            and ev.index(_of(ev, "move", kind="leave", symbol="PHOENIX")[0]) < ev.index(_of(ev, "feature_start")[0]),
        "16-free-spins-retrigger": lambda ev, j: bool(_of(ev, "feature_award", feature="free_spins", retrigger=True, spins=8))
            and len(_of(ev, "spawn", symbol="PHOENIX")) == 3,
        "17-max-win-cap": lambda ev, j: bool(_of(ev, "cap")) and j["total_win"] == 10000 * _bet(j),
    },
    "gnomos-mix": {
        "01-direct-prize": lambda ev, j: bool(_of(ev, "collect", rung=2, amount=160)) and not _of(ev, "risk"),
        "02-any-diamonds": lambda ev, j: bool(_of(ev, "win", mixed="Any Diamonds")),
        "03-green-diamond": lambda ev, j: bool(_of(ev, "win", symbol="GREEN")) and not _of(ev, "prize") and bool(_of(ev, "collect", amount=800)),
        "04-nothing": lambda ev, j: j["total_win"] == 0 and not [e for e in ev if e["type"] not in ("round_start", "screen", "round_end")],
        "05-hold": lambda ev, j: _of(ev, "hold")[0]["reels"] == [0, 1] and len(_of(ev, "screen")) == 2 and j["total_win"] == 400,
        "06-advances": lambda ev, j: [a.get("reel") for a in _of(ev, "advance")] == [None, 1, 1, 2],
        "07-auto-advances": lambda ev, j: _of(ev, "advance")[0]["given"] == 4 and _of(ev, "advance")[-1]["left"] == 1,
        "08-sube-bonos": lambda ev, j: [r["won"] for r in _of(ev, "risk")] == [True, False] and _of(ev, "risk")[-1]["bonuses"] == 4,
        "09-seesaw": lambda ev, j: "lower" in [r["on_loss"] for r in _of(ev, "risk")] and [r["rung"] for r in _of(ev, "risk")][2:4] == [6, 5],
        "10-ladder-top": lambda ev, j: _of(ev, "risk")[-1]["rung"] == 8 and bool(_of(ev, "collect", rung=8)),
        "11-up-nothing": lambda ev, j: _of(ev, "risk")[-1]["rung"] is None and _of(ev, "risk")[-1]["bonuses"] == 0 and j["total_win"] == 0,
        "12-cauldrons": lambda ev, j: [p["choice"] for p in _of(ev, "pick")] == [None, 1],
        "13-extra-spin": lambda ev, j: _order(ev) == ["base", "extra_spin"],
        "14-bonus-figures": lambda ev, j: ev[-1]["total_bonuses"] == 2,
        "15-upper-lines": lambda ev, j: ev[0]["bet_bonuses"] == 1 and len(_of(ev, "win", kind="line")) == 5 and bool(_of(ev, "risk", won=True)),
        "16-upper-nothing": lambda ev, j: ev[0]["bet_bonuses"] == 1 and not _of(ev, "win") and j["total_win"] == 0,
        "17-upper-strawberry": lambda ev, j: bool(_of(ev, "minigame", minigame="strawberry", stage="end")),
        "18-upper-three-choices": lambda ev, j: bool(_of(ev, "minigame", minigame="three_choices", stage="end")),
        "19-upper-find-the-prizes": lambda ev, j: bool(_of(ev, "minigame", minigame="find_the_prizes", stage="end")),
        "20-upper-treasure": lambda ev, j: bool(_of(ev, "minigame", minigame="discover_the_treasure", stage="end")),
        "21-upper-double-or-bonuses": lambda ev, j: bool(_of(ev, "risk", won=True)) and any(r["bonuses"] > 0 for r in _of(ev, "risk", won=False)),
        "22-upper-bonus-cap": lambda ev, j: bool(_of(ev, "collect", cause="bonus_cap")) and not _of(ev, "prize"),
        "23-upper-maximum-prize": lambda ev, j: bool(_of(ev, "collect", cause="max_prize")) and j["total_win"] == 10000,
    },
}


def test_named_scenarios():
    """Every games/<id>/scenarios/*.json (the menu of forced rounds): a title and a one-line
    description within the loader's limits, titles unique in the game, the game of its folder,
    no game_change (the cabinet's alone), one round each played to its end by slotsim with
    every forced spin used, and the branch its title names seen in its events."""
    games_dir = os.path.join(ROOT, "games")
    seen_games = 0
    for game in sorted(os.listdir(games_dir)):
        folder = os.path.join(games_dir, game, "scenarios")
        if not os.path.isdir(folder):
            continue
        seen_games += 1
        claims = NAMED_CLAIMS.get(game, {})
        names = sorted(f[:-5] for f in os.listdir(folder) if f.endswith(".json"))
        check(names, f"{game}: no scenario files")
        check(sorted(claims) == names, f"{game}: the claims table and the files differ: "
              f"{sorted(set(names) ^ set(claims))}")
        check([n[:3] for n in names] == [f"{i:02d}-" for i in range(1, len(names) + 1)],
              f"{game}: files numbered 01, 02, ... in menu order: {names}")
        titles = []
        for name in names:
            path = os.path.join(folder, name + ".json")
            with open(path, encoding="utf-8") as f:
                d = json.load(f)
            title, desc = d.get("title"), d.get("description")
            check(isinstance(title, str) and 0 < len(title) <= 48 and "\n" not in title, f"{path}: title {title!r}")
            check(isinstance(desc, str) and 0 < len(desc) <= 160 and "\n" not in desc, f"{path}: description {desc!r}")
            titles.append(title)
            check(d.get("game") == game, f"{path}: game {d.get('game')!r} is not its folder's")
            check(not any("game_change" in s for s in d.get("spins", [])), f"{path}: game_change is the cabinet's")
            rc, out, err = run("round", "--json", "--scenario", path)
            check(rc == 0 and err == "", f"{path}: rc {rc}, stderr {err!r} (a note: forced spins left over)")
            if rc != 0:
                continue
            j = json.loads(out)
            ev = j["events"]
            check(ev[0]["type"] == "round_start" and ev[-1]["type"] == "round_end", f"{path}: one whole round")
            claim = claims.get(name)
            try:
                ok = bool(claim and claim(ev, j))
            except (IndexError, KeyError, ValueError, TypeError) as e:
                ok = False
                print(f"  {path}: {type(e).__name__}: {e}")
            check(ok, f"{path}: {title!r} did not happen in its round")
        check(len(set(titles)) == len(titles), f"{game}: titles repeat: {titles}")
    check(seen_games == 4, f"named sets for the four games, found {seen_games}")


def test_rtp_as_cabinets():
    """Rounds that depend on the last: --cabinets K plays the run as K cabinets, each a chain
    of rounds carrying its state (Mona Lisa's progressive paid as each cabinet's pool stood),
    and the totals are the same whatever --threads is. The rounds are the same ones: only
    what the jackpot hits paid differs from the independent run, and by at least nothing."""
    runs = []
    for t in ("1", "2"):
        rc, out, err = run("rtp", "--game", GAME, "--rounds", "400000", "--max-bet", "--seed", "3",
                           "--cabinets", "7", "--threads", t, "--json")
        check(rc == 0, f"--cabinets: {err}")
        j = json.loads(out)
        for k in ("seconds", "rounds_per_second", "threads"):
            j.pop(k)
        runs.append(j)
    check(runs[0] == runs[1], "--cabinets 7: the same totals on 1 and 2 threads")
    cab = runs[0]
    rc, out, _ = run("rtp", "--game", GAME, "--rounds", "400000", "--max-bet", "--seed", "3", "--json")
    ind = json.loads(out)
    check(cab["cabinets"] == 7 and "cabinets" not in ind, "the report says how it was played")
    check(cab["jackpot"]["hits"] == ind["jackpot"]["hits"] > 0, "the same rounds hit the jackpot")
    extra = cab["total_win"] - ind["total_win"]
    check(extra > 0 and cab["rtp_split"]["base"] == ind["rtp_split"]["base"],
          f"only the jackpot differs, paid above its seed: {extra}")
    rc, _, err = run("round", "--game", GAME, "--cabinets", "2")
    check(rc == 2 and "--cabinets: not an option" in err, err)


def test_rtp_carried_cycle_as_cabinets():
    """A game whose rounds carry more than a pool (Gnomos Mix's programmed return: each round
    steered by the cycle so far) is played as cabinets whether or not --cabinets says, one
    per 1,000,000 rounds (1 to 1,024), so its totals are the same whatever --threads is; a
    game without carried state, or with only a pool, stays independent rounds."""
    runs = []
    for t in ("1", "2", "3"):
        rc, out, err = run("rtp", "--game", "gnomos-mix", "--rounds", "2100000", "--seed", "11",
                           "--threads", t, "--json")
        check(rc == 0, f"gnomos-mix rtp --threads {t}: {err}")
        j = json.loads(out) if rc == 0 else {}
        for k in ("seconds", "rounds_per_second", "threads"):
            j.pop(k, None)
        runs.append(j)
    check(runs[0].get("cabinets") == 2, f"2,100,000 rounds are 2 cabinets: {runs[0].get('cabinets')}")
    check(runs[0] == runs[1] == runs[2], "Gnomos Mix: the same totals on 1, 2 and 3 threads")
    rc, out, _ = run("rtp", "--game", "gnomos-mix", "--rounds", "2100000", "--seed", "11",
                     "--cabinets", "2", "--threads", "2", "--json")
    given = json.loads(out) if rc == 0 else {}
    for k in ("seconds", "rounds_per_second", "threads"):
        given.pop(k, None)
    check(given == runs[0], "the default is --cabinets 2 at these rounds")
    rc, out, _ = run("rtp", "--game", "gnomos-mix", "--rounds", "1000", "--seed", "11")
    check(rc == 0 and "(seed 11, 1 cabinet, 1 thread," in out, f"the text says how it was played: {out[:200]}")
    for game in ("gonzos-gold", "phoenix-graveyard", "mona-lisa-jewels"):
        rc, out, _ = run("rtp", "--game", game, "--rounds", "1000", "--json")
        check(rc == 0 and "cabinets" not in json.loads(out), f"{game}: independent rounds by default")


def test_help_and_version():
    rc, out, _ = run("--help")
    check(rc == 0 and "slotsim rtp" in out, "help")
    rc, out, _ = run("--version")
    check(rc == 0 and out.startswith("slotsim "), "version")


for t in (test_gnomos_mix_cycle, test_list, test_info, test_round_json_contract, test_round_deterministic,
          test_round_scenario_line_win, test_round_scenario_twelve_free_spins,
          test_round_scenario_gonzo_expansion, test_phoenix_graveyard,
          test_rtp_same_totals_whatever_threads, test_rtp_reports_what_the_game_has,
          test_rtp_counts_capped_rounds,
          test_catalogue_matches_committed,
          test_errors_exit_2, test_broken_game_file_exit_2, test_json_is_json_whatever_the_names,
          test_hostile_inputs,
          test_strategies, test_scenario_forces_a_named_draw, test_gnomos_mix_scenarios,
          test_gnomos_mix_upper_scenarios, test_named_scenarios, test_rtp_carried_cycle_as_cabinets,
          test_rtp_as_cabinets,
          test_help_and_version):
    test(t)
print(f"{checks} checks, {failures} failed")
sys.exit(1 if failures else 0)
