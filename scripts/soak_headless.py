#!/usr/bin/env python3
"""soak_headless.py - the soak on the cabinet's own clock (scripts/soak.sh --headless).

What it proves, beside the window soak (scripts/soak.sh): the window soak runs the real window,
the GL driver and X for wall-clock hours; this one runs the cabinet's own code (scenes, play
core, memory, attract, the operator's door, drawing on the software renderer) over hours of
cabinet time, as fast as the machine allows: `slotcab --headless --soak N` steps ticks without
sleeping and draws a frame every N ticks, so 8 hours of play take minutes.

It writes a recording (OUT/soak.jsonl, private: it types the PIN) that plays cycles of
  idle in the lobby until attract mode starts (after the operator's idle time, 60 s) and shows
  the games off, then a key that ends it;
  each of the four games in turn (lobby -> game -> lobby, by the lobby's keys), a number of
  rounds each with their waits answered (free spins' START by ENTER, Gonzo's pick by 5, the
  fruit machine's holds/risks by ENTER and its prizes collected by C);
  the operator's door (Ctrl+Alt+O, the PIN typed) and its five pages, then back to the lobby;
on a fresh memory whose PIN is set first from a private --pin-file (slotcab --operator
--pin-file). The cabinet samples its health every --stats-every seconds of cabinet time
(--frame-stats). Then the verdict, as the window soak's: FLAT when after the first cycle RSS
stays within 5 % (or 8 MiB) of the first cycle's peak and descriptors do not grow; and the
memory must reconcile (slotcab --audit) with no round lost (games played == rounds begun, no
round left in play), every game played.

  soak_headless.py [HOURS] [OUT]     defaults: 8 hours of cabinet time, out/soak-headless
  SLOTCAB=path                       the binary (default: a release build in build-release/)
  ROUNDS=N IDLE=S EVERY=S            rounds per game a cycle (8), idle seconds a cycle (100,
  DRAW=N SIZE=WxH CYCLES=N SEED=N    attract after 60), seconds between samples (60), a frame
                                     drawn every N ticks (4), the canvas size (1920x1080), a
                                     number of cycles instead of HOURS, the session's seed (1)
Exit 0 FLAT and sound, 1 GROWING or the memory not sound, 2 bad use or the cabinet failed.
"""
import json
import os
import secrets
import sqlite3
import subprocess
import sys
import time

HZ = 60
GAMES = ["mona-lisa-jewels", "gonzos-gold", "phoenix-graveyard", "gnomos-mix"]
CTRL_ALT = 0x40 | 0x100  # KMOD_LCTRL | KMOD_LALT
SPIN, PLAY = (1775, 970), (1720, 961)  # the slots' SPIN and the fruit machine's PLAY (canvas)


class Script:
    """The recording: keys at ticks, the cycles' ends noted."""

    def __init__(self, seed):
        self.t = 30
        self.lines = [{"slotcab_recording": 1, "seed": str(seed)}]

    def wait(self, s):
        self.t += int(s * HZ)

    def click(self, x, y, then=0.25):
        for kind in ("move", "press", "release"):
            self.lines.append({"tick": self.t, "type": kind, "x": x, "y": y})
        self.wait(then)

    def key(self, name, mod=0, then=0.25):
        self.lines.append({"tick": self.t, "type": "key", "key": name, "mod": mod})
        self.wait(then)


def slot_round(s):
    s.key("Return", then=6)      # SPIN (quick-stops nothing: pressed once)
    s.key("5", then=2)           # Gonzo's Gold's pick (nothing elsewhere)
    s.key("Return", then=20)     # START of free spins, a win show skipped, or the next round


def fruit_round(s):
    s.key("Return", then=5)      # PLAY
    s.key("Return", then=5)      # the hold offered (none held), a risk, the middle lid
    s.key("C", then=3)           # COLLECT a prize or a ladder's step
    s.key("Return", then=5)      # a risk or pick still waiting, or the next game
    s.key("C", then=5)


def cycle(s, rounds, idle, pin):
    s.wait(idle)                 # the lobby, then attract mode (after the idle time)
    s.key("Left", then=3)        # a key ends attract (back to the lobby); else moves the tile
    for i, game in enumerate(GAMES):
        for _ in range(4):       # the lobby's keys move the selection to the game's tile
            s.key("Left")
        for _ in range(i):
            s.key("Right")
        s.click(300 + 440 * i, 580, then=3)  # and a click opens it (not ENTER, which would
        # play in a game the recording failed to leave)
        for _ in range(rounds):
            (fruit_round if game == "gnomos-mix" else slot_round)(s)
        s.key("C", then=2)       # a fruit prize still offered
        s.key("5", then=2)       # a pick still offered
        s.key("Escape", then=3)  # the lobby (between rounds)
        # The recording cannot see the screen: when the last press began a round that now
        # waits (free spins' START, a hold or a risk), Escape was refused. A click on the
        # game's main button answers it there and is nothing in the lobby (below the tiles);
        # then the door and Escape at its keypad: the lobby from a game between rounds and
        # from the lobby alike (a second Escape in the lobby would end the cabinet).
        s.click(*(PLAY if game == "gnomos-mix" else SPIN), then=20)
        s.key("C", then=3)
        s.key("5", then=3)
        s.key("O", CTRL_ALT, then=1)
        s.key("Escape", then=3)
    s.key("O", CTRL_ALT, then=2)  # the operator's door
    for c in pin:
        s.key(c)
    s.key("Return", then=2)
    for page in "12345":
        s.key(page, then=3)
    s.key("Right", then=1)       # the log: older
    s.key("Left", then=1)
    s.key("Tab", then=2)
    s.key("Escape", then=3)      # the lobby


def run(args, **kw):
    return subprocess.run(args, stdin=subprocess.DEVNULL, **kw)


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    argv = sys.argv[1:]
    hours = float(argv[0]) if argv else 8.0
    out = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(here, "out", "soak-headless"))
    env = os.environ
    rounds, idle = int(env.get("ROUNDS", 8)), float(env.get("IDLE", 100))
    every, draw = int(env.get("EVERY", 60)), int(env.get("DRAW", 4))
    size, seed = env.get("SIZE", "1920x1080"), int(env.get("SEED", 1))
    cycles_wanted = int(env.get("CYCLES", 0))
    slotcab = env.get("SLOTCAB")
    if not slotcab:
        br = os.path.join(here, "build-release")
        if not os.path.exists(os.path.join(br, "build.ninja")):
            run(["meson", "setup", br, "--buildtype=release"], cwd=here, check=True, stdout=subprocess.DEVNULL)
        run(["ninja", "-C", br], check=True, stdout=subprocess.DEVNULL)
        slotcab = os.path.join(br, "src", "cabinet", "slotcab")
    os.makedirs(out, exist_ok=True)
    os.chmod(out, 0o700)
    data = os.path.join(out, "data")
    if os.path.exists(data):
        subprocess.run(["rm", "-rf", data], check=True)
    cenv = dict(env, SDL_AUDIODRIVER="dummy")

    # the PIN: private, set in the fresh memory by --operator --pin-file (which opens the pages)
    pin = "".join(secrets.choice("0123456789") for _ in range(6))
    pin_file = os.path.join(out, "pin")
    fd = os.open(pin_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, (pin + "\n").encode())
    os.close(fd)
    os.chmod(pin_file, 0o600)
    shots = os.path.join(out, "door")
    r = run([slotcab, "--headless", "--operator", "--pin-file", pin_file, "--data-dir", data,
             "--balance", "1000000.00", "--shots", shots], env=cenv, capture_output=True, text=True)
    if r.returncode:
        print(f"soak: the PIN could not be set: exit {r.returncode}: {r.stderr.strip()}")
        return 2

    # the recording: whole cycles filling HOURS (or CYCLES of them)
    s = Script(seed)
    ends = []
    end_tick = int(hours * 3600 * HZ)
    while True:
        cycle(s, rounds, idle, pin)
        ends.append(s.t / HZ)
        if cycles_wanted and len(ends) >= cycles_wanted:
            break
        if not cycles_wanted and s.t >= end_tick:
            break
    s.wait(5)
    s.lines.append({"tick": s.t, "type": "end"})
    rec = os.path.join(out, "soak.jsonl")
    fd = os.open(rec, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in s.lines))
    with open(os.path.join(out, "cycles.txt"), "w") as f:
        f.write("".join(f"{e:.1f}\n" for e in ends))

    stats = os.path.join(out, "stats.jsonl")
    t0 = time.monotonic()
    with open(os.path.join(out, "slotcab.log"), "w") as log:
        r = run([slotcab, "--headless", "--playback", rec, "--soak", str(draw), "--size", size,
                 "--data-dir", data, "--frame-stats", stats, "--stats-every", str(every)],
                env=cenv, stdout=log, stderr=subprocess.STDOUT)
    wall = time.monotonic() - t0
    status = 0
    if r.returncode:
        print(f"soak: the cabinet ended with exit {r.returncode} (see {out}/slotcab.log)")
        status = 2
    return max(status, verdict(slotcab, data, stats, ends, s.t / HZ, wall, draw, size, every, cenv))


def verdict(slotcab, data, stats, ends, cab_s, wall, draw, size, every, cenv):
    rows = [json.loads(line) for line in open(stats) if line.strip()]
    if len(rows) < 3:
        print(f"soak: only {len(rows)} samples")
        return 1
    print(f"{'cab min':>7} {'wall s':>7} {'frames':>7} {'work ms':>16} {'RSS MiB':>8} {'fds':>4}  scene")
    print(f"{'':>7} {'':>7} {'':>7} {'p50':>5} {'p99':>5} {'max':>5}")
    for x in rows:
        print(f"{x['t_s'] / 60:7.1f} {x['wall_s']:7.1f} {x['frames']:7d} {x['frame_ms_p50']:5.2f} "
              f"{x['frame_ms_p99']:5.2f} {x['frame_ms_max']:5.1f} {x['rss_kb'] / 1024:8.1f} {x['fds']:4d}  {x['scene']}")
    # per cycle: RSS peak, descriptors at most, frame work (medians of the samples' p50, p99)
    print(f"\n{'cycle':>5} {'ends at':>9} {'RSS peak MiB':>13} {'fds':>4} {'work p50':>9} {'p99':>6}")
    start = 0.0
    for i, e in enumerate(ends):
        c = [x for x in rows if start < x["t_s"] <= e + 1]
        start = e + 1
        if not c:
            continue
        med = lambda k: sorted(x[k] for x in c)[len(c) // 2]
        print(f"{i + 1:5d} {e / 3600:8.2f}h {max(x['rss_kb'] for x in c) / 1024:13.1f} "
              f"{max(x['fds'] for x in c):4d} {med('frame_ms_p50'):9.2f} {med('frame_ms_p99'):6.2f}")
    ok = True
    if rows[-1]["t_s"] < cab_s - every - 10:  # t_s counts from the first frame drawn
        print(f"soak: the cabinet stopped at {rows[-1]['t_s']:.0f} s of its {cab_s:.0f} s recording")
        ok = False
    first = [x for x in rows if x["t_s"] <= ends[0]]
    later = [x for x in rows if x["t_s"] > ends[0] + 1]
    if len(ends) < 2 or not first or not later:
        print("soak: not a sample after the first cycle: too short to judge")
        return 1
    base = max(x["rss_kb"] for x in first)
    grow = max(x["rss_kb"] for x in later) - base
    fds = max(x["fds"] for x in later) - max(x["fds"] for x in first)
    flat = grow <= max(base * 0.05, 8 * 1024) and fds <= 0
    scenes = {x["scene"] for x in rows}

    # the memory: reconciled, every round begun settled, every game played
    a = run([slotcab, "--audit", "--data-dir", data], env=cenv, capture_output=True, text=True)
    audit = json.loads(a.stdout) if a.stdout.strip().startswith("{") else {}
    db = sqlite3.connect(f"file:{os.path.join(data, 'slotcab.db')}?mode=ro", uri=True)
    begun = db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    doors = db.execute("SELECT COUNT(*) FROM oplog WHERE what = 'door opened' AND detail = 'keypad'").fetchone()[0]
    db.close()
    games = audit.get("meters", {}).get("games", {})
    played = {g: games.get(g, {}).get("games_played", 0) for g in GAMES}
    total = audit.get("meters", {}).get("total", {}).get("games_played", -1)
    sound = (a.returncode == 0 and audit.get("reconciled") and audit.get("integrity_ok")
             and audit.get("round_in_progress") is None)
    print(f"\nrounds played: " + ", ".join(f"{g} {n}" for g, n in played.items())
          + f"; total {total}, rounds begun {begun}; free-spin features "
          f"{audit.get('meters', {}).get('total', {}).get('free_spin_features', '?')}")
    print(f"audit: exit {a.returncode}, reconciled {audit.get('reconciled')}, integrity "
          f"{audit.get('integrity_ok')}, round in progress {audit.get('round_in_progress')}, "
          f"problems {audit.get('problems')}")
    if not sound:
        print("soak: the memory is not sound")
        ok = False
    if total != begun:
        print(f"soak: rounds lost: {begun} begun, {total} played")
        ok = False
    if min(played.values()) <= 0:
        print("soak: a game was not played")
        ok = False
    print(f"the operator's door opened by the PIN typed {doors} times in {len(ends)} cycles; attract mode "
          f"{'seen' if 'attract' in scenes else 'not seen'} in the samples")
    # the recording cannot see the screen: a round it began last may still play when it
    # knocks; the door must open in all cycles but a tenth of them
    if doors < len(ends) - len(ends) // 10:
        print("soak: the door did not open once a cycle")
        ok = False
    if "attract" not in scenes:
        print("soak: attract mode never showed in a sample")
        ok = False
    p50 = sorted(x["frame_ms_p50"] for x in rows)[len(rows) // 2]
    p99 = sorted(x["frame_ms_p99"] for x in rows)[len(rows) // 2]
    print(f"soak --headless: {cab_s / 3600:.2f} h of cabinet time in {wall / 60:.1f} min of wall time "
          f"({cab_s / max(wall, 1e-3):.0f}x), {len(ends)} cycles, {len(rows)} samples, a frame every "
          f"{draw} ticks at {size}; scenes seen {sorted(scenes)}; RSS peak of the first cycle "
          f"{base / 1024:.1f} MiB, of the later ones {grow / 1024:+.1f} MiB from it; fds "
          f"{rows[0]['fds']} -> {rows[-1]['fds']}; medians of the samples' frame work p50 {p50:.2f} ms, "
          f"p99 {p99:.2f} ms: {'FLAT' if flat else 'GROWING'}{'' if ok else ', NOT SOUND (above)'}")
    return 0 if flat and ok else 1


if __name__ == "__main__":
    sys.exit(main())
