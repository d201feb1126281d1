#!/usr/bin/env bash
# Writes the perfect-play suites of suites/ again from nothing (docs/solved.md): Claustro 5 x 5
# from its table (solved first, about a minute), Joust 7 x 7 and 9 x 9 from the solver (about
# three minutes). With --check, writes them to a scratch folder and fails if any differs from
# the shipped file. TABULA names the binary (default: target/release/tabula), THREADS the moves
# of a position proven at once (default: 2; the suites' headers name it, since with a budget of
# nodes which moves are proven may depend on it, each thread's table carried from move to move).
set -euo pipefail
tabula=${TABULA:-target/release/tabula}
threads=${THREADS:-2}
out=suites
if [ "${1:-}" = "--check" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
table=$(mktemp -d)/claustro-5x5.tbl
"$tabula" solve claustro --out "$table" > /dev/null
"$tabula" probe claustro --table "$table" --suite 100 --plies 1-30 --threads "$threads" \
  > "$out/claustro-5x5-perfect.epd"
rm -rf "$(dirname "$table")"
"$tabula" probe joust --size 7 --suite 60 --plies 2-24 --threads "$threads" \
  > "$out/joust-7x7-perfect.epd"
"$tabula" probe joust --size 9 --suite 40 --plies 16-40 --threads "$threads" \
  > "$out/joust-9x9-perfect.epd"
if [ "$out" != suites ]; then
  for suite in claustro-5x5 joust-7x7 joust-9x9; do
    diff -u "suites/$suite-perfect.epd" "$out/$suite-perfect.epd"
  done
  echo "the perfect-play suites are written again exactly"
fi
