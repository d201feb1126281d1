#!/usr/bin/env bash
# The Elo scale of one game (docs/strength.md, "The Elo scale"): a round robin at the game's
# default size and 1+0.01 between the named levels (random, greedy, novice to demigod, max)
# and twelve skills of the limited-strength knob (Skill 0 to 8, 10, 13 and 16 of 20: a point
# for every whole ply of its depth cap where strength still grows fast), each pairing playing
# GAMES games on the openings of BOOK, rated by maximum likelihood with greedy pinned at 1000,
# from the pairings of players within 400 Elo of each other (docs/strength.md says why).
#
# usage: scripts/elo-scale.sh GAME [GAMES] [BOOK] [OUT]
#   e.g. scripts/elo-scale.sh claustro 20
# Defaults: 20 games a pairing (210 pairings: 4,200 games); BOOK made by `tabula openings
# --count 50 --seed 1 --balanced 150 --depth 6` (random 4-ply openings a depth-6 search
# scores within 150 centipawns of level);
# OUT=elo-scale-out/GAME. A run into an OUT that holds an unfinished one continues it.
set -euo pipefail

. "$(dirname "$0")/elo-args.sh" 20 "$@"

engines=()
for level in random greedy novice easy medium hard ultra demigod max; do
  engines+=(--engine "cmd=$tabula name=$level option.Level=$level")
done
for skill in 0 1 2 3 4 5 6 7 8 10 13 16; do
  engines+=(--engine "cmd=$tabula name=skill$skill option.Skill=$skill")
done
"$tabula" match --game "$game" --tc 1+0.01 --games "$games" --concurrency "$(nproc)" \
  --openings "$book" --time-margin 100 --out "$out/match" "${engines[@]}" > "$out/match.log" 2>&1
"$tabula" match ratings "$out/match" --anchor greedy=1000 --within 400
