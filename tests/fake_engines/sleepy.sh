#!/usr/bin/env bash
# A fake engine that thinks until it is told to stop, then answers at once: on a clock it
# oversteps its time, but it has not stopped answering (a time forfeit, not a stall).
while read -r line; do
  case "$line" in
    uci) echo "id name sleepy"; echo uciok ;;
    ugi) echo "id name sleepy"; echo ugiok ;;
    isready) echo readyok ;;
    stop) echo "bestmove a1a1" ;;
    quit) exit 0 ;;
  esac
done
