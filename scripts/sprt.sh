#!/usr/bin/env bash
# Test a patch the way engine developers do: build a base revision (default: main) and the work
# tree, then play an SPRT match between them with `tabula match` until a bound is crossed.
#
# usage: scripts/sprt.sh <game> [base-revision] [time-control] [more tabula match arguments...]
#   e.g. scripts/sprt.sh jesonmor main 5+0.05 --sprt elo0=0 elo1=5
# Defaults: base main, time control 5+0.05, SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05,
# concurrency = number of cores, random openings of 4 plies. Balanced openings make each game
# count for more (an opening already won splits 1-1 whatever the patch does):
#   tabula openings --game jesonmor --count 1500 --balanced 150 --depth 10 > book.txt
#   scripts/sprt.sh jesonmor main 2+0.02 --openings book.txt
set -euo pipefail

game=${1:?usage: scripts/sprt.sh <game> [base-revision] [time-control] [match arguments...]}
base=${2:-main}
tc=${3:-5+0.05}
shift $(( $# < 3 ? $# : 3 ))

root=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tabula-sprt.XXXXXX")
cleanup() {
  git -C "$root" worktree remove --force "$scratch/base" 2>/dev/null || true
}
trap cleanup EXIT

echo "building base revision '$base' in $scratch/base" >&2
git -C "$root" worktree add --detach --quiet "$scratch/base" "$base"
cargo build --release --quiet --manifest-path "$scratch/base/Cargo.toml" --target-dir "$scratch/target-base"
cp "$scratch/target-base/release/tabula" "$scratch/tabula-base"

echo "building the work tree" >&2
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
cp "$root/target/release/tabula" "$scratch/tabula-new"

sprt=(--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05)
for argument in "$@"; do
  [ "$argument" = "--sprt" ] && sprt=()
done

"$scratch/tabula-new" match \
  --engine "cmd=$scratch/tabula-new name=new" \
  --engine "cmd=$scratch/tabula-base name=base" \
  --game "$game" --tc "$tc" --games 20000 --concurrency "$(nproc)" \
  --out "$scratch/out" "${sprt[@]}" "$@"
echo "games and summary: $scratch/out" >&2
