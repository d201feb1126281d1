#!/usr/bin/env bash
# Submits a tabula match to Slurm as N shards (a job array) and a merge that runs after them.
#
# usage: scripts/slurm/submit.sh [--wait] OUT_DIR N <tabula match arguments...>
#   e.g. scripts/slurm/submit.sh --wait runs/jm 16 --engine tabula \
#          --engine "tabula option.Level=hard name=hard" --game jesonmor --tc 10+0.1 \
#          --games 2000 --seed 7
# Prints the array's and the merge's job ids; with --wait it returns when the merge has ended
# (it asks squeue every half second: sbatch's own --wait asks at intervals of up to 10 s) and
# prints the merged summary (OUT_DIR/merged/summary.txt). Logs: OUT_DIR/logs/.
# The tabula run by the jobs is $TABULA (default: tabula on the PATH), on every node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
wait=no
if [ "${1:-}" = "--wait" ]; then
  wait=yes
  shift
fi
out=${1:?usage: submit.sh [--wait] OUT_DIR N <tabula match arguments...>}
shards=${2:?usage: submit.sh [--wait] OUT_DIR N <tabula match arguments...>}
shift 2
out=$(mkdir -p "$out/logs" && cd "$out" && pwd)
array=$(sbatch --parsable --array="1-$shards" --output="$out/logs/shard-%a.log" \
  "$here/shard.sbatch" "$out" "$shards" "$@")
array=${array%%;*}
echo "shards: job array $array (1-$shards)" >&2
merge=$(sbatch --parsable --dependency="afterany:$array" \
  --output="$out/logs/merge.log" "$here/merge.sbatch" "$out")
merge=${merge%%;*}
echo "merge: job $merge" >&2
echo "$array $merge"
if [ "$wait" = yes ]; then
  while squeue -h -j "$merge" -o %i 2>/dev/null | grep -q .; do
    sleep 0.5
  done
  cat "$out/merged/summary.txt" 2>/dev/null ||
    { echo "the merge wrote no summary; its log:" >&2; cat "$out/logs/merge.log" >&2; exit 1; }
fi
