#!/usr/bin/env bash
# Makes a release of this commit for x86-64 Linux in target/release-artifacts/:
#   tabula-<version>-x86_64-unknown-linux-musl.tar.gz  the binary, statically linked (musl), with
#                                                      README.md, LICENSE, CHANGELOG.md,
#                                                      protocol.md, docs/*.md and suites/
#   tabula_engine-<version>-cp310-abi3-manylinux_*.whl the Python package (abi3: CPython 3.10 and
#                                                      later), checked by maturin's own manylinux
#                                                      audit
#   tabula-site-<version>.zip                          the static site, served as it is by any
#                                                      static host
#   SHA256SUMS                                         their checksums
# The version is the root Cargo.toml's [workspace.package] one; the release fails if the crates,
# the wheel, the site or the binary carry another. scripts/release-check.sh checks the artifacts
# as a user meets them. The other platforms are built by .github/workflows/release.yml.
# docs/releases.md's table of the artifacts' sizes is written here, and nowhere else.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
out=$(realpath -m "$target/release-artifacts")
triple=x86_64-unknown-linux-musl

fail() {
  echo "release.sh: $*" >&2
  exit 1
}

# One version everywhere: every crate of the workspace carries the workspace's.
versions=$(cargo metadata --no-deps --format-version 1 |
  python3 -c 'import json, sys; print(" ".join(sorted({p["version"] for p in json.load(sys.stdin)["packages"]})))')
case "$versions" in
  *" "*) fail "the crates disagree on the version: $versions" ;;
esac
version=$versions
TABULA_COMMIT=${TABULA_COMMIT:-$(git rev-parse --short=12 HEAD)}
export TABULA_COMMIT
described="$version (commit $TABULA_COMMIT)"
echo "release.sh: tabula $described"
rm -rf "$out"
mkdir -p "$out"

# The binary: statically linked against musl, so it runs on any x86-64 Linux, and stripped of its
# symbols (a third of its size).
rustup target add "$triple"
CARGO_PROFILE_RELEASE_STRIP=symbols cargo build --release --locked --target "$triple" -p tabula
binary="$target/$triple/release/tabula"
[ "$("$binary" --version)" = "tabula $described" ] ||
  fail "the binary says '$("$binary" --version)', not 'tabula $described'"
stage=$(mktemp -d)
name="tabula-$version-$triple"
mkdir -p "$stage/$name/docs"
cp "$binary" README.md LICENSE CHANGELOG.md protocol.md "$stage/$name/"
cp docs/*.md "$stage/$name/docs/"
cp -r suites "$stage/$name/"
tar -czf "$out/$name.tar.gz" -C "$stage" "$name"
rm -rf "$stage"

# The wheel, built by maturin in a virtual environment of its own; maturin audits it against
# the manylinux policies and tags it with the oldest it meets.
tools=$(mktemp -d)
python3 -m venv "$tools"
"$tools/bin/pip" install --quiet "maturin>=1.16,<2"
"$tools/bin/maturin" build --release --locked --strip -m python/Cargo.toml --out "$out"
rm -rf "$tools"
wheels=("$out"/tabula_engine-*.whl)
[ "${#wheels[@]}" -eq 1 ] || fail "expected one wheel, found ${#wheels[@]}"
case "$(basename "${wheels[0]}")" in
  "tabula_engine-$version-cp310-abi3-manylinux"*_x86_64.whl) ;;
  *) fail "the wheel $(basename "${wheels[0]}") is not tabula_engine $version, abi3, manylinux" ;;
esac

# The site, as scripts/web.sh builds it; its version file must be this version and commit.
bash scripts/web.sh
site="$target/web"
grep -qF "'$described'" "$site/version.js" ||
  fail "the site's version.js does not say '$described'"
grep -qaF "$described" "$site/pkg/tabula_wasm_bg.wasm" ||
  fail "the site's module was not built from $described"
(cd "$site" && zip -qr -X "$out/tabula-site-$version.zip" .)

(cd "$out" && sha256sum -- *.tar.gz *.whl *.zip >SHA256SUMS)

# docs/releases.md's sizes, between its two markers.
python3 - "$out" "$described" "$binary" "$site" <<'PY'
import pathlib
import sys

out, described = pathlib.Path(sys.argv[1]), sys.argv[2]
binary, site = pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4])
site_bytes = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
rows = [f"Made by `scripts/release.sh` from tabula {described}:", "",
        "| artifact | bytes |", "|---|---|"]
for path in sorted(out.glob("tabula*")):
    rows.append(f"| `{path.name}` | {path.stat().st_size:,} |")
rows.append(f"| the binary, unpacked | {binary.stat().st_size:,} |")
rows.append(f"| the site, unpacked | {site_bytes:,} |")
page = pathlib.Path("docs/releases.md")
begin, end = "<!-- sizes: written by scripts/release.sh -->", "<!-- end of sizes -->"
head, rest = page.read_text().split(begin)
page.write_text(head + begin + "\n" + "\n".join(rows) + "\n" + end + rest.split(end)[1])
PY
echo "release.sh: the artifacts of tabula $described, in $out:"
ls -l "$out"
