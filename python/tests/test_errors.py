"""Errors as the protocol gives them: a refusal's message is the binary's `info string error:`
line for the same input (long input quoted by its start and length, control characters
escaped); an argument of the wrong type is a TypeError naming it, in this package's words and
never PyO3's; and one engine asked for two searches at once runs them one after the other."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

import tabula_engine
from conftest import Binary
from tabula_engine import Engine, Limit, Outcome, PlayResult, PovScore, Position, Score

#: Words of PyO3's own messages, which no message may show.
PYO3_WORDS = ("Can't extract", "PyString", "PyDict", "PyBool", "PyAny", "cannot be converted",
              "is not an instance of", "cannot be cast")


def refusal(call: Callable[[], object]) -> str:
    with pytest.raises(ValueError) as refused:
        call()
    return str(refused.value)


@pytest.mark.parametrize("game", ["joust", "apart"])
def test_a_refusal_is_the_binarys_error_line_cut_and_escaped(game: str, binary: Binary) -> None:
    long_move, escape = "n" * 1_000_000, "\x1b[2J"
    cases = [
        (lambda: Position(game).push(long_move), f"position startpos moves {long_move}"),
        (lambda: Position(game).push(escape), f"position startpos moves {escape}"),
        (lambda: Position(game).push("a1\x07"), "position startpos moves a1\x07"),
        (lambda: Position(game, fen="p" * 500_000), f"position fen {'p' * 500_000}"),
        (lambda: Position(game, fen=f"8/8{escape} w"), f"position fen 8/8{escape} w"),
        (lambda: Position(game, size=f"8{escape}"), f"newgame {game} 8{escape}"),
        (lambda: Position(f"che{escape}ss"), f"newgame che{escape}ss"),
        (lambda: Position("x" * 300_000), f"newgame {'x' * 300_000}"),
        (lambda: tabula_engine.legal_moves(game, None, [escape]),
         f"position startpos moves {escape}"),
    ]
    binary.ask(f"newgame {game}")
    for call, command in cases:
        message = refusal(call)
        assert binary.ask(command) == [f"info string error: {message}"], command[:40]
        assert len(message) < 400 and "\x1b" not in message and "\x07" not in message


def test_the_long_move_of_the_issue_is_as_short_as_the_binarys_line() -> None:
    message = refusal(lambda: Position("joust").push("n" * 10**6))
    assert len(f"info string error: {message}\n") == 339
    assert "(1000000 characters)" in message


POSITION = Position("joust")

#: Calls given an argument of the wrong type, and the words that name it.
WRONG_TYPES: dict[str, Callable[[], object]] = {
    "path must be a list of str, not str": lambda: POSITION.targets("a1"),
    "path must be a list of str, not a list holding int":
        lambda: POSITION.targets(["a1", 3]),  # type: ignore[list-item]
    "moves must be a list of str, not str": lambda: tabula_engine.legal_moves("joust", None, "a1"),
    "moves must be a list of str, not int":
        lambda: tabula_engine.get_fen("joust", None, 3),  # type: ignore[arg-type]
    "move must be a str, not int": lambda: POSITION.push(3),  # type: ignore[arg-type]
    "move must be a str, not NoneType": lambda: POSITION.push_uci(None),  # type: ignore[arg-type]
    "move must be a str, not bytes": lambda: POSITION.is_legal(b"d4f5"),  # type: ignore[arg-type]
    "fen must be a str, not int": lambda: POSITION.set_fen(8),  # type: ignore[arg-type]
    "game must be a str, not int": lambda: Position(3),  # type: ignore[arg-type]
    "size must be an int or a str such as '10x8', not float":
        lambda: Position("joust", size=8.0),  # type: ignore[arg-type]
    "size must be an int or a str such as '10x8', not list":
        lambda: Engine("joust", size=[8]),  # type: ignore[arg-type]
    "perft depth must be an int, not float": lambda: POSITION.perft(1.0),  # type: ignore[arg-type]
    "perft depth must be an int, not bool": lambda: POSITION.perft(True),
    "threads must be an int, not str": lambda: POSITION.perft(1, "2"),  # type: ignore[arg-type]
    "threads must be an int, not float":
        lambda: Engine("joust", threads=1.0),  # type: ignore[arg-type]
    "hash_mb must be an int, not float":
        lambda: Engine("joust", hash_mb=16.0),  # type: ignore[arg-type]
    "multipv must be an int, not str":
        lambda: Engine("joust", multipv="2"),  # type: ignore[arg-type]
    "elo must be an int, not float": lambda: Engine("joust", elo=1500.0),  # type: ignore[arg-type]
    "seed must be an int, not float": lambda: Engine("joust", seed=1.5),  # type: ignore[arg-type]
    "level must be a str, not int": lambda: Engine("joust", level=3),  # type: ignore[arg-type]
    "depth must be an int, not float":
        lambda: Engine("joust").analyse(POSITION, depth=2.0),  # type: ignore[call-overload]
    "nodes must be an int, not str":
        lambda: Engine("joust").play(POSITION, nodes="9"),  # type: ignore[arg-type]
    "movetime must be an int or a float, not str":
        lambda: Engine("joust").analyse(POSITION, movetime="1"),  # type: ignore[call-overload]
    "movetime must be an int or a float, not bool":
        lambda: Engine("joust").analyse(POSITION, movetime=True),
    "time must be an int or a float, not str": lambda: Limit("1"),  # type: ignore[arg-type]
    "depth must be an int, not str": lambda: Limit(depth="2"),  # type: ignore[arg-type]
    "mate must be an int, not bool": lambda: Limit(mate=True),
    "white_inc must be an int or a float, not object":
        lambda: Engine("joust").analyse(POSITION, type("L", (), {"white_clock": 1,
                                                                "white_inc": object()})()),
    "cp must be an int, not float": lambda: Score(cp=1.5),  # type: ignore[arg-type]
    "mate_score must be an int, not float":
        lambda: Score(mate=2).score(mate_score=1e5),  # type: ignore[arg-type]
    "'white', 'black', True or False, not int":
        lambda: PovScore(Score(cp=1), 1),  # type: ignore[arg-type]
    "reason must be a str, not int": lambda: Outcome("white", 3),  # type: ignore[arg-type]
    "info must be a dict, not list": lambda: PlayResult("d4f5", None, []),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("words", list(WRONG_TYPES))
def test_a_wrong_type_is_a_type_error_naming_the_argument(words: str) -> None:
    with pytest.raises(TypeError) as wrong:
        WRONG_TYPES[words]()
    message = str(wrong.value)
    assert words in message, message
    assert not any(word in message for word in PYO3_WORDS), message


def test_a_number_of_the_right_type_out_of_range_is_a_value_error_naming_it() -> None:
    cases = {
        "cp 1099511627776 is outside -2147483648 to 2147483647": lambda: Score(cp=2**40),
        f"mate_score {2**70} is outside": lambda: Score(mate=1).score(mate_score=2**70),
        "depth 0 is outside 1 to 255": lambda: Limit(depth=0),
        "time 0 is not a positive number of seconds": lambda: Limit(time=0),
        "white_inc -1 is not a number of seconds, zero or more": lambda: Limit(white_inc=-1),
    }
    for words, call in cases.items():
        assert refusal(call).startswith(words), words
    assert Limit(white_clock=5, white_inc=0).white_inc == 0
    # A flag is read as Python reads one, by its truth.
    assert Position("joust").result(claim_draw=1) == "*"  # type: ignore[arg-type]


def test_one_engine_asked_from_two_threads_searches_once_then_again() -> None:
    engine, position = Engine("jesonmor"), Position("jesonmor")
    found: list[object] = []

    def search() -> None:
        try:
            found.append(engine.analyse(position, Limit(depth=5)))
        except Exception as error:  # noqa: BLE001 - the test reports whatever came
            found.append(error)

    threads = [threading.Thread(target=search) for _ in range(3)]
    for thread in threads:
        thread.start()
    engine.clear_hash()
    for thread in threads:
        thread.join()
    assert len(found) == 3 and all(isinstance(line, dict) and line["pv"] for line in found), found


def test_quit_while_another_thread_searches_ends_its_search() -> None:
    engine, position = Engine("jesonmor"), Position("jesonmor")
    found: list[object] = []
    started = threading.Event()

    def search() -> None:
        started.set()
        try:
            found.append(engine.analyse(position, Limit(depth=200)))
        except tabula_engine.EngineTerminatedError as error:
            found.append(error)

    thread = threading.Thread(target=search)
    thread.start()
    started.wait()
    engine.quit()
    thread.join()
    # It either had begun, and returns what it found, or had not, and is told the engine quit.
    assert len(found) == 1
    assert isinstance(found[0], (dict, tabula_engine.EngineTerminatedError))
