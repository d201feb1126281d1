#!/usr/bin/env bash
# The scale's prediction checks (docs/strength.md, "The scale predicts results"): in GAME, each
# pair A:B of UCI_Elo points plays GAMES games at the game's default size and 1+0.01 on the
# openings of BOOK, A with UCI_Elo A against B with UCI_Elo B, and prints each match's summary
# line. The scale predicts A's score 1 / (1 + 10^((B - A) / 400)). A may also be a named level
# (`novice:1492`: the level novice against UCI_Elo 1492), which checks that the level plays
# at the rating the scale gives it.
#
# usage: scripts/elo-checks.sh GAME GAMES BOOK OUT A:B [A:B ...]
#   e.g. scripts/elo-checks.sh joust 200 "" elo-checks-out/joust 1000:1300 1200:1400 800:1200
# An empty BOOK makes the book as scripts/elo-scale.sh makes it. A run into an OUT that holds an
# unfinished one continues it.
set -euo pipefail

game=${1:?usage: scripts/elo-checks.sh GAME GAMES BOOK OUT A:B [A:B ...]}
games=${2:?GAMES}
book=${3?BOOK}
out=${4:?OUT}
shift 4

. "$(dirname "$0")/elo-prepare.sh"

player() {
  case $1 in
    *[!0-9]*) echo "cmd=$tabula name=$1 option.Level=$1" ;;
    *) echo "cmd=$tabula name=elo$1 option.UCI_LimitStrength=true option.UCI_Elo=$1" ;;
  esac
}
for pair in "$@"; do
  a=${pair%:*} b=${pair#*:}
  play_pair "$out/elo$a-vs-$b" "$(player "$a")" "$(player "$b")"
done
