# Sourced by scripts/elo-checks.sh and (through elo-args.sh) elo-scale.sh, elo-knob.sh, elo-levels.sh
# and elo-ladder.sh:
# builds the release binary, copies it into $out (so that the run keeps one build however the
# tree changes), and makes the book of $game there unless $book names one: $book_count (50 if
# unset) openings of $book_recipe (if unset, random 4-ply openings a depth-6 search scores
# within 150 centipawns of level). Sets $tabula, $book and $knob, and defines play_pair.
root=$(git rev-parse --show-toplevel)
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
mkdir -p "$out"
cp "${CARGO_TARGET_DIR:-$root/target}/release/tabula" "$out/tabula"
tabula=$(cd "$out" && pwd)/tabula
if [ -z "$book" ]; then
  book="$out/book.txt"
  read -ra recipe <<< "${book_recipe:---seed 1 --balanced 150 --depth 6}"
  "$tabula" openings --game "$game" --count "${book_count:-50}" "${recipe[@]}" > "$book"
fi

# play_pair DIR ENGINE ENGINE: one match of $games games between the two engines at 1+0.01 on
# $book into DIR (continued if DIR holds an unfinished one), then its result line.
play_pair() {
  "$tabula" match --game "$game" --tc 1+0.01 --games "$games" --concurrency "$(nproc)" \
    --openings "$book" --time-margin 100 --out "$1" --engine "$2" --engine "$3" > "$1.log" 2>&1
  grep -m1 " vs .*games" "$1/summary.txt"
}

# The players of the knob's round robin, as --engine arguments: greedy (the anchor), the knob at
# Skill 0 to 12, 14, 16 and 18, and full strength.
knob=(--engine "cmd=$tabula name=greedy option.Level=greedy")
for skill in 0 1 2 3 4 5 6 7 8 9 10 11 12 14 16 18; do
  knob+=(--engine "cmd=$tabula name=skill$skill option.Skill=$skill")
done
knob+=(--engine "cmd=$tabula name=max")
