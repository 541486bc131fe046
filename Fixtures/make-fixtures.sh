#!/usr/bin/env bash
# Regenerates every file under Fixtures/imaging, Fixtures/barcodes,
# Fixtures/pages and Fixtures/shelves from Fixtures/make_fixtures.py (the
# shelves section lives in Fixtures/make_shelves.py; fixed seeds, so the output
# is the same on every run with the same Pillow/pypng versions and fonts).
#
# Usage: Fixtures/make-fixtures.sh [imaging] [barcodes] [pages] [shelves]
#   (no argument = all sections)
#
# Needs: python3 (3.10+), network access to PyPI the first time, and the
# DejaVu TrueType fonts (Debian/Ubuntu: apt-get install fonts-dejavu-core;
# elsewhere set SHELFSCAN_FONT_DIR to the folder holding DejaVuSerif.ttf).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${SHELFSCAN_FIXTURES_VENV:-${TMPDIR:-/tmp}/shelfscan-fixtures-venv}"
python="${PYTHON:-python3}"

# Pinned so that regenerating gives byte-identical images (JPEG encoder and
# resampling code ship inside the Pillow wheel).
pillow_version="${SHELFSCAN_PILLOW_VERSION:-13.0.0}"
pypng_version="${SHELFSCAN_PYPNG_VERSION:-0.20220715.0}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "Pillow==$pillow_version" "pypng==$pypng_version"

exec "$venv/bin/python" "$here/make_fixtures.py" "$@"
