"""The rules through Python, checked against the binary and the shipped perft suites."""

from __future__ import annotations

import pathlib
from collections.abc import Callable

import pytest

import tabula_engine
from conftest import GAMES, REPOSITORY, Binary, random_game
from tabula_engine import Position


def fen_of(lines: list[str]) -> str:
    return next(line[len("Fen: "):] for line in lines if line.startswith("Fen: "))


@pytest.mark.parametrize("game", GAMES)
def test_moves_positions_and_results_are_the_binarys(game: str, binary: Binary) -> None:
    binary.ask(f"newgame {game}")
    for seed in range(3):
        moves = random_game(game, 60, seed)
        position = Position(game)
        for ply in range(len(moves) + 1):
            line = "position startpos moves " + " ".join(moves[:ply])
            binary.ask(line)
            listed = binary.ask("moves")
            expected = [m for m in listed[0].split() if m != "(none)"]
            assert sorted(position.legal_moves()) == sorted(expected), (game, ply)
            assert str(position).splitlines() == binary.ask("d"), (game, ply)
            answer = binary.ask("query result")[0].removeprefix("response ")
            outcome = position.outcome()
            ours = "none" if outcome is None else {
                "1-0": "p1win", "0-1": "p2win", "1/2-1/2": "draw"}[outcome.result()]
            assert ours == answer, (game, ply)
            if ply < len(moves):
                position.push(moves[ply])


def suite_cases(game: str, most_nodes: int) -> list[tuple[str, int, int]]:
    """(position, depth, count) of the shipped perft suite, for counts up to `most_nodes`."""
    cases = []
    for line in (REPOSITORY / "suites" / f"{game}-perft.epd").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split(";")]
        for field in fields[1:]:
            if field.startswith("D"):
                depth, count = field[1:].split()
                if int(count) <= most_nodes:
                    cases.append((fields[0], int(depth), int(count)))
    return cases


@pytest.mark.parametrize("game", GAMES)
def test_perft_matches_the_shipped_suites(game: str) -> None:
    cases = suite_cases(game, 1_000_000)
    assert len(cases) >= 3
    for fen, depth, count in cases:
        assert Position(game, fen=fen).perft(depth) == count, (fen, depth)


@pytest.mark.parametrize("game", GAMES)
def test_push_pop_and_copy_keep_positions_apart(game: str) -> None:
    position = Position(game)
    start = position.fen()
    moves = random_game(game, 12, 7)
    fens = []
    for mv in moves:
        fens.append(position.fen())
        position.push(mv)
    twin = position.copy()
    assert position.move_stack == moves
    for mv, fen in zip(reversed(moves), reversed(fens)):
        assert position.pop() == mv
        assert position.fen() == fen
    assert position.fen() == start
    assert twin.move_stack == moves
    with pytest.raises(IndexError):
        position.pop()


@pytest.mark.parametrize("game", GAMES)
def test_stateless_functions_agree_with_position(game: str) -> None:
    moves = random_game(game, 10, 3)
    position = Position(game)
    for mv in moves:
        position.push(mv)
    assert tabula_engine.get_fen(game, None, moves) == position.fen()
    assert tabula_engine.legal_moves(game, None, moves) == position.legal_moves()
    assert tabula_engine.result(game, None, moves) == position.outcome()
    assert tabula_engine.validate_fen(game, position.fen())
    assert not tabula_engine.validate_fen(game, position.fen() + " extra")


@pytest.mark.parametrize("game", GAMES)
def test_bad_input_is_a_value_error_with_the_binarys_message(game: str, binary: Binary) -> None:
    binary.ask(f"newgame {game}")
    start = Position(game)
    board = start.fen().split()[0]
    first = start.legal_moves()[0]
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: Position(game, size="26x8"), f"newgame {game} 26x8"),
        (lambda: Position(game, size="big"), f"newgame {game} big"),
        (lambda: Position(game, fen=f"{board} x"), f"position fen {board} x"),
        (lambda: Position(game, fen=f"{board}/1 w"), f"position fen {board}/1 w"),
        (lambda: Position(game).push("zz9"), "position startpos moves zz9"),
        (lambda: tabula_engine.legal_moves(game, None, [first, first]),
         f"position startpos moves {first} {first}"),
    ]
    for attempt, command in cases:
        with pytest.raises(ValueError) as refusal:
            attempt()
        assert binary.ask(command) == [f"info string error: {refusal.value}"], command
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        Position("chess")
    before = start.fen()
    with pytest.raises(ValueError):
        start.push("zz9")
    assert start.fen() == before and start.move_stack == []


def test_eval_names_its_terms_and_the_nets_share() -> None:
    evaluation = Position("jesonmor").eval()
    assert evaluation["terms"] and all(
        set(term) == {"name", "white", "black"} for term in evaluation["terms"])
    assert isinstance(evaluation["net"], int)
    assert evaluation["turn"] == "white"
    assert Position("joust").eval()["net"] is None


def test_targets_enter_a_claustro_capture_square_by_square() -> None:
    position = Position("claustro", fen="5/5/2p2/1P3/5 w 0 1")
    starts, complete = position.targets([])
    assert starts == ["b2"] and complete is None
    following, _ = position.targets(["b2"])
    assert "c3" in following
    placements, complete = position.targets(["b2", "c3"])
    assert complete is None and "b2" in placements and "c3" not in placements
    assert position.targets(["b2", "c3", "b2"])[1] == "b2c3b2"


@pytest.mark.parametrize("game,sizes", [
    ("joust", ["5", "6x9", "11x7"]), ("jesonmor", ["5", "7", "11"]),
    ("claustro", ["5", "7", "9x6"]), ("apart", ["8", "10"])])
def test_perft_at_several_sizes_is_the_binarys(
    game: str, sizes: list[str], binary: Binary
) -> None:
    for size in sizes:
        binary.ask(f"newgame {game} {size}")
        binary.send("perft 3")
        total = binary.read_until("Nodes searched")[-1].split()[-1]
        assert Position(game, size=size).perft(3) == int(total), (game, size)


def test_probe_is_the_binarys_and_refuses_as_it_does(
    binary: Binary, tmp_path: pathlib.Path
) -> None:
    def words(result: object, plies: object) -> str:
        if result is None:
            return "unknown"
        return f"{result} in {plies}" if plies is not None else str(result)

    for size, moves in ((5, []), (5, ["c3d1"]), (7, ["d4f3", "e5c4"])):
        binary.ask(f"newgame joust {size}")
        binary.ask("position startpos moves " + " ".join(moves))
        binary.send("probe")
        lines = binary.read_until("info string probe position")[:-1]
        position = Position("joust", size=size)
        for move in moves:
            position.push(move)
        probed = [f"info string probe move {m} {words(r, p)}" for m, r, p in position.probe()]
        assert probed == lines, (size, moves)
    assert all(r is None for _, r, _ in Position("joust", size=9).probe(nodes=1000))
    missing = tmp_path / "missing.tbl"
    binary.ask(f"setoption name SolutionFile value {missing}")
    error = binary.ask(f"setoption name SolutionFile value {missing}")[0]
    with pytest.raises(ValueError) as refused:
        Position("claustro").probe(table=str(missing))
    assert error == f"info string error: {refused.value}"
    with pytest.raises(ValueError, match="nodes -1 is outside"):
        Position("joust").probe(nodes=-1)
