#!/usr/bin/env python3
"""The structure budgets of src/, checked (docs/architecture.md, "Structure budgets").

    scripts/check-structure.py [BUILD_DIR]      (default build/; run from anywhere)

1. no source file under src/ (*.c, *.h) over 1,000 lines;
2. no function over 120 lines (the heuristic of the project's before-stop hook: a function
   starts at a line beginning with a name and ending in ")" or ") {" whose body opens on it
   or on the next line, and ends at the next line starting with "}");
3. no call circle between two files of src/: read from the objects of BUILD_DIR/src with
   `nm -P` (which file defines each global symbol, which file uses it), as the hook does;
   every pair of files that call each other, directly or round a circle, is printed;
4. the cabinet's layers, by what their files include, directly or through the headers they
   include (a quoted name is the header of that name under src/): no file of the play core
   (src/cabinet/core/) reaches an SDL header (its build has no SDL include path either), and
   no file of the platform (src/cabinet/platform/) reaches a header of the App, QA, attract
   mode or a scene (app/, qa/, attract/, lobby/, operator/, slot/, fruit/, kinds/, windows/),
   but the button deck's mapping deck_sdl.c feeds (app/deck.h, app/keys.h).

Today's exceptions are listed below, each by name. The check fails (exit 1) only on something
not listed: a file over its budget, a new long function, a new pair of files in a circle.
A listed exception that has gone is reported, so the list can shrink. Exit 2: no objects.
"""
import glob
import os
import re
import subprocess
import sys

FILE_LINES = 1000
FUNCTION_LINES = 120

# Functions over 120 lines today: none (the budget was 150 until 2026-11-29, when the last
# ones were split). A new one fails.
KNOWN_LONG_FUNCTIONS = set()

# Files over 1,000 lines today: none.
KNOWN_LONG_FILES = set()

# Pairs of files (objects, named as meson names them: folder_file) that call each other,
# directly or round a circle, today: none (issue 32 removed the last). A new pair fails.
KNOWN_CIRCLES = set()

CORE = 'src/cabinet/core'
PLATFORM = 'src/cabinet/platform'
ABOVE_PLATFORM = ['app', 'qa', 'attract', 'lobby', 'operator', 'slot', 'fruit', 'kinds', 'windows']
PLATFORM_MAY_REACH = {'src/cabinet/app/deck.h', 'src/cabinet/app/keys.h'}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)

START = re.compile(r'^[A-Za-z_].*\)\s*(\{\s*)?$')
NAME = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)\s*\(')


def long_files():
    out = []
    for f in sorted(glob.glob('src/**/*.[ch]', recursive=True)):
        with open(f, errors='replace') as fh:
            n = sum(1 for _ in fh)
        if n > FILE_LINES:
            out.append((f, n))
    return out


def long_functions():
    out = []
    for c in sorted(glob.glob('src/**/*.c', recursive=True)):
        with open(c, errors='replace') as fh:
            lines = fh.read().split('\n')
        start = None
        for i, line in enumerate(lines):
            if start is None and START.match(line) and (
                    line.rstrip().endswith('{') or (i + 1 < len(lines) and lines[i + 1].startswith('{'))):
                start = i
            elif start is not None and line.startswith('}'):
                if i - start > FUNCTION_LINES:
                    m = NAME.search(lines[start])
                    out.append((c, m.group(1) if m else lines[start].strip(), start + 1, i - start))
                start = None
    return out


def layer_breaks():
    """(file, header reached, the chain of includes) for each include across a layer."""
    headers = {os.path.basename(h): h for h in glob.glob('src/**/*.h', recursive=True)}
    includes = {}

    def included(f):
        if f not in includes:
            with open(f, errors='replace') as fh:
                includes[f] = INCLUDE.findall(fh.read())
        return includes[f]

    def reached(f):  # every file f reaches, with its chain, and the system headers met
        chains, system, todo = {f: [f]}, {}, [f]
        while todo:
            g = todo.pop()
            for kind, name in included(g):
                h = headers.get(os.path.basename(name)) if kind == '"' else None
                if h and h not in chains:
                    chains[h] = chains[g] + [h]
                    todo.append(h)
                elif not h:
                    system.setdefault(name, chains[g])
        return chains, system

    out = []
    for f in sorted(glob.glob(CORE + '/*.[ch]')):
        for name, chain in sorted(reached(f)[1].items()):
            if name.startswith('SDL'):
                out.append((f, name, chain))
    above = tuple(f'src/cabinet/{d}/' for d in ABOVE_PLATFORM)
    for f in sorted(glob.glob(PLATFORM + '/*.[ch]')):
        for h, chain in sorted(reached(f)[0].items()):
            if h.startswith(above) and h not in PLATFORM_MAY_REACH:
                out.append((f, h, chain))
    return out


def circles(build):
    objects = glob.glob(os.path.join(build, 'src', '**', '*.o'), recursive=True)
    defs, und = {}, {}
    for o in objects:
        m = os.path.basename(o).split('.')[0]
        nm = subprocess.run(['nm', '-P', o], capture_output=True, text=True, check=True)
        for line in nm.stdout.splitlines():
            p = line.split()
            if len(p) >= 2 and p[1] in 'TDBR':
                defs[p[0]] = m
            elif len(p) >= 2 and p[1] == 'U':
                und.setdefault(m, set()).add(p[0])
    edges = {m: {defs[x] for x in u if x in defs and defs[x] != m} for m, u in und.items()}

    def reach(a):
        seen, todo = set(), [a]
        while todo:
            for w in edges.get(todo.pop(), ()):
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    pairs = sorted({tuple(sorted((a, b))) for a in edges for b in edges.get(a, ()) if a in reach(b)})
    return len(objects), pairs


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else 'build'
    build = os.path.abspath(build)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    failed = False

    files = long_files()
    print(f'files over {FILE_LINES:,} lines: {len(files)}')
    for f, n in files:
        known = f in KNOWN_LONG_FILES
        failed |= not known
        print(f'  {"known" if known else "NEW  "} {f}: {n} lines')

    funcs = long_functions()
    print(f'functions over {FUNCTION_LINES} lines: {len(funcs)}')
    for f, name, line, n in funcs:
        known = (f, name) in KNOWN_LONG_FUNCTIONS
        failed |= not known
        print(f'  {"known" if known else "NEW  "} {f}:{line} {name}: {n} lines')
    for f, name in sorted(KNOWN_LONG_FUNCTIONS - {(f, n) for f, n, _, _ in funcs}):
        print(f'  gone  {f} {name}: within budget now; remove it from KNOWN_LONG_FUNCTIONS')

    breaks = layer_breaks()
    print(f'includes across the cabinet\'s layers (core/: no SDL; platform/: no App, no scene): {len(breaks)}')
    for f, h, chain in breaks:
        failed = True
        print(f'  NEW   {f} reaches {h} ({" -> ".join(chain)})')

    count, pairs = circles(build)
    if count == 0:
        print(f'{build}/src: no objects (build first: meson setup build && ninja -C build)')
        return 2
    print(f'files calling each other in a circle ({count} objects of {build}/src): {len(pairs)} pairs')
    for a, b in pairs:
        known = (a, b) in KNOWN_CIRCLES
        failed |= not known
        print(f'  {"known" if known else "NEW  "} {a} <-> {b}')
    for a, b in sorted(KNOWN_CIRCLES - set(pairs)):
        print(f'  gone  {a} <-> {b}: no longer a circle; remove it from KNOWN_CIRCLES')

    print('structure: ' + ('FAILED (a new file, function, layer break or circle over the budget above)' if failed else 'ok'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
