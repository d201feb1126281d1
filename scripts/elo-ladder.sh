#!/usr/bin/env bash
# The steps of the limited-strength knob in one game (docs/strength.md, "The Elo scale"): each
# measured point of the knob (Skill 0 to 12, 14, 16, 18 and full strength) plays the next one
# GAMES games at the game's default size and 1+0.01 on the openings of BOOK, one match a step,
# and prints each step's Elo gap with its 95% interval; the knob's scale is their running sum.
#
# usage: scripts/elo-ladder.sh GAME [GAMES] [BOOK] [OUT]
#   e.g. scripts/elo-ladder.sh claustro 100
# Defaults: 100 games a step; BOOK made as scripts/elo-scale.sh makes it; OUT=elo-ladder-out/GAME.
# A run into an OUT that holds an unfinished one continues it.
set -euo pipefail

. "$(dirname "$0")/elo-args.sh" 100 "$@"

player() {
  if [ "$1" = max ]; then
    echo "cmd=$tabula name=max"
  else
    echo "cmd=$tabula name=skill$1 option.Skill=$1"
  fi
}
steps=(0 1 2 3 4 5 6 7 8 9 10 11 12 14 16 18 max)
for ((i = 0; i + 1 < ${#steps[@]}; i++)); do
  weaker=${steps[i]} stronger=${steps[i + 1]}
  play_pair "$out/skill$weaker-vs-$stronger" "$(player "$weaker")" "$(player "$stronger")"
done
