#!/usr/bin/env python3
"""The fixed split of the evaluation set's real photos into a part to tune on and a part only
to measure (`docs/real-split.txt`), and scoring a report on each part.

    Scripts/real-split.py write EVAL_DIR          # (re)writes docs/real-split.txt: done once
    Scripts/real-split.py score TRUTH_DIR REPORT  # runs EVAL_DIR/score on each part

Photos are split by source, never version by version: the versions of one source photo (the
part of the file name before `.rf.` in the Roboflow folders; the subfolder in `real/`) are one
photo. A source is in the check part when the first byte of the SHA-1 of its name is odd. `real/`
is split by folder: `library-dataset` is the tune part (its photos were looked at while building
the catalogue's identification), the other two folders the check part.
"""
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = os.path.join(HERE, "..", "docs", "real-split.txt")
REAL_TUNE = {"library-dataset"}


def source(truth_dir, path):
    rel = os.path.relpath(path, truth_dir)
    if os.sep in rel:
        return rel.split(os.sep)[0]
    return os.path.basename(path).split(".rf.")[0]


def part(name):
    if name in REAL_TUNE:
        return "tune"
    if name in ("cv-book-svg", "Bookshelf-Reader-API"):
        return "check"
    return "check" if hashlib.sha1(name.encode()).digest()[0] % 2 else "tune"


def truth_files(truth_dir):
    for d, _, files in os.walk(truth_dir):
        for f in sorted(files):
            if f.endswith(".truth.json"):
                yield os.path.join(d, f)


def write(eval_dir):
    lines = ["# The fixed split of the evaluation set's real photos by source (Scripts/real-split.py).",
             "# folder<TAB>source<TAB>part (tune: looked at while tuning; check: only measured)"]
    for folder in ("real", "real-spines", "real-spines-open-shelves"):
        root = os.path.join(eval_dir, folder)
        sources = sorted({source(root, p) for p in truth_files(root)})
        lines += [f"{folder}\t{s}\t{part(s)}" for s in sources]
    with open(LIST, "w") as out:
        out.write("\n".join(lines) + "\n")


def load():
    parts = {}
    for line in open(LIST):
        if line.startswith("#") or not line.strip():
            continue
        folder, name, which = line.rstrip("\n").split("\t")
        parts[(folder, name)] = which
    return parts


def score(truth_dir, report):
    truth_dir = os.path.abspath(truth_dir)
    folder = os.path.basename(truth_dir.rstrip("/"))
    parent = folder
    if os.path.basename(os.path.dirname(truth_dir)) == "real":
        parent, folder = "real", None
    parts = load()
    scorer = os.path.join(os.path.dirname(truth_dir) if folder else os.path.dirname(os.path.dirname(truth_dir)), "score")
    for which in ("tune", "check"):
        with tempfile.TemporaryDirectory() as tmp:
            count = 0
            for path in truth_files(truth_dir):
                name = source(truth_dir, path) if folder else os.path.basename(truth_dir)
                if parts.get((parent, name)) == which:
                    os.symlink(path, os.path.join(tmp, f"{count:04d}-" + os.path.basename(path)))
                    count += 1
            if count == 0:
                print(f"== {which}: no photos")
                continue
            result = subprocess.run([scorer, tmp, report], capture_output=True, text=True)
            print(f"== {which}: {count} photos")
            print(result.stdout, end="")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        write(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "score":
        score(sys.argv[2], sys.argv[3])
    else:
        print(__doc__)
        sys.exit(64)
