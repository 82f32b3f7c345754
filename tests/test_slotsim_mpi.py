#!/usr/bin/env python3
"""slotsim rtp under mpirun: N processes split the rounds and rank 0 prints totals that are
byte-identical to one process's on --threads, whatever N, for every game; only the lines
that describe how the run was played (threads, ranks, seconds) differ. Skipped (exit 77)
when slotsim was built without MPI or mpirun is missing.

usage: test_slotsim_mpi.py SLOTSIM mpi|no-mpi MPIRUN"""
import os, re, subprocess, sys

SLOTSIM, BUILT, MPIRUN = sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else ""
if BUILT != "mpi" or not MPIRUN:
    print("SKIP: slotsim was built without MPI (meson option mpi; Debian: libopenmpi-dev "
          "openmpi-bin)" if BUILT != "mpi" else "SKIP: no mpirun (Debian: openmpi-bin)")
    sys.exit(77)

env = dict(os.environ)
if os.getuid() == 0:  # Open MPI refuses root unless told twice
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
# a sanitizer build: Open MPI's own allocations at exit are not slotsim's leaks
env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
results = []  # every check's outcome


def check(cond, what):
    results.append(bool(cond))
    if not cond:
        print(f"FAIL: {what}")


def run(args, ranks=None):
    cmd = [SLOTSIM, *args]
    if ranks:
        cmd = [MPIRUN, "--oversubscribe", "-n", str(ranks), *cmd]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=240)
    return p.returncode, p.stdout, p.stderr


# what says how the run was played, not what it totalled
HOW_JSON = re.compile(r'"threads":\d+,("ranks":\d+,)?|,"seconds":[0-9.]+,"rounds_per_second":\d+')
HOW_TEXT = re.compile(r"^rounds .*$", re.M)


def totals(args, ranks=None):
    rc, out, err = run(args, ranks)
    check(rc == 0 and err == "", f"{' '.join(args)} on {ranks} ranks: exit {rc} {err}")
    return HOW_TEXT.sub("", HOW_JSON.sub("", out)), out


def same(args, ranks_list=(3,), threads=("1", "2")):
    base, _ = totals([*args, "--threads", threads[0]])
    for t in threads[1:]:
        other, _ = totals([*args, "--threads", t])
        check(other == base, f"{' '.join(args)}: --threads {t} differs from --threads {threads[0]}")
    for n in ranks_list:
        for t in ("1", "2") if n == 3 else ("1",):
            got, raw = totals([*args, "--threads", t], ranks=n)
            check(got == base and raw.count("\n") == base.count("\n"),
                  f"{' '.join(args)}: {n} ranks x {t} threads differ:\n{raw}\nvs\n{base}")
    return base


print("mpirun:", subprocess.run([MPIRUN, "--version"], capture_output=True, text=True).stdout.splitlines()[0])
# every game, JSON, 3 processes (on 1 and 2 threads each) against 1 and 2 threads. Gnomos
# Mix's machine carries its programmed return from round to round, so it is played as
# cabinets, by default (one at these rounds) and as --cabinets 5: cabinets, not rounds, are
# split between processes.
for game, rounds, extra in (("mona-lisa-jewels", "300000", []), ("gonzos-gold", "100000", []),
                            ("phoenix-graveyard", "150000", []), ("gnomos-mix", "150000", []),
                            ("gnomos-mix", "150000", ["--cabinets", "5"])):
    base = same(["rtp", "--game", game, "--rounds", rounds, "--seed", "7", "--json", *extra])
    check(f'"rounds":{rounds},' in base, f"{game}: all the rounds counted: {base[:200]}")
    print(f"ok   {game}: {rounds} rounds {' '.join(extra)}, 3 ranks = 1 and 2 threads")
# Mona Lisa's progressive at max bet: the pool's growth joined in round order across ranks
# (seed 3 hits the jackpot), as independent rounds and as cabinets; 1, 2 and 3 ranks
base = same(["rtp", "--game", "mona-lisa-jewels", "--rounds", "400000", "--seed", "3",
             "--max-bet", "--json"], ranks_list=(1, 2, 3))
check('"jackpot":{"hits":0' not in base, f"the jackpot is hit: {base}")
same(["rtp", "--game", "mona-lisa-jewels", "--rounds", "400000", "--seed", "3", "--max-bet",
      "--cabinets", "7", "--json"], ranks_list=(2, 3))
print("ok   mona-lisa-jewels at max bet: the pool's growth, independent rounds and 7 cabinets")
# the text report, and fewer rounds than processes
same(["rtp", "--game", "gonzos-gold", "--rounds", "50000", "--seed", "11"])
same(["rtp", "--game", "phoenix-graveyard", "--rounds", "2", "--seed", "11", "--json"])
print("ok   the text report; 2 rounds on 3 ranks")
# the report says how it was played; a plain run says nothing of ranks
rc, out, _ = run(["rtp", "--game", "gonzos-gold", "--rounds", "1000", "--threads", "2"], ranks=3)
check(rc == 0 and "(seed 1, 3 ranks x 2 threads," in out, f"the text says 3 ranks: {out}")
rc, out, _ = run(["rtp", "--game", "gonzos-gold", "--rounds", "1000", "--json"], ranks=2)
check(rc == 0 and '"threads":1,"ranks":2,' in out, f"the JSON says 2 ranks: {out}")
rc, out, _ = run(["rtp", "--game", "gonzos-gold", "--rounds", "1000", "--json"])
check(rc == 0 and '"ranks"' not in out, f"a plain run has no ranks: {out}")
# other commands run on rank 0 alone; a mistake exits 2 and ends the job
rc, out, _ = run(["list"], ranks=3)
check(rc == 0 and out.count("gonzos-gold") == 1, f"list under mpirun prints once: {out}")
rc, out, err = run(["rtp", "--game", "no-such-game", "--rounds", "10"], ranks=2)
check(rc != 0 and "slotsim: --game" in err, f"a missing game under mpirun: exit {rc} {err}")
print("ok   the report's ranks, other commands, a mistake")
print(f"{len(results)} checks, {results.count(False)} failed")
sys.exit(0 if all(results) else 1)
