#!/bin/sh
# Makes english-words.txt and proper-names.txt from the word list of Tesseract's English model
# (tesseract-ocr-eng, Apache-2.0): letters only, two letters or more, lowercased, sorted.
# english-words.txt: words the list has in lower case (ordinary words).
# proper-names.txt: words it has only capitalised (names of people and places).
# Needs combine_tessdata and dawg2wordlist (package tesseract-ocr).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
traineddata=${1:-/usr/share/tesseract-ocr/5/tessdata/eng.traineddata}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
combine_tessdata -u "$traineddata" "$work/eng." >/dev/null 2>&1
dawg2wordlist "$work/eng.lstm-unicharset" "$work/eng.lstm-word-dawg" "$work/words" >/dev/null 2>&1
export LC_ALL=C
grep -E '^[a-z]{2,}$' "$work/words" | sort -u >"$here/english-words.txt"
grep -E '^[A-Z][a-z]+$' "$work/words" | tr 'A-Z' 'a-z' | sort -u | comm -23 - "$here/english-words.txt" >"$here/proper-names.txt"
wc -l "$here/english-words.txt" "$here/proper-names.txt"
