#!/usr/bin/env python3
"""Compares two scan reports (`shelfscan scan --json`, or `scanrun`'s merged ones) photo by photo
and book by book, ignoring what differs from run to run: wall times (`elapsedMs`, `timings`).

usage: Scripts/compare-reports.py BEFORE.json AFTER.json [--ignore KEY ...]

Prints every difference with the photo and the book's number, and a last line
`identical: N photos` or `different: N of M photos`; exits 1 when any photo differs. A redesign
that must not change results is checked this way against the reports of the code before it.
"""
import json
import os
import sys

VOLATILE = {"elapsedMs", "timings"}


def strip(value, ignored):
    if isinstance(value, dict):
        return {k: strip(v, ignored) for k, v in value.items() if k not in ignored}
    if isinstance(value, list):
        return [strip(v, ignored) for v in value]
    return value


def main(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 64
    before_path, after_path, rest = argv[0], argv[1], argv[2:]
    ignored = set(VOLATILE)
    while rest[:1] == ["--ignore"] and len(rest) >= 2:
        ignored.add(rest[1])
        rest = rest[2:]
    before = {os.path.basename(i["path"]): i for i in json.load(open(before_path))["images"]}
    after = {os.path.basename(i["path"]): i for i in json.load(open(after_path))["images"]}
    differing = 0
    for name in sorted(set(before) | set(after)):
        if name not in before or name not in after:
            print(f"{name}: only in {'after' if name in after else 'before'}")
            differing += 1
            continue
        a, b = strip(before[name], ignored), strip(after[name], ignored)
        if a == b:
            continue
        differing += 1
        for key in sorted(set(a) | set(b)):
            if key == "books":
                continue
            if a.get(key) != b.get(key):
                print(f"{name}: {key}: {json.dumps(a.get(key))[:200]} -> {json.dumps(b.get(key))[:200]}")
        books_a, books_b = a.get("books", []), b.get("books", [])
        if len(books_a) != len(books_b):
            print(f"{name}: {len(books_a)} books -> {len(books_b)}")
        for index, (x, y) in enumerate(zip(books_a, books_b), 1):
            for key in sorted(set(x) | set(y)):
                if x.get(key) != y.get(key):
                    print(f"{name} #{index}: {key}: {json.dumps(x.get(key))[:160]} -> {json.dumps(y.get(key))[:160]}")
    total = len(set(before) | set(after))
    print(f"identical: {total} photos" if differing == 0 else f"different: {differing} of {total} photos")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
