#!/usr/bin/env bash
# The named levels' ladder (docs/strength.md, "The levels' ladder"): in GAME, each of novice to
# ultra plays the next level and demigod plays max, GAMES games a pair at the game's default
# size, one match a step, and prints each step's summary line (its Elo, LOS and pentanomial
# pairs) and the stronger level's LOS from the pairs (a pair the colour decides counts as
# neither's). The levels that search are capped by their depth or skill and play at 60+1, a clock
# that never binds, so their results do not depend on the machine's load; max plays at MAX_TC
# (1+0.01 unless set, the clock of the Elo scale), and does.
#
# usage: [MAX_TC=TC] scripts/levels-ladder.sh GAME [GAMES] [BOOK] [OUT]
#   e.g. MAX_TC=5+0.05 scripts/levels-ladder.sh apart 200
# Defaults: 400 games a step; OUT=levels-ladder-out/GAME; BOOK made there with one opening for
# every pair of games, so that no opening is played twice: in Jeson Mor random 14-ply openings
# a depth-8 search (hand-written evaluation) scores within 20 centipawns of level, elsewhere
# random 4-ply openings a depth-6 search scores within 150. A run into an OUT that holds an
# unfinished one continues it.
set -euo pipefail

games=${2:-400}
book_count=$(((games + 1) / 2))
if [ "${1:-}" = jesonmor ]; then
  book_recipe="--seed 21 --random-plies 14 --balanced 20 --depth 8 --hand-written"
fi
. "$(dirname "$0")/elo-args.sh" 400 "$@"

player() {
  case $1 in
    max) echo "cmd=$tabula name=max tc=${MAX_TC:-1+0.01}" ;;
    *) echo "cmd=$tabula name=$1 option.Level=$1" ;;
  esac
}
levels=(novice easy medium hard ultra demigod max)
for ((i = 0; i + 1 < ${#levels[@]}; i++)); do
  weaker=${levels[i]} stronger=${levels[i + 1]} dir="$out/${levels[i]}-vs-${levels[i + 1]}"
  "$tabula" match --game "$game" --tc 60+1 --games "$games" --concurrency 1 \
    --openings "$book" --time-margin 100 --out "$dir" \
    --engine "$(player "$weaker")" --engine "$(player "$stronger")" > "$dir.log" 2>&1
  line=$(grep -m1 " vs .*games" "$dir/summary.txt")
  echo "$line"
  # The stronger's LOS from the pairs (the summary's LOS counts games): each pair scores 0,
  # 1/4, .. 1 for it; LOS = Phi((mean - 1/2) / standard error of the mean).
  python3 -c 'import math, re, sys
counts = [int(c) for c in re.search(r"pairs \[([0-9, ]+)\]", sys.argv[1]).group(1).split(",")][::-1]
n = sum(counts)
mean = sum(c * i / 4 for i, c in enumerate(counts)) / n
var = sum(c * (i / 4 - mean) ** 2 for i, c in enumerate(counts)) / n
z = (mean - 0.5) / math.sqrt(var / n) if var else math.copysign(math.inf, mean - 0.5)
print(f"  {sys.argv[2]}: pentanomial LOS {50 * (1 + math.erf(z / math.sqrt(2))):.1f}%")' \
    "$line" "$stronger"
done
