#!/usr/bin/env bash
# A fake engine that completes the handshake, then never answers 'go'.
while read -r line; do
  case "$line" in
    uci) echo "id name hanger"; echo uciok ;;
    ugi) echo "id name hanger"; echo ugiok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
