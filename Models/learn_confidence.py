#!/usr/bin/env python3
"""Learns Models/confidence.json: the weights that turn a book's signals into its confidence.

usage: Models/learn_confidence.py [--binary .build/release/shelfscan] [--target 0.97] [FIXTURE_DIR]

Scans the rendered shelves of Fixtures/shelves (made-up books, exact truth) with the built
`shelfscan scan --json`, labels every reported book right when its title is one of the photo's
titles (normalised edit similarity >= 0.8) or its ISBN is one of the photo's ISBNs, and fits a
logistic regression of that label on the book's `signals`. The bias is then shifted so that
confidence 0.7 (the default threshold) falls where the books at or above it were right at least
`--target` of the time on the fixtures. Standard library only; deterministic.
"""
import json
import math
import os
import re
import subprocess
import sys
import unicodedata

# The signals are the scanner's own (ConfidenceSignal in Sources/ShelfPipeline): they are taken
# from the reports, not listed here, so that the two can never disagree. Set by samples().
FEATURES = []
THRESHOLD = 0.7
ISBN_FLOOR = 0.95


def norm(s):
    s = unicodedata.normalize("NFKD", s or "")
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9 ]+", " ", s)).strip()


def similarity(a, b):
    a, b = norm(a), norm(b)
    if not a or not b:
        return 0.0
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return 1 - prev[-1] / max(len(a), len(b))


def scan(binary, photos):
    books = []
    for start in range(0, len(photos), 10):
        out = subprocess.run([binary, "scan", "--json", *photos[start:start + 10]], capture_output=True, text=True)
        for image in json.loads(out.stdout)["images"]:
            books.append(image)
    return books


def samples(binary, folder):
    photos = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                    if f.lower().endswith((".jpg", ".jpeg", ".png")) and os.path.exists(os.path.join(folder, f + ".truth.json")))
    rows = []
    images = scan(binary, photos)
    # The model's inputs are the signals every book has; the others are set only when they hold
    # (the reasons a book is withheld, the title check) and act after the model.
    books = [book for image in images for book in image.get("books", [])]
    FEATURES[:] = sorted(set.intersection(*(set(book["signals"]) for book in books))) if books else []
    for image in images:
        truth = json.load(open(image["path"] + ".truth.json"))
        titles = [b["title"] for b in truth["books"]]
        isbns = set(truth.get("isbns", []))
        for book in image.get("books", []):
            right = bool(book.get("title")) and any(similarity(book["title"], t) >= 0.8 for t in titles)
            right = right or (book.get("isbn") in isbns)
            missing = [f for f in FEATURES if f not in book["signals"]]
            if missing:
                sys.exit(f"{image['path']}: a book without the signals {missing}: is the binary current?")
            rows.append(([book["signals"][f] for f in FEATURES], 1 if right else 0, book.get("isbn") is not None))
    return rows


def fit(rows, l2=1e-3, steps=4000, rate=0.5):
    n, k = len(rows), len(FEATURES)
    w, b = [0.0] * k, 0.0
    for _ in range(steps):
        gw, gb = [0.0] * k, 0.0
        for x, y, _ in rows:
            p = 1 / (1 + math.exp(-(b + sum(wi * xi for wi, xi in zip(w, x)))))
            for i in range(k):
                gw[i] += (p - y) * x[i]
            gb += p - y
        w = [wi - rate * (g / n + l2 * wi) for wi, g in zip(w, gw)]
        b -= rate * gb / n
    return w, b


def main():
    args = sys.argv[1:]
    binary, target, folder = ".build/release/shelfscan", 0.97, "Fixtures/shelves"
    while args:
        a = args.pop(0)
        if a == "--binary":
            binary = args.pop(0)
        elif a == "--target":
            target = float(args.pop(0))
        else:
            folder = a
    rows = samples(binary, folder)
    w, b = fit(rows)
    z = sorted(((b + sum(wi * xi for wi, xi in zip(w, x)), y) for x, y, _ in rows), reverse=True)
    # The lowest score above which the books were right at least `target` of the time.
    cut, right = z[0][0], 0
    for count, (score, y) in enumerate(z, 1):
        right += y
        if right / count >= target:
            cut = score
    bias = b - cut + math.log(THRESHOLD / (1 - THRESHOLD))
    conf = [(1 / (1 + math.exp(-(bias + sum(wi * xi for wi, xi in zip(w, x))))), y, has) for x, y, has in rows]
    chosen = [(c, y) for c, y, has in conf if c >= THRESHOLD or has]
    model = {
        "features": FEATURES,
        "weights": [round(v, 4) for v in w],
        "bias": round(bias, 4),
        "isbnFloor": ISBN_FLOOR,
        "learnedFrom": f"{folder}: {len(rows)} books, {sum(y for _, y, _ in rows)} right",
        "atThreshold": {"selected": len(chosen), "right": sum(y for _, y in chosen),
                         "precision": round(sum(y for _, y in chosen) / max(1, len(chosen)), 4)},
    }
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "confidence.json"), "w") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    print(json.dumps(model, indent=1))


if __name__ == "__main__":
    main()
