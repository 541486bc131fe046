#!/usr/bin/env bash
# Runs the fast unit tests alone, in seconds: every suite or test tagged `.accuracy` (figures over
# the fixtures), `.pipeline` (whole photos through the scanner), `.property` (generated hostile
# images) or `.endToEnd` (the built binary)
# is skipped. This toolchain's `swift test` cannot filter by tag, so the names are read off the tags.
# Extra arguments go to `swift test` (e.g. --filter Parser).
set -euo pipefail
cd "$(dirname "$0")/.."
tags='\.(accuracy|pipeline|property|endToEnd)'
skips=()
while read -r name; do
    [ -n "$name" ] && skips+=(--skip "$name")
done < <(
    grep -rhA1 -E "@Suite\(\.tags\($tags\)\)" Tests | grep -oE '^struct [A-Za-z]+' | awk '{print $2}'
    grep -rhoE "@Test\(\.tags\($tags\)\) func [A-Za-z]+" Tests | awk '{print $NF}'
)
OMP_THREAD_LIMIT=1 exec swift test "${skips[@]}" "$@"
