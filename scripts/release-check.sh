#!/usr/bin/env bash
# Checks the artifacts scripts/release.sh wrote into target/release-artifacts/ as a user meets
# them, with no Rust toolchain on PATH (cargo, rustc and rustup are taken off it, and the check
# fails if they can still be found):
#   - the checksums in SHA256SUMS;
#   - the tarball unpacked into an empty folder: its binary is static, and runs the README's
#     first recipes with an empty environment;
#   - the wheel installed into a fresh virtual environment by `pip install <wheel>`, and
#     python/tests run against it (and against the unpacked binary);
#   - the zip unpacked into an empty folder and served by `python3 -m http.server`, where the
#     static site's real-browser test plays every game in Chromium. That test is a program
#     compiled beforehand (`cargo test --test web_browser --no-run`), named by SITE_TEST.
# Prints the time from an empty folder to a first `bestmove` for each artifact.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
out=$(realpath "$target/release-artifacts")
repository=$PWD

fail() {
  echo "release-check.sh: $*" >&2
  exit 1
}

# PATH without the Rust toolchain.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e '\.cargo' -e 'rustup' | paste -sd:)
export PATH
for tool in cargo rustc rustup; do
  if command -v "$tool" >/dev/null; then
    fail "$tool is still on PATH ($(command -v "$tool"))"
  fi
done
echo "release-check.sh: PATH has no Rust toolchain: $PATH"

(cd "$out" && sha256sum --quiet -c SHA256SUMS) || fail "a checksum does not match"

seconds_since() {
  python3 -c "import sys, time; print(f'{time.monotonic() - float(sys.argv[1]):.2f}')" "$1"
}
now() { python3 -c 'import time; print(time.monotonic())'; }

# The binary, unpacked into an empty folder.
started=$(now)
unpacked=$(mktemp -d)
tar -xzf "$out"/tabula-*-x86_64-unknown-linux-musl.tar.gz -C "$unpacked"
binary=$(echo "$unpacked"/tabula-*/tabula)
first=$(printf 'newgame joust\nd\ngo depth 12\n' | env -i "$binary")
echo "release-check.sh: tarball to a first bestmove: $(seconds_since "$started") s"
grep -q '^Fen: 8/8/8/4n3/3N4/8/8/8 w 0 1$' <<<"$first" || fail "the binary's d is not the README's"
grep -q '^bestmove d4f5$' <<<"$first" || fail "the binary's search is not the README's: $first"
linking=$(ldd "$binary" 2>&1 || true)
grep -qE 'statically linked|not a dynamic executable' <<<"$linking" ||
  fail "the binary is linked dynamically: $linking"
version=$(env -i "$binary" --version)
echo "release-check.sh: $version, static"
for file in README.md LICENSE CHANGELOG.md protocol.md docs/rules.md suites/joust-perft.epd; do
  [ -f "$(dirname "$binary")/$file" ] || fail "the tarball has no $file"
done
# The README's perft suite recipe, from the unpacked folder.
(cd "$(dirname "$binary")" && env -i ./tabula suite --game joust suites/joust-perft.epd) |
  grep -q '^10 passed, 0 failed$' || fail "the tarball's suites/joust-perft.epd does not pass"

# The wheel, into a fresh virtual environment.
started=$(now)
venv=$(mktemp -d)
python3 -m venv "$venv"
wheel=$(echo "$out"/tabula_engine-*.whl)
"$venv/bin/pip" install --quiet "$wheel"
"$venv/bin/python" - <<'EOF'
from tabula_engine import Engine, Limit, Position

print("release-check.sh: wheel's first bestmove:",
      Engine("joust").play(Position("joust"), Limit(depth=12)).move)
EOF
echo "release-check.sh: wheel to a first bestmove: $(seconds_since "$started") s"
wheel_version=$("$venv/bin/python" -c \
  'import tabula_engine as t; print(f"tabula {t.__version__} (commit {t.__commit__})")')
[ "$wheel_version" = "$version" ] || fail "the wheel says '$wheel_version', the binary '$version'"
"$venv/bin/pip" install --quiet "$wheel[test]"
(cd "$venv" && TABULA_BIN="$binary" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$repository/python/tests")

# The site, unpacked into an empty folder and served as it is.
site=$(mktemp -d)
unzip -q "$out"/tabula-site-*.zip -d "$site"
grep -qF "'${version#tabula }'" "$site/version.js" || fail "the site is not $version"
[ -n "${SITE_TEST:-}" ] || fail "SITE_TEST names no compiled web_browser test"
TABULA_SITE="$site" "$SITE_TEST" --ignored --nocapture
rm -rf "$unpacked" "$venv" "$site"
echo "release-check.sh: every artifact of $version works without Rust"
