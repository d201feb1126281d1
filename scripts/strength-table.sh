#!/usr/bin/env bash
# The strength table: full strength against weaker Levels of the same build, per game, board
# size and clock, as a Markdown table (docs/strength.md keeps the latest one).
#
# usage: scripts/strength-table.sh [games-per-cell] [clock...]
#   e.g. scripts/strength-table.sh 20 1+0.01
#        CELLS="apart:12 claustro:7" LEVELS=demigod scripts/strength-table.sh 40 1+0.01 10+0.1
# Defaults: 20 games per cell (10 colour-reversed pairs), clock 1+0.01, and
#   CELLS="joust:8 joust:16 jesonmor:9 jesonmor:15 claustro:5 claustro:7 claustro:9 claustro:13
#          apart:8 apart:12 apart:16"
#   LEVELS="demigod greedy"   SEED=1   CONCURRENCY=$(nproc)   OUT=strength-out
#   BALANCED=150   BALANCE_DEPTH=6
# Each cell is one `tabula match` on openings that `tabula openings` made for it: random 4-ply
# openings from SEED that a BALANCE_DEPTH-ply search scores within BALANCED centipawns of level
# (random openings alone are often already won: in Jeson Mor the side to move can head for the
# centre at once), each played from both sides. Its openings, games and summary stay under
# OUT/<game>-<size>-<clock>-<level>/. The table's score is full strength's, with the Elo
# difference and its 95% interval as `tabula match` reports them.
set -euo pipefail

games=${1:-20}
shift $(( $# > 0 ? 1 : 0 ))
clocks=("$@")
[ ${#clocks[@]} -eq 0 ] && clocks=(1+0.01)
cells=${CELLS:-joust:8 joust:16 jesonmor:9 jesonmor:15 claustro:5 claustro:7 claustro:9 claustro:13 apart:8 apart:12 apart:16}
levels=${LEVELS:-demigod greedy}
seed=${SEED:-1}
concurrency=${CONCURRENCY:-$(nproc)}
out=${OUT:-strength-out}
balanced=${BALANCED:-150}
balance_depth=${BALANCE_DEPTH:-6}

root=$(git rev-parse --show-toplevel)
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
bin=${CARGO_TARGET_DIR:-$root/target}/release/tabula
mkdir -p "$out"
cp "$bin" "$out/tabula"
tabula=$(cd "$out" && pwd)/tabula

echo "| game | size | clock | against | openings | games | full strength scores | Elo | time forfeits (full, level) |"
echo "|---|---|---|---|---|---|---|---|---|"
for clock in "${clocks[@]}"; do
  for cell in $cells; do
    game=${cell%%:*}
    size=${cell##*:}
    for level in $levels; do
      dir="$out/$game-$size-$clock-$level"
      mkdir -p "$dir"
      "$tabula" openings --game "$game" --size "$size" --count $(( (games + 1) / 2 )) \
        --seed "$seed" --balanced "$balanced" --depth "$balance_depth" \
        > "$dir/openings.txt" 2> "$dir/openings.log" || true
      openings=(--openings "$dir/openings.txt")
      kind=balanced
      if [ ! -s "$dir/openings.txt" ]; then
        # None can be balanced where the start is already decided (Joust on even boards: the
        # second player's mirror strategy is a proven win): random openings then.
        openings=(--seed "$seed")
        kind=random
      fi
      "$tabula" match \
        --engine "cmd=$tabula name=full" \
        --engine "cmd=$tabula name=$level option.Level=$level" \
        --game "$game" --size "$size" --tc "$clock" --games "$games" \
        --concurrency "$concurrency" --out "$dir" "${openings[@]}" > "$dir.log" 2>&1 || {
        echo "strength-table: the match of $game $size $clock against $level failed:" >&2
        tail -n 5 "$dir.log" >&2
        exit 1
      }
      summary="$dir/summary.txt"
      line=$(grep "^full vs $level:" "$summary")
      played=$(sed -E 's/.*games ([0-9]+),.*/\1/' <<< "$line")
      score=$(sed -E 's/.*score ([0-9.]+%).*/\1/' <<< "$line")
      elo=$(sed -E 's/.*Elo ([^,]+),.*/\1/' <<< "$line")
      forfeits=$(sed -E 's/Time forfeits: full ([0-9]+), [^ ]+ ([0-9]+)/\1, \2/' < <(grep "^Time forfeits" "$summary"))
      echo "| $game | $size | $clock | $level | $kind | $played | $score | $elo | $forfeits |"
    done
  done
done
