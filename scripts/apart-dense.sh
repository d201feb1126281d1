#!/usr/bin/env bash
# How fast Apart lists and counts the turns of dense positions: `moves` and `go perft 1`
# through the protocol, and `tabula perft 1` (which counts without listing), on boards almost
# full of both sides, interleaved ones and random fills, at 10 x 10 and 25 x 25.
#
# usage: scripts/apart-dense.sh [path to tabula]   (default: target/release/tabula)
# Prints one line per position: its turns, then the seconds of each command as a whole process
# (start-up included, about 0.01 s).
set -euo pipefail

tabula=${1:-target/release/tabula}

# name, board size, position string
positions=(
  "10x10-halves 10 pppppppppp/pppppppppp/pppppppppp/pppp1p1ppp/p1pppppppp/PPPPPPPPPP/1PPPPPPPPP/2PPPPP1PP/PPPPPPPPPP/PP1PPP1PPP w 0 5"
  "10x10-checkerboard 10 pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPp1p1pPp/p1pPpPpPpP/PpPpPpPpPp/1PpPpPpPpP/2PpPpP1Pp/pPpPpPpPpP/Pp1pPp1pPp w 0 5"
  "10x10-file-pairs 10 ppPPppPPpp/ppPPppPPpp/ppPPppPPpp/ppPP1p1Ppp/p1PPppPPpp/ppPPppPPpp/1pPPppPPpp/2PPppP1pp/ppPPppPPpp/pp1Ppp1Ppp w 0 5"
  "10x10-random-30-40 10 P2Pppp1PP/1p1Pp1P2P/Pp1pPpPPpp/PPPpPP1ppP/2Pp3p1p/pp2ppPP1p/Pp1pppp1pp/pPP2ppPp1/1p1Pp1ppPp/1P5ppp w 0 5"
  "25x25-halves 25 1pppppppp2pppppppppppppp/ppppppppppppppppppppppppp/ppppppppppppppppppppppppp/pppppppppppppppppp1p1pppp/ppppppppppppppppppppppppp/ppppppppppppppppppppppppp/ppppppppppppppppppppp1ppp/ppppppppppp1ppppp1ppp1ppp/ppppppppppppppppppppppppp/ppppppppp1ppppppppppppp1p/ppppppppppppppppppppppppp/ppppppppppppppppppppppppp/1PPPPPPPPPPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPPPPPPPPPP1/PPPPPPPPPPPPPP1PPPPPPPPPP/1PPPPPPPPPPPP1PPPPPPPP1PP/PPPPPPPPPPPPP1PPPPPP1PPPP/PPPPPPPPPPPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPPPPPPPPPPP/PPPPP1PPPPPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPPPPPPPPPPP/PPP1PPPPPP1PP1PPPPPPPPPPP/PPPPPPP1PPPPPPPPPPPPPPPPP w 0 5"
  "25x25-checkerboard 25 1PpPpPpPp2PpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPpPpPpPpP/pPpPpPpPpPpPpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPp1p1pPpP/pPpPpPpPpPpPpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPpPpPpPpP/pPpPpPpPpPpPpPpPpPpPp1pPp/PpPpPpPpPpP1PpPpP1PpP1PpP/pPpPpPpPpPpPpPpPpPpPpPpPp/PpPpPpPpP1PpPpPpPpPpPpP1P/pPpPpPpPpPpPpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPpPpPpPpP/1PpPpPpPpPpPpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPpPpPpPpP/pPpPpPpPpPpPpPpPpPpPpPpP1/PpPpPpPpPpPpPp1pPpPpPpPpP/1PpPpPpPpPpPp1pPpPpPpP1Pp/PpPpPpPpPpPpP1PpPpPp1pPpP/pPpPpPpPpPpPpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPpPpPpPpP/pPpPp1pPpPpPpPpPpPpPpPpPp/PpPpPpPpPpPpPpPpPpPpPpPpP/pPpPpPpPpPpPpPpPpPpPpPpPp/PpP1PpPpPp1pP1PpPpPpPpPpP/pPpPpPp1pPpPpPpPpPpPpPpPp w 0 5"
  "25x25-random-10-10 25 25/p9P4P5p3/2P3p13pp3/P21P2/4p4pp1P4P6P/P1pp3P1p4p1Pp1p4p/2P6p9P2P2/11Pp11P/2p11p2P7/P2Pp4p2P4p5PP/5P10Pp5Pp/7Pp1P3P10/6PP1PP13P/5p2P2pp2p2p6/10Pp6PP1P1PP/2pp21/2Pp2P5P1p2PP5p/4P1pP2p10p3/p8p5PP7P/6p5P2P2P3PP1/P1P2P5pP1P2pp2p3/4p1p1p8PpPPP3/p2P3P17/3p4P2P4p8/p1P4p5P6p4 w 0 5"
)

seconds() {
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  echo "scale=3; ($end - $start) / 1000000000" | bc
}

protocol() {
  printf 'newgame apart %s\nposition fen %s\n%s\n' "$1" "$2" "$3" | "$tabula"
}

printf '%-22s %9s %8s %11s %8s\n' position turns moves "go perft 1" perft
for entry in "${positions[@]}"; do
  read -r name size fen <<< "$entry"
  turns=$("$tabula" perft apart 1 --fen "$fen" | sed -n 's/^Nodes searched: //p')
  printf '%-22s %9s %8s %11s %8s\n' "$name" "$turns" \
    "$(seconds protocol "$size" "$fen" moves)" \
    "$(seconds protocol "$size" "$fen" "go perft 1")" \
    "$(seconds "$tabula" perft apart 1 --fen "$fen")"
done
