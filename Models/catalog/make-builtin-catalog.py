#!/usr/bin/env python3
"""Makes goodbooks-10k.csv, shelfscan's built-in catalogue, from goodbooks-10k's books.csv.

Usage: python3 Models/catalog/make-builtin-catalog.py PATH/TO/goodbooks-10k/books.csv

Keeps, per book: the title as Goodreads lists it (a series suffix "(The Hunger Games, #1)" is
kept; shelfscan's import takes it as the series), the authors (";"-separated), the ISBN-13 (rebuilt
from the ISBN-10, since books.csv writes the ISBN-13 as a float and loses digits) and the year of
first publication. Rows are written in books.csv's order, most-rated first.
"""
import csv
import sys


def isbn13_from_isbn10(isbn10):
    isbn10 = isbn10.strip().upper()
    if not isbn10:
        return ""
    isbn10 = isbn10.zfill(10)
    if len(isbn10) != 10 or not isbn10[:9].isdigit():
        return ""
    body = "978" + isbn10[:9]
    total = sum((1 if i % 2 == 0 else 3) * int(c) for i, c in enumerate(body))
    return body + str((10 - total % 10) % 10)


def main(source):
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["title", "authors", "isbn", "year"])
    with open(source, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            title = row["title"].strip()
            authors = "; ".join(name.strip() for name in row["authors"].split(",") if name.strip())
            year = row["original_publication_year"].split(".")[0].lstrip("-")
            writer.writerow([title, authors, isbn13_from_isbn10(row["isbn"]), year])


if __name__ == "__main__":
    main(sys.argv[1])
