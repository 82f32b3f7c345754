"""A frame drawn again only where it changed is the frame drawn whole (platform/gfx_damage.c).

  test_damage.py SLOTCAB SOURCE_ROOT

Headless, the cabinet draws each frame only where its drawing differs from the last frame's;
SLOTCAB_FULL_FRAMES=1 draws every frame whole. For each game, a session played back from a
recording (SPIN pressed through spins, wins, features and celebrations; seeded, so the same
rounds) is shot every 6 ticks both ways, at the canvas's size and at two scaled sizes (where
pictures and text land on fractions of pixels), and every frame must be the same, byte for
byte. Then the lobby, and attract mode's tiles and showcases."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, finish, run_slotcab  # noqa: E402

SLOTCAB, ROOT = sys.argv[1], sys.argv[2]
GAMES = ("mona-lisa-jewels", "gonzos-gold", "phoenix-graveyard", "gnomos-mix")
SIZES = {"mona-lisa-jewels": "1920x1080", "gonzos-gold": "1280x720", "phoenix-graveyard": "960x540",
         "gnomos-mix": "1280x720"}


def recording(tmp, game):
    lines = [{"slotcab_recording": 1, "game": game, "seed": "7"}]
    for t in range(30, 900, 110):  # SPIN, then SPIN again to slam the reels or skip the show
        lines += [{"tick": t, "type": "key", "key": "Space", "mod": 0},
                  {"tick": t + 45, "type": "key", "key": "Space", "mod": 0}]
    lines.append({"tick": 900, "type": "end"})
    path = os.path.join(tmp, f"{game}.jsonl")
    with open(path, "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in lines))
    return path


def frames(d):
    return sorted(f for f in os.listdir(d) if f.endswith(".png")) if os.path.isdir(d) else []


def same_frames(name, a, b):
    fa, fb = frames(a), frames(b)
    check(fa and fa == fb, f"{name}: the same frames shot both ways ({len(fa)} / {len(fb)})")
    differ = [f for f in fa if f in fb and open(os.path.join(a, f), "rb").read() != open(os.path.join(b, f), "rb").read()]
    check(not differ, f"{name}: {len(differ)} of {len(fa)} frames differ from the frame drawn whole: {differ[:5]}")


def both(tmp, name, *args):
    out = {}
    for mode, env in (("changed", {}), ("whole", {"SLOTCAB_FULL_FRAMES": "1"})):
        d = os.path.join(tmp, f"{name}-{mode}")
        rc, _, err = run_slotcab(SLOTCAB, *args, "--shots", d, env=env, timeout=300)
        check(rc == 0, f"{name} ({mode}): exit {rc}: {err.strip()[:300]}")
        out[mode] = d
    same_frames(name, out["changed"], out["whole"])


with tempfile.TemporaryDirectory() as tmp:
    for game in GAMES:
        both(tmp, game, "--headless", "--playback", recording(tmp, game), "--shot-every", "6",
             "--size", SIZES[game])
    both(tmp, "attract", "--headless", "--attract", "--size", "960x540")
finish()
