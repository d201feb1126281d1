#!/usr/bin/env bash
# A fake engine that answers every 'go' with a move that is never legal.
while read -r line; do
  case "$line" in
    uci) echo "id name cheater"; echo uciok ;;
    ugi) echo "id name cheater"; echo ugiok ;;
    isready) echo readyok ;;
    go*) echo "info depth 1 score cp 999"; echo "bestmove a1a1" ;;
    quit) exit 0 ;;
  esac
done
