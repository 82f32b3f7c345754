#!/bin/sh
# Fuzzes the engine's loaders (game files and scenarios, then plays what loads) with
# libFuzzer under address and undefined-behaviour sanitizers. A crash, leak or sanitizer
# report stops it and leaves the input in out/fuzz/. Installs clang and its fuzzer runtime
# when they are missing (through scripts/dev.sh deps).
#
#   scripts/fuzz.sh [SECONDS]      default 300
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
seconds=${1:-300}
scripts/dev.sh deps clang libclang-rt-dev
mkdir -p out/fuzz/corpus
bin=out/fuzz/fuzz_loaders
clang -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -Isrc/engine \
    src/engine/*.c src/engine/games/*.c tests/fuzz/fuzz_loaders.c -lcjson -lm -o "$bin"
# seed corpus: every game and scenario file we have, as both kinds of input
for f in games/*/game.json tests/data/gamedef/*.json; do
    { printf '\000'; cat "$f"; } > "out/fuzz/corpus/g-$(basename "$(dirname "$f")")-$(basename "$f")"
done
for f in tests/data/scenario/*.json tests/scenarios/*.json; do
    { printf '\001'; cat "$f"; } > "out/fuzz/corpus/s-$(basename "$f")"
done
SLOTCAB_GAMES="$here/games" "$bin" -max_total_time="$seconds" -max_len=65536 \
    -artifact_prefix=out/fuzz/ -print_final_stats=1 out/fuzz/corpus
