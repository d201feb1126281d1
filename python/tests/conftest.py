"""What the tests share: the `tabula` binary, driven over its protocol, to check this door
against (the same moves, counts, messages and results)."""

from __future__ import annotations

import os
import pathlib
import random
import subprocess
from collections.abc import Iterator

import pytest

GAMES = ("joust", "jesonmor", "claustro", "apart")
REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def binary_path() -> pathlib.Path:
    """TABULA_BIN, else the repository's release build, else its debug build."""
    if os.environ.get("TABULA_BIN"):
        return pathlib.Path(os.environ["TABULA_BIN"])
    for profile in ("release", "debug"):
        path = REPOSITORY / "target" / profile / "tabula"
        if path.exists():
            return path
    pytest.fail("no tabula binary: run `cargo build --release` or set TABULA_BIN")


class Binary:
    """One `tabula` process, spoken to line by line."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [str(binary_path())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"tabula ended before a line starting with {prefix!r}")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def ask(self, line: str) -> list[str]:
        """The lines `line` brings, up to the answer of an `isready` sent after it."""
        self.send(line)
        self.send("isready")
        return self.read_until("readyok")[:-1]

    def close(self) -> None:
        """Quits, or kills a process that does not."""
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()


def info_nodes(lines: list[str]) -> int:
    """The nodes of the last `info depth` line among the binary's `lines`."""
    last = [line for line in lines if line.startswith("info depth")][-1].split()
    return int(last[last.index("nodes") + 1])


@pytest.fixture
def binary() -> Iterator[Binary]:
    process = Binary()
    yield process
    process.close()


def random_game(game: str, plies: int, seed: int) -> list[str]:
    """The moves of a seeded random game of `game`, at most `plies` long."""
    from tabula_engine import Position

    rng = random.Random(seed)
    position = Position(game)
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves or position.is_game_over():
            break
        position.push(rng.choice(moves))
    return position.move_stack
