#!/usr/bin/env python3
"""Makes author-surnames.txt: the surname of every author of the built-in catalogue.

Usage: python3 Models/make-author-surnames.py   (from the repository's top folder)

A surname is an author's last word of two letters or more, after a suffix ("Jr.", "III"), folded
to lower-case ASCII as the other lists are (names in other scripts are left out). It tells a lone word on a spine that is also an
ordinary word ("King", "Green", "Lackey") for a surname an author carries.

A word the authors bear as a given name (the first word of a name of two words or more) at least
GIVEN_NAME_RATIO times as often as a surname is left out ("anne": one surname, nineteen given
names; "john": one and 134): a spine that shows it alone has lost the surname after it, far
likelier than it names the one author who bears it last. "James" (7 and 63) and "Thomas" stay.
"""
import csv
from collections import Counter
import os
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}
GIVEN_NAME_RATIO = 10


# Letters no accent folding takes apart, spelled as shelfscan's folding spells them.
SPELLED = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ð": "d", "þ": "th", "ł": "l", "đ": "d"}


def fold(word):
    plain = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")
    return "".join(SPELLED.get(c, c) for c in plain)


def surnames(path):
    authors = set()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            authors.update(author.strip() for author in row["authors"].split(";"))
    as_surname, as_given_name = Counter(), Counter()
    for author in authors:
        words = [w for w in (fold(w).strip(".,'") for w in author.split()) if w]
        while words and words[-1] in SUFFIXES:
            words.pop()
        if words and len(words[-1]) >= 2 and words[-1].isascii() and words[-1].isalpha():
            as_surname[words[-1]] += 1
        if len(words) >= 2:
            as_given_name[words[0]] += 1
    return {word for word, count in as_surname.items() if as_given_name[word] < GIVEN_NAME_RATIO * count}


if __name__ == "__main__":
    names = surnames(os.path.join(HERE, "catalog", "goodbooks-10k.csv"))
    with open(os.path.join(HERE, "author-surnames.txt"), "w") as out:
        out.write("\n".join(sorted(names)) + "\n")
