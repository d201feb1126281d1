#!/usr/bin/env bash
# Checks scripts/nnue/dataset.sh as a user runs it: a set made in 3 shards, 2 at a time, stopped
# after half a second and started again, holds the same positions as one unsharded run, and its
# manifest counts them and names the tabula that made them.
#
# usage: scripts/nnue/dataset-check.sh        (tabula: $TABULA, default on the PATH)
set -euo pipefail
here=$(dirname "$0")
tabula=${TABULA:-tabula}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run=(--game jesonmor --games 60 --nodes 5000 --seed 5)

"$tabula" datagen "${run[@]}" --threads 2 --out "$work/whole.txt" 2>/dev/null
timeout --foreground 0.5 "$here/dataset.sh" "$work/set" 3 2 "${run[@]}" >/dev/null 2>&1 || true
stopped=$(tail -1 "$work/set/manifest.txt")
"$here/dataset.sh" "$work/set" 3 2 "${run[@]}" >/dev/null 2>&1

records() { grep -hv '^# tabula' "$@" | sort; }
diff <(records "$work/whole.txt") <(records "$work/set"/data-*.txt) >/dev/null ||
  { echo "dataset check: FAILED: the set's shards differ from the whole run" >&2; exit 1; }
positions=$(grep -vc '^#' "$work/whole.txt")
grep -qx "total: 60 games, $positions positions" "$work/set/manifest.txt" ||
  { echo "dataset check: FAILED: the manifest does not count 60 games and $positions positions" >&2
    cat "$work/set/manifest.txt" >&2; exit 1; }
grep -qF "# tabula datagen set: $("$tabula" --version)" "$work/set/manifest.txt" ||
  { echo "dataset check: FAILED: the manifest does not name the tabula that made the set" >&2; exit 1; }
echo "dataset check: a set in 3 shards, stopped at '$stopped' and continued, holds the whole run's $positions positions"
