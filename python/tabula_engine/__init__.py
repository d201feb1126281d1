"""tabula for Python: the rules, the search and a PettingZoo environment for Joust, Jeson Mor,
Claustro and Apart; ``tabula_engine.vector`` steps many games at once for learning.

>>> from tabula_engine import Engine, Limit, Position
>>> position = Position("joust")
>>> position.push(position.legal_moves()[0])
>>> with Engine("joust") as engine:
...     engine.play(position, Limit(depth=4)).move

Names follow python-chess where they fit (``push``, ``push_uci``, ``pop``, ``peek``,
``legal_moves``, ``outcome``; ``Engine.analyse`` and ``Engine.play`` with a ``Limit``,
returning an ``InfoDict`` and a ``PlayResult``; ``Score`` and ``PovScore``).

Every refusal (an unknown game, a bad size, position string or move) is a ``ValueError``
carrying the same message the engine's protocol gives, cleaned as its error lines are; an
argument of the wrong type is a ``TypeError`` naming it.
"""

from ._native import (
    __commit__,
    __version__,
    Engine,
    EngineTerminatedError,
    Limit,
    Outcome,
    PlayResult,
    PovScore,
    Position,
    Score,
    games,
    get_fen,
    legal_moves,
    result,
    validate_fen,
)
from .info import InfoDict

__all__ = [
    "__commit__",
    "__version__",
    "Engine",
    "EngineTerminatedError",
    "InfoDict",
    "Limit",
    "Outcome",
    "PlayResult",
    "PovScore",
    "Position",
    "Score",
    "games",
    "get_fen",
    "legal_moves",
    "result",
    "validate_fen",
]
