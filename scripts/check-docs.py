#!/usr/bin/env python3
"""The documentation's references, checked.

    scripts/check-docs.py          (from anywhere; exit 1 when something is missing)

For README.md, docs/*.md and games/*/README.md:
1. every relative link and image (](path) or ](path#anchor)) names a file or folder that
   exists, resolved from the document's own folder; an anchor into a Markdown file must be
   one of its headings (GitHub's slugs);
2. every source or script file the text names (`name.c`, `src/x/y.h`, `tests/t.py`,
   `scripts/s.sh` ..., in backquotes or not) exists in the repository (`git ls-files`): a
   path by its path (or as the end of one: `windows/windows.h`), a bare name by its file
   name anywhere in the tree; paths out of the repository (`../shared/...`) aside.
"""
import glob
import os
import re
import subprocess
import sys

LINK = re.compile(r'\]\(([^)\s]+)\)')
FILE = re.compile(r'(?<![\w/.<>*-])((?:[\w.-]+/)*[\w-]+\.(?:c|h|py|sh))(?![\w/])')


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r'[^\w\- ]', '', s)
    return s.replace(' ', '-')


def anchors(path):
    out = set()
    in_code = False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            in_code = not in_code
        elif not in_code and line.startswith('#'):
            out.add(slug(line.lstrip('#')))
    return out


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    tracked = subprocess.run(['git', 'ls-files'], capture_output=True, text=True, check=True).stdout.split()
    paths = set(tracked)
    names = {os.path.basename(p) for p in tracked}
    docs = ['README.md'] + sorted(glob.glob('docs/*.md')) + sorted(glob.glob('games/*/README.md'))
    problems = []
    for doc in docs:
        text = open(doc, encoding='utf-8').read()
        base = os.path.dirname(doc)
        for n, line in enumerate(text.split('\n'), 1):
            for target in LINK.findall(line):
                if re.match(r'^[a-z]+:', target):
                    continue  # http:, https:, mailto:
                path, _, anchor = target.partition('#')
                full = os.path.normpath(os.path.join(base, path)) if path else doc
                if not os.path.exists(full):
                    problems.append(f'{doc}:{n}: link to {target}: no such file ({full})')
                elif anchor and full.endswith('.md') and anchor not in anchors(full):
                    problems.append(f'{doc}:{n}: link to {target}: no heading #{anchor} in {full}')
            for w in FILE.findall(line):
                if w.startswith('../') or w.startswith('./'):
                    continue  # outside the repository (../shared/...)
                if '/' in w:
                    known = w in paths or any(p.endswith('/' + w) for p in paths)
                else:
                    known = w in names
                if not known:
                    problems.append(f'{doc}:{n}: {w} is not a file of the repository')
    for p in problems:
        print(p)
    print(f'{len(docs)} documents: ' + (f'{len(problems)} problems' if problems else 'every link and file name resolves'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
