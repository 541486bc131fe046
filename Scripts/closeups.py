#!/usr/bin/env python3
"""Cuts close-ups of single spines out of the evaluation set's full-resolution shelf photos, with a
truth file each, to measure how shelfscan reads a photo of one spine (the unseen set's
"single-spine photos", which the evaluation set has no folder of).

    Scripts/closeups.py EVAL_DIR REPORT OUT_DIR
    shelfbench OUT_DIR --report run.json              # title_recall, selected_precision on them
    EVAL_DIR/score OUT_DIR/library-dataset run.json   # the tune part of docs/real-split.txt

REPORT is a scan report of EVAL_DIR/real (`shelfbench EVAL_DIR/real --report run.json`). The
truth of `real/` has titles but no outlines, so the report says where the books are: every
reported book whose title is a truth title of its photo (`score.title_ok`) is cut out, its
outline's box widened by 15 % of its width each side and 3 % of its length at each end, as a
person framing one spine takes in the edges of its neighbours. Only photos of 1,500 pixels or more
on their longer side are used: a spine cut from a 640-pixel photo is a few dozen pixels wide,
which no camera gives of a single spine.

So the close-ups are the spines the whole photo's scan reads right: what they measure is what a
close-up loses or gains against the shelf photo, not reading in general. Each keeps its photo's
folder (`OUT_DIR/library-dataset/…`), so the split of `docs/real-split.txt` holds for them:
`library-dataset` is the tune part, the other folders the check part. A close-up takes in the
edges of its neighbours, and a neighbour read and selected there counts against
selected_precision, as the truth lists the one book.

Needs Pillow and the evaluation set's `score.py`; run with another Python, it runs itself again
with the evaluation set's own (`EVAL_DIR/_venv.sh`).
"""
import json
import os
import subprocess
import sys

MIN_SIDE = 1500
WIDEN_ACROSS = 0.15
WIDEN_ALONG = 0.03


def main(eval_dir, report_path, out_dir):
    sys.path.insert(0, eval_dir)
    from PIL import Image, ImageOps
    from score import title_ok

    real = os.path.join(eval_dir, "real")
    report = json.load(open(report_path))
    by_name = {os.path.basename(image["path"]): image for image in report.get("images", [])}
    made = 0
    for folder, _, files in sorted(os.walk(real)):
        for truth_name in sorted(f for f in files if f.endswith(".truth.json")):
            truth = json.load(open(os.path.join(folder, truth_name)))
            image = by_name.get(truth["image"])
            if image is None or max(truth.get("width", 0), truth.get("height", 0)) < MIN_SIDE:
                continue
            photo = ImageOps.exif_transpose(Image.open(os.path.join(folder, truth["image"]))).convert("RGB")
            target = os.path.join(out_dir, os.path.relpath(folder, real))
            os.makedirs(target, exist_ok=True)
            stem = os.path.splitext(truth["image"])[0]
            for number, book in enumerate(b for b in image.get("books", []) if b.get("polygon") and b.get("title")):
                matches = [t for t in truth["books"] if title_ok(book["title"], t["title"])]
                if not matches:
                    continue
                crop = photo.crop(widened_box(book["polygon"], photo.size))
                name = f"{stem}_{number:02d}.jpg"
                crop.save(os.path.join(target, name), quality=92)
                single = dict(matches[0], polygon=None, row=None, textOrientation=None, inLibrary=None)
                closeup_truth = {
                    "image": name, "kind": "spine", "width": crop.width, "height": crop.height,
                    "exifOrientation": 1, "barcodes": [], "isbns": [], "books": [single],
                    "_partial": f"one spine cut from real/{os.path.relpath(folder, real)}/{truth['image']} "
                    "by Scripts/closeups.py; the title the whole photo's scan read right",
                }
                with open(os.path.join(target, name + ".truth.json"), "w") as out:
                    json.dump(closeup_truth, out, ensure_ascii=False, indent=1)
                made += 1
    print(f"{made} close-ups in {out_dir}")


def widened_box(polygon, size):
    """The box of `polygon` widened across the spine and along it, inside the photo."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    # The spine's long side decides which way is across it.
    across, along = (width, height) if height >= width else (height, width)
    dx = WIDEN_ACROSS * across if height >= width else WIDEN_ALONG * along
    dy = WIDEN_ALONG * along if height >= width else WIDEN_ACROSS * across
    return (
        int(max(0, min(xs) - dx)), int(max(0, min(ys) - dy)),
        int(min(size[0], max(xs) + dx)), int(min(size[1], max(ys) + dy)),
    )


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    eval_dir = os.path.abspath(sys.argv[1])
    try:
        import PIL  # noqa: F401
    except ImportError:
        venv = os.path.join(eval_dir, "_venv.sh")
        command = f'. "{venv}" && exec "$venv/bin/python" "$0" "$@"'
        sys.exit(subprocess.call(["bash", "-c", command, os.path.abspath(__file__)] + sys.argv[1:]))
    main(eval_dir, sys.argv[2], sys.argv[3])
