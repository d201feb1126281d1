"""Python objects that behave as Python users expect: values that copy, pickle, compare and
hash; python-chess's names and shapes; numbers and sizes checked by name; and engines that each
own their evaluation."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

from conftest import GAMES, Binary, info_nodes, random_game
from tabula_engine import (
    Engine, InfoDict, Limit, Outcome, PlayResult, PovScore, Position, Score,
)


def played(game: str, moves: list[str], **opened: str) -> Position:
    position = Position(game, **opened)
    for mv in moves:
        position.push_uci(mv)
    return position


@pytest.mark.parametrize("game", GAMES)
def test_positions_copy_pickle_compare_and_hash_by_game_start_and_moves(game: str) -> None:
    moves = random_game(game, 12, seed=7)
    position = played(game, moves)
    for twin in (copy.copy(position), copy.deepcopy(position), position.copy(),
                 pickle.loads(pickle.dumps(position))):
        assert twin is not position
        assert twin == position and hash(twin) == hash(position)
        assert twin.move_stack == moves and twin.fen() == position.fen()
    shorter = played(game, moves[:-1])
    assert shorter != position
    shorter.push(moves[-1])
    assert shorter == position and hash(shorter) == hash(position)
    assert len({position, shorter, Position(game)}) == 2
    from_text = Position(game, fen=Position(game).fen())
    assert from_text == Position(game)
    assert position != "not a position"  # type: ignore[comparison-overlap]


def test_a_position_from_a_string_pickles_with_its_start_and_moves() -> None:
    start = "8/8/8/4n3/8/3N4/8/8 w 0 1"
    position = played("joust", ["d3c5"], fen=start)
    back = pickle.loads(pickle.dumps(position))
    assert back == position and back.move_stack == ["d3c5"]
    assert back.pop() == "d3c5" and back.fen() == start


def test_values_copy_pickle_compare_and_hash() -> None:
    values = [Score(cp=12), Score(mate=-3), PovScore(Score(mate=2), "black"),
              Outcome("white", "no legal move"), Outcome(None, "threefold repetition"),
              Limit(depth=3, time=0.5)]
    for value in values:
        for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            assert twin == value
            if not isinstance(value, Limit):
                assert hash(twin) == hash(value)
    assert Score(cp=1) != Score(cp=2) and Score(cp=1) != Score(mate=1)
    result = PlayResult("d4f5", ponder="e5c4", info={"depth": 2})
    back = pickle.loads(pickle.dumps(result))
    assert (back.move, back.ponder, back.info) == ("d4f5", "e5c4", {"depth": 2})


def test_an_engine_refuses_to_be_pickled_or_copied_saying_why() -> None:
    engine = Engine("joust")
    for action in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match="cannot be pickled"):
            action(engine)


def test_scores_order_as_python_chess_orders_them() -> None:
    # python-chess: Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1).
    ordered = [Score(mate=0), Score(mate=-1), Score(mate=-2), Score(cp=-50), Score(cp=0),
               Score(cp=200), Score(mate=4), Score(mate=1)]
    assert sorted(reversed(ordered)) == ordered
    assert all(a < b for a, b in zip(ordered, ordered[1:]))
    assert max(Score(cp=900), Score(mate=7)) == Score(mate=7)
    assert Score(cp=-30).score() == -30 and Score(mate=3).score() is None
    assert Score(mate=3).score(mate_score=100000) == 99997
    assert Score(mate=-3).score(mate_score=100000) == -99997
    assert PovScore(Score(mate=2), "white").is_mate()
    assert not PovScore(Score(cp=5), "white").is_mate()
    assert PovScore(Score(cp=5), "black").white() == Score(cp=-5)
    with pytest.raises(ValueError, match="exactly one"):
        Score(cp=1, mate=2)


def test_python_chess_names_push_uci_peek_and_ply() -> None:
    position = Position("joust")
    assert position.ply() == 0
    position.push_uci("d4f5")
    assert position.peek() == "d4f5" and position.ply() == 1
    position.push("e5c4")
    assert position.ply() == 2
    # A position string's move number counts, as python-chess counts it.
    assert Position("joust", fen="8/8/8/4n3/3N4/8/8/8 b 6 4").ply() == 7
    with pytest.raises(IndexError):
        Position("joust").peek()


def test_analyse_takes_a_limit_and_returns_one_dict_unless_several_lines_are_asked() -> None:
    position = Position("jesonmor")
    engine = Engine("jesonmor")
    best: InfoDict = engine.analyse(position, Limit(depth=3))
    assert isinstance(best, dict) and best["depth"] == 3 and best["multipv"] == 1
    engine.clear_hash()
    assert engine.analyse(position, depth=3)["pv"] == best["pv"]
    lines = engine.analyse(position, Limit(depth=3), multipv=2)
    assert isinstance(lines, list) and [line["multipv"] for line in lines] == [1, 2]
    assert isinstance(Engine("jesonmor", multipv=2).analyse(position, depth=2), list)
    by_nodes = engine.analyse(position, Limit(nodes=500))
    assert by_nodes["nodes"] >= 500 or by_nodes["depth"] >= 1


def test_a_limit_is_read_from_any_object_with_python_chess_limit_attributes() -> None:
    class ChessLimit:
        time = None
        depth = 2
        nodes = None
        mate = None
        white_clock = black_clock = white_inc = black_inc = remaining_moves = None

    line = Engine("joust").analyse(Position("joust"), ChessLimit())
    assert line["depth"] == 2
    clocked = Engine("joust").play(Position("joust"), Limit(white_clock=0.5, black_clock=0.5))
    assert clocked.move in Position("joust").legal_moves()


def test_play_returns_a_play_result_with_the_move_its_reply_and_the_line() -> None:
    position = Position("jesonmor")
    result = Engine("jesonmor").play(position, Limit(depth=3))
    assert isinstance(result, PlayResult)
    assert result.move == result.info["pv"][0]
    assert result.ponder == result.info["pv"][1]
    assert isinstance(result.info["score"], PovScore)
    random_result = Engine("jesonmor", level="random").play(position)
    assert random_result.move in position.legal_moves() and random_result.info == {}


def test_every_bad_number_is_a_value_error_naming_it() -> None:
    position = Position("jesonmor")
    calls: dict[str, Callable[[], object]] = {
        "perft depth -1": lambda: position.perft(-1),
        "perft depth 99": lambda: position.perft(99),
        "threads -1": lambda: Engine("joust", threads=-1),
        "threads 0": lambda: position.perft(2, threads=0),
        "hash_mb -5": lambda: Engine("joust", hash_mb=-5),
        "elo -1": lambda: Engine("joust", elo=-1),
        "seed -1": lambda: Engine("joust", seed=-1),
        f"depth {2**70}": lambda: Engine("jesonmor").analyse(position, depth=2**70),
        "depth -1": lambda: Engine("jesonmor").analyse(position, depth=-1),
        "nodes -1": lambda: Engine("jesonmor").analyse(position, nodes=-1),
        "multipv -2": lambda: Engine("jesonmor").analyse(position, depth=1, multipv=-2),
        "time -1": lambda: Engine("jesonmor").analyse(position, Limit(time=-1)),
    }
    for named, call in calls.items():
        with pytest.raises(ValueError, match=named.replace("(", r"\(")):
            call()
    with pytest.raises(TypeError):
        position.perft("3")  # type: ignore[arg-type]


def test_size_is_an_int_for_a_square_board_or_text_and_the_engine_checks_it() -> None:
    assert Position("joust", size=9).size == "9x9"
    assert Position("joust", size="10x8").size == "10x8"
    assert Engine("joust", size=9).size == "9x9"
    assert Engine("joust").size is None
    for size in (2, "2", "0x0", -3):
        with pytest.raises(ValueError, match="not allowed|board"):
            Position("joust", size=size)
        with pytest.raises(ValueError, match="not allowed|board"):
            Engine("joust", size=size)
    with pytest.raises(TypeError, match="size"):
        Position("joust", size=8.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="plays joust 9x9, not 8x8"):
        Engine("joust", size=9).analyse(Position("joust"), depth=1)


def test_a_refused_megabyte_comes_back_as_a_short_message() -> None:
    with pytest.raises(ValueError) as refusal:
        Position("apart", fen="p" * 1_000_000)
    assert len(str(refusal.value)) < 300 and "1000000 characters" in str(refusal.value)


def test_each_engine_owns_its_evaluation_and_matches_the_binary_with_the_same_option(
    binary: Binary,
) -> None:
    fen = "9/9/2n3n2/9/4n4/9/2N1N1N2/9/9 w 0 1"
    position = Position("jesonmor", fen=fen)
    hand = Engine("jesonmor", use_nnue=False)
    first = hand.analyse(position, depth=6)
    net = Engine("jesonmor")
    with_net = net.analyse(position, depth=6)
    hand.clear_hash()
    again = hand.analyse(position, depth=6)
    assert (again["nodes"], again["score"]) == (first["nodes"], first["score"])
    binary.ask("newgame jesonmor")
    binary.ask(f"position fen {fen}")
    for option, line in (("false", first), ("true", with_net)):
        binary.ask(f"setoption name UseNNUE value {option}")
        binary.ask("ucinewgame")
        binary.ask(f"position fen {fen}")
        binary.send("go depth 6")
        assert info_nodes(binary.read_until("bestmove")) == line["nodes"], option
    assert hand.eval(position)["evaluator"] == "hand-written"
    assert hand.eval(position)["net"] is None
    assert net.eval(position)["evaluator"].startswith("shipped net")
    assert position.eval()["net"] == net.eval(position)["net"] is not None


def test_an_opponent_that_needs_a_limit_is_refused_when_made() -> None:
    from tabula_engine.pettingzoo import TabulaOpponent, env

    with pytest.raises(ValueError, match="needs a limit"):
        TabulaOpponent(env("joust"), level="max")
    TabulaOpponent(env("joust", size=6), level="max", depth=2)
    TabulaOpponent(env("joust", size=6), level="novice")


def test_every_public_name_has_a_docstring() -> None:
    import inspect

    import tabula_engine
    from tabula_engine.pettingzoo import TabulaOpponent, raw_env
    from tabula_engine.vector import VectorEnv

    named = [(name, getattr(tabula_engine, name)) for name in tabula_engine.__all__
             if not name.startswith("__")]
    named += [("VectorEnv", VectorEnv), ("raw_env", raw_env), ("TabulaOpponent", TabulaOpponent)]
    missing = []
    for name, thing in named:
        if not (thing.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(thing):
            for attribute, value in vars(thing).items():
                if not attribute.startswith("_") and not (value.__doc__ or "").strip():
                    missing.append(f"{name}.{attribute}")
    assert not missing, missing
