#!/usr/bin/env bash
# Builds the static site into target/web/, ready for any static host
# (`python3 -m http.server -d target/web`): tabula gui's board page (its very files,
# src/interfaces/gui/assets/) at home in the browser, its table and engines tabula as
# WebAssembly (web/: local-table.js, engine workers), and the protocol console (console.html);
# installable, and working offline after one visit (the service worker sw.js, told this
# build's id and files), with the Claustro table in pieces for the Perfect play card.
# The engine is built twice: pkg/, one thread, by stable, for any page; pkg-threads/, whose
# searches run on every core (Web Workers on shared memory), for a cross-origin isolated page
# (engine-worker.js picks). Its std is rebuilt with atomics, which only nightly does: the
# toolchain TABULA_NIGHTLY (by default nightly) with rust-src and wasm32-unknown-unknown,
# installed by rustup where it lacks them.
# Uses wasm-bindgen-cli pinned to the version crates/tabula-wasm uses (the two must match),
# fetched or compiled once into a cache (below).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
site="$target/web"
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/tabula-wasm/Cargo.toml)
if [ -z "$version" ]; then
  echo "web.sh: no pinned wasm-bindgen version in crates/tabula-wasm/Cargo.toml" >&2
  exit 2
fi
# wasm-bindgen-cli of the pinned version, kept in a cache of its own (TABULA_TOOLS, by default
# ~/.cache/tabula/tools) so that it is fetched or compiled once: the project's prebuilt binary
# from its GitHub release where that is reachable (seconds), else compiled by cargo install
# (some 9 minutes on 2 cores). A wasm-bindgen of that version on PATH is used as it is.
tools="${TABULA_TOOLS:-$HOME/.cache/tabula/tools}/wasm-bindgen-$version"
if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $version" ]; then
  bindgen=wasm-bindgen
else
  bindgen="$tools/bin/wasm-bindgen"
  if [ "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    rm -rf "$tools"
    mkdir -p "$tools/bin"
    release="wasm-bindgen-$version-x86_64-unknown-linux-musl"
    url="https://github.com/wasm-bindgen/wasm-bindgen/releases/download/$version/$release.tar.gz"
    if [ "$(uname -sm)" = "Linux x86_64" ] &&
      curl -fsSL --max-time 60 "$url" | tar -xz -C "$tools" 2>/dev/null &&
      mv "$tools/$release/wasm-bindgen" "$bindgen" &&
      [ "$("$bindgen" --version 2>/dev/null)" = "wasm-bindgen $version" ]; then
      echo "web.sh: wasm-bindgen $version from its GitHub release, kept in $tools"
    else
      echo "web.sh: no prebuilt wasm-bindgen $version reachable; compiling it into $tools"
      # --locked first; where the registry lacks a locked dependency, a fresh resolution of
      # the same pinned version.
      cargo install --root "$tools" --locked wasm-bindgen-cli --version "$version" ||
        cargo install --root "$tools" wasm-bindgen-cli --version "$version"
    fi
  fi
fi
rustup target add wasm32-unknown-unknown
cargo build --release --target wasm32-unknown-unknown -p tabula-wasm
nightly="${TABULA_NIGHTLY:-nightly}"
if ! rustup run "$nightly" rustc --version >/dev/null 2>&1 ||
  ! rustup component list --toolchain "$nightly" --installed 2>/dev/null | grep -q '^rust-src' ||
  ! rustup target list --toolchain "$nightly" --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
  echo "web.sh: installing the $nightly toolchain with rust-src and wasm32-unknown-unknown (the threaded engine)"
  if ! rustup toolchain install "$nightly" --profile minimal --component rust-src \
    --target wasm32-unknown-unknown; then
    echo "web.sh: the threaded engine needs rustup's $nightly toolchain with rust-src and" \
      "wasm32-unknown-unknown, which could not be installed" >&2
    exit 2
  fi
fi
# Atomics and a shared memory that the page's glue gives each thread (imported; at most 4 GiB,
# as the module of one thread may grow), each thread's own statics set up by the glue (the
# exported TLS symbols), with std rebuilt for them; a target folder of its own, which the
# stable build above does not disturb. SIMD too (for the loops the compiler vectorizes): every
# browser with WebAssembly threads has it, and one that refused the module would get the module
# of one thread (engine-worker.js).
flags="-C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128"
for arg in --shared-memory --import-memory --max-memory=4294967296 --export=__wasm_init_tls \
  --export=__tls_size --export=__tls_align --export=__tls_base; do
  flags="$flags -C link-arg=$arg"
done
RUSTFLAGS="$flags" \
  cargo "+$nightly" build --release --target wasm32-unknown-unknown -p tabula-wasm \
  -Z build-std=panic_abort,std --target-dir "$target/wasm-threads"
rm -rf "$site"
mkdir -p "$site/pkg" "$site/pkg-threads"
# Without the function names' section (about 190 KB): the module with its nets stays within
# docs/gui.md's 2 MB, and a panic's message still names its file and line.
"$bindgen" --target web --no-typescript --remove-name-section --out-dir "$site/pkg" \
  "$target/wasm32-unknown-unknown/release/tabula_wasm.wasm"
"$bindgen" --target web --no-typescript --remove-name-section --out-dir "$site/pkg-threads" \
  "$target/wasm-threads/wasm32-unknown-unknown/release/tabula_wasm.wasm"
cp src/interfaces/gui/assets/*.html src/interfaces/gui/assets/*.js src/interfaces/gui/assets/*.css \
  src/interfaces/gui/assets/*.svg src/interfaces/gui/assets/*.webmanifest \
  web/* "$site/"
echo "// Which home the page is in: the static site (written by scripts/web.sh).
export const home = 'static';" >"$site/home.js"
# The version and commit the page's footer shows, as the module says them (tabula_core::version).
described="$(cargo metadata --no-deps --format-version 1 |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["packages"][0]["version"])') (commit ${TABULA_COMMIT:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)})"
echo "// The version of tabula this site was built from (written by scripts/web.sh).
export const version = '$described';" >"$site/version.js"
# The service worker (web/sw.js): this build's id (a hash of its files) and the files it
# caches for the site to work offline.
build=$(cd "$site" && find . -type f ! -name sw.js -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
files=$(cd "$site" && find . -type f ! -name sw.js | sort | sed 's|^\./\(.*\)$|"./\1"|' | paste -sd, -)
# The Claustro 5 x 5 table in pieces (about 12,000 files of 2,380 bytes, 28 MB), solved here
# from nothing (about a minute): the Perfect play card fetches only the rows a position needs,
# and the service worker keeps those it fetched (its cache of pieces, named by their hash,
# outlives builds that write the same pieces). Not among the build's files above.
cargo run --release --quiet -p tabula -- solve claustro --out "$target/claustro-5x5.tbl" \
  --pieces "$site/tables" >&2
tables=$(cd "$site/tables" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
sed -i -e "s|^const BUILD = .*|const BUILD = \"$build\";|" -e "s|^const FILES = .*|const FILES = [\"./\", $files];|" \
  -e "s|^const TABLES = .*|const TABLES = \"tables-$tables\";|" "$site/sw.js"
echo "web.sh: the site is in $site ($(du -sh "$site" | cut -f1)); serve it with: python3 -m http.server -b 127.0.0.1 -d $site and open http://127.0.0.1:8000/"
