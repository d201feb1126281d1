#!/usr/bin/env bash
# An SPRT spread over a Slurm cluster: the match is cut into N shards, submitted in waves of W
# shards (job arrays); after each wave the finished shards are merged, and once the merged
# SPRT accepts H0 or H1 the queued wave is cancelled and the driver stops. One wave waits in
# the queue behind the running one, so the cluster never idles between waves.
#
# usage: scripts/slurm/sprt.sh OUT_DIR N W <tabula match arguments, with --sprt ...>
#   e.g. scripts/slurm/sprt.sh runs/patch 200 16 --engine "cmd=./new name=new" \
#          --engine "cmd=./base name=base" --game jesonmor --tc 10+0.1 --games 20000 \
#          --seed 7 --sprt elo0=0 elo1=5
# --games is the most the test may play: N shards share it. The merged summary is written to
# OUT_DIR/merged/summary.txt. The tabula run by the jobs is $TABULA (default: on the PATH).
# docs/cluster.md says what stopping at wave ends costs against a single-process SPRT.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: sprt.sh OUT_DIR N W <tabula match arguments, with --sprt ...>"
out=${1:?$usage}
shards=${2:?$usage}
wave=${3:?$usage}
shift 3
match_args=("$@")
tabula=${TABULA:-tabula}
out=$(mkdir -p "$out/logs" && cd "$out" && pwd)

# Submits shards $1..$2 as one job array; prints its job id.
submit() {
  local id
  id=$(sbatch --parsable --array="$1-$2" --output="$out/logs/shard-%a.log" \
    "$here/shard.sbatch" "$out" "$shards" "${match_args[@]}")
  echo "${id%%;*}"
}

# Waits until job $1 has left the queue.
wait_for() {
  while squeue -h -j "$1" -o %i 2>/dev/null | grep -q .; do
    sleep 0.5
  done
}

waves=$(( (shards + wave - 1) / wave ))
first_of() { echo $(( $1 * wave + 1 )); }
last_of() { local last=$(( ($1 + 1) * wave )); echo $(( last < shards ? last : shards )); }

jobs=()
for w in 0 1; do
  [ "$w" -lt "$waves" ] && jobs[w]=$(submit "$(first_of "$w")" "$(last_of "$w")")
done
for (( w = 0; w < waves; w++ )); do
  wait_for "${jobs[w]}"
  last=$(last_of "$w")
  dirs=()
  for (( k = 1; k <= last; k++ )); do
    dirs+=("$out/shard-$k")
  done
  summary=$("$tabula" match merge --partial "${dirs[@]}" --out "$out/merged")
  echo "after wave $(( w + 1 )) of $waves (shards 1-$last):" >&2
  grep -E '^SPRT|vs ' <<< "$summary" >&2 || true
  if grep -qE 'H0 accepted|H1 accepted' <<< "$summary"; then
    for (( later = w + 1; later < waves; later++ )); do
      [ -n "${jobs[later]:-}" ] && scancel "${jobs[later]}"
    done
    echo "$summary"
    exit 0
  fi
  next=$(( w + 2 ))
  [ "$next" -lt "$waves" ] && jobs[next]=$(submit "$(first_of "$next")" "$(last_of "$next")")
done
echo "$summary"
echo "no decision after all $shards shards" >&2
