"""Game records with side lines and comments (``tabula_engine.pgn``), against hand-written
records: nested side lines, comments and record data read where they stand, a record written
back reading as the same tree, a game built move by move written as expected, and a move that
is not legal refused with the core's message."""

from __future__ import annotations

import io

import pytest

from tabula_engine import Position, Score, pgn

RECORD = """[Event "study"]
[Game "joust"]
[Size "8x8"]
[Opening "startpos"]
[Result "*"]

{a study} 1. d4f5 {cp 12 d6 48ms} {the usual} e5c4 (1... e5f3 {instead} 2. f5h6 (2. f5d6 $2)
2... f3h2) (1... e5d3) 2. f5h6 {2410ms} *

[Event "second"]
[Game "jesonmor"]
[Size "5x5"]
[Opening "4N/5/2n2/5/1N3 w 0 1"]
[Result "0-1"]

1. e5c4 {3ms} (1. b1c3 {takes the last knight}) c3a2 0-1
"""


def test_reads_nested_side_lines_comments_and_record_data() -> None:
    handle = io.StringIO(RECORD)
    game = pgn.read_game(handle)
    assert game is not None
    assert game.headers["Event"] == "study"
    assert game.comment == "a study"
    assert game.mainline_moves() == ["d4f5", "e5c4", "f5h6"]
    first = game.variations[0]
    assert first.move == "d4f5" and first.parent is game
    assert first.comment == "the usual"
    assert first.eval is not None and (first.eval.cp, first.eval.mate) == (12, None)
    assert (first.depth, first.time_ms) == (6, 48)
    assert [node.move for node in first.variations] == ["e5c4", "e5f3", "e5d3"]
    side = first.variations[1]
    assert side.comment == "instead" and not side.is_mainline()
    assert side.mainline_moves() == ["f5h6", "f3h2"]
    assert [node.move for node in side.variations] == ["f5h6", "f5d6"]
    assert side.variations[1].nags == {2}
    last = game.end()
    assert (last.move, last.time_ms, last.eval, last.comment) == ("f5h6", 2410, None, "")
    assert [node.move for node in game.mainline()] == ["d4f5", "e5c4", "f5h6"]
    assert last.ply() == 3 and last.is_mainline()
    second = pgn.read_game(handle)
    assert second is not None
    assert second.headers["Game"] == "jesonmor"
    assert second.mainline_moves() == ["e5c4", "c3a2"]
    assert second.variations[1].comment == "takes the last knight"
    assert second.variations[1].board().is_game_over()
    assert pgn.read_game(handle) is None


def test_a_board_is_the_position_after_the_moves() -> None:
    game = pgn.read_game(io.StringIO(RECORD))
    assert game is not None
    expected = Position("joust")
    for move in ["d4f5", "e5f3", "f5d6"]:
        expected.push(move)
    node = game.variations[0].variation("e5f3").variation("f5d6")
    assert node.board().fen() == expected.fen()
    assert node.ply() == 3


def test_what_is_written_reads_back_as_the_same_tree() -> None:
    game = pgn.read_game(io.StringIO(RECORD))
    assert game is not None
    text = str(game)
    assert text.startswith('[Event "study"]\n[Game "joust"]\n')
    again = pgn.read_game(io.StringIO(text))
    assert again is not None
    assert str(again) == text
    assert again.variations[0].variations[1].variations[1].nags == {2}
    # The movetext as a person would write it, numbered where a side line begins and ends.
    movetext = " ".join(text.split("\n\n", 1)[1].split())
    assert movetext == (
        "{a study} 1. d4f5 {cp 12 d6 48ms} {the usual} e5c4 (1... e5f3 {instead} 2. f5h6 "
        "(2. f5d6 $2) 2... f3h2) (1... e5d3) 2. f5h6 {2410ms} *"
    )


def test_a_game_built_move_by_move() -> None:
    game = pgn.Game({"Game": "joust", "Result": "*"})
    first = game.add_variation("d4f5", comment="first")
    first.add_variation("e5c4")
    instead = first.add_variation("e5f3")
    assert first.add_variation("e5f3") is instead, "a move already there"
    first.add_main_variation("e5d3")
    assert [node.move for node in first.variations] == ["e5d3", "e5c4", "e5f3"]
    first.promote("e5f3")
    assert [node.move for node in first.variations] == ["e5d3", "e5f3", "e5c4"]
    first.promote_to_main(instead)
    first.remove_variation("e5c4")
    instead.time_ms = 5
    instead.eval = Score(mate=-2)
    assert str(game) == (
        '[Game "joust"]\n[Result "*"]\n\n'
        "1. d4f5 {first} e5f3 {mate -2 5ms} (1... e5d3) *\n"
    )


def test_a_move_that_is_not_legal_is_refused_with_the_cores_message() -> None:
    bad_side_line = RECORD.split("\n\n[Event")[0].replace("(2. f5d6 $2)", "(2. f5f6)")
    with pytest.raises(ValueError, match=r"move 2 \(white\) 'f5f6' of a side line"):
        pgn.read_game(io.StringIO(bad_side_line))
    with pytest.raises(ValueError, match=r"move 1 \(white\) 'd4d5'"):
        pgn.read_game(io.StringIO('[Game "joust"]\n\n1. d4d5 *\n'))
    with pytest.raises(ValueError, match="not closed"):
        pgn.read_game(io.StringIO('[Game "joust"]\n\n1. d4f5 (1. d4e6 *\n'))
    game = pgn.Game()
    with pytest.raises(ValueError, match="d4d5"):
        game.add_variation("d4d5")
    assert game.variations == []


def test_hostile_records_are_refused_not_crashed_on() -> None:
    deep = '[Game "joust"]\n\n1. d4f5 ' + "(1. d4e6 " * 5000 + ")" * 5000 + " *\n"
    with pytest.raises(ValueError, match="nested more than 100 deep"):
        pgn.read_game(io.StringIO(deep))
    with pytest.raises(ValueError, match="no Game tag"):
        pgn.read_game(io.StringIO("1. d4f5 *\n"))
    assert pgn.read_game(io.StringIO("\n\n")) is None
