#!/usr/bin/env bash
# The Elo scale of the limited-strength knob in one game (docs/strength.md, "The knob's
# scale"): a round robin at the game's default size and 1+0.01 between `greedy` (the anchor)
# and the knob at Skill 0 to 12, 14, 16, 18 and full strength, each pairing playing GAMES games
# on the openings of BOOK, rated by maximum likelihood with greedy pinned at 1000, from the
# pairings of players within 400 Elo of each other.
#
# usage: scripts/elo-knob.sh GAME [GAMES] [BOOK] [OUT]
#   e.g. scripts/elo-knob.sh claustro 40
# Defaults: 40 games a pairing (153 pairings: 6,120 games); BOOK made as scripts/elo-scale.sh
# makes it; OUT=elo-knob-out/GAME. A run into an OUT that holds an unfinished one continues it.
set -euo pipefail

. "$(dirname "$0")/elo-args.sh" 40 "$@"

"$tabula" match --game "$game" --tc 1+0.01 --games "$games" --concurrency "$(nproc)" \
  --openings "$book" --time-margin 100 --out "$out/match" "${knob[@]}" > "$out/match.log" 2>&1
"$tabula" match ratings "$out/match" --anchor greedy=1000 --within 400
