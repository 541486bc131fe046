#!/usr/bin/env bash
# Soak run: the same batch of photos scanned over and over, in one process and across processes,
# to show that nothing leaks.
#   1. In one process (shelfscan-soak): ROUNDS rounds; after each, RSS, open file descriptors,
#      threads and loaded Tesseract engines. Fails when any keeps growing after the warm-up.
#   2. Across processes: RUNS runs of `shelfscan scan --json`, each one's peak RSS measured
#      (/usr/bin/time); fails when a scanner process is left behind, a crash log is written or the
#      report changes from run to run.
#   usage: Scripts/soak.sh [ROUNDS] [RUNS] [PHOTO...]   (defaults: 20, 10, ten photos of Fixtures/shelves)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-20}"
runs="${2:-10}"
shift $(($# > 2 ? 2 : $#))
if [ $# -gt 0 ]; then
    photos=("$@")
else
    photos=()
    for name in shelf-001.jpg shelf-002.jpg shelf-003.jpg shelf-004.jpg shelf-005.png shelf-006.jpg \
        stack.jpg leaning.jpg face-out.jpg exif-rotated.jpg; do
        photos+=("$PWD/Fixtures/shelves/$name")
    done
fi
export OMP_THREAD_LIMIT=1

swift build -c release --product shelfscan >/dev/null
swift build -c release --product shelfscan-soak >/dev/null
bin="$(swift build -c release --show-bin-path)"

echo "== in one process: ${#photos[@]} photos, $rounds rounds"
"$bin/shelfscan-soak" --rounds "$rounds" "${photos[@]}"

echo "== across processes: ${#photos[@]} photos, $runs runs"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export TMPDIR="$scratch"
# The photos are copied into the scratch folder, so that this run's scanner processes are the
# ones whose command line names it.
mkdir "$scratch/photos"
copies=()
for photo in "${photos[@]}"; do
    cp "$photo" "$scratch/photos/"
    copies+=("$scratch/photos/$(basename "$photo")")
done
status=0
for run in $(seq 1 "$runs"); do
    /usr/bin/time -f "%M %e" -o "$scratch/time" "$bin/shelfscan" scan --json "${copies[@]}" >"$scratch/report.json" || true
    read -r peak seconds <"$scratch/time"
    # The report without its timings, to compare run with run.
    python3 - "$scratch/report.json" >"$scratch/books-$run.txt" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for image in report["images"]:
    for book in image.get("books", []):
        print(image["path"], book.get("title"), book.get("confidence"))
PY
    printf "run %2d  %6.2f s  peak rss %5.0f MB  books %s\n" "$run" "$seconds" "$((peak / 1024))" \
        "$(wc -l <"$scratch/books-$run.txt")"
    if ! cmp -s "$scratch/books-1.txt" "$scratch/books-$run.txt"; then
        echo "soak: run $run reported other books than run 1"
        status=1
    fi
done
if pgrep -f "scan-worker.*$scratch/photos" >/dev/null; then
    echo "soak: a scanner process was left behind"
    status=1
fi
if compgen -G "$scratch/shelfscan-crash-*" >/dev/null; then
    echo "soak: a scanner crashed: $(ls "$scratch"/shelfscan-crash-*)"
    status=1
fi
[ "$status" = 0 ] && echo "soak: $runs runs, each the same, nothing left behind"
exit "$status"
