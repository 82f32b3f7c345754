"""What every Python test of slotcab shares.

check(cond, what) counts a check and prints a failure as it comes (returns cond); failures
lists them; checks() counts them; finish() prints the count and exits 1 when any failed;
run_slotcab(SLOTCAB, *args) runs the cabinet (audio to the dummy driver) and returns its exit
status, stdout and stderr."""
import os
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
