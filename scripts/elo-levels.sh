#!/usr/bin/env bash
# The named levels on the knob's scale (docs/strength.md, "The named levels and the knob"): in
# GAME, each of novice, easy, medium, hard, ultra and demigod plays a gauntlet against the
# players of the knob's round robin (greedy, Skill 0 to 12, 14, 16, 18 and full strength),
# GAMES games against each, at the game's default size and 1+0.01 on the openings of BOOK.
# scripts/elo-levels.py then rates each level against those players' ratings.
#
# usage: scripts/elo-levels.sh GAME [GAMES] [BOOK] [OUT]
#   e.g. scripts/elo-levels.sh claustro 20
# Defaults: 20 games a pairing (6 gauntlets of 18 pairings: 2,160 games); BOOK made as
# scripts/elo-scale.sh makes it; OUT=elo-levels-out/GAME. A run into an OUT that holds an
# unfinished one continues it.
set -euo pipefail

. "$(dirname "$0")/elo-args.sh" 20 "$@"

for level in novice easy medium hard ultra demigod; do
  "$tabula" match --game "$game" --tc 1+0.01 --games "$games" --concurrency "$(nproc)" \
    --openings "$book" --time-margin 100 --gauntlet --out "$out/$level" \
    --engine "cmd=$tabula name=$level option.Level=$level" "${knob[@]}" > "$out/$level.log" 2>&1
  echo "$level: $(grep -c "^$level vs " "$out/$level/summary.txt") pairings played"
done
