#!/usr/bin/env bash
# Runs python/tests against a built wheel with every dependency at its floor: each `name>=X` of
# python/pyproject.toml's `test` extra installed as `name==X` (the file says each floor once; this
# script reads it), on the oldest CPython the wheel takes (3.10, from pyenv where the machine has
# it, else python3).
#   scripts/python-floors.sh WHEEL TABULA_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
wheel=$(realpath "$1")
binary=$(realpath "$2")
python=python3
for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.10.*/bin/python3.10; do
  [ -x "$candidate" ] && python=$candidate
done
floors=$(python3 - <<'PY'
import re
import tomllib

with open("python/pyproject.toml", "rb") as file:
    project = tomllib.load(file)["project"]
for requirement in project["optional-dependencies"]["test"]:
    match = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", requirement)
    if not match:
        raise SystemExit(f"python-floors.sh: '{requirement}' is not of the form name>=version")
    print(f"{match[1]}=={match[2]}")
PY
)
venv=$(mktemp -d)
"$python" -m venv "$venv"
echo "python-floors.sh: $("$venv/bin/python" --version), floors:" $floors
# shellcheck disable=SC2086 # one floor a word
"$venv/bin/pip" install --quiet $floors
"$venv/bin/pip" install --quiet --no-deps "$wheel"
"$venv/bin/pip" check
(cd "$venv" && TABULA_BIN="$binary" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$OLDPWD/python/tests")
rm -rf "$venv"
