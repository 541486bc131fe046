#!/bin/sh
# Makes english-words.txt and proper-names.txt from the word list of Tesseract's English model
# (tesseract-ocr-eng, Apache-2.0): letters only, two letters or more, lowercased, sorted.
# english-words.txt: words the list has in lower case (ordinary words), less those the English
#   dictionaries of wamerican-large and wbritish-large (SCOWL) know only capitalised, four letters
#   or more: Tesseract's list has names in lower case too ("morrison", "plato"); shorter ones are
#   as often words of other languages ("los", "las"); and of three letters or fewer only those the
#   dictionaries have in lower case too, or the word lists of the six other languages of
#   other-words.txt: most of the list's short entries are abbreviations and codes ("cnx", "pyc",
#   "wi"), which are what the OCR makes of specks and edges.
# proper-names.txt: words the Tesseract list has only capitalised, and those names (people and places).
# Needs combine_tessdata and dawg2wordlist (package tesseract-ocr), wamerican-large and wbritish-large,
# and tesseract-ocr-spa, -cat, -fra, -deu, -ita and -por.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
traineddata=${1:-/usr/share/tesseract-ocr/5/tessdata/eng.traineddata}
dictionaries="/usr/share/dict/american-english-large /usr/share/dict/british-english-large"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
combine_tessdata -u "$traineddata" "$work/eng." >/dev/null 2>&1
dawg2wordlist "$work/eng.lstm-unicharset" "$work/eng.lstm-word-dawg" "$work/words" >/dev/null 2>&1
export LC_ALL=C
grep -hE '^[a-z]+$' $dictionaries | sort -u >"$work/dictionary-lower"
grep -hE '^[A-Z][a-z]{3,}$' $dictionaries | tr 'A-Z' 'a-z' | sort -u | comm -23 - "$work/dictionary-lower" >"$work/dictionary-names"
grep -E '^[a-z]{2,}$' "$work/words" | sort -u >"$work/lower"
for language in spa cat fra deu ita por; do
    combine_tessdata -u "$(dirname "$traineddata")/$language.traineddata" "$work/$language." >/dev/null 2>&1
    dawg2wordlist "$work/$language.lstm-unicharset" "$work/$language.lstm-word-dawg" "$work/$language.words" >/dev/null 2>&1
done
cat "$work"/spa.words "$work"/cat.words "$work"/fra.words "$work"/deu.words "$work"/ita.words "$work"/por.words \
    | grep -E '^[a-z]{1,3}$' | sort -u - "$work/dictionary-lower" >"$work/short-words"
awk 'length($0) <= 3' "$work/lower" | comm -23 - "$work/short-words" >"$work/short-codes"
comm -23 "$work/lower" "$work/dictionary-names" | comm -23 - "$work/short-codes" >"$here/english-words.txt"
grep -E '^[A-Z][a-z]+$' "$work/words" | tr 'A-Z' 'a-z' | sort -u | comm -23 - "$work/lower" >"$work/capitalised"
comm -12 "$work/lower" "$work/dictionary-names" | sort -u - "$work/capitalised" >"$here/proper-names.txt"
wc -l "$here/english-words.txt" "$here/proper-names.txt"
