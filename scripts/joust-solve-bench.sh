#!/usr/bin/env bash
# The Joust solver's bench (docs/solved.md): ten 9 x 9 positions, five games of tabula against
# itself after 14 and after 16 plies, each solved alone; prints each position's nodes and
# seconds, then the totals. Node counts are exact and the same on every run; about a minute on
# one core. Extra arguments go to every solve (`--hash 32`, `--without territory`). TABULA
# names the binary (default: target/release/tabula).
set -euo pipefail
tabula=${TABULA:-target/release/tabula}
games=(
  "e5c6 f6h7 c6b4 h7f8 b4d3 f8g6 d3f2 g6f4 f2g4 f4e6 g4h2 e6c5 h2f3 c5b3 f3h4 b3d4"
  "e5d7 f6e4 d7e9 e4f2 e9g8 f2h1 g8e7 h1i3 e7d9 i3h5 d9b8 h5f4 b8c6 f4e2 c6a7 e2d4"
  "e5d7 f6e8 d7b6 e8g7 b6d5 g7h5 d5e7 h5g3 e7f5 g3e4 f5d4 e4d2 d4b5 d2f1 b5a7 f1h2"
  "e5f3 f6h7 f3g5 h7g9 g5e6 g9i8 e6g7 i8h6 g7f5 h6g4 f5g3 g4e3 g3e2 e3d5 e2d4 d5f4"
  "e5g6 f6h7 g6f4 h7g5 f4e2 g5h3 e2c3 h3g1 c3d5 g1i2 d5e3 i2g3 e3f5 g3e4 f5d4 e4d6"
)
nodes=0
seconds=0
for game in "${games[@]}"; do
  for plies in 14 16; do
    line=$(echo "$game" | cut -d' ' -f1-"$plies")
    report=$("$tabula" solve joust 9 --moves "$line" "$@" | grep -E '^[0-9]+ nodes in ')
    read -r n _ _ s _ <<< "$report"
    echo "$plies plies of ${game:0:14}...: $n nodes, $s s"
    nodes=$((nodes + n))
    seconds=$(awk -v a="$seconds" -v b="$s" 'BEGIN { print a + b }')
  done
done
echo "total: $nodes nodes, $seconds s"
