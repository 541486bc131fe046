#!/usr/bin/env bash
# Runs the test suite under a sanitizer, in a build folder of its own.
#   usage: Scripts/sanitize.sh address|thread [swift test arguments...]
# AddressSanitizer (out-of-bounds and use-after-free reads and writes, leaks at exit are not
# checked: the Swift runtime and Tesseract keep caches for the process's life) or ThreadSanitizer
# (data races). Suppressions for system libraries, each with its reason, are in
# Scripts/sanitizer-suppressions/.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer="${1:?usage: Scripts/sanitize.sh address|thread [swift test arguments...]}"
shift
case "$sanitizer" in
address)
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:${ASAN_OPTIONS:-}"
    ;;
thread)
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/Scripts/sanitizer-suppressions/thread.txt:${TSAN_OPTIONS:-}"
    # The full-disk test runs the binary under a file size limit (ulimit -f), and ThreadSanitizer's
    # own runtime dies of SIGBUS under one before main (a TSan build's `shelfscan --help` does too).
    set -- --skip aFullDiskLeavesTheLibraryAsItWas "$@"
    ;;
*)
    echo "unknown sanitizer: $sanitizer (address or thread)" >&2
    exit 64
    ;;
esac
OMP_THREAD_LIMIT=1 exec swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" "$@"
