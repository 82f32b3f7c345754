#!/usr/bin/env python3
"""slotsim report: the page and its SVG plots parse, the par sheet's numbers are rtp --json's
(and cycle --json's) for the same run, the files do not depend on --threads apart from the
timing line, and mistakes (a bad --out, a wrong flag) exit 2 naming them.

usage: test_report.py SLOTSIM"""
import html.parser, json, os, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

SLOTSIM = sys.argv[1]
SVG = "{http://www.w3.org/2000/svg}"
ROUNDS = "200000"
failures = 0


def run(*args):
    p = subprocess.run([SLOTSIM, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print(f"FAIL: {what}")


def test(fn):
    before = failures
    fn()
    print(("ok   " if failures == before else "FAIL ") + fn.__name__)


class Page(html.parser.HTMLParser):
    """The page's data-key/data-value pairs, its inline SVGs and figures, its tags checked for
    balance, and anything that would reach outside the file."""
    VOID = {"meta", "br", "hr", "img", "link", "input", "col"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.values, self.stack, self.errors = {}, [], []
        self.svgs = self.figures = self.captions = 0
        self.external = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-key" in a:
            if a["data-key"] in self.values:
                self.errors.append(f"data-key {a['data-key']} twice")
            self.values[a["data-key"]] = float(a["data-value"])
        if tag in ("script", "link", "img", "iframe") or any(
                k in ("href", "src") for k in a) or "@import" in a.get("style", ""):
            self.external.append((tag, a))
        self.svgs += tag == "svg"
        self.figures += tag == "figure"
        self.captions += tag == "figcaption"
        self._in_title = tag == "title" and not self.stack[-1:] == ["svg"] and "svg" not in self.stack
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        if any(k in ("href", "src") for k in a):
            self.external.append((tag, a))

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def page(d):
    with open(os.path.join(d, "index.html"), encoding="utf-8") as f:
        text = f.read()
    p = Page()
    p.feed(text)
    p.close()
    return p, text


def json_at(j, path):
    for part in path.split("."):
        j = j[int(part)] if isinstance(j, list) else j[part]
    return j


def report(d, game, *args):
    rc, out, err = run("report", "--game", game, "--rounds", ROUNDS, "--out", d, *args)
    check(rc == 0 and out.strip() == os.path.join(d, "index.html"), f"report {game}: {rc} {out} {err}")
    return rc


def svg_checks(d, name, *, polyline=0, polygon=0, rect=0, circle=0):
    path = os.path.join(d, name)
    check(os.path.exists(path), f"{path} written")
    if not os.path.exists(path):
        return None
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        check(False, f"{path} is not well-formed XML: {e}")
        return None
    check(root.tag == SVG + "svg" and root.get("viewBox"), f"{name}: an <svg> with a viewBox")
    check(root.find(SVG + "title") is not None and root.find(SVG + "title").text, f"{name}: a title")
    texts = [("".join(t.itertext())) for t in root.iter(SVG + "text")]
    check(len(texts) >= 6, f"{name}: tick labels and axis titles ({len(texts)} texts)")
    check(root.find(f"{SVG}defs/{SVG}clipPath") is not None, f"{name}: the plot area's clip path")
    for tag, least in (("polyline", polyline), ("polygon", polygon), ("rect", rect), ("circle", circle)):
        n = len(list(root.iter(SVG + tag)))
        check(n >= least, f"{name}: at least {least} <{tag}>, got {n}")
    return root


def test_mona_lisa_page_and_rtp_json():
    bet = ["--bet", "coins=2,lines=20", "--seed", "7"]
    with tempfile.TemporaryDirectory() as d:
        if report(d, "mona-lisa-jewels", *bet):
            return
        p, text = page(d)
        check(not p.errors and not p.stack, f"HTML tags balance: {p.errors[:3]} {p.stack}")
        check(not p.external, f"nothing external: {p.external[:3]}")
        check("Mona Lisa Jewels" in p.title and "par sheet" in p.title, f"title {p.title!r}")
        check(p.svgs == 3 and p.figures == 3 and p.captions == 3, f"3 figures: {p.svgs} {p.figures}")
        conv = svg_checks(d, "convergence.svg", polyline=2, polygon=1)
        svg_checks(d, "win-distribution.svg", rect=8)
        split = svg_checks(d, "rtp-split.svg", rect=4)
        check(not os.path.exists(os.path.join(d, "cycles.svg")), "no cycles for a video slot")
        if conv is not None:  # the trace: ~200 checkpoints
            pts = max((pl.get("points").split() for pl in conv.iter(SVG + "polyline")), key=len)
            check(150 <= len(pts) <= 200, f"convergence trace has {len(pts)} points")
        if split is not None:
            labels = " ".join("".join(t.itertext()) for t in split.iter(SVG + "text"))
            check("Base" in labels and "Free spins" in labels and "Jewel spins" in labels
                  and "Total RTP" in labels, f"rtp-split names the parts: {labels[:200]}")
        for name in ("convergence.svg", "win-distribution.svg", "rtp-split.svg"):
            with open(os.path.join(d, name), encoding="utf-8") as f:
                check(f.read().strip() in text, f"{name} is inlined in the page as written")
        rc, out, err = run("rtp", "--game", "mona-lisa-jewels", "--rounds", ROUNDS, "--json", *bet)
        j = json.loads(out)
        for key in ("rtp", "rtp_ci95", "target_rtp", "hit_frequency", "sd_per_round", "max_win_x",
                    "rtp_split.base", "rtp_split.free_spins", "rtp_split.jewel_spins",
                    "features.free_spins.rounds", "features.free_spins.one_in",
                    "features.jewel_spins.awards", "jackpot.hits", "win_distribution.0.rounds",
                    "win_distribution.5.rounds"):
            check(key in p.values, f"page has {key}")
        for key, v in p.values.items():
            check(json_at(j, key) == v, f"{key}: page {v} rtp --json {json_at(j, key)}")


def test_gnomos_mix_cycles():
    args = ["--cycles", "5", "--return", "88", "--seed", "3"]
    with tempfile.TemporaryDirectory() as d:
        if report(d, "gnomos-mix", *args):
            return
        p, text = page(d)
        check(not p.errors and not p.stack, f"HTML tags balance: {p.errors[:3]}")
        check(p.svgs == 4 and p.figures == 4, f"4 figures with the cycles: {p.svgs}")
        svg_checks(d, "convergence.svg", polyline=2, polygon=1)
        svg_checks(d, "win-distribution.svg", rect=3)
        svg_checks(d, "rtp-split.svg", rect=3)
        cyc = svg_checks(d, "cycles.svg", polyline=2, polygon=1, circle=5)
        if cyc is not None:
            check(len(list(cyc.iter(SVG + "circle"))) == 5 + 2, "one point per cycle (and 2 in the legend)")
        # a programmed-return game is played as one cabinet by default: rtp --cabinets 1
        rc, out, err = run("rtp", "--game", "gnomos-mix", "--rounds", ROUNDS, "--json", "--seed", "3",
                           "--cabinets", "1")
        j = json.loads(out)
        for key in ("rtp", "rtp_money", "rtp_bonuses", "rtp_split.lower", "features.extra_spin.rounds"):
            check(key in p.values, f"page has {key}")
        rc, out, err = run("cycle", "--game", "gnomos-mix", "--json", "--cycles", "5", "--return", "88",
                           "--seed", "3")
        c = json.loads(out)
        for key, v in p.values.items():
            want = json_at(c, key[6:]) if key.startswith("cycle.") else json_at(j, key)
            check(want == v, f"{key}: page {v} json {want}")
        check(p.values.get("cycle.return_percent") == 88, "the setting is --return's")
        check("--cabinets 1 --cycles 5 --return 88" in text, "the reproducing command")


def test_same_files_whatever_threads():
    for game, extra in (("mona-lisa-jewels", []), ("gnomos-mix", ["--cycles", "3"]),
                        ("gonzos-gold", ["--seed", "11"])):
        files = []
        with tempfile.TemporaryDirectory() as d:
            for t in ("1", "2"):
                out = os.path.join(d, t)
                rc, _, err = run("report", "--game", game, "--rounds", ROUNDS, "--threads", t,
                                 "--out", out, *extra)
                check(rc == 0, f"{game} --threads {t}: {err}")
                got = {}
                for name in sorted(os.listdir(out)):
                    with open(os.path.join(out, name), encoding="utf-8") as f:
                        got[name] = [l for l in f.read().splitlines() if 'class="timing"' not in l]
                files.append(got)
        check(files[0].keys() == files[1].keys() and len(files[0]) >= 4, f"{game}: the same files")
        for name in files[0]:
            check(files[0][name] == files[1].get(name), f"{game}: {name} differs between --threads 1 and 2")


def test_errors_exit_2():
    with tempfile.TemporaryDirectory() as d:
        plain = os.path.join(d, "a-file")
        open(plain, "w").close()
        for out, what in ((plain, "is not a folder"), (os.path.join(plain, "x"), "cannot create"),
                          (os.path.join(d, "no", "such"), "cannot create")):
            rc, so, err = run("report", "--game", "mona-lisa-jewels", "--rounds", "1000", "--out", out)
            check(rc == 2 and "--out" in err and out in err and what in err and err.count("\n") == 1,
                  f"--out {out}: {rc} {err!r}")
        base = ["report", "--game", "mona-lisa-jewels", "--rounds", "1000", "--out", d]
        for args, flag in ((["--json"], "--json"), (["--scenario", "x"], "--scenario"),
                           (["--cycles", "3"], "--cycles"), (["--frobnicate"], "--frobnicate"),
                           (["--threads", "0"], "--threads"), (["--bet", "coins=99"], "coins")):
            rc, _, err = run(*base, *args)
            check(rc == 2 and flag in err, f"report {args}: {rc} {err!r}")
        rc, _, err = run("report", "--game", "mona-lisa-jewels", "--rounds", "1000")
        check(rc == 2 and "--out" in err, f"report without --out: {err!r}")
        rc, _, err = run("report", "--game", "no-such-game", "--rounds", "1000", "--out", d)
        check(rc == 2 and "--game" in err, f"report --game no-such-game: {err!r}")
        check(os.listdir(d) == ["a-file"], f"nothing written by a refused run: {os.listdir(d)}")


for t in (test_mona_lisa_page_and_rtp_json, test_gnomos_mix_cycles, test_same_files_whatever_threads,
          test_errors_exit_2):
    test(t)
print(f"{failures} failure(s)")
sys.exit(1 if failures else 0)
