#!/usr/bin/env bash
# CI's check of sharded matches on a real single-node Slurm (scripts/slurm/local.sh): a match
# with a deterministic limit is played whole, then as a 4-task job array with a merge job after
# it (scripts/slurm/submit.sh); the merged summary and game records must equal the whole
# match's. Then an SPRT runs in waves of shards (scripts/slurm/sprt.sh) and must stop early.
# Figures (shards, games, wall times, the merged summary) go to stdout for the CI log.
# Skips, saying so, only where Slurm's packages cannot be installed. Needs root.
#
# usage: scripts/slurm/check.sh      (tabula: $TABULA, default target/release/tabula)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export TABULA=${TABULA:-${CARGO_TARGET_DIR:-$root/target}/release/tabula}
work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-slurm-check.XXXXXX")
trap '"$here/local.sh" stop "$work/slurm" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
now() { date +%s.%N; }
since() { awk -v end="$(now)" -v start="$1" 'BEGIN { printf "%.1f", end - start }'; }
# merge_is_whole WHOLE SUMMARY MERGED MERGED_SUMMARY N WHOSE: fails unless the merge of N shards
# in MERGED (its summary in MERGED_SUMMARY) has the whole match's summary (SUMMARY, then the
# merge's line) and the game records of the whole match in WHOLE. WHOSE names the shards.
merge_is_whole() {
  { cat "$2"; echo "Merged $5 of $5 shards"; } > "$3.expected.txt"
  diff "$3.expected.txt" "$4" ||
    { echo "slurm check: FAILED: $6 merged summary differs from the whole match's" >&2; exit 1; }
  diff <("$here/records.sh" "$1/games.txt") <("$here/records.sh" "$3/games.txt") > /dev/null ||
    { echo "slurm check: FAILED: $6 games differ from the whole match's" >&2; exit 1; }
}

started=$(now)
status=0
setup=$("$here/local.sh" start "$work/slurm") || status=$?
if [ "$status" -eq 77 ]; then
  echo "slurm check: SKIPPED: Slurm's packages cannot be installed here (see the line above)"
  exit 0
elif [ "$status" -ne 0 ]; then
  echo "slurm check: FAILED: the local Slurm did not start" >&2
  exit "$status"
fi
eval "$setup"
echo "slurm check: local Slurm up in $(since "$started") s ($(sinfo -h -o '%N, %c CPUs'))"

# 11 opening pairs: 4 shards get 3, 3, 3 and 2.
match=(--engine "cmd=$TABULA name=full" --engine "cmd=$TABULA name=easy option.Level=easy"
  --game joust --tc nodes=2000 --games 22 --seed 11)
started=$(now)
"$TABULA" match "${match[@]}" --out "$work/whole" > "$work/whole.txt" 2>/dev/null
echo "slurm check: whole match, 22 games: $(since "$started") s"
started=$(now)
"$here/submit.sh" --wait "$work/sharded" 4 "${match[@]}" > "$work/sharded.txt"
echo "slurm check: 4-task job array and merge job: $(since "$started") s"
for k in 1 2 3 4; do
  printf 'slurm check:   shard %s/4: %s games\n' "$k" \
    "$(grep -c '^\[Event ' "$work/sharded/shard-$k/games.txt")"
done
echo "slurm check: merged summary:"
sed 's/^/  /' "$work/sharded/merged/summary.txt"
merge_is_whole "$work/whole" "$work/whole.txt" "$work/sharded/merged" \
  "$work/sharded/merged/summary.txt" 4 "the shards'"
echo "slurm check: the merged summary and all 22 game records equal the whole match's"

# A shard cancelled mid-way and submitted again, as a requeued job: it keeps the games it
# finished, plays the rest, and the strict merge of both shards equals the whole match.
requeue=(--engine "cmd=$TABULA name=full" --engine "cmd=$TABULA name=hard option.Level=hard"
  --game jesonmor --tc nodes=100000 --games 16 --seed 12)
"$TABULA" match "${requeue[@]}" --out "$work/requeue-whole" > "$work/requeue-whole.txt" 2>/dev/null
mkdir -p "$work/requeue/logs"
task() {  # submits array task $1 of the 2-shard match; prints its job id
  local id
  id=$(sbatch --parsable --array="$1" --open-mode=append \
    --output="$work/requeue/logs/shard-%a.log" "$here/shard.sbatch" "$work/requeue" 2 \
    "${requeue[@]}")
  echo "${id%%;*}"
}
gone() { while squeue -h -j "$1" -o %i 2>/dev/null | grep -q .; do sleep 0.2; done; }
first=$(task 1)
second=$(task 2)
games_in() { local n; n=$(grep -c '^\[Event ' "$1" 2>/dev/null) || true; echo "${n:-0}"; }
for _ in $(seq 600); do
  [ "$(games_in "$work/requeue/shard-1/games.txt")" -ge 2 ] && break
  sleep 0.1
done
scancel "$first"
gone "$first"
kept=$(grep -c '^    "[0-9]* ' "$work/requeue/shard-1/result.json" || true)
echo "slurm check: shard 1/2 cancelled after $kept of its 8 games; submitted again"
[ "$kept" -lt 8 ] ||
  { echo "slurm check: FAILED: shard 1 ended before it was cancelled" >&2; exit 1; }
again=$(task 1)
gone "$again"
gone "$second"
grep '^resumed: \|^Resumed: ' "$work/requeue/logs/shard-1.log" | sed 's/^/  /'
"$TABULA" match merge "$work/requeue/shard-1" "$work/requeue/shard-2" \
  --out "$work/requeue/merged" > "$work/requeue-merged.txt" ||
  { echo "slurm check: FAILED: the strict merge of the resumed shards failed" >&2; exit 1; }
merge_is_whole "$work/requeue-whole" "$work/requeue-whole.txt" "$work/requeue/merged" \
  "$work/requeue-merged.txt" 2 "the resumed shards'"
echo "slurm check: the cancelled and resumed shard merged equals the whole match (16 games)"

# Training data in a 2-task array: the shards' files hold the whole run's data.
"$TABULA" datagen --game jesonmor --games 6 --nodes 300 --seed 5 --out "$work/datagen-whole.txt" 2>/dev/null
id=$(sbatch --parsable --array=1-2 --output="$work/datagen-%a.log" "$here/datagen.sbatch" \
  "$work/datagen" 2 --game jesonmor --games 6 --nodes 300 --seed 5)
gone "${id%%;*}"
records() { grep -hv '^# tabula' "$@" | sort; }
diff <(records "$work/datagen-whole.txt") <(records "$work/datagen"/data-*.txt) > /dev/null ||
  { echo "slurm check: FAILED: the datagen shards differ from the whole run" >&2; exit 1; }
echo "slurm check: datagen in 2 array tasks holds the whole run's $(records "$work/datagen-whole.txt" | grep -c ' | ') positions"

# An SPRT that full strength wins against the random level within a few waves of 2 shards
# (40 opening pairs, 2 a shard).
started=$(now)
"$here/sprt.sh" "$work/sprt" 20 2 --engine "cmd=$TABULA name=full" \
  --engine "cmd=$TABULA name=random option.Level=random" --game joust --tc nodes=500 \
  --games 80 --seed 3 --sprt elo0=0 elo1=150 > "$work/sprt.txt"
echo "slurm check: SPRT in waves of 2 of 20 shards: $(since "$started") s"
sed 's/^/  /' "$work/sprt.txt"
grep -q 'H1 accepted' "$work/sprt.txt" ||
  { echo "slurm check: FAILED: the SPRT did not accept H1" >&2; exit 1; }
grep -q '^Merged .* of 20 shards: .* missing' "$work/sprt.txt" ||
  { echo "slurm check: FAILED: the SPRT did not stop before its last shard" >&2; exit 1; }
for _ in $(seq 60); do
  [ -z "$(squeue -h -o %i)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h -o %i)" ] ||
  { echo "slurm check: FAILED: jobs left in the queue" >&2; exit 1; }
echo "slurm check: passed"
