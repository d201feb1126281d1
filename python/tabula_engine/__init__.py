"""tabula for Python: the rules, the search and a PettingZoo environment for Joust, Jeson Mor,
Claustro and Apart; ``tabula_engine.vector`` steps many games at once for learning.

>>> from tabula_engine import Position, Engine
>>> position = Position("joust")
>>> position.push(position.legal_moves()[0])
>>> Engine("joust").play(position, depth=4)

Every refusal (an unknown game, a bad size, position string or move) is a ``ValueError``
carrying the same message the engine's protocol gives.
"""

from ._native import (
    Engine,
    Outcome,
    PovScore,
    Position,
    Score,
    games,
    get_fen,
    legal_moves,
    result,
    validate_fen,
)

__all__ = [
    "Engine",
    "Outcome",
    "PovScore",
    "Position",
    "Score",
    "games",
    "get_fen",
    "legal_moves",
    "result",
    "validate_fen",
]
