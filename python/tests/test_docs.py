"""Every Python example of docs/python.md runs, from the repository's root, as written."""

from __future__ import annotations

import re

import pytest

from conftest import REPOSITORY

EXAMPLES = re.findall(r"```python\n(.*?)```", (REPOSITORY / "docs" / "python.md").read_text(), re.S)


def test_the_document_has_its_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPOSITORY)
    exec(compile(EXAMPLES[number], f"docs/python.md example {number + 1}", "exec"), {})
