#!/usr/bin/env python3
"""memory-campaign.py - damage every file of a cabinet's memory, many times, and check that the
cabinet never loses a committed round unnoticed (issue 29).

It makes a memory with autoplay (three first runs of ten rounds that end, each kept as an OLDER
copy; then a second run killed with SIGKILL mid-autoplay so that a write-ahead log remains),
records the committed truth from an audit of an untouched copy, then for each file of the
memory (slotcab.db, its -wal, its -shm, slotcab.key, slotcab.witness) runs TRIALS trials on a
fresh copy: a random byte flipped, or the file cut at a random length. Each damaged copy is
audited (slotcab --audit), and every TRIALS/10-th also started as a cabinet, and classified:

  refused   exit 2, one line, every file of the copy byte for byte as it was
  intact    accepted, and every committed round read back: the balance, the Bonuses, every
            meter (games played included: one per round) and the round in progress are the truth's
  reported  accepted, and the audit reports damage (integrity_ok or reconciled false): the
            cabinet locks play
  SILENT    accepted as sound with other meters or balance than the truth: a silent loss
  CHANGED   refused, but a file of the copy changed
  ODD       any other exit (a crash)

Then it forges rows with Python's sqlite3 module, as a person with the files but not the key
would (the four forgeries of issue 29, sealed with the old unkeyed checksum; a row put back as an
older sealed version of itself, taken from the newest OLDER copy where it differs, since play can
bring a balance back to an older one; the newest round deleted), and expects the audit to find
each.

  scripts/memory-campaign.py [--trials N] [--seed S] [--slotcab PATH]

Prints a table; exits 1 on any SILENT, CHANGED, ODD or forgery not found."""
import argparse
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import memory_seal  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--trials", type=int, default=300)
ap.add_argument("--seed", type=int, default=int(time.time()) % 100000)
ap.add_argument("--slotcab", default=os.path.join(HERE, "..", "build", "src", "cabinet", "slotcab"))
args = ap.parse_args()
SLOTCAB = os.path.abspath(args.slotcab)
ENV = {**os.environ, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"}
rng = random.Random(args.seed)
print(f"memory-campaign: seed {args.seed}, {args.trials} trials per file")
FILES = ["slotcab.db", "slotcab.db-wal", "slotcab.db-shm", "slotcab.key", "slotcab.witness"]
GAME = "mona-lisa-jewels"


def run(*a, data):
    p = subprocess.run([SLOTCAB, *a, "--data-dir", data], capture_output=True, env=ENV, timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def digests(d):
    """Every file of the memory (slotcab.lock, the running cabinet's process id, is not one)."""
    out = {}
    for f in sorted(os.listdir(d)):
        if f != "slotcab.lock":
            with open(os.path.join(d, f), "rb") as fp:
                out[f] = hashlib.sha256(fp.read()).hexdigest()
    return out


def state(a):
    """What the committed rounds leave: balance, Bonuses, every meter, the round in progress."""
    return (a["balance"], a["bonuses"], json.dumps(a["meters"], sort_keys=True),
            json.dumps(a["round_in_progress"], sort_keys=True))


def copy(src, dst):
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)


def in_flight(d):
    """Whether the cabinet was killed between SQLite's commit and the witness's write: its last
    commit is then the cabinet's only once the witness has it (the next start writes it). A
    kill there, with that commit's frames of the log then damaged, comes back without that one
    commit, which the cabinet had not acted on (its store call had not returned; a round
    recovers from the journal before it). Such a kill is made again, so that the truth here is
    every commit the cabinet was told of."""
    probe = os.path.join(tmp, "probe")
    copy(d, probe)
    db = sqlite3.connect(os.path.join(probe, "slotcab.db"))
    seq = db.execute("SELECT seq FROM head").fetchone()[0]
    db.close()
    w = open(os.path.join(probe, "slotcab.witness"), "rb").read()
    wseq = max((int.from_bytes(w[i + 8:i + 16], "little") for i in (0, 64)
                if w[i:i + 8] == b"SLOTWIT1"), default=-1)
    shutil.rmtree(probe, ignore_errors=True)
    return seq != wseq


tmp = tempfile.mkdtemp(prefix="slotcab-campaign-")
base = os.path.join(tmp, "base")
os.makedirs(base, mode=0o700)
# older copies of the whole memory: their rows are sealed older versions. Three, ten rounds
# apart: a row put back must differ from the memory's own (a wallet whose balance came back
# to an older one by play has no older version that differs in that copy)
olders = []
for n in range(3):
    extra = ("--balance", "1000000.00") if n == 0 else ()
    rc, _, err = run("--headless", "--game", GAME, "--autoplay", "10", *extra, data=base)
    if rc:
        sys.exit(f"memory-campaign: the first runs: exit {rc} {err.strip()}")
    if n < 2:
        olders.append(os.path.join(tmp, f"older{n}"))
        copy(base, olders[-1])
# the operator log: the PIN set, the door opened, three wrong PINs and a lock-out
pins = os.path.join(tmp, "pin-right"), os.path.join(tmp, "pin-wrong")
for path, pin in zip(pins, ("1234", "9999")):
    with open(path, "w") as f:
        f.write(pin + "\n")
    os.chmod(path, 0o600)  # a PIN file others may read is refused
shots = os.path.join(tmp, "shots")
os.makedirs(shots)
rc, _, err = run("--headless", "--operator", "--pin-file", pins[0], "--shots", shots, data=base)
if rc:
    sys.exit(f"memory-campaign: opening the door: exit {rc} {err.strip()}")
for _ in range(3):  # a wrong PIN is exit 1 (the door saved showing why)
    rc, _, err = run("--headless", "--operator", "--pin-file", pins[1], "--shots", shots, data=base)
    if rc != 1:
        sys.exit(f"memory-campaign: a wrong PIN: exit {rc} {err.strip()}")
olders.append(os.path.join(tmp, "older2"))
copy(base, olders[-1])
# the second run, killed mid-autoplay with its log unwritten
for attempt in range(20):
    p = subprocess.Popen([SLOTCAB, "--headless", "--game", GAME, "--autoplay", "100000", "--data-dir", base],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    wal = os.path.join(base, "slotcab.db-wal")
    t0 = time.monotonic()
    while time.monotonic() - t0 < 60 and not (os.path.exists(wal) and os.path.getsize(wal) > 300 * 1024):
        time.sleep(0.01)
    time.sleep(rng.random() * 0.2)
    p.kill()
    p.wait()
    if os.path.exists(wal) and os.path.getsize(wal) > 0 and not in_flight(base):
        break
else:
    sys.exit("memory-campaign: no write-ahead log left by a kill (or always a commit in flight)")
truth_dir = os.path.join(tmp, "truth")
copy(base, truth_dir)
rc, out, err = run("--audit", data=truth_dir)
if rc:
    sys.exit(f"memory-campaign: the untouched copy does not audit: exit {rc} {err.strip()}")
TRUTH = json.loads(out)
played = TRUTH["meters"]["total"]["games_played"]
print(f"the memory: {played} rounds played, balance {TRUTH['balance']}, "
      f"{', '.join(f'{f} {os.path.getsize(os.path.join(base, f))} bytes' for f in FILES if os.path.exists(os.path.join(base, f)))}")

CLASSES = ["refused", "intact", "reported", "SILENT", "CHANGED", "ODD"]


def classify(d, cabinet):
    before = digests(d)
    rc, out, err = run("--audit", data=d)
    if rc == 2:
        if err.count("\n") != 1 or digests(d) != before:
            return "CHANGED", err
        if cabinet:  # the cabinet refuses it too, and leaves it as it is
            crc, _, cerr = run("--headless", "--game", GAME, "--autoplay", "1", data=d)
            if crc != 2 or cerr.count("\n") != 1 or digests(d) != before:
                return ("CHANGED" if crc == 2 else "SILENT"), f"cabinet exit {crc}: {cerr}"
        return "refused", err
    if rc not in (0, 1):
        return "ODD", f"audit exit {rc}: {err}"
    a = json.loads(out)
    if not a["integrity_ok"] or not a["reconciled"]:
        return "reported", "; ".join(a["problems"])
    if state(a) != state(TRUTH):
        return "SILENT", f"{a['meters']['total']['games_played']} rounds, balance {a['balance']}"
    if cabinet:  # and the cabinet takes it and plays on from the same meters
        crc, _, cerr = run("--headless", "--game", GAME, "--autoplay", "1", data=d)
        rc2, out2, _ = run("--audit", data=d)
        a2 = json.loads(out2) if rc2 in (0, 1) else None
        if crc != 0 or not a2 or a2["meters"]["total"]["games_played"] < played:
            return "SILENT", f"the cabinet on it: exit {crc} {cerr.strip()}"
    return "intact", ""


table = {}
failures = []
trial_dir = os.path.join(tmp, "trial")
for name in FILES:
    counts = dict.fromkeys(CLASSES, 0)
    src = os.path.join(base, name)
    if not os.path.exists(src):
        print(f"{name}: not there after the kill; skipped")
        continue
    size = os.path.getsize(src)
    for t in range(args.trials):
        copy(base, trial_dir)
        path = os.path.join(trial_dir, name)
        if rng.random() < 0.5 and size > 0:
            at = rng.randrange(size)
            with open(path, "r+b") as f:
                f.seek(at)
                b = f.read(1)[0]
                f.seek(at)
                f.write(bytes([b ^ rng.randrange(1, 256)]))
            what = f"byte {at} flipped"
        else:
            cut = rng.randrange(size) if size else 0
            os.truncate(path, cut)
            what = f"cut to {cut} bytes"
        cls, why = classify(trial_dir, cabinet=t % 10 == 0)
        counts[cls] += 1
        if cls in ("SILENT", "CHANGED", "ODD"):
            failures.append(f"{name}: {what}: {cls}: {why.strip()[:300]}")
    table[name] = counts

# ---- forgeries: the files, not the key ------------------------------------------------------
def fnv(*values):
    h = 1469598103934665603
    for v in values:
        kind, text = ((5, "") if v is None else (1, str(v)) if isinstance(v, int) else (3, v))
        h = ((h ^ kind) * 1099511628211) % 2**64
        for b in text.encode():
            h = ((h ^ b) * 1099511628211) % 2**64
        h = ((h ^ 0xFF) * 1099511628211) % 2**64
    return h >> 1


def forged_credit(db):
    db.execute("INSERT INTO cash(kind, amount, at) VALUES('in', 100000000, '2026-01-01 00:00:00')")
    db.execute("UPDATE cash SET chk = slotcab_chk(id, kind, amount, at) WHERE amount = 100000000")
    db.execute("UPDATE meters SET value = value + 100000000 WHERE game = '' AND name = 'credits_in'")
    db.execute("UPDATE meters SET chk = slotcab_chk(game, name, value) WHERE game = '' AND name = 'credits_in'")
    db.execute("UPDATE wallet SET balance = balance + 100000000")
    db.execute("UPDATE wallet SET chk = slotcab_chk(id, balance)")
    db.execute("INSERT INTO oplog(at, what, detail) VALUES('2026-01-01 00:00:00', 'credit in', '1000000.00 by operator')")
    db.execute("UPDATE oplog SET chk = slotcab_chk(id, at, what, detail) WHERE id = last_insert_rowid()")


def deleted_log_lines(db):
    n = db.execute("DELETE FROM oplog WHERE what IN ('wrong pin', 'locked out')").rowcount
    if n < 2:
        failures.append(f"the operator log had {n} wrong-PIN and lock-out lines to delete")


def deleted_first_wrong_pin(db):
    db.execute("DELETE FROM oplog WHERE id = (SELECT min(id) FROM oplog WHERE what = 'wrong pin')")


def newest_rounds_deleted(db):
    last = db.execute("SELECT max(id) FROM rounds WHERE settled IS NOT NULL").fetchone()[0]
    keep = last - 5
    db.execute("DELETE FROM rounds WHERE settled IS NULL")
    for t in ("commands", "round_config", "round_state", "round_show", "forced_rounds", "pool_hits"):
        db.execute(f"DELETE FROM {t} WHERE round_id > ?", (keep,))
    db.execute("DELETE FROM rounds WHERE id > ?", (keep,))
    sums = {"total_bet": "sum(bet_total)", "games_played": "count(*)", "total_win": "sum(win)",
            "games_won": "sum(win > 0)", "free_spin_features": "sum(features)", "jackpots_won": "sum(jackpots)"}
    for meter, agg in sums.items():
        db.execute(f"UPDATE meters SET value = (SELECT coalesce({agg}, 0) FROM rounds WHERE game = meters.game)"
                   f" WHERE name = ?", (meter,))
    db.execute("UPDATE meters SET chk = slotcab_chk(game, name, value)")
    db.execute("UPDATE pools SET pool = (SELECT pool_after FROM rounds WHERE game = pools.game ORDER BY id DESC LIMIT 1)")
    db.execute("UPDATE pools SET chk = slotcab_chk(game, pool)")
    db.execute("UPDATE wallet SET balance = (SELECT balance_after FROM rounds ORDER BY id DESC LIMIT 1)")
    db.execute("UPDATE wallet SET chk = slotcab_chk(id, balance)")


def changed_balance_after(db):
    db.execute("UPDATE rounds SET balance_after = balance_after + 100 WHERE id = (SELECT max(id) - 3 FROM rounds)")
    db.execute("UPDATE rounds SET chk = slotcab_chk(id, game, seed, bet, bet_total, has_pool, pool_before,"
               " forced_from, balance_before, started, settled, win, balance_after, free_spins, features,"
               " jackpots, forced_after, scenario, pool_added, pool_after, pool_seed, pool_paid)"
               " WHERE id = (SELECT max(id) - 3 FROM rounds)")


def older_version(table, key):
    def forge(db):
        now = db.execute(f"SELECT * FROM {table} WHERE {key}").fetchall()
        for path in reversed(olders):  # the newest older copy whose rows differ
            old = sqlite3.connect(os.path.join(path, "slotcab.db"))
            rows = old.execute(f"SELECT * FROM {table} WHERE {key}").fetchall()
            cols = [c[1] for c in old.execute(f"PRAGMA table_info({table})")]
            old.close()
            if rows != now:
                break
        else:
            failures.append(f"no older copy has another version of {table} ({key}) to put back")
        for r in rows:
            db.execute(f"DELETE FROM {table} WHERE {key}")
            db.execute(f"INSERT INTO {table}({', '.join(cols)}) VALUES({', '.join('?' * len(cols))})", r)
    return forge


def newest_round_deleted(db):
    last = db.execute("SELECT max(id) FROM rounds").fetchone()[0]
    for t in ("commands", "round_config", "round_state", "round_show", "forced_rounds", "pool_hits"):
        db.execute(f"DELETE FROM {t} WHERE round_id = ?", (last,))
    db.execute("DELETE FROM rounds WHERE id = ?", (last,))


FORGERIES = [
    ("a forged 1,000,000.00 credit with its meter, wallet and log line", forged_credit),
    ("the wrong-PIN and lock-out lines deleted from the operator log", deleted_log_lines),
    ("the first wrong-PIN line deleted (the middle of the log)", deleted_first_wrong_pin),
    ("the newest 5 rounds deleted, meters wound back", newest_rounds_deleted),
    ("a changed balance_after", changed_balance_after),
    ("the wallet put back as an older sealed version", older_version("wallet", "id = 1")),
    ("a meter put back as an older sealed version", older_version("meters", "name = 'games_played'")),
    ("a pool put back as an older sealed version", older_version("pools", "1")),
    ("the newest round deleted", newest_round_deleted),
]
forged = {}
for name, forge in FORGERIES:
    copy(base, trial_dir)
    db = sqlite3.connect(os.path.join(trial_dir, "slotcab.db"))
    db.create_function("slotcab_chk", -1, fnv)  # the old, unkeyed seal: all a forger has
    forge(db)
    db.commit()
    db.close()
    rc, out, err = run("--audit", data=trial_dir)
    a = json.loads(out) if rc in (0, 1) else None
    found = rc == 2 or (a is not None and (not a["integrity_ok"] or not a["reconciled"]))
    forged[name] = "found" if found else "NOT FOUND"
    if not found:
        failures.append(f"forgery not found: {name}")

print()
print(f"{'file':<18}" + "".join(f"{c:>10}" for c in CLASSES))
for name, counts in table.items():
    print(f"{name:<18}" + "".join(f"{counts[c]:>10}" for c in CLASSES))
print()
for name, verdict in forged.items():
    print(f"{verdict:<10} {name}")
for f in failures[:40]:
    print("FAIL:", f)
shutil.rmtree(tmp, ignore_errors=True)
print(f"memory-campaign: {'FAILED' if failures else 'passed'} (seed {args.seed})")
sys.exit(1 if failures else 0)
