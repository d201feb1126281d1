#!/usr/bin/env bash
# Makes a net's data set in shards on one machine: shard K of N is `tabula datagen ... --shard K/N`
# written to DIR/data-K.txt, JOBS shards at a time.
# A run stopped at any point (Ctrl-C, a kill, `timeout`) continues where each shard stopped when
# started again with the same arguments; the shards given together to `tabula train --data` are
# the whole run's data, the same whatever N or JOBS. When it ends, stopped or not, it writes
# DIR/manifest.txt: the tabula and its commit, the arguments, each shard's games and positions,
# the totals and the seconds this run took. (On a cluster, scripts/slurm/datagen.sbatch runs the
# same shards as a job array; this script with JOBS 0 then writes the manifest alone.)
#
# usage: scripts/nnue/dataset.sh DIR SHARDS JOBS <tabula datagen arguments...>
#   e.g. scripts/nnue/dataset.sh runs/jm 16 2 --game jesonmor --games 256000 --nodes 5000 --seed 2
# The tabula to run is $TABULA (default: tabula on the PATH).
set -euo pipefail
usage="usage: scripts/nnue/dataset.sh DIR SHARDS JOBS <tabula datagen arguments...>"
dir=${1:?$usage}
shards=${2:?$usage}
jobs=${3:?$usage}
shift 3
tabula=${TABULA:-tabula}
[[ $shards =~ ^[1-9][0-9]*$ && $jobs =~ ^[0-9]+$ ]] || { echo "error: $usage" >&2; exit 2; }
mkdir -p "$dir"
started=$(date +%s)
# A stop (TERM or INT) ends the running shards, each keeping what it wrote, and then the manifest
# is written. It may come at any moment: before the shards start, between two, or after the last
# (so nothing in it may fail, which `set -e` would turn into an exit without a manifest).
stopping=0 xargs_pid=
stop() {
  stopping=1
  if [[ -n $xargs_pid ]]; then
    pkill -TERM -P "$xargs_pid" || true
    kill "$xargs_pid" 2>/dev/null || true
  fi
}
trap stop TERM INT
if ((jobs > 0)); then
  export tabula dir shards
  seq "$shards" | xargs -P "$jobs" -I{} bash -c \
    'exec "$tabula" datagen "$@" --shard "{}/$shards" --out "$dir/data-{}.txt"' _ "$@" &
  xargs_pid=$!
  if ((stopping)); then stop; fi
  # The first wait returns when a stop comes; the second lets the shards end before the count.
  wait "$xargs_pid" || true
  wait "$xargs_pid" 2>/dev/null || true
fi
trap - TERM INT

{
  echo "# tabula datagen set: $("$tabula" --version)"
  echo "arguments: $*"
  echo "shards: $shards, made $(date -u +%Y-%m-%dT%H:%M:%SZ), this run $(($(date +%s) - started)) s with $jobs jobs"
  games=0 positions=0
  for ((k = 1; k <= shards; k++)); do
    file=$dir/data-$k.txt
    g=0 p=0
    if [[ -f $file ]]; then
      g=$(grep -c '^# end' "$file" || true)
      p=$(grep -vc '^#' "$file" || true)
    fi
    echo "shard $k/$shards: $g games, $p positions"
    games=$((games + g)) positions=$((positions + p))
  done
  echo "total: $games games, $positions positions"
} >"$dir/manifest.txt"
tail -1 "$dir/manifest.txt"
