#!/usr/bin/env python3
"""Finds circles of imports between the modules of a crate: a module (a file) uses another when
it names a path into it (`crate::a::b`, `super::b`, or a child it declares, `child::x`), in `use`
lines or in code, tests included. A module naming its own parent or an ancestor's items is no
use here (a folder's parts work on what the folder declares); every other use counts, so two
siblings, or a parent and a child that reaches into a third module that uses the parent, make a
circle. Prints each circle and exits with 1 if there is one.

    scripts/import-circles.py crates/tabula-core/src src python/src crates/tabula-wasm/src
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PATH = re.compile(r"\b((?:crate|super|self)(?:::\w+)+)")
CHILD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
COMMENT = re.compile(r"//.*$", re.M)


def module_of(root: Path, file: Path) -> tuple[str, ...]:
    parts = list(file.relative_to(root).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def resolve(modules: set[tuple[str, ...]], here: tuple[str, ...], path: str) -> tuple[str, ...]:
    """The deepest module that `path`, written in module `here`, reaches into."""
    words = path.split("::")
    if words[0] == "crate":
        base, words = [], words[1:]
    else:
        base = list(here)
        while words and words[0] in ("super", "self"):
            if words.pop(0) == "super" and base:
                base.pop()
    found = tuple(base)
    for word in words:
        candidate = found + (word,)
        if candidate not in modules:
            break
        found = candidate
    return found


def circles(root: Path) -> list[list[tuple[str, ...]]]:
    files = {module_of(root, f): f for f in root.rglob("*.rs")}
    modules = set(files)
    uses: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in modules}
    for module, file in files.items():
        text = COMMENT.sub("", file.read_text())
        children = set(CHILD.findall(text))
        paths = PATH.findall(text)
        paths += [f"self::{w}" for w in re.findall(r"\b(\w+)::", text) if w in children]
        for path in paths:
            target = resolve(modules, module, path)
            if module[: len(target)] != target:
                uses[module].add(target)
    # Strongly connected components (Tarjan), each of more than one module a circle.
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found: list = []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in uses.get(node, ()):
            if other not in uses:
                continue
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for node in sorted(uses):
        if node not in index:
            visit(node)
    return found


def main() -> int:
    failed = False
    for root in map(Path, sys.argv[1:]):
        for circle in circles(root):
            failed = True
            names = ", ".join("::".join(m) or "(crate root)" for m in circle)
            print(f"{root}: modules that use each other: {names}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
