#!/bin/sh
# The README's Quick start: set up a fresh Debian 12 machine, build, and run or test.
#
#   scripts/dev.sh run [SLOTCAB FLAGS]   install what is missing, build, open the cabinet
#                         (without a display: a headless round saved as pictures, and slotsim)
#   scripts/dev.sh test   install what is missing, build, run every test but the long suite
#                         (also in an address/undefined-sanitizer build, and the engine suite
#                         under valgrind); the long suite: meson test -C build --suite long
#   scripts/dev.sh build  install what is missing and build only
#   scripts/dev.sh deps [PACKAGE...]   install what is missing, and these extra packages
#   scripts/dev.sh hooks  turn on the pre-commit check (.githooks/pre-commit: the structure
#                         budgets and the docs' links, as CI checks them)
#
# Packages are installed with apt-get (as root, or through sudo when it is there).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

# build: compiler, meson, gettext (msgfmt: the catalogues), cJSON, SDL2 and its image/mixer/ttf libraries, Open MPI (slotsim rtp
# under mpirun; optional: a build without it has no MPI mode);
# tests: valgrind, and for the real-window test Xvfb, xdotool and ImageMagick (import).
PACKAGES="gcc libc6-dev meson ninja-build pkg-config gettext libcjson-dev libsqlite3-dev libsodium-dev zlib1g-dev python3 valgrind
libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libsdl2-ttf-dev libopenmpi-dev openmpi-bin
xvfb xdotool imagemagick"

install_missing() {
    missing=""
    for p in $PACKAGES "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    echo "installing:$missing"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
        echo "dev.sh: need root (or sudo) to install:$missing" >&2; exit 2
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

build() {
    dir=$1; shift
    [ -f "$dir/build.ninja" ] || meson setup "$dir" "$@"
    ninja -C "$dir"
}

cmd=${1:-run}
case "$cmd" in
run)
    install_missing
    build build
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        echo "== slotcab: the lobby (F11 fullscreen, Esc back/quit)"
        exec build/src/cabinet/slotcab "$@"
    fi
    echo "== no display here (DISPLAY is not set), so no window: a headless round instead,"
    echo "   with its pictures in out/demo/ (a scatter and jewel trigger, then the free spins)"
    mkdir -p out/demo
    build/src/cabinet/slotcab --headless --scenario tests/scenarios/mona-lisa-scatter-and-jewels.json \
        --shots out/demo --size 1280x720
    ls out/demo | head -8; echo "... $(ls out/demo | wc -l) pictures in out/demo"
    echo
    echo "== and the engine on its own, through slotsim"
    slotsim=build/src/sim/slotsim
    echo
    echo "== slotsim list"; $slotsim list
    echo; echo "== one round of Mona Lisa Jewels at max bet (seed 45: line wins, then jewel free spins)"
    $slotsim round --game mona-lisa-jewels --seed 45 --max-bet
    echo; echo "== a forced round: two jewels on reel 1 and three scatters (12 free spins)"
    $slotsim round --scenario tests/scenarios/mona-lisa-scatter-and-jewels.json | head -40
    echo "..."
    echo; echo "== 10 million rounds at max bet on 2 threads"
    $slotsim rtp --game mona-lisa-jewels --rounds 10000000 --threads 2 --max-bet
    ;;
test)
    install_missing
    build build
    # the three runs each run whatever the one before came to (a failure in the plain suite
    # does not hide what the sanitizers or valgrind find); the exit status says if any failed.
    # The long suite (the window soak: minutes of wall-clock time by design) is not here:
    # `meson test -C build --suite long`, which CI runs too.
    failed=0
    meson test -C build --no-suite long --print-errorlogs || failed=1
    build build-asan -Db_sanitize=address,undefined -Db_lundef=false
    meson test -C build-asan --no-suite long --print-errorlogs || failed=1
    meson test -C build --suite engine --print-errorlogs \
        --wrapper "valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite" \
        --logbase valgrind || failed=1
    [ $failed -eq 0 ] || { echo "dev.sh test: some tests failed (above)" >&2; exit 1; }
    ;;
build)
    install_missing
    build build
    ;;
deps)
    shift
    install_missing "$@"
    ;;
hooks)
    git config core.hooksPath .githooks
    echo "pre-commit: on (.githooks/pre-commit); git commit --no-verify passes it by"
    ;;
*)
    echo "usage: scripts/dev.sh run|test|build|deps [PACKAGE...]|hooks" >&2
    exit 2
    ;;
esac
