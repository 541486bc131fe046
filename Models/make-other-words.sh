#!/bin/sh
# Makes other-words.txt from the word lists of Tesseract's Spanish, Catalan, French, German,
# Italian and Portuguese models (tesseract-ocr-spa, -cat, -fra, -deu, -ita, -por; Apache-2.0):
# the words each list has in lower case, folded to ASCII ("técnica" → "tecnica"), two letters or
# more, less every word english-words.txt or proper-names.txt already has (the lists hold names in
# lower case too); sorted, one a line.
# Needs combine_tessdata and dawg2wordlist (package tesseract-ocr), those language packages and
# python3. Run make-english-words.sh first.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tessdata=${1:-/usr/share/tesseract-ocr/5/tessdata}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for language in spa cat fra deu ita por; do
    combine_tessdata -u "$tessdata/$language.traineddata" "$work/$language." >/dev/null 2>&1
    dawg2wordlist "$work/$language.lstm-unicharset" "$work/$language.lstm-word-dawg" "$work/$language.words" >/dev/null 2>&1
done
python3 - "$work" "$here" <<'PY'
import re, sys, unicodedata
work, here = sys.argv[1], sys.argv[2]
english = set(open(f"{here}/english-words.txt", encoding="utf-8").read().split())
english |= set(open(f"{here}/proper-names.txt", encoding="utf-8").read().split())
spelled = {"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l"}
def fold(word):
    word = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()
    return "".join(spelled.get(c, c) for c in word)
words = set()
for language in ["spa", "cat", "fra", "deu", "ita", "por"]:
    for line in open(f"{work}/{language}.words", encoding="utf-8"):
        word = line.strip()
        if word and all(c.isalpha() and c.islower() for c in word):
            folded = fold(word)
            if re.fullmatch("[a-z]{2,}", folded) and folded not in english:
                words.add(folded)
with open(f"{here}/other-words.txt", "w", encoding="utf-8") as out:
    out.write("".join(word + "\n" for word in sorted(words)))
print(len(words), "other-words.txt")
PY
