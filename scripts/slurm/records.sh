#!/usr/bin/env bash
# Prints the game records of games files one per line, without their move times (which vary
# from run to run) and sorted by game number: two runs of the same deterministic match print
# the same lines, whatever order their games were written in.
# usage: scripts/slurm/records.sh games.txt...
set -euo pipefail
awk '
  /^\[Event / { if (record != "") print record; record = "" }
  { record = record " " $0 }
  END { if (record != "") print record }
' "$@" |
  sed -E 's/ ?[0-9]+ms\}/}/g; s/ +/ /g' |
  awk '{ match($0, /\[Round "[0-9]+"\]/); print substr($0, RSTART + 8, RLENGTH - 10) "\t" $0 }' |
  sort -n | cut -f2-
