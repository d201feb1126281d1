#!/usr/bin/env bash
# Throughput of a sharded match on this machine: the same match played whole with
# --concurrency 2, then as 2 shards of concurrency 1 on a local single-node Slurm
# (scripts/slurm/local.sh), wall times side by side. On 2 cores the two should be close: the
# shards add only Slurm's scheduling. Needs root (it starts the Slurm daemons).
#
# usage: scripts/slurm/throughput.sh [GAMES] [TC] [GAME]     (defaults: 200 1+0.01 jesonmor)
# The tabula measured is $TABULA (default: target/release/tabula of this repository).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
games=${1:-200}
tc=${2:-1+0.01}
game=${3:-jesonmor}
export TABULA=${TABULA:-$root/target/release/tabula}
work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-throughput.XXXXXX")
trap '"$here/local.sh" stop "$work/slurm" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
eval "$("$here/local.sh" start "$work/slurm")"

match=(--engine "cmd=$TABULA name=full" --engine "cmd=$TABULA name=medium option.Level=medium"
  --game "$game" --tc "$tc" --games "$games" --seed 1)
now() { date +%s.%N; }
since() { awk -v end="$(now)" -v start="$1" 'BEGIN { print end - start }'; }

start=$(now)
"$TABULA" match "${match[@]}" --concurrency 2 --out "$work/whole" > "$work/whole.txt" 2>/dev/null
whole=$(since "$start")

start=$(now)
"$here/submit.sh" --wait "$work/sharded" 2 "${match[@]}" > "$work/sharded.txt" 2>/dev/null
sharded=$(since "$start")
end=$(now)
# Each shard's start and end, from the lines shard.sbatch writes into its log.
times() { sed -n "s/.* $1 \([0-9.]*\)$/\1/p" "$work/sharded/logs"/shard-*.log; }
first_start=$(times started | sort -n | head -1)
last_end=$(times ended | sort -n | tail -1)

printf '%s %s, %s games, tc %s, on %s cores\n' "$game" "$(sed -n 's/^Match: [a-z]* \([0-9x]*\),.*/\1/p' "$work/whole.txt")" \
  "$games" "$tc" "$(nproc)"
printf '| run | wall time |\n|---|---|\n'
printf '| whole, --concurrency 2 | %.1f s |\n' "$whole"
printf '| 2 Slurm shards of concurrency 1, merged | %.1f s |\n' "$sharded"
for log in "$work/sharded/logs"/shard-*.log; do
  awk '/: started / { start = $NF } /: exit code .*, ended / { end = $NF }
       END { printf "| ... of which %s played | %.1f s |\n", FILENAME, end - start }' "$log" |
    sed "s#$work/sharded/logs/##; s#\.log##"
done
awk -v submit="$start" -v first="$first_start" -v last="$last_end" -v end="$end" 'BEGIN {
  printf "| ... from submission to the first shard'"'"'s start | %.1f s |\n", first - submit
  printf "| ... from the last shard'"'"'s end to the merged summary | %.1f s |\n", end - last }'
echo
echo "whole:"
sed 's/^/  /' "$work/whole.txt"
echo "2 shards, merged:"
sed -n '/^Match:/,$p' "$work/sharded.txt" | sed 's/^/  /'
