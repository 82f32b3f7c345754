#!/usr/bin/env python3
"""Brings the catalogues up to date with the words (docs/translating.md):

  scripts/update-po.py

1. xgettext extracts the words marked in the C files po/POTFILES lists (with the options of
   po/xgettext-args, which meson's i18n module is given too);
2. the words of the theme data are added to it: each theme's title, its rules' headings and
   text, its symbols' labels and its showcase's captions, and the lobby's game names (the
   cabinet draws them through _() too), each with the file and the field it comes from;
   together they are po/slotcab.pot;
3. `msgmerge --update` merges po/slotcab.pot into each po/<code>.po that po/LINGUAS lists
   (a new or changed word arrives untranslated: no guess from a similar one), and
   `msgfmt --statistics` says how many of each language's words are translated.
"""
import os
import subprocess

from po_words import PO, languages, write_theme_pot, xgettext


def main():
    pot = os.path.join(PO, "slotcab.pot")
    themes = os.path.join(PO, "themes.pot.tmp")
    xgettext(pot)
    write_theme_pot(themes)
    subprocess.run(["msgcat", "--use-first", "-o", pot, pot, themes], check=True)
    os.remove(themes)
    for code in languages():
        po = os.path.join(PO, f"{code}.po")
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=off", "--no-wrap", "--no-fuzzy-matching",
                        po, pot], check=True)
        r = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", po],
                           capture_output=True, text=True)
        print(f"po/{code}.po: {r.stderr.strip()}")


if __name__ == "__main__":
    main()
