#!/usr/bin/env bash
# Formats the tracked Swift files in place, then lints them (swift-format ships with the toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format --in-place
git ls-files -z '*.swift' | xargs -0 swift format lint
