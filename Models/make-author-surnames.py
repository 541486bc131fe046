#!/usr/bin/env python3
"""Makes author-surnames.txt: the surname of every author of the built-in catalogue.

Usage: python3 Models/make-author-surnames.py   (from the repository's top folder)

A surname is an author's last word of two letters or more, after a suffix ("Jr.", "III"), folded
to lower-case ASCII as the other lists are (names in other scripts are left out). It tells a lone word on a spine that is also an
ordinary word ("King", "Green", "Lackey") for a surname an author carries.
"""
import csv
import os
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}


# Letters no accent folding takes apart, spelled as shelfscan's folding spells them.
SPELLED = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ð": "d", "þ": "th", "ł": "l", "đ": "d"}


def fold(word):
    plain = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")
    return "".join(SPELLED.get(c, c) for c in plain)


def surnames(path):
    found = set()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            for author in row["authors"].split(";"):
                words = [w for w in (fold(w).strip(".,'") for w in author.split()) if w]
                while words and words[-1] in SUFFIXES:
                    words.pop()
                if words and len(words[-1]) >= 2 and words[-1].isascii() and words[-1].isalpha():
                    found.add(words[-1])
    return found


if __name__ == "__main__":
    names = surnames(os.path.join(HERE, "catalog", "goodbooks-10k.csv"))
    with open(os.path.join(HERE, "author-surnames.txt"), "w") as out:
        out.write("\n".join(sorted(names)) + "\n")
