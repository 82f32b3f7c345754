#!/bin/sh
# The installed programs, tested where they are installed (README "Install"):
#
#   1. meson install --destdir: the build tree's programs (build/, built by dev.sh) installed
#      under a temporary DESTDIR, run from there (they find ../share/slotcab themselves);
#   2. the Debian package: built with dpkg-buildpackage -us -uc -b from a copy of this tree
#      (nothing is written here or in the parent folder), checked with lintian (an error
#      fails), unpacked into a fresh root with dpkg -x and run from there: slotsim list and
#      rtp, a headless slotcab round of an installed scenario (in English and in Spanish, its
#      catalogue found under share/locale), and the lobby's picture.
#   --system: also install the package with apt-get (its dependencies come along), run
#      /usr/games/slotcab and /usr/games/slotsim, and purge it again (as root: a CI machine).
#
# Prints one "package-test: ok|FAILED <what>" line per check and exits 1 if any failed.
# Needs root or sudo only to install what is missing (dev.sh deps) and for --system.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
system=false
[ "${1:-}" = "--system" ] && system=true

scripts/dev.sh deps debhelper dpkg-dev lintian >/dev/null || { echo "package-test: FAILED installing the packaging tools"; exit 1; }

tmp=$(mktemp -d /tmp/slotcab-package.XXXXXX)
failed=0
ok() { echo "package-test: ok $*"; }
bad() { echo "package-test: FAILED $*"; failed=1; }
# run WHAT COMMAND...: its output into $tmp/log, a FAILED line with the log's end otherwise
run() {
    what=$1; shift
    if "$@" >"$tmp/log" 2>&1; then ok "$what"; else bad "$what (exit $?): $*"; tail -20 "$tmp/log"; fi
}
export SDL_AUDIODRIVER=dummy

# check_programs LABEL SLOTCAB SLOTSIM SCENARIOS: the installed pair, run with no data flags
check_programs() {
    label=$1 cab=$2 sim=$3 scen=$4
    run "$label: slotsim list" "$sim" list
    grep -q mona-lisa-jewels "$tmp/log" || bad "$label: slotsim list names mona-lisa-jewels"
    run "$label: slotsim rtp" "$sim" rtp --game mona-lisa-jewels --rounds 20000 --seed 7 --threads 2
    grep -qi "rtp" "$tmp/log" || bad "$label: slotsim rtp reports an RTP"
    mkdir -p "$tmp/$label-round" "$tmp/$label-lobby" "$tmp/$label-memory"
    run "$label: slotcab headless round" "$cab" --headless --size 640x360 \
        --data-dir "$tmp/$label-memory" --scenario "$scen/mona-lisa-line-win.json" \
        --shots "$tmp/$label-round"
    n=$(ls "$tmp/$label-round" | grep -c '\.png$')
    [ "$n" -gt 0 ] && ok "$label: the round's pictures ($n)" || bad "$label: no pictures of the round"
    mkdir -p "$tmp/$label-es"
    run "$label: slotcab in Spanish (--lang es finds its installed catalogue)" "$cab" --lang es --headless \
        --size 640x360 --data-dir "$tmp/$label-memory" --scenario "$scen/mona-lisa-line-win.json" --shots "$tmp/$label-es"
    run "$label: slotcab lobby" "$cab" --headless --size 640x360 \
        --data-dir "$tmp/$label-memory" --shots "$tmp/$label-lobby"
    n=$(ls "$tmp/$label-lobby" | grep -c '\.png$')
    [ "$n" -gt 0 ] && ok "$label: the lobby's picture" || bad "$label: no picture of the lobby"
}

# 1. meson install into a DESTDIR, from the build tree dev.sh made
if [ -f build/build.ninja ]; then
    prefix=$(meson introspect build --buildoptions | python3 -c \
        'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]=="prefix"))')
    if meson install -C build --destdir "$tmp/destdir" >"$tmp/log" 2>&1; then
        ok "meson install --destdir"
        d=$tmp/destdir$prefix
        check_programs destdir "$d/bin/slotcab" "$d/bin/slotsim" "$d/share/slotcab/scenarios"
    else
        bad "meson install --destdir"; tail -20 "$tmp/log"
    fi
else
    echo "package-test: (no build/ here: the meson install check is left out)"
fi

# 2. the Debian package, from a copy of the tree (tracked and new files, not build outputs)
mkdir -p "$tmp/src"
if git rev-parse --git-dir >/dev/null 2>&1; then
    git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$tmp/src"
else
    tar --exclude='./build*' --exclude=./out --exclude='./obj-*' -cf - . | tar -xf - -C "$tmp/src"
fi
echo "package-test: building the package (dpkg-buildpackage -us -uc -b) in $tmp/src"
if (cd "$tmp/src" && DEB_BUILD_OPTIONS="parallel=2 ${DEB_BUILD_OPTIONS:-}" \
        dpkg-buildpackage -us -uc -b) >"$tmp/build.log" 2>&1; then
    ok "dpkg-buildpackage"
else
    bad "dpkg-buildpackage (log: $tmp/build.log)"; tail -30 "$tmp/build.log"
    echo "package-test: $failed"; exit 1
fi
deb=$(ls "$tmp"/slotcab_*.deb | head -1)
echo "package-test: $deb"
dpkg-deb --info "$deb" | grep -E "Version|Depends"

lintian --tag-display-limit 0 --info --pedantic "$deb" >"$tmp/lintian.log" 2>&1
cat "$tmp/lintian.log"
if grep -q '^E:' "$tmp/lintian.log"; then bad "lintian: errors"; else ok "lintian: no errors"; fi

root=$tmp/root
dpkg -x "$deb" "$root"
# The package's fonts are links into fonts-dejavu-core (its dependency): in this fresh root
# they point at the host's copies.
mkdir -p "$root/usr/share/fonts/truetype"
ln -s /usr/share/fonts/truetype/dejavu "$root/usr/share/fonts/truetype/dejavu"
for f in DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSerif-Bold.ttf; do
    [ -r "$root/usr/share/slotcab/assets/fonts/$f" ] || bad "the font $f is not there (fonts-dejavu-core?)"
done
check_programs package "$root/usr/games/slotcab" "$root/usr/games/slotsim" "$root/usr/share/slotcab/scenarios"

if $system; then
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo=sudo; fi
    if DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$deb" >"$tmp/log" 2>&1; then
        ok "apt-get install $deb"
        check_programs system /usr/games/slotcab /usr/games/slotsim /usr/share/slotcab/scenarios
        for f in /usr/share/applications/slotcab.desktop /usr/share/metainfo/io.github.slotcab.slotcab.metainfo.xml \
                 /usr/share/icons/hicolor/scalable/apps/slotcab.svg; do
            [ -f "$f" ] && ok "system: $f" || bad "system: $f is missing"
        done
        DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq slotcab >/dev/null 2>&1
    else
        bad "apt-get install $deb"; tail -20 "$tmp/log"
    fi
fi

if [ $failed -eq 0 ]; then
    echo "package-test: all passed"
    rm -rf "$tmp"
else
    echo "package-test: some failed (kept: $tmp)"
fi
exit $failed
