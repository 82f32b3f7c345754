#!/usr/bin/env python3
"""A build step (po/meson.build): warns of every word of the sources and the theme data that a
language's catalogue lacks (untranslated, fuzzy or absent), so a missing translation is seen
at build time, never an empty box (the cabinet shows the English; the layout check lists it).

  scripts/po-check.py STAMP      (writes STAMP: the build's record that it ran)
"""
import os
import subprocess
import sys
import tempfile

from po_words import PO, languages, write_theme_pot, xgettext


def msgids(path, translated_only):
    """The msgids of a PO file (translated_only: those with a translation, not fuzzy)."""
    args = ["msgattrib", "--no-wrap", "--no-obsolete"]
    if translated_only:
        args += ["--translated", "--no-fuzzy"]
    out = subprocess.run(args + [path], capture_output=True, text=True, check=True).stdout
    ids, cur = set(), None
    for line in out.splitlines():
        if line.startswith("msgctxt "):
            cur = line[8:] + "\x04"
        elif line.startswith("msgid "):
            ids.add((cur or "") + line[6:])
            cur = None
    ids.discard('""')
    return ids


def main():
    stamp = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        pot, themes = os.path.join(tmp, "c.pot"), os.path.join(tmp, "themes.pot")
        xgettext(pot)
        write_theme_pot(themes)
        words = msgids(pot, False) | msgids(themes, False)
        for code in languages():
            lacking = sorted(words - msgids(os.path.join(PO, f"{code}.po"), True))
            if lacking:
                print(f"WARNING: po/{code}.po lacks {len(lacking)} of the cabinet's {len(words)} words "
                      f"(shown in English until translated; scripts/update-po.py, docs/translating.md); "
                      f"the first: {', '.join(lacking[:5])}", file=sys.stderr)
    with open(stamp, "w") as f:
        f.write("checked\n")


if __name__ == "__main__":
    main()
