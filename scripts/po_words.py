"""The words the cabinet shows, as gettext sees them (docs/translating.md): those marked in the
C files po/POTFILES lists (xgettext, with po/xgettext-args, the options meson gives it too)
and those of the theme data. Used by scripts/update-po.py and scripts/po-check.py."""
import glob
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")


def xgettext(out):
    """The marked words of the C files into the template `out`."""
    args = open(os.path.join(PO, "xgettext-args")).read().split()
    files = open(os.path.join(PO, "POTFILES")).read().split()
    subprocess.run(["xgettext", *args, "--directory", ROOT, "-o", out, *files], check=True)


def theme_words():
    """(text, "file:field", context) for every word of the theme data a player reads, and the
    games' symbol names (the paytables, the recall and the feature's notices show them), those
    in the context "symbol" (the cabinet draws them with lang_trc("symbol", name))."""
    out = []

    def add(text, where, ctx=None):
        if isinstance(text, str) and text.strip():
            out.append((text, where, ctx))

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
    for path in sorted(glob.glob(os.path.join(ROOT, "games", "*", "game.json"))):
        rel = os.path.relpath(path, ROOT)
        for i, sym in enumerate(json.load(open(path, encoding="utf-8")).get("symbols", [])):
            if isinstance(sym, dict):
                add(sym.get("name"), f"{rel}:symbols[{i}].name", "symbol")
    lobby = os.path.join(ROOT, "themes", "lobby.json")
    for i, g in enumerate(json.load(open(lobby, encoding="utf-8")).get("games", [])):
        add(g.get("name"), f"themes/lobby.json:games[{i}].name")
    return out


def po_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'



def write_theme_pot(path):
    """The theme data's words as a template at `path`, each with the files and fields it is in."""
    seen = {}
    for text, where, ctx in theme_words():
        seen.setdefault((ctx, text), []).append(where)
    with open(path, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for (ctx, text), wheres in seen.items():
            for w in wheres:
                f.write(f"#. {w}\n")
            if ctx:
                f.write(f"msgctxt {po_string(ctx)}\n")
            f.write(f"msgid {po_string(text)}\nmsgstr \"\"\n\n")


def languages():
    return open(os.path.join(PO, "LINGUAS")).read().split()
