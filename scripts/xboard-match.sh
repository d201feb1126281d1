#!/usr/bin/env bash
# Plays tabula against tabula in the real XBoard (CECP, issue #31), headless under Xvfb, one
# short game per variant, and keeps for each the PGN, XBoard's debug log and a screenshot (in
# Joust it shows the burned squares as black dots, which tabula sends as `highlight` lines).
# A VARIANT may be any name tabula announces, sized ones included (7x7_jesonmor, 10x10_joust).
# Legality testing is off: XBoard's own rules know no burned squares and no Jeson Mor centre
# rule (protocol.md says what happens with it on). XBoard's settings file is left alone.
# Needs Debian's packages: apt-get install -y xboard xvfb imagemagick
# Usage: scripts/xboard-match.sh [OUT_DIR] [VARIANT...]   (default: jesonmor joust)
# OPPONENT=<engine command> plays that engine (as second, black) instead of a second tabula,
# e.g. OPPONENT=/usr/games/fairy-stockfish for Jeson Mor (Fairy-Stockfish speaks CECP too).
set -euo pipefail
export PATH="$PATH:/usr/games"
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/target/xboard}
shift || true
[ $# -gt 0 ] && variants=("$@") || variants=(jesonmor joust)
mkdir -p "$out"
cargo build --release --manifest-path "$root/Cargo.toml" >&2
engine="$root/target/release/tabula"
opponent=${OPPONENT:-$engine}
display=:${XBOARD_DISPLAY:-77}
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
sleep 1
for variant in "${variants[@]}"; do
    rm -f "$out/$variant.pgn"
    DISPLAY=$display xboard -fcp "$engine" -scp "$opponent" -fd "$out" -sd "$out" \
        -variant "$variant" -matchGames 1 -tc 0:30 -inc 0 -testLegality false \
        -saveGameFile "$out/$variant.pgn" -popupExitMessage false -autoCallFlag true -saveSettingsOnExit false \
        -debug -nameOfDebugFile "$out/$variant.debug" -xponder &
    xb=$!
    sleep "${XBOARD_SHOT_AFTER:-8}"
    DISPLAY=$display import -window root "$out/$variant.png" || true
    wait "$xb" || true
    echo "== $variant: $(grep -m1 '^\[Result' "$out/$variant.pgn" 2>/dev/null || echo 'no PGN')"
done
