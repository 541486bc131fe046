#!/usr/bin/env bash
# Fuzzes one parser of outside bytes with libFuzzer and AddressSanitizer.
#   usage: Scripts/fuzz.sh TARGET [SECONDS]     (TARGET: decoder, exif, isbn, csv, detector)
# Builds shelfscan-fuzz in .build-fuzz (release, -sanitize=fuzzer,address), then fuzzes TARGET for
# SECONDS (default 600), starting from Fixtures/fuzz/TARGET and the corpus kept in
# .fuzz-corpus/TARGET. A crash's input goes to .fuzz-crashes/TARGET/: fix it, then copy the input
# into Fixtures/fuzz/TARGET/ so that FuzzCorpusTests keeps it fixed. Replay an input without the
# fuzzer: swift run shelfscan-fuzz TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: Scripts/fuzz.sh decoder|exif|isbn|csv|detector [SECONDS]}"
seconds="${2:-600}"
[ -d "Fixtures/fuzz/$target" ] || { echo "no such target: $target" >&2; exit 64; }
swift build -c release --product shelfscan-fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link,address
mkdir -p ".fuzz-corpus/$target" ".fuzz-crashes/$target"
SHELFSCAN_FUZZ_TARGET="$target" OMP_THREAD_LIMIT=1 exec .build-fuzz/release/shelfscan-fuzz \
    -max_total_time="$seconds" -rss_limit_mb=3072 -timeout=20 -print_final_stats=1 \
    -artifact_prefix=".fuzz-crashes/$target/" ".fuzz-corpus/$target" "Fixtures/fuzz/$target"
