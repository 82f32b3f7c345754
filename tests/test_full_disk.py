"""test_full_disk.py - a full disk is a full disk, not a damaged memory (issue 29, item 9).

On a small tmpfs (mount needs root; skipped with a message otherwise): a sound memory on a disk
with no space left is refused at start saying the disk is full (not "not a readable database",
no --fresh-memory advice), with every file left as it was; a cabinet that fills the disk while it
plays stops with exit 2 saying so (never a loop, never a hang); with space again, the memory
audits sound with every round it committed.

    python3 test_full_disk.py SLOTCAB"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTCAB = os.path.abspath(sys.argv[1])
FILES = ("slotcab.db", "slotcab.key", "slotcab.witness")


def run(*a, data, timeout=120):
    return run_slotcab(SLOTCAB, *a, "--data-dir", data, timeout=timeout)


def digests(d):
    return {f: hashlib.sha256(open(os.path.join(d, f), "rb").read()).hexdigest()
            for f in sorted(os.listdir(d)) if f not in ("slotcab.lock", "filler")}


def fill(d, leave):
    """Fills the disk of `d` up to `leave` bytes free."""
    st = os.statvfs(d)
    free = st.f_bavail * st.f_frsize
    fd = os.open(os.path.join(d, "filler"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if free > leave:
            os.write(fd, b"\0" * (free - leave))
        while leave == 0:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    os.close(fd)


tmp = tempfile.mkdtemp(prefix="slotcab-full-")
src, disk = os.path.join(tmp, "src"), os.path.join(tmp, "disk")
os.makedirs(src, mode=0o700)
os.makedirs(disk, mode=0o700)
rc, _, err = run("--headless", "--game", "mona-lisa-jewels", "--autoplay", "5", data=src)
check(rc == 0, f"a memory to copy: exit {rc} {err.strip()}")
m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", disk], capture_output=True)
if m.returncode != 0:
    print(f"test_full_disk: skipped: cannot mount a small tmpfs here ({m.stderr.decode().strip()})")
    shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(77)  # meson: skipped
try:
    data = os.path.join(disk, "data")
    os.makedirs(data, mode=0o700)
    for f in FILES:
        shutil.copy(os.path.join(src, f), os.path.join(data, f))
    # ---- a start on a disk with no space left
    fill(data, 0)
    before = digests(data)
    rc, _, err = run("--headless", "--game", "mona-lisa-jewels", "--autoplay", "1", data=data)
    check(rc == 2 and "disk is full" in err and "not a readable database" not in err and
          "--fresh-memory" not in err and err.count("\n") == 1,
          f"a start on a full disk says so: exit {rc} {err!r}")
    check(digests(data) == before, "a start on a full disk leaves every file as it was")
    os.unlink(os.path.join(data, "filler"))
    rc, out, err = run("--audit", data=data)
    check(rc == 0 and json.loads(out)["meters"]["total"]["games_played"] == 5,
          f"with space again the memory is sound: exit {rc} {err.strip()}")
    # ---- a cabinet that fills the disk while it plays
    fill(data, 96 * 1024)
    rc, _, err = run("--headless", "--game", "mona-lisa-jewels", "--autoplay", "100000", data=data,
                     timeout=300)
    check(rc == 2 and "disk is full" in err and err.count("\n") <= 2,
          f"a cabinet that fills the disk stops and says so: exit {rc} {err[-400:]!r}")
    os.unlink(os.path.join(data, "filler"))
    rc, out, err = run("--audit", data=data)
    a = json.loads(out) if rc in (0, 1) else None
    check(rc == 0 and a and a["integrity_ok"] and a["reconciled"] and
          a["meters"]["total"]["games_played"] > 5,
          f"with space again it audits sound with the rounds it played: exit {rc} {err.strip()} "
          f"{a and a['problems']}")
    rc, _, err = run("--headless", "--game", "mona-lisa-jewels", "--autoplay", "2", data=data)
    check(rc == 0, f"and plays on: exit {rc} {err.strip()}")
finally:
    subprocess.run(["umount", disk])
    shutil.rmtree(tmp, ignore_errors=True)
finish()
