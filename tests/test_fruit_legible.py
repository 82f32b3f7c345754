"""The fruit machine (Gnomos Mix) read on real pixels, at 1920x1080 (issue 33, item 5).

The deck: every button's label at a contrast of at least 4.5:1 against the cap behind it
(3:1 for PLAY's large label), enabled and disabled; a disabled cap dimmer than an enabled
one; each chip's amount inside its red disc; the chosen chip ringed round, not squared.
The marquee's second line at least 20 px (its capitals' ink at least 14 px tall); the lifted
cauldron lid within its own cell (the top row unchanged); PRIZE saying why it shows a
fraction under Double or Bonuses.

Contrast is WCAG's: relative luminance of the label's ink against the pixels just around its
glyphs (within 9 px; the anti-aliased edge and the shadow, 3 px, left out), the worst 5 % of
them counted.

usage: test_fruit_legible.py SLOTCAB SOURCE_ROOT"""
import math
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pngdiff  # noqa: E402
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]
SCEN = os.path.join(ROOT, "tests", "scenarios")

INK, INK_OFF, CREAM = (52, 26, 4), (20, 20, 20), (255, 244, 214)
CHIP_INK, CHIP_INK_OFF = (255, 255, 255), (24, 24, 24)


def shots(scenario):
    d = tempfile.mkdtemp(prefix="slotcab-fruit-")
    rc, _, err = run_slotcab(SLOTCAB, "--headless", "--scenario", os.path.join(SCEN, scenario), "--shots", d,
                             "--size", "1920x1080")
    check(rc == 0, f"{scenario}: exit {rc}: {err.strip()[:300]}")
    return d


class Picture:
    def __init__(self, path):
        self.w, self.h, self.px = pngdiff.load(path)

    def at(self, x, y):
        i = (y * self.w + x) * 4
        return self.px[i], self.px[i + 1], self.px[i + 2]


def lum(c):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def dist(a, b):
    return max(abs(a[k] - b[k]) for k in range(3))


def contrast(pic, box, ink, halo=3):
    """The label of colour `ink` in box (x, y, w, h): its glyph pixel count and its worst
    contrast against the pixels around it."""
    x0, y0, w, h = box
    glyph, near = set(), set()
    pixels = sorted((pic.at(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)), key=lum)
    edge = dist(pixels[len(pixels) // 2], ink) / 2  # half way from the ink to the box's median: glyph edge
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            d = dist(pic.at(x, y), ink)
            if d <= 10:
                glyph.add((x, y))
            if d <= max(edge, 40):
                near.add((x, y))
    def grow(pts, r):
        return {(x + dx, y + dy) for (x, y) in pts for dy in range(-r, r + 1) for dx in range(-r, r + 1)}
    out, behind = grow(near, halo), grow(glyph, halo + 6)  # the ground: just around the glyphs
    ground = [lum(pic.at(x, y)) for y in range(y0, y0 + h) for x in range(x0, x0 + w)
              if (x, y) in behind and (x, y) not in out]
    if not glyph or len(ground) < 20:
        return len(glyph), 0.0
    li = lum(ink)
    ground.sort(key=lambda v: ratio(v, li))
    return len(glyph), ratio(ground[len(ground) // 20], li)


# the deck's buttons (fruit_layout): rect, and whether a pilot lamp sits at its left
BUTTONS = {"HOLD1": (645, 870, 190, 96), "HOLD2": (865, 870, 190, 96), "HOLD3": (1085, 870, 190, 96),
           "AUTO": (865, 976, 190, 96), "COLLECT": (1345, 870, 190, 96), "BET": (30, 976, 190, 96),
           "AUTO-PLAY": (226, 976, 190, 96), "AUTO-RISK": (422, 976, 190, 96), "GAME": (640, 976, 190, 96)}
PLAY = (1590, 896, 260, 130)


def label_box(r, lamp):
    lx = 44 if lamp else 18
    return (r[0] + lx, r[1] + 12, r[2] - lx - 16, r[3] - 38)  # above the keycap


def cap_luminance(pic, r):
    """The cap's mean luminance along its top inner band (above the label)."""
    vals = [lum(pic.at(x, r[1] + 14)) for x in range(r[0] + 30, r[0] + r[2] - 30)]
    return sum(vals) / len(vals)


def test_deck(d):
    hold = Picture(os.path.join(d, "r01-hold-01.png"))  # HOLD offered: holds, AUTO, AUTO-RISK on
    end = Picture(os.path.join(d, "r01-end.png"))        # between rounds: the bet buttons on
    cases = [  # picture, button, lamp, enabled
        (hold, "HOLD1", True, True), (hold, "HOLD3", True, True), (hold, "AUTO", True, True),
        (hold, "AUTO-RISK", True, True), (hold, "BET", False, False), (hold, "COLLECT", False, False),
        (hold, "AUTO-PLAY", True, False), (hold, "GAME", True, False),
        (end, "BET", False, True), (end, "AUTO-PLAY", True, True), (end, "GAME", True, True),
        (end, "HOLD1", False, False), (end, "COLLECT", False, False)]
    for pic, name, lamp, on in cases:
        n, c = contrast(pic, label_box(BUTTONS[name], lamp), INK if on else INK_OFF)
        what = f"{name} ({'enabled' if on else 'disabled'})"
        check(n >= 120, f"{what}: its label's ink is on the cap ({n} glyph pixels)")
        check(c >= 4.5, f"{what}: label contrast {c:.2f}:1, under 4.5:1")
    n, c = contrast(end, (PLAY[0] + 20, PLAY[1] + 12, PLAY[2] - 40, PLAY[3] - 30), INK)
    check(n >= 30 and c >= 3.0, f"PLAY: large label contrast {c:.2f}:1 ({n} glyph pixels), under 3:1")
    on, off = cap_luminance(end, BUTTONS["BET"]), cap_luminance(hold, BUTTONS["BET"])
    check(off < on * 0.8, f"a disabled cap is dimmer than an enabled one (luminance {off:.2f} vs {on:.2f})")


def test_upper_deck(d):
    """The upper game's deck while its minigame shows its prizes: PLAY and the plates
    disabled, each still legible; the plates' two lines inside their discs."""
    pic = Picture(os.path.join(d, "r01-treasures.png"))
    n, c = contrast(pic, (PLAY[0] + 28, PLAY[1] + 12, PLAY[2] - 56, PLAY[3] - 38), INK_OFF)
    check(n >= 120 and c >= 3.0, f"PLAY (disabled, large): label contrast {c:.2f}:1 ({n} glyph pixels)")
    for i in range(6):
        x, y, w = 30 + i * 100, 868, 100  # fruit_chips_layout's plates
        cx, cy = round(x + w * 55 / 110), round(y + w * 53 / 110)
        n, c = contrast(pic, (cx - 30, cy - 18, 60, 16), CHIP_INK_OFF)
        check(n >= 20 and c >= 4.5, f"plate {i} (disabled): money contrast {c:.2f}:1 ({n} glyph pixels)")
        rad = w * 42 / 110
        ink = [(px, py) for py in range(y, y + w) for px in range(x, x + w) if dist(pic.at(px, py), CHIP_INK_OFF) <= 10]
        # on the gold rim round the disc (its dark outer edge left out)
        outside = [p for p in ink if rad + 2 < math.hypot(p[0] - cx, p[1] - cy) < w * 48 / 110]
        check(not outside, f"plate {i}: {len(outside)} label pixels beyond its disc")


def disc_radius(pic, cx, cy):
    """How far the red disc reaches straight down from the chip's centre: from under the
    label (20 px down) to the first pixel that is not red."""
    r = 20
    while r < 60:
        p = pic.at(cx, cy + r)
        if not (p[0] > 70 and p[1] < 70 and p[2] < 80):
            return r
        r += 1
    return r


def test_chips(d):
    end = Picture(os.path.join(d, "r01-end.png"))
    for i in range(5):
        x, y, w = 30 + i * 116, 866, 104
        cx, cy = round(x + w * 55 / 110), round(y + w * 53 / 110)
        rad = disc_radius(end, cx, cy)
        ink = [(px, py) for py in range(y, y + w) for px in range(x, x + w) if dist(end.at(px, py), CHIP_INK) <= 30]
        outside = [p for p in ink if math.hypot(p[0] - cx, p[1] - cy) > rad - 1]
        check(len(ink) >= 30, f"chip {i}: its amount is written ({len(ink)} pixels)")
        check(not outside, f"chip {i}: {len(outside)} label pixels beyond its red disc (radius {rad})")
        n, c = contrast(end, (cx - 34, cy - 13, 68, 26), CHIP_INK, halo=4)
        check(c >= 4.5, f"chip {i}: label contrast {c:.2f}:1, under 4.5:1")
    # the chosen chip (the first, 0.20): ringed round; the corners of its square left alone
    x, y, w = 30, 866, 104
    cx, cy = x + w * 55 / 110, y + w * 53 / 110
    def lit(p):
        return p[0] > 200 and p[1] > 140 and p[0] - p[2] > 60

    ring = sum(1 for k in range(36) if any(lit(end.at(round(cx + rr * math.cos(k / 36 * 2 * math.pi)),
                                                           round(cy + rr * math.sin(k / 36 * 2 * math.pi))))
                                               for rr in (51, 52, 53)))
    check(ring >= 30, f"the chosen chip's ring goes round it ({ring} of 36 points lit)")
    corners = [(x - 2, y - 2), (x + w + 1, y - 2), (x - 2, y + w + 1), (x + w + 1, y + w + 1)]
    check(all(dist(end.at(*p), (255, 230, 90)) > 60 for p in corners),
          "the chosen chip's focus is a square frame (its corners are lit)")


def test_marquee(d):
    pic = Picture(os.path.join(d, "r01-hold-01.png"))
    x0, y0, w, h = 1375 + 36, 528 + 82, 428, 52  # the second line's box
    rows = [y for y in range(y0, y0 + h) if any(dist(pic.at(x, y), CREAM) <= 40 for x in range(x0, x0 + w))]
    tall = rows[-1] - rows[0] + 1 if rows else 0
    check(tall >= 15, f"the marquee's second line: {tall} px of ink, under a 20 px font's")


def test_lids(d):
    before, after = (Picture(os.path.join(d, n)) for n in ("r01-lids-01.png", "r01-lid.png"))
    bad, _ = pngdiff.diff((before.w, before.h, before.px), (after.w, after.h, after.px), tol=10,
                          region=(640, 190, 640, 190))
    check(bad == 0, f"a lifted lid stays in its cell: {bad} pixels of the top row changed")


def test_fraction(d):
    pic = Picture(os.path.join(d, "r01-double-01.png"))
    n, c = contrast(pic, (1375 + 34, 140 + 44, 250, 42), (255, 236, 190))
    check(n >= 30 and c >= 4.5, f"PRIZE says it shows a fraction ({n} pixels, contrast {c:.2f}:1)")


dirs = {s: shots(s) for s in ("gnomos-mix-hold.json", "gnomos-mix-cauldrons.json", "gnomos-mix-upper-double.json",
                              "gnomos-mix-upper-treasure.json")}
test_upper_deck(dirs["gnomos-mix-upper-treasure.json"])
test_deck(dirs["gnomos-mix-hold.json"])
test_chips(dirs["gnomos-mix-hold.json"])
test_marquee(dirs["gnomos-mix-hold.json"])
test_lids(dirs["gnomos-mix-cauldrons.json"])
test_fraction(dirs["gnomos-mix-upper-double.json"])
for d in dirs.values():
    shutil.rmtree(d, ignore_errors=True)
finish()
