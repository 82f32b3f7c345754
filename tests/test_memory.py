"""The cabinet's memory as an operator, a careless user and a curious player would try it.

  test_memory.py SLOTCAB [--full] [--seed S]

- damaged memories: an empty file, 1 byte, 100 bytes, a real memory truncated at every page
  boundary, a text file, another program's SQLite file, another program's file with
  slotcab's tables but a foreign application id, a memory from a newer slotcab, one that
  fails SQLite's integrity check, one with a table missing: the cabinet and the audit each
  refuse it with one message naming the file and what is wrong, exit 2, and the file is
  byte for byte unchanged; a write-ahead log without its memory is refused by name; a
  deliberate --fresh-memory keeps the damaged file beside the new memory;
- audits while a cabinet plays on the same memory: every one exits 0 and reconciles (the
  round in progress on its own line, some of the time);
- two cabinets started at the same instant on a new folder: one plays, the other is
  refused at once by name, the memory reconciles and holds the one cabinet's rounds;
- odd data-folder paths (quotes, backslashes, newlines, tabs, bytes that are not UTF-8,
  '?', '#', '%'): the audit's JSON parses, also when it lists problems;
- a read-only medium: the audit works on it and writes nothing (as an unprivileged user).

The suite runs small counts; --full runs the issue's (1,000 audits, 100 starts, 300
paths): scripts/memory-check.sh. Prints its seed; --seed reruns it."""
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish  # noqa: E402

args = sys.argv[1:]
SLOTCAB = os.path.abspath(args[0])
FULL = "--full" in args
SEED = int(args[args.index("--seed") + 1]) if "--seed" in args else int(time.time()) % 100000
AUDITS, STARTS, PATHS = (1000, 100, 300) if FULL else (60, 8, 40)
rng = random.Random(SEED)
print(f"test_memory: seed {SEED}; {AUDITS} audits, {STARTS} double starts, {PATHS} odd paths")
ENV = {**os.environ, "SDL_AUDIODRIVER": "dummy"}




def run(*a, data=None, timeout=120):
    cmd = [SLOTCAB, *a] + (["--data-dir", data] if data is not None else [])
    p = subprocess.run(cmd, capture_output=True, timeout=timeout, env=ENV)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def play(data, rounds=3, game="mona-lisa-jewels"):
    return run("--headless", "--game", game, "--autoplay", str(rounds), data=data)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def audit_json(data):
    rc, out, err = run("--audit", data=data)
    try:
        return rc, json.loads(out.decode("utf-8")), err  # strict UTF-8, as JSON must be
    except (ValueError, UnicodeDecodeError) as e:
        check(False, f"--audit of {data!r}: not JSON ({e}): {out[:200]!r} {err.strip()}")
        return rc, None, err


tmp = tempfile.mkdtemp(prefix="slotcab-memory-")

# ---- a real memory to damage ------------------------------------------------------------
good = os.path.join(tmp, "good")
rc, _, err = play(good, 12)
check(rc == 0, f"a first start plays: exit {rc} {err.strip()}")
GOOD = open(os.path.join(good, "slotcab.db"), "rb").read()
PAGE = int.from_bytes(GOOD[16:18], "big")
check(len(GOOD) >= 8 * PAGE and len(GOOD) % PAGE == 0, f"the memory is whole pages: {len(GOOD)}")


def foreign_sqlite(path):
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT);"
                     "INSERT INTO notes(text) VALUES('a shopping list');")
    db.close()


def alter(sql, journal_delete=False):
    """A copy of the real memory changed by SQL (as another program or version would)."""
    def make(path):
        with open(path, "wb") as f:
            f.write(GOOD)
        db = sqlite3.connect(path)
        db.executescript(sql)
        db.close()
    return make


def bytes_of(data):
    def make(path):
        with open(path, "wb") as f:
            f.write(data)
    return make


def broken_btree(path):
    """A memory whose last page's b-tree header is overwritten: SQLite's check fails."""
    data = bytearray(GOOD)
    last = len(data) - PAGE
    data[last:last + 8] = b"\x0d\xff\xff\xff\xff\xff\xff\xff"
    with open(path, "wb") as f:
        f.write(bytes(data))


cases = [
    ("empty", bytes_of(b""), "empty"),
    ("one byte", bytes_of(b"\0"), "too short"),
    ("100 bytes", bytes_of(GOOD[:100]), "too short"),
    ("half a page", bytes_of(GOOD[:PAGE // 2]), "too short"),
    ("a text file", bytes_of(b"meters: do not delete\n" * 200), "not an SQLite database"),
    ("another program's database", foreign_sqlite, "another program"),
    ("a foreign application id", alter("PRAGMA application_id = 1234;"), "another program's database"),
    ("a newer slotcab's memory", alter("UPDATE meta SET value = '99' WHERE key = 'schema_version';"),
     "newer"),
    ("a table missing", alter("DROP TABLE pool_hits;"), "table pool_hits is missing"),
    ("a failed integrity check", broken_btree, "integrity check"),
]
for k in range(0, len(GOOD) // PAGE):
    cases.append((f"truncated to {k} pages", bytes_of(GOOD[:k * PAGE]), "empty" if k == 0 else "truncated"))

for name, make, says in cases:
    d = os.path.join(tmp, "damaged")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    path = os.path.join(d, "slotcab.db")
    make(path)
    before = digest(path)
    for what, cmd in (("the cabinet", ["--headless", "--game", "mona-lisa-jewels", "--autoplay", "1"]),
                      ("the audit", ["--audit"])):
        rc, out, err = run(*cmd, data=d)
        check(rc == 2, f"{name}: {what} exits {rc}, not 2 ({err.strip()[:200]})")
        check(path in err and says in err, f"{name}: {what} says {err.strip()[:300]!r}, "
                                           f"not the file and {says!r}")
        check(err.count("\n") == 1, f"{name}: {what}: one message, got {err!r}")
        check(digest(path) == before, f"{name}: {what} changed the file")
    check(sorted(f for f in os.listdir(d) if not f.startswith("slotcab.db-")) in
          (["slotcab.db"], ["slotcab.db", "slotcab.lock"]),
          f"{name}: no other file made: {os.listdir(d)}")

# a deliberate fresh start keeps the damaged file beside the new memory
rc, out, err = run("--fresh-memory", data=d)
kept = [f for f in os.listdir(d) if f.startswith("slotcab.db.kept-")]
check(rc == 0 and len(kept) == 1, f"--fresh-memory: exit {rc}, kept {kept}, {err.strip()}")
if kept:
    check(digest(os.path.join(d, kept[0])) == before, "--fresh-memory keeps the old file as it was")
rc, a, err = audit_json(d)
check(rc == 0 and a and a["balance"] == 100000 and a["operator_log"] and
      a["operator_log"][-1]["what"] == "fresh start", f"the fresh memory: {rc} {a}")

# a write-ahead log whose memory went away would be taken for a new memory's own log
d = os.path.join(tmp, "orphan-log")
os.makedirs(d)
with open(os.path.join(d, "slotcab.db-wal"), "wb") as f:
    f.write(b"\0" * 4096)
rc, _, err = play(d, 1)
check(rc == 2 and "write-ahead log" in err and not os.path.exists(os.path.join(d, "slotcab.db")),
      f"an orphan log: exit {rc} {err.strip()}")

# ---- a cabinet stopped in the middle of a checkpoint ---------------------------------------
# A checkpoint copies the write-ahead log into the file, page 1 (its header) among the first:
# stopped there, the file's header counts pages the file does not have yet, and the log holds
# them. That memory is whole (SQLite reads the pages from the log): the cabinet and the audit
# take it. Made here as such a stop leaves it: a cabinet killed with its log unwritten, then
# the log's last page 1 written into the file, as the checkpoint would have begun.
def wal_frames(wal, page):
    data = open(wal, "rb").read()
    salts, frames, at = data[16:24], [], 32
    while at + 24 + page <= len(data) and data[at + 8:at + 16] == salts:
        pgno, commit = int.from_bytes(data[at:at + 4], "big"), int.from_bytes(data[at + 4:at + 8], "big")
        frames.append((pgno, commit, data[at + 24:at + 24 + page]))
        at += 24 + page
    return frames

stopped = None
for attempt in range(40):
    d = os.path.join(tmp, f"mid-checkpoint-{attempt}")
    p = subprocess.Popen([SLOTCAB, "--headless", "--game", "mona-lisa-jewels", "--autoplay", "100000",
                          "--data-dir", d], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.4 + rng.random() * 1.2)
    p.kill()
    p.wait()
    db, wal = os.path.join(d, "slotcab.db"), os.path.join(d, "slotcab.db-wal")
    if not (os.path.exists(db) and os.path.exists(wal)):
        continue
    page = int.from_bytes(open(db, "rb").read(18)[16:18], "big")
    frames = wal_frames(wal, page)
    last = max((i for i, f in enumerate(frames) if f[1]), default=-1)
    first = [f for f in frames[:last + 1] if f[0] == 1]
    if last < 0 or not first or frames[last][1] * page <= os.path.getsize(db):
        continue  # the log holds no commit that grew the memory: kill again
    with open(db, "r+b") as f:
        f.write(first[-1][2])  # the header now counts the grown memory's pages
    stopped = (d, db, frames[last][1], os.path.getsize(db) // page)
    break
check(stopped is not None, "a cabinet killed with a grown memory in its log (40 tries)")
if stopped:
    d, db, pages, has = stopped
    print(f"mid-checkpoint: the header counts {pages} pages, the file has {has}, the log the rest")
    # the same file without its log is truncated, and said to be (and left as it is)
    d2 = os.path.join(tmp, "no-log")
    os.makedirs(d2)
    shutil.copy(db, os.path.join(d2, "slotcab.db"))
    before = digest(os.path.join(d2, "slotcab.db"))
    rc, _, err = play(d2, 1)
    check(rc == 2 and "truncated" in err and digest(os.path.join(d2, "slotcab.db")) == before,
          f"without its log it is truncated: exit {rc} {err.strip()}")
    rc, a, err = audit_json(d)
    check(rc == 0 and a and a["integrity_ok"] and a["reconciled"],
          f"the audit takes a memory stopped mid-checkpoint: exit {rc} {err.strip()}")
    rc, _, err = play(d, 2)
    check(rc == 0, f"the cabinet takes a memory stopped mid-checkpoint: exit {rc} {err.strip()}")
    rc, a, err = audit_json(d)
    check(rc == 0 and a and a["reconciled"], f"and it reconciles after: exit {rc} {err.strip()}")

# ---- a carried state this build does not know ----------------------------------------------
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import memory_seal  # noqa: E402  (the store's keyed seals, head and witness, in Python)

KEY = open(os.path.join(good, "slotcab.key"), "rb").read()


def copy_memory(src, dst):
    """A memory is its file, its key and its witness."""
    for f in ("slotcab.db", "slotcab.key", "slotcab.witness"):
        shutil.copy(os.path.join(src, f), os.path.join(dst, f))


d = os.path.join(tmp, "carried")
os.makedirs(d, mode=0o700)  # a private folder: no note that it was made private
path = os.path.join(d, "slotcab.db")
copy_memory(good, d)
db = sqlite3.connect(path)
row = db.execute("SELECT round_id, carried_after FROM round_state ORDER BY round_id DESC"
                 " LIMIT 1").fetchone()
check(row is not None and row[1].startswith('{"version":1,"pool":'),
      f"a round journals the state it carried out: {row}")
# as a newer slotcab would have left it, sealed as the store seals every row (with its key),
# its head moved on and its witness written
db.execute("UPDATE round_state SET carried_after = replace(carried_after, '\"version\":1',"
           " '\"version\":9') WHERE round_id = ?", (row[0],))
memory_seal.seal_row(KEY, db, "round_state", row[0])
seq, hd = memory_seal.reseal_head(KEY, db)
db.commit()
db.close()
slot, at = memory_seal.witness(KEY, seq, hd)
with open(os.path.join(d, "slotcab.witness"), "r+b") as f:
    f.seek(at)
    f.write(slot)
before = digest(path)
rc, _, err = run("--audit", data=d)
check(rc == 0, f"a sealed state of another version passes the audit's checks: exit {rc} {err}")
rc, _, err = play(d, 1)
check(rc == 2 and path in err and "carried state is version 9, which this build does not know"
      in err and err.count("\n") == 1,
      f"a carried state of an unknown version is refused by name, not reset: exit {rc} {err!r}")
check(digest(path) == before, "a refused carried state leaves the memory as it was")

# ---- audits while a cabinet plays ----------------------------------------------------------
d = os.path.join(tmp, "live")
run("--headless", "--game", "mona-lisa-jewels", "--autoplay", "1", "--balance", "10000000.00", data=d)
cab = subprocess.Popen([SLOTCAB, "--headless", "--game", "mona-lisa-jewels", "--autoplay", "100000000",
                        "--data-dir", d], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
time.sleep(0.3)
reconciled = in_progress = 0
last_played = 0
for i in range(AUDITS):
    rc, a, err = audit_json(d)
    if a is None:
        continue
    ok = rc == 0 and a["integrity_ok"] and a["reconciled"]
    check(ok, f"audit {i} while playing: exit {rc} {a['problems']} {err.strip()}")
    reconciled += ok
    in_progress += a["round_in_progress"] is not None
    played = a["meters"]["total"]["games_played"]
    check(played >= last_played, f"audit {i}: games played went back from {last_played} to {played}")
    last_played = played
check(cab.poll() is None, f"the cabinet played on during the audits: {cab.poll()}")
cab.terminate()
cab.wait()
print(f"     {reconciled} of {AUDITS} audits reconciled while {last_played} rounds were played; "
      f"{in_progress} caught a round in progress")
check(in_progress > 0 or AUDITS < 20, "some audit caught a round in progress")

# ---- two cabinets at once ----------------------------------------------------------------
refused_cleanly = 0
for i in range(STARTS):
    d = os.path.join(tmp, f"twin-{i}")
    cmd = [SLOTCAB, "--headless", "--game", "gonzos-gold" if i % 2 else "mona-lisa-jewels",
           "--autoplay", "150", "--data-dir", d]
    ps = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
          for _ in range(2)]
    res = [(p.wait(timeout=300), p.stderr.read().decode("utf-8", "replace")) for p in ps]
    codes = sorted(r[0] for r in res)
    refused = [e for c, e in res if c == 2]
    rc, a, err = audit_json(d)
    played = a["meters"]["total"]["games_played"] if a else -1
    if codes == [0, 2]:
        check("in use by another cabinet" in refused[0] and refused[0].count("\n") == 1,
              f"double start {i}: the refusal says {refused[0]!r}")
        check(played == 150, f"double start {i}: {played} rounds, not the one cabinet's 150")
        refused_cleanly += 1
    else:  # the second came after the first had finished: both may play, one after the other
        check(codes == [0, 0] and played == 300, f"double start {i}: exits {codes}, {played} rounds, {res}")
    check(rc == 0 and a and a["reconciled"] and a["integrity_ok"], f"double start {i}: audit {rc} {a}")
print(f"     {refused_cleanly} of {STARTS} double starts: one played, the other was refused")
check(refused_cleanly >= STARTS * 3 // 4, "most double starts overlap and are refused")

# ---- odd paths ---------------------------------------------------------------------------
pieces = ['"', "\\", "\n", "\t", "\x7f", "?", "#", "%", "%41", " ", "'", "é", "日本", "{", "}",
          "[", "]", ",", ":", "\u2028", "\x01"]
raw = [b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xc0\xaf"]
parsed = 0
for i in range(PATHS):
    name = b"odd-" + str(i).encode()
    for _ in range(rng.randint(1, 5)):
        name += rng.choice(raw) if rng.random() < 0.35 else rng.choice(pieces).encode()
    d = os.path.join(tmp.encode(), name)
    ds = os.fsdecode(d)
    rc, _, err = play(ds, 1)
    check(rc == 0, f"odd path {name!r}: play exit {rc} {err.strip()[:200]}")
    if i % 3 == 0:  # and an audit with problems to list
        db = sqlite3.connect(os.path.join(ds, "slotcab.db"))
        db.execute("UPDATE meters SET value = value + 1 WHERE name = 'total_bet'")
        db.commit()
        db.close()
    rc, a, err = audit_json(ds)
    if a is not None:
        parsed += 1
        check(rc == (1 if i % 3 == 0 else 0) and (a["problems"] != []) == (i % 3 == 0),
              f"odd path {name!r}: audit {rc} {a['problems']}")
        check(a["file"].endswith("slotcab.db"), f"odd path {name!r}: file {a['file']!r}")
print(f"     {parsed} of {PATHS} odd paths gave JSON that parses")

# ---- a read-only medium (as an unprivileged user; root may write anywhere) ------------------
ro = os.path.join(tmp, "readonly")
os.makedirs(ro)
copy_memory(good, ro)
setpriv = shutil.which("setpriv")
if os.geteuid() == 0 and setpriv:
    os.chmod(tmp, 0o755)
    os.chmod(ro, 0o555)
    for f in os.listdir(ro):
        os.chmod(os.path.join(ro, f), 0o444)
    before = digest(os.path.join(ro, "slotcab.db"))
    p = subprocess.run([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", SLOTCAB,
                        "--audit", "--data-dir", ro], capture_output=True, env=ENV)
    check(p.returncode == 0, f"audit on a read-only medium: exit {p.returncode} {p.stderr!r}")
    a = json.loads(p.stdout) if p.returncode == 0 else None
    check(a is not None and a["reconciled"] and a["meters"]["total"]["games_played"] == 12,
          f"audit on a read-only medium: {a}")
    check(sorted(os.listdir(ro)) == ["slotcab.db", "slotcab.key", "slotcab.witness"] and digest(os.path.join(ro, "slotcab.db")) == before,
          f"the audit wrote nothing: {os.listdir(ro)}")
    p = subprocess.run([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", SLOTCAB,
                        "--headless", "--game", "mona-lisa-jewels", "--autoplay", "1", "--data-dir", ro],
                       capture_output=True, env=ENV)
    check(p.returncode == 2 and b"not writable" in p.stderr, f"a cabinet on a read-only medium: {p.stderr!r}")
    os.chmod(ro, 0o755)
else:
    print("     (read-only medium: needs root and setpriv to act as another user; skipped)")

shutil.rmtree(tmp, ignore_errors=True)
finish()
