"""Game records with side lines and comments, in the manner of python-chess's ``chess.pgn``.

>>> import io
>>> from tabula_engine import pgn
>>> game = pgn.read_game(io.StringIO('[Game "joust"]\\n\\n1. d4f5 (1. d4e6) e5c4 *\\n'))
>>> game.mainline_moves()
['d4f5', 'e5c4']

A record is read by the engine's core (``tabula_engine._native.read_record``): its tags, and
its movetext as the core's move tree, every move of every line checked by the rules of its
``Game``, ``Size`` and ``Opening`` tags (a move that is not legal is a ``ValueError`` with the
core's message, naming it). ``str(game)`` writes the record through the core too. Moves are
texts as the engine writes them (``d4f5``), not objects. Each node keeps the record data of
its move beside its comment: ``eval`` (a ``Score`` from the mover's view), ``depth`` and
``time_ms`` (the thinking time), as ``{cp 12 d6 48ms}`` writes them (docs/records.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Optional, TextIO

from ._native import Position, Score, read_record, write_record

__all__ = ["Game", "GameNode", "read_game"]


class GameNode:
    """A position of the game: the move that led to it (None at the game's root), what the
    record says of that move, and the moves that follow it, the main one first."""

    def __init__(self, parent: Optional[GameNode] = None, move: Optional[str] = None) -> None:
        self.parent = parent
        self.move = move
        self.variations: list[GameNode] = []
        self.comments: list[str] = []
        self.starting_comment = ""
        self.nags: set[int] = set()
        self.eval: Optional[Score] = None
        self.depth: Optional[int] = None
        self.time_ms: Optional[int] = None

    @property
    def comment(self) -> str:
        """The comments after the move, joined by spaces (set: one comment, or none if empty)."""
        return " ".join(self.comments)

    @comment.setter
    def comment(self, text: str) -> None:
        self.comments = [text] if text else []

    def game(self) -> Game:
        """The root of the tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def moves(self) -> list[str]:
        """The moves from the game's start (after its opening) to this position."""
        moves: list[str] = []
        node: Optional[GameNode] = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        return moves[::-1]

    def ply(self) -> int:
        """How many moves lead here from the start of the movetext."""
        return len(self.moves())

    def board(self) -> Position:
        """The position here, a new ``Position``."""
        position = self.game().board()
        for move in self.moves():
            position.push(move)
        return position

    def next(self) -> Optional[GameNode]:
        """The main continuation, if any."""
        return self.variations[0] if self.variations else None

    def end(self) -> GameNode:
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's main continuation (the root is)."""
        return self.parent is None or self.parent.variations[0] is self

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        node: GameNode = self
        while node.parent is not None:
            if not node.is_main_variation():
                return False
            node = node.parent
        return True

    def mainline(self) -> Iterator[GameNode]:
        """The nodes of the main line after this one."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def mainline_moves(self) -> list[str]:
        """The moves of the main line after this node."""
        return [node.move for node in self.mainline() if node.move is not None]

    def variation(self, move: str | GameNode) -> GameNode:
        """The continuation playing ``move`` (a text or one of the nodes); KeyError if none."""
        for node in self.variations:
            if node is move or node.move == move:
                return node
        raise KeyError(move)

    def has_variation(self, move: str | GameNode) -> bool:
        return any(node is move or node.move == move for node in self.variations)

    def add_variation(
        self, move: str, *, comment: str = "", nags: Optional[set[int]] = None
    ) -> GameNode:
        """A new last continuation playing ``move``, which must be legal here (a ``ValueError``
        with the engine's message if not); the existing one if ``move`` is played already."""
        if self.has_variation(move):
            return self.variation(move)
        position = self.board()
        canonical = position.push_uci(move)
        node = GameNode(self, canonical)
        node.comment = comment
        node.nags = set(nags or ())
        self.variations.append(node)
        return node

    def add_main_variation(
        self, move: str, *, comment: str = "", nags: Optional[set[int]] = None
    ) -> GameNode:
        """``move`` made the main continuation (added if new)."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.promote_to_main(node)
        return node

    def promote_to_main(self, move: str | GameNode) -> None:
        """The continuation ``move`` made the main one, the others keeping their order."""
        node = self.variation(move)
        self.variations.remove(node)
        self.variations.insert(0, node)

    def promote(self, move: str | GameNode) -> None:
        """The continuation ``move`` one place up."""
        node = self.variation(move)
        at = self.variations.index(node)
        if at > 0:
            self.variations[at - 1], self.variations[at] = node, self.variations[at - 1]

    def demote(self, move: str | GameNode) -> None:
        """The continuation ``move`` one place down."""
        node = self.variation(move)
        at = self.variations.index(node)
        if at + 1 < len(self.variations):
            self.variations[at + 1], self.variations[at] = node, self.variations[at + 1]

    def remove_variation(self, move: str | GameNode) -> None:
        """The continuation ``move`` and everything after it deleted."""
        self.variations.remove(self.variation(move))

    def _flat(self) -> dict[str, Any]:
        """The tree from here in the core's flat JSON form."""
        moves: list[dict[str, Any]] = []
        pending: list[tuple[GameNode, int]] = [(child, 0) for child in reversed(self.variations)]
        while pending:
            node, parent = pending.pop()
            entry: dict[str, Any] = {"parent": parent, "move": node.move}
            entry["nags"] = sorted(node.nags)
            if node.eval is not None and node.eval.mate is not None:
                entry["score"] = {"mate": node.eval.mate}
            elif node.eval is not None and node.eval.cp is not None:
                entry["score"] = {"cp": node.eval.cp}
            entry["depth"] = node.depth
            entry["time_ms"] = node.time_ms
            entry["comments"] = node.comments
            entry["before"] = [node.starting_comment] if node.starting_comment else []
            moves.append(entry)
            place = len(moves)
            pending.extend((child, place) for child in reversed(node.variations))
        return {"comments": self.comments, "moves": moves}

    def __repr__(self) -> str:
        return f"<GameNode at ply {self.ply()}: {self.move}>"


class Game(GameNode):
    """The root of a game record: its tags (``headers``, in order) and the tree of its moves.
    The record's ``Game``, ``Size`` and ``Opening`` tags say where its moves are played (a new
    ``Game()`` is one of Joust from its start)."""

    def __init__(self, headers: Optional[dict[str, str]] = None) -> None:
        super().__init__()
        self.headers: dict[str, str] = dict(headers or {"Game": "joust", "Result": "*"})

    def board(self) -> Position:
        """The position the movetext starts from: the ``Opening`` tag's, on the game's board."""
        game = self.headers.get("Game")
        if game is None:
            raise ValueError("the record has no Game tag")
        words = self.headers.get("Opening", "startpos").split(" moves ")
        start = words[0].strip()
        fen = None if start in ("", "startpos") else start
        position = Position(game, fen=fen) if fen else Position(game, self.headers.get("Size"))
        for move in words[1].split() if len(words) > 1 else []:
            position.push(move)
        return position

    def __str__(self) -> str:
        tree = self._flat()
        tree["result"] = self.headers.get("Result", "*")
        return write_record(list(self.headers.items()), json.dumps(tree))

    def __repr__(self) -> str:
        return f"<Game {self.headers.get('Game', '?')}: {len(self.mainline_moves())} moves>"


def _game(tags: list[tuple[str, str]], tree: dict[str, Any]) -> Game:
    """The game of tags and a tree in the core's flat form."""
    game = Game(dict(tags))
    game.comments = list(tree.get("comments", []))
    nodes: list[GameNode] = [game]
    for entry in tree.get("moves", []):
        parent = nodes[entry["parent"]]
        node = GameNode(parent, entry["move"])
        node.comments = list(entry.get("comments", []))
        node.starting_comment = " ".join(entry.get("before", []))
        node.nags = set(entry.get("nags", []))
        score = entry.get("score")
        if score is not None:
            node.eval = Score(cp=score.get("cp"), mate=score.get("mate"))
        node.depth = entry.get("depth")
        node.time_ms = entry.get("time_ms")
        parent.variations.append(node)
        nodes.append(node)
    return game


def read_game(handle: TextIO) -> Optional[Game]:
    """The next game of a record file open as text, or None at its end. A game is its tag lines
    and its movetext; an empty line after the movetext ends it (as ``tabula match`` separates
    its games), as does a tag line after it on a handle that can seek back to that line."""
    lines: list[str] = []
    movetext = False
    while True:
        place = handle.tell() if handle.seekable() else None
        line = handle.readline()
        if not line:
            break
        text = line.strip()
        if movetext and not text:
            break
        if movetext and text.startswith("[") and place is not None:
            handle.seek(place)
            break
        movetext = movetext or bool(text and not text.startswith("["))
        lines.append(line)
    read = read_record("".join(lines))
    if read is None:
        return None
    tags, tree = read
    return _game(tags, json.loads(tree))
