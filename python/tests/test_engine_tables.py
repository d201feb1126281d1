"""`Engine(table=...)`: a Claustro table or Joust proof in play, as the binary's `SolutionFile`:
`play` at full strength plays the move the binary's `go` plays from it at once (and from the
proven Joust starts), and a search probes it inside its tree (`tbhits`)."""

from __future__ import annotations

import pathlib
import subprocess

from conftest import Binary, binary_path
from tabula_engine import Engine, Position


def solved(tmp_path: pathlib.Path, *args: str) -> str:
    """The file `tabula solve ARGS` writes, in `tmp_path`."""
    path = tmp_path / "solved"
    flag = "--proof" if args[0] == "joust" else "--out"
    subprocess.run([str(binary_path()), "solve", *args, flag, str(path)], check=True, capture_output=True)
    return str(path)


def bestmove_and_info(binary: Binary, go: str) -> tuple[str, str]:
    """The binary's `bestmove` after `go`, and the last `info depth` line before it."""
    binary.send(go)
    lines = binary.read_until("bestmove")
    info = [line for line in lines if line.startswith("info depth")][-1]
    return lines[-1].split()[1], info


def test_play_from_a_claustro_table_is_the_binarys_move(binary: Binary, tmp_path: pathlib.Path) -> None:
    table = solved(tmp_path, "claustro", "--pawns", "2")
    binary.ask("newgame claustro 5")
    binary.ask(f"setoption name SolutionFile value {table}")
    engine = Engine("claustro", table=table)
    for fen in ("3P1/5/1p3/1P3/1p3 w 0 1", "5/1p1p1/5/1P1P1/5 w 0 1", "5/2p2/1P1p1/2P2/5 b 0 1"):
        binary.ask(f"position fen {fen}")
        move, info = bestmove_and_info(binary, "go depth 3")
        played = engine.play(Position("claustro", fen=fen), depth=3)
        assert str(played.move) == move, fen
        assert played.info["tbhits"] == 1 and "tbhits 1" in info, (fen, info)
        score = played.info["score"].relative
        said = f"mate {score.mate}" if score.mate is not None else f"cp {score.cp}"
        assert f"score {said} " in info, (fen, said, info)
    # Without the table the engine searches, and nothing is probed.
    plain = Engine("claustro").analyse(Position("claustro", fen="5/1p1p1/5/1P1P1/5 w 0 1"), depth=3)
    assert plain["tbhits"] == 0


def test_a_proof_s_defence_searches_as_a_proven_loss(binary: Binary, tmp_path: pathlib.Path) -> None:
    proof = solved(tmp_path, "joust", "5")
    engine = Engine("joust", table=proof)
    start = Position("joust", size=5)
    first = engine.play(start, depth=1)
    binary.ask("newgame joust 5")
    binary.ask(f"setoption name SolutionFile value {proof}")
    move, _ = bestmove_and_info(binary, "go depth 1")
    assert str(first.move) == move
    defence = Position("joust", size=5)
    defence.push(move)
    line = engine.analyse(defence, depth=3)
    assert line["tbhits"] > 0
    assert line["score"].relative.cp == -19999
    binary.ask(f"position startpos moves {move}")
    _, info = bestmove_and_info(binary, "go depth 3")
    assert "score cp -19999" in info and "tbhits 0" not in info, info


def test_play_at_a_proven_joust_start_is_the_binarys_at_once(binary: Binary) -> None:
    binary.ask("newgame joust 7")
    move, info = bestmove_and_info(binary, "go depth 5")
    played = Engine("joust").play(Position("joust", size=7), depth=5)
    assert str(played.move) == move
    assert played.info["nodes"] == 0 and played.info["tbhits"] == 0 and "nodes 0" in info
