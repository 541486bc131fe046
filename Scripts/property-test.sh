#!/usr/bin/env bash
# The property test at length: CASES generated hostile images (default 20000) of up to MAX_SIDE
# pixels a side (default 400) through the detector, a tenth of them through the reader's image steps
# and a fiftieth through Tesseract, in a release build (testable, in its own build folder).
# A trap stops the run; the case it was on is in $TMPDIR/shelfscan-property-case.txt, and
# SHELFSCAN_PROPERTY_SEED=... makes the same cases again.
#   usage: Scripts/property-test.sh [CASES] [MAX_SIDE]
set -euo pipefail
cd "$(dirname "$0")/.."
export SHELFSCAN_PROPERTY_CASES="${1:-20000}" SHELFSCAN_PROPERTY_MAX_SIDE="${2:-400}" OMP_THREAD_LIMIT=1
exec swift test -c release -Xswiftc -enable-testing --scratch-path .build-property --filter HostileImageTests
