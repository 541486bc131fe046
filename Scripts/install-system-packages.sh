#!/usr/bin/env bash
# Installs the Debian packages shelfscan builds and runs against (and pkg-config, which SwiftPM uses
# to find them). Uses sudo when not run as root.
set -euo pipefail
packages=(
    pkg-config
    libpng-dev             # PNG decoding and encoding
    libjpeg-dev            # JPEG decoding (libjpeg-turbo)
    libtesseract-dev       # OCR
    libleptonica-dev       # Tesseract's image library
    tesseract-ocr-eng      # the English OCR model
    libzbar-dev            # barcodes
    libzxing-dev           # barcodes (zxing-cpp)
    libsqlite3-dev         # the library database (through GRDB)
    zlib1g-dev             # gzip-compressed catalogue dumps
    tesseract-ocr          # the `tesseract` command: shelfbench --baseline, the naive peer
    zbar-tools             # the `zbarimg` command: shelfbench --baseline
)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
