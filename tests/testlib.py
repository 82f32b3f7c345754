"""What every Python test of slotcab shares.

check(cond, what) counts a check and prints a failure as it comes (returns cond); failures
lists them; checks() counts them; finish() prints the count and exits 1 when any failed;
run_slotcab(SLOTCAB, *args) runs the cabinet (audio to the dummy driver) and returns its exit
status, stdout and stderr; golden(got, ref, what, update) compares a picture with its golden
(or, updating, makes it the golden)."""
import os
import shutil
import subprocess
import sys
import time

failures = []
_count = [0]


def check(cond, what):
    _count[0] += 1
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return bool(cond)


def checks():
    return _count[0]


def finish():
    print(f"{checks() - len(failures)} of {checks()} checks passed")
    sys.exit(1 if failures else 0)


def run_slotcab(slotcab, *args, timeout=120, env=None):
    start = time.monotonic()
    p = subprocess.run([slotcab, *args], capture_output=True, text=True, timeout=timeout,
                       env={**os.environ, "SDL_AUDIODRIVER": "dummy", **(env or {})})
    profile = os.environ.get("SLOTCAB_TEST_PROFILE")
    if profile:  # where a test's time goes: one line a run, seconds then the command
        with open(profile, "a") as f:
            f.write(f"{time.monotonic() - start:.2f}\t{' '.join(map(str, args))}\n")
    return p.returncode, p.stdout, p.stderr


def golden(got, ref, what, update=False):
    """got (a PNG) against the golden ref: at most 0.1% of the pixels differ by more than 10
    per channel. Updating, got becomes the golden (look at it)."""
    import pngdiff
    if update:
        shutil.copy(got, ref)
        print("updated", ref)
        return
    if not check(os.path.exists(got), f"{what}: no picture {got}"):
        return
    if not check(os.path.exists(ref), f"no golden image {ref}: run with --update-golden and look at it"):
        return
    bad, total = pngdiff.diff(pngdiff.load(got), pngdiff.load(ref), tol=10)
    check(bad <= total // 1000, f"{os.path.basename(ref)} ({what}): {bad} of {total} pixels differ from {ref}")
