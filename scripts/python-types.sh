#!/usr/bin/env bash
# The Python package's types, checked as a typed user's tools check them: stubtest compares the
# repository's stub (python/tabula_engine/_native.pyi) with the compiled module installed in
# VENV; `mypy --strict` and pyright (standard mode) check the package's source
# (python/tabula_engine, found before the installed copy), python/tests, and every ```python
# example of docs/python.md (extracted as python/tests/test_docs.py extracts them). Their
# settings are in python/typecheck.toml. Runs all three, then fails if any found an error.
#
# usage: scripts/python-types.sh VENV   (from the repository's root; VENV holds tabula_engine,
# built from this tree, with its test extra; this installs the pinned mypy and pyright into it,
# and pyright's package runs node, which must be on PATH)
set -euo pipefail
venv=$1
"$venv/bin/pip" install --quiet mypy==2.4.1 pyright==1.1.414

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MYPY_CACHE_DIR="$work/cache"
mkdir "$work/examples"
"$venv/bin/python" - "$work/examples" <<'PYTHON'
import pathlib, re, sys
text = pathlib.Path("docs/python.md").read_text()
examples = re.findall(r"```python\n(.*?)```", text, re.S)
assert examples, "docs/python.md has no python examples"
for number, example in enumerate(examples, 1):
    pathlib.Path(sys.argv[1], f"docs_example_{number}.py").write_text(example)
PYTHON

status=0
MYPYPATH=python "$venv/bin/python" -m mypy.stubtest --mypy-config-file python/typecheck.toml \
  tabula_engine._native || status=1
"$venv/bin/mypy" --config-file python/typecheck.toml \
  python/tabula_engine python/tests "$work/examples" || status=1
"$venv/bin/pyright" --project python/typecheck.toml --pythonpath "$venv/bin/python" \
  python/tabula_engine python/tests "$work/examples" || status=1
exit "$status"
