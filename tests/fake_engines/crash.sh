#!/usr/bin/env bash
# A fake engine that completes the handshake, then dies when asked for a move.
while read -r line; do
  case "$line" in
    uci) echo "id name crasher"; echo uciok ;;
    ugi) echo "id name crasher"; echo ugiok ;;
    isready) echo readyok ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
