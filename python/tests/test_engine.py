"""The search through Python: its lines, its strength options, stop, Ctrl-C and the GIL, and
its node counts against the binary's."""

from __future__ import annotations

import _thread
import threading
import time
from typing import Any

import pytest

from conftest import GAMES, Binary, info_nodes
from tabula_engine import Engine, Position, PovScore

# A hang detector, not a timing: every search bounded here is asked to stop far sooner.
BOUND = 10.0


@pytest.mark.parametrize("game", GAMES)
def test_a_search_is_the_binarys_move_for_move_and_node_for_node(game: str, binary: Binary) -> None:
    binary.ask(f"newgame {game}")
    position = Position(game)
    line = Engine(game).analyse(position, depth=4)
    binary.send("go depth 4")
    answer = binary.read_until("bestmove")
    assert line["pv"][0] == answer[-1].split()[1]
    assert line["nodes"] == info_nodes(answer)


def test_lines_carry_what_python_chess_users_read() -> None:
    position = Position("jesonmor")
    lines = Engine("jesonmor").analyse(position, depth=3, multipv=3)
    assert len(lines) == 3
    assert len({line["pv"][0] for line in lines}) == 3
    for line in lines:
        assert {"score", "pv", "depth", "seldepth", "nodes", "nps", "time", "multipv"} <= set(line)
        assert isinstance(line["score"], PovScore)
        assert line["score"].white() == line["score"].relative
        assert line["score"].black() == -line["score"].relative
        assert line["depth"] == 3
        replay = position.copy()
        for mv in line["pv"]:
            replay.push(mv)
    assert [line["multipv"] for line in lines] == [1, 2, 3]


def test_play_answers_at_every_level_and_refuses_what_is_wrong() -> None:
    position = Position("joust")
    for level in ("random", "greedy", "novice", "easy", "medium", "hard", "ultra", "demigod"):
        assert Engine("joust", level=level).play(position).move in position.legal_moves()
        line = Engine("joust", level=level).analyse(position, depth=2)
        assert line["pv"][0] in position.legal_moves()
    assert Engine("joust", level="max").play(position, depth=5).move in position.legal_moves()
    assert Engine("joust").play(position, nodes=2000).move in position.legal_moves()
    with pytest.warns(UserWarning, match="playing at"):
        engine = Engine("joust", elo=3000)
    assert engine.elo is not None and engine.elo < 3000
    assert engine.play(position, depth=3).move in position.legal_moves()
    with pytest.raises(ValueError, match="'godlike'"):
        Engine("joust", level="godlike")
    with pytest.raises(ValueError, match="depth, movetime or nodes"):
        Engine("joust").play(position)
    with pytest.raises(ValueError, match="plays joust, not apart"):
        Engine("joust").analyse(Position("apart"), depth=1)
    over = Position("joust", fen="3/1N1/n2 w 0 1")
    assert over.is_game_over()
    for search in (Engine("joust").play, Engine("joust").analyse):
        with pytest.raises(ValueError, match="game over"):
            search(over, depth=2)
    options: dict[str, Any]
    limits: dict[str, Any]
    for options, named in (({"hash_mb": 0}, "hash_mb 0"), ({"multipv": 0}, "multipv 0"),
                           ({"elo": 5}, "elo 5"), ({"eval_file": "/no/such.nnue"}, "/no/such.nnue")):
        with pytest.raises(ValueError, match=named):
            Engine("joust", **options)
    for limits, named in (({"depth": 0}, "depth 0"), ({"movetime": -1.0}, "movetime -1")):
        with pytest.raises(ValueError, match=named):
            Engine("joust").analyse(position, **limits)


def test_stop_from_another_thread_ends_a_search() -> None:
    engine = Engine("apart")
    found = []
    searcher = threading.Thread(
        target=lambda: found.append(engine.analyse(Position("apart"), movetime=60)))
    searcher.start()
    time.sleep(0.3)
    engine.stop()
    searcher.join(BOUND)
    assert not searcher.is_alive() and found and found[0]["pv"]


def test_a_search_leaves_other_threads_running() -> None:
    ticks = []
    engine = Engine("jesonmor")
    done = threading.Event()

    def tick() -> None:
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    engine.analyse(Position("jesonmor"), movetime=0.5)
    seen = len(ticks)
    done.set()
    ticker.join()
    assert seen > 20


def test_ctrl_c_stops_a_search() -> None:
    engine = Engine("apart")
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        engine.analyse(Position("apart"), movetime=60)
    assert time.monotonic() - started < BOUND
    assert engine.analyse(Position("apart"), depth=1)
