#!/usr/bin/env bash
# A real engine with a fault, for the match runner's tests.
# usage: faulty.sh MODE ENGINE-COMMAND...
#   exit-after-N  plays N moves, then its process ends when its next move is due (a disconnect)
#   hang-after-N  plays N moves, then says nothing more while its process lives on (a stall)
#   flood         plays normally, but before every move floods its output with garbage: bad
#                 bytes, a long line, 'bestmove' inside other lines and a 'bestmovex a1a1'
#   complain      plays normally, but before its first move of a game writes one
#                 'info string error' line and one line on its stderr
mode=$1
shift
coproc ENGINE { "$@"; }
# The runner's lines go to the engine as they come (through a copy of the coprocess's input:
# bash does not hand its own to a background job).
exec 3>&"${ENGINE[1]}" 4<&0
cat <&4 >&3 &
# Only `cat` keeps the engine's input open, so the engine sees its end when the runner's ends.
engine_input=${ENGINE[1]}
exec 3>&- 4<&- {engine_input}>&-
moves=0
flood() {
  for i in $(seq 2000); do
    printf 'garbage %d \001\002\377 ~~ bestmove\n' "$i"
  done
  printf 'info string %*s\n' 100000 x
  echo "info string bestmove a1a1"
  echo "bestmovex a1a1"
  echo "bestmoves"
}
while IFS= read -r line <&"${ENGINE[0]}"; do
  case $line in
    bestmove\ *|bestmove)
      moves=$((moves + 1))
      case $mode in
        exit-after-*) [ "$moves" -gt "${mode#exit-after-}" ] && exit 3 ;;
        hang-after-*) [ "$moves" -gt "${mode#hang-after-}" ] && continue ;;
        flood) flood ;;
        complain)
          if [ "$moves" -eq 1 ]; then
            echo "info string error: cannot read the net"
            echo "complain: cannot read the net" >&2
          fi
          ;;
      esac
      ;;
  esac
  printf '%s\n' "$line"
done
