#!/usr/bin/env bash
# A fake engine that answers 'go' with noise and a 'bestmove' that names no move.
while read -r line; do
  case "$line" in
    uci) echo "id name babbler"; echo uciok ;;
    ugi) echo "id name babbler"; echo ugiok ;;
    isready) echo readyok ;;
    go*) printf 'hello\n\001\002 ~~~\ninfo score\nbestmove\n' ;;
    quit) exit 0 ;;
  esac
done
