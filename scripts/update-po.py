#!/usr/bin/env python3
"""Brings the catalogues up to date with the words (docs/translating.md):

  scripts/update-po.py [BUILD_DIR]     (default: build)

1. `ninja -C BUILD_DIR slotcab-pot`: xgettext extracts the words marked in the C files
   po/POTFILES lists (meson's i18n module, with the keywords po/meson.build gives it);
2. the words of the theme data are added to it: each theme's title, its rules' headings and
   text, its symbols' labels and its showcase's captions, and the lobby's game names (the
   cabinet draws them through _() too), each with the file and the field it comes from;
3. `msgmerge --update` merges po/slotcab.pot into each po/<code>.po that po/LINGUAS lists
   (a new or changed word arrives untranslated: no guess from a similar one), and
   `msgfmt --statistics` says how many of each language's words are translated.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")


def theme_words():
    """(text, "file:field") for every word of the theme data a player reads."""
    out = []

    def add(text, where):
        if isinstance(text, str) and text.strip():
            out.append((text, where))

    for path in sorted(glob.glob(os.path.join(ROOT, "themes", "*", "theme.json"))):
        rel = os.path.relpath(path, ROOT)
        t = json.load(open(path, encoding="utf-8"))
        add(t.get("title"), f"{rel}:title")
        for i, r in enumerate(t.get("rules", [])):
            add(r.get("heading"), f"{rel}:rules[{i}].heading")
            add(r.get("text"), f"{rel}:rules[{i}].text")
        for sym, s in t.get("symbols", {}).items():
            if isinstance(s, dict):
                add(s.get("label"), f"{rel}:symbols.{sym}.label")
    for path in sorted(glob.glob(os.path.join(ROOT, "themes", "*", "showcase.json"))):
        rel = os.path.relpath(path, ROOT)
        for i, item in enumerate(json.load(open(path, encoding="utf-8")).get("showcase", [])):
            add(item.get("caption"), f"{rel}:showcase[{i}].caption")
    lobby = os.path.join(ROOT, "themes", "lobby.json")
    for i, g in enumerate(json.load(open(lobby, encoding="utf-8")).get("games", [])):
        add(g.get("name"), f"themes/lobby.json:games[{i}].name")
    return out


def po_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    subprocess.run(["ninja", "-C", build, "slotcab-pot"], check=True, stdout=subprocess.DEVNULL)
    pot = os.path.join(PO, "slotcab.pot")
    themes = os.path.join(PO, "themes.pot.tmp")
    seen = {}
    for text, where in theme_words():
        seen.setdefault(text, []).append(where)
    with open(themes, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for text, wheres in seen.items():
            for w in wheres:
                f.write(f"#. {w}\n")
            f.write(f"msgid {po_string(text)}\nmsgstr \"\"\n\n")
    subprocess.run(["msgcat", "--use-first", "-o", pot, pot, themes], check=True)
    os.remove(themes)
    for code in open(os.path.join(PO, "LINGUAS")).read().split():
        po = os.path.join(PO, f"{code}.po")
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=off", "--no-wrap", "--no-fuzzy-matching", po, pot], check=True)
        r = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", po],
                           capture_output=True, text=True)
        print(f"po/{code}.po: {r.stderr.strip()}")


if __name__ == "__main__":
    main()
