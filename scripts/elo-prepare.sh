# Sourced by scripts/elo-scale.sh and scripts/elo-ladder.sh: builds the release binary, copies
# it into $out (so that the run keeps one build however the tree changes), and makes the book
# of $game there unless $book names one: 50 random 4-ply openings a depth-6 search scores
# within 150 centipawns of level. Sets $tabula and $book.
root=$(git rev-parse --show-toplevel)
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
mkdir -p "$out"
cp "${CARGO_TARGET_DIR:-$root/target}/release/tabula" "$out/tabula"
tabula=$(cd "$out" && pwd)/tabula
if [ -z "$book" ]; then
  book="$out/book.txt"
  "$tabula" openings --game "$game" --count 50 --seed 1 --balanced 150 --depth 6 > "$book"
fi
