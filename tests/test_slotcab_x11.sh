#!/bin/sh
# A real window under Xvfb: slotcab opens Mona Lisa Jewels, xdotool clicks SPIN, and the
# balance on screen changes (the bet is taken). Screenshots with ImageMagick's import; the
# balance region is compared as decoded pixels.
#
#   test_slotcab_x11.sh SLOTCAB
set -eu
slotcab=$1
here=$(cd "$(dirname "$0")" && pwd)
for tool in xvfb-run xdotool import; do
    command -v $tool >/dev/null || { echo "missing $tool (scripts/dev.sh installs it)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/inner.sh" <<INNER
set -eu
SDL_AUDIODRIVER=dummy "$slotcab" --game mona-lisa-jewels --seed 3 --window 1280x720 --data-dir "$tmp/data" > "$tmp/out.txt" 2>&1 &
pid=\$!
win=\$(timeout 20 xdotool search --sync --onlyvisible --name '^slotcab\$' | head -1) || true
if [ -z "\$win" ]; then echo "no slotcab window appeared:"; cat "$tmp/out.txt"; exit 1; fi
sleep 1.5
import -window root "$tmp/before.png"
# SPIN is at canvas (1775, 970); the 1920x1080 canvas fills the 1280x720 window: x 2/3
xdotool mousemove --window "\$win" 1183 647 click 1
sleep 1.0
import -window root "$tmp/after.png"
kill -0 \$pid
kill \$pid
wait \$pid || true
INNER
timeout 60 xvfb-run -a -s "-screen 0 1280x720x24" sh "$tmp/inner.sh"
python3 - "$here" "$tmp" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import pngdiff
tmp = sys.argv[2]
a, b = pngdiff.load(f"{tmp}/before.png"), pngdiff.load(f"{tmp}/after.png")
# the balance value: canvas x 715..1000, y 1028..1068, scaled by 2/3
bad, total = pngdiff.diff(a, b, tol=40, region=(476, 685, 190, 27))
print(f"balance region: {bad} of {total} pixels changed after clicking SPIN")
# the title area stays put (the window is the cabinet, not something else)
still, t2 = pngdiff.diff(a, b, tol=40, region=(40, 20, 300, 40))
print(f"logo region: {still} of {t2} pixels changed")
sys.exit(0 if bad > 50 and still < t2 // 20 else 1)
PY
