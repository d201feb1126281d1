"""The typed shape of what ``Engine.analyse`` returns and ``PlayResult.info`` holds: one line of a
search, as python-chess's ``InfoDict`` (a plain ``dict`` at run time)."""

from __future__ import annotations

from typing import TypedDict

from ._native import PovScore


class InfoDict(TypedDict, total=False):
    """One line of a search: its ``score`` from the side to move's view, the principal
    variation ``pv`` (moves in tabula's notation), ``depth`` and ``seldepth`` in plies,
    ``nodes``, ``nps``, ``time`` in seconds, ``multipv`` (1 for the best line),
    ``hashfull`` (per mille) and ``tbhits`` (positions found in a tablebase)."""

    score: PovScore
    pv: list[str]
    depth: int
    seldepth: int
    nodes: int
    nps: int
    time: float
    multipv: int
    hashfull: int
    tbhits: int
