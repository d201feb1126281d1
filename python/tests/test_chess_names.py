"""Where tabula_engine takes python-chess's names it keeps their meaning: each test runs the same
calls on python-chess (a chess board, python-chess's own classes, and its engine wrapper around
the `tabula` binary) and on tabula_engine (a game of tabula's), and compares what they return:
types, equality, hashing, field order, context managers and errors."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Literal

import chess
import chess.engine
import pytest

from conftest import binary_path
from tabula_engine import (
    Engine, EngineTerminatedError, Limit, PlayResult, PovScore, Position, Score,
)

COLORS: dict[chess.Color, Literal["white", "black"]] = {chess.WHITE: "white", chess.BLACK: "black"}


def chess_score(score: Score) -> chess.engine.Score:
    if score.mate is not None:
        return chess.engine.Mate(score.mate)
    assert score.cp is not None
    return chess.engine.Cp(score.cp)


def same_score(ours: Score, theirs: chess.engine.Score) -> bool:
    return ours.cp == theirs.score() and ours.mate == theirs.mate()


SCORES = [Score(cp=30), Score(cp=-30), Score(cp=0), Score(mate=3), Score(mate=-3)]


def test_pov_scores_compare_by_whites_view_as_python_chess_compares_them() -> None:
    pairs = list(itertools.product(SCORES, COLORS))
    for (score_a, color_a), (score_b, color_b) in itertools.product(pairs, pairs):
        theirs = (chess.engine.PovScore(chess_score(score_a), color_a)
                  == chess.engine.PovScore(chess_score(score_b), color_b))
        ours_by_name = (PovScore(score_a, COLORS[color_a]) == PovScore(score_b, COLORS[color_b]))
        ours_by_color = PovScore(score_a, color_a) == PovScore(score_b, color_b)
        assert ours_by_name == ours_by_color == theirs, (score_a, color_a, score_b, color_b)
    assert PovScore(Score(cp=30), "black") == PovScore(Score(cp=-30), "white")
    # Equal scores hash alike, so that a set or a dict holds one of them.
    assert len({PovScore(Score(cp=30), "black"), PovScore(Score(cp=-30), "white")}) == 1


def test_pov_takes_python_chess_colours_and_side_names() -> None:
    for score, color, view in itertools.product(SCORES, COLORS, COLORS):
        theirs = chess.engine.PovScore(chess_score(score), color).pov(view)
        ours = PovScore(score, COLORS[color])
        assert ours.pov(view) == ours.pov(COLORS[view])
        assert same_score(ours.pov(view), theirs)
        assert same_score(ours.white(), chess.engine.PovScore(chess_score(score), color).white())
    with pytest.raises(ValueError, match="unknown side 'red'"):
        PovScore(Score(cp=1), "white").pov("red")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'white', 'black', True or False, not int"):
        PovScore(Score(cp=1), "white").pov(1)  # type: ignore[arg-type]


def test_push_returns_none_and_push_uci_the_move_played() -> None:
    board, position = chess.Board(), Position("joust")
    assert board.push(chess.Move.from_uci("e2e4")) is None  # type: ignore[func-returns-value]
    assert position.push("d4f5") is None  # type: ignore[func-returns-value]
    pushed, played = board.push_uci("e7e5"), position.push_uci("e5c4")
    # python-chess returns the Move; tabula's moves are texts, so the text as the rules write it.
    assert str(pushed) == "e7e5" and played == "e5c4"
    assert board.peek() == pushed and position.peek() == played


def test_result_is_a_star_while_the_game_goes_on_and_the_score_after() -> None:
    board, position = chess.Board(), Position("joust")
    assert board.result() == position.result() == "*"
    assert board.result(claim_draw=True) == position.result(claim_draw=True) == "*"
    for uci in ("f2f3", "e7e5", "g2g4", "d8h4"):
        board.push_uci(uci)
    assert board.result() == "0-1"
    while not position.is_game_over():
        position.push(position.legal_moves()[0])
    outcome = position.outcome()
    assert outcome is not None
    assert position.result() == outcome.result() in ("1-0", "0-1", "1/2-1/2")


def test_is_legal_says_whether_a_move_may_be_played_and_never_raises() -> None:
    board, position = chess.Board(), Position("joust")
    assert board.is_legal(chess.Move.from_uci("e2e4")) and position.is_legal("d4f5")
    assert not board.is_legal(chess.Move.from_uci("e2e5")) and not position.is_legal("d4d5")
    assert not position.is_legal("zz9") and not position.is_legal("")
    assert position.move_stack == []


def test_set_fen_and_reset_forget_the_moves() -> None:
    board, position = chess.Board(), Position("joust")
    board.push_uci("e2e4")
    position.push("d4f5")
    fen = "8/8/8/4n3/3N4/8/8/8 b 6 4"
    board.set_fen(chess.STARTING_FEN)
    position.set_fen(fen)
    assert board.move_stack == [] and position.move_stack == []
    assert position.fen() == Position("joust", fen=fen).fen()
    assert position == Position("joust", fen=fen)
    with pytest.raises(ValueError):
        board.set_fen("not a position")
    with pytest.raises(ValueError):
        position.set_fen("not a position")
    assert position.fen() == Position("joust", fen=fen).fen()
    board.push_uci("e2e4")
    position.push(position.legal_moves()[0])
    assert board.reset() is None and position.reset() is None  # type: ignore[func-returns-value]
    assert board.move_stack == [] and position.move_stack == []
    assert board == chess.Board() and position == Position("joust")
    nine = Position("joust", size=9)
    nine.push(nine.legal_moves()[0])
    nine.reset()
    assert nine == Position("joust", size=9)


LIMIT_FIELDS = ["time", "depth", "nodes", "mate", "white_clock", "black_clock", "white_inc",
                "black_inc", "remaining_moves"]


def test_limit_takes_python_chess_fields_in_their_order() -> None:
    theirs = [field.name for field in dataclasses.fields(chess.engine.Limit)]
    assert theirs[:len(LIMIT_FIELDS)] == LIMIT_FIELDS
    for index, name in enumerate(LIMIT_FIELDS):
        given = [None] * index + [3]
        assert getattr(Limit(*given), name) == getattr(chess.engine.Limit(*given), name) == 3
        assert repr(Limit(*given)) == repr(chess.engine.Limit(*given)) == f"Limit({name}=3)"
    assert Limit(3) == Limit(time=3) and Limit(3) != Limit(depth=3)
    assert (chess.engine.Limit(3) == chess.engine.Limit(time=3)) == (Limit(3) == Limit(time=3))
    # A dataclass that compares by value is not hashable; neither is Limit.
    assert chess.engine.Limit.__hash__ is None and Limit.__hash__ is None


def test_play_result_has_python_chess_fields_and_compares_as_its_does() -> None:
    theirs = chess.engine.PlayResult(chess.Move.from_uci("e2e4"), None)
    ours = PlayResult("d4f5", None)
    for result in (theirs, ours):
        assert result.draw_offered is False and result.resigned is False and result.info == {}
        assert result == result
    # python-chess's PlayResult compares by identity; so does tabula_engine's.
    assert (theirs == chess.engine.PlayResult(theirs.move, None)) is False
    assert (ours == PlayResult("d4f5", None)) is False
    assert len({ours, ours}) == 1
    flagged = PlayResult("d4f5", None, {}, draw_offered=True, resigned=True)
    assert flagged.draw_offered and flagged.resigned
    played = Engine("joust").play(Position("joust"), Limit(depth=2))
    assert played.draw_offered is False and played.resigned is False


def test_an_engine_is_a_context_manager_and_refuses_calls_after_quit() -> None:
    theirs = chess.engine.SimpleEngine.popen_uci([str(binary_path())])
    with theirs as entered:
        assert entered is theirs
    ours = Engine("joust")
    call: Callable[[], object]
    with ours as entered:
        assert entered is ours
        assert "pv" in ours.analyse(Position("joust"), Limit(depth=2))
    for engine, call in ((theirs, lambda: theirs.analyse(chess.Board(), chess.engine.Limit(1))),
                         (ours, lambda: ours.analyse(Position("joust"), Limit(depth=1)))):
        with pytest.raises(RuntimeError) as refusal:
            call()
        assert type(refusal.value).__name__ == "EngineTerminatedError"
    for call in (lambda: ours.play(Position("joust"), Limit(depth=1)),
                 lambda: ours.eval(Position("joust")), ours.clear_hash):
        with pytest.raises(EngineTerminatedError, match="quit"):
            call()
    # Unlike python-chess's, quitting again and stopping stay harmless.
    ours.quit()
    ours.stop()


def test_an_exception_in_a_with_block_goes_on_and_the_engine_quits() -> None:
    with pytest.raises(KeyError):
        with Engine("joust") as engine:
            raise KeyError("mine")
    # pyright cannot know that the with block ran (pytest.raises took its exception).
    with pytest.raises(EngineTerminatedError):
        engine.analyse(  # pyright: ignore[reportPossiblyUnboundVariable]
            Position("joust"), Limit(depth=1))
