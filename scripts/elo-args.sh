# Sourced by scripts/elo-scale.sh, elo-knob.sh, elo-levels.sh and elo-ladder.sh as
# `. elo-args.sh DEFAULT_GAMES "$@"`: reads the script's arguments GAME [GAMES] [BOOK] [OUT] into
# $game, $games (DEFAULT_GAMES if not given), $book (empty if not given) and $out (NAME-out/GAME
# if not given, NAME being the script's), then sources elo-prepare.sh.
name=$(basename "$0" .sh)
default_games=$1
shift
game=${1:?usage: scripts/$name.sh GAME [GAMES] [BOOK] [OUT]}
games=${2:-$default_games}
book=${3:-}
out=${4:-$name-out/$game}

. "$(dirname "$0")/elo-prepare.sh"
