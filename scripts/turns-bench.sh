#!/usr/bin/env bash
# How long writing a position's turns out takes next to counting them, on 25 x 25 Apart:
# `moves` through the protocol (every turn written along its printed path) against
# `tabula perft apart 1` (the turns counted, never written). The positions: the one of issue 71
# (40 random plies) and those that seeded random play reaches (`tabula openings`).
#
# usage: scripts/turns-bench.sh [path to tabula] [random positions] [random plies] [seed]
#        (defaults: target/release/tabula 12 40 1)
# Prints one line per position: its turns, the milliseconds of `moves` and of `perft 1`, each a
# whole process (the best of 5 runs), their ratio, the milliseconds of a process that only sets
# the position up (start-up, which both include), and those of one `moves` within a process
# (20 of them in one process, less the start-up, over 20). Figures only: nothing is checked.
set -euo pipefail

tabula=${1:-target/release/tabula}
count=${2:-12}
plies=${3:-40}
seed=${4:-1}
runs=5

issue_71="1pp7ppp1p1pp2pppp1/1p1ppp2p3pppp1ppppppp1/10p2p2p8/8p5p10/10p4p9/2p2p1pp6pp2p1p3/6p18/5p2p16/25/25/25/25/25/25/25/25/13P11/2P8P5P7/13P11/7P5P11/5P8PP9/3P5P1P10P2/5PP2P5P9/1PPPP1P2PPPP1P2PPP2PP1/4P1PPP1PP2PPPP1P1PP2 w 40 21"

# The best of $runs wall-clock times of a command, in milliseconds (its output thrown away).
best_ms() {
  local best="" start end ms
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    ms=$(((end - start) / 1000))
    if [[ -z $best || $ms -lt $best ]]; then best=$ms; fi
  done
  echo "scale=1; $best / 1000" | bc
}

protocol() {
  printf 'newgame apart 25\nposition fen %s\n%s\n' "$1" "$2" | "$tabula"
}

fens=("$issue_71")
while read -r line; do
  fen=$(printf 'newgame apart 25\nposition %s\nd\n' "$line" | "$tabula" | sed -n 's/^Fen: //p')
  fens+=("$fen")
done < <("$tabula" openings --game apart --size 25 --count "$count" --random-plies "$plies" \
  --seed "$seed" 2> /dev/null)

printf '%-10s %6s %10s %10s %6s %10s %10s\n' position turns "moves ms" "perft1 ms" ratio \
  "start ms" "one moves"
for index in "${!fens[@]}"; do
  fen=${fens[$index]}
  name=$([[ $index -eq 0 ]] && echo issue-71 || echo "random-$index")
  turns=$("$tabula" perft apart 1 --fen "$fen" | sed -n 's/^Nodes searched: //p')
  moves=$(best_ms protocol "$fen" moves)
  perft=$(best_ms "$tabula" perft apart 1 --fen "$fen")
  start=$(best_ms protocol "$fen" "")
  twenty=$(best_ms protocol "$fen" "$(printf 'moves\n%.0s' $(seq 20))")
  printf '%-10s %6s %10s %10s %6s %10s %10s\n' "$name" "$turns" "$moves" "$perft" \
    "$(echo "scale=2; $moves / $perft" | bc)" "$start" "$(echo "scale=2; ($twenty - $start) / 20" | bc)"
done
