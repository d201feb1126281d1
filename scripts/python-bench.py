#!/usr/bin/env python3
"""tabula's Python package against pyffish (Fairy-Stockfish's binding, from PyPI), side by side
in one run, and its perft against the binary's (docs/python.md, "Speed").

1. Random playouts through each package's Python API: list the legal moves, pick one, play it,
   to the end of the game (or 400 plies), in Jeson Mor 9 x 9 and Joust 8 x 8. tabula_engine
   plays on a `Position`; pyffish, which keeps no position, carries the position string from
   move to move (`get_fen`), its fastest way. Both lists of moves are checked to agree on the
   first playout's positions.
2. perft of the start position through `Position.perft` against `tabula perft` (one thread),
   whole calls timed.

usage: scripts/python-bench.py [PLAYOUTS] [TABULA_BINARY]
  (in a virtual environment with tabula_engine and pyffish: pip install ./python pyffish)
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pyffish

from tabula_engine import Position

GAMES = ("jesonmor", "joust")
PLY_CAP = 400


def fsf_move(game: str, move: str) -> str:
    """Fairy-Stockfish writes a Joust move with the burned square after a comma (d4f5,f5d4)."""
    return move.split(",")[0] if game == "joust" else move


def tabula_playouts(game: str, count: int, seed: int) -> int:
    rng, plies = random.Random(seed), 0
    for _ in range(count):
        position = Position(game)
        while not position.is_game_over() and len(position.move_stack) < PLY_CAP:
            moves = position.legal_moves()
            if not moves:
                break
            position.push(rng.choice(moves))
        plies += len(position.move_stack)
    return plies


def pyffish_playouts(game: str, count: int, seed: int) -> int:
    rng, plies = random.Random(seed), 0
    for _ in range(count):
        fen = pyffish.start_fen(game)
        for _ in range(PLY_CAP):
            moves = pyffish.legal_moves(game, fen, [])
            if not moves or pyffish.is_immediate_game_end(game, fen, [])[0]:
                break
            fen = pyffish.get_fen(game, fen, [rng.choice(moves)])
            plies += 1
    return plies


def moves_agree(game: str) -> bool:
    """Whether both list the same moves along one random game of pyffish's, until pyffish ends
    it (a Jeson Mor knight that stays on the centre ends Fairy-Stockfish's game a ply before
    tabula's, whose rule is that the move leaving the centre wins)."""
    rng, fen = random.Random(7), pyffish.start_fen(game)
    position = Position(game)
    for _ in range(PLY_CAP):
        if pyffish.is_immediate_game_end(game, fen, [])[0]:
            return True
        listed = pyffish.legal_moves(game, fen, [])
        if sorted(position.legal_moves()) != sorted(fsf_move(game, m) for m in listed):
            return False
        if not listed:
            return position.is_game_over()
        move = rng.choice(listed)
        fen = pyffish.get_fen(game, fen, [move])
        position.push(fsf_move(game, move))
    return True


def timed(work) -> tuple[float, object]:
    started = time.perf_counter()
    result = work()
    return time.perf_counter() - started, result


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/tabula"
    print(f"Random playouts, {count} a package, seeded, one thread each:")
    for game in GAMES:
        ours_s, ours_plies = timed(lambda: tabula_playouts(game, count, 1))
        theirs_s, theirs_plies = timed(lambda: pyffish_playouts(game, count, 1))
        ours, theirs = count / ours_s, count / theirs_s
        print(
            f"  {game}: tabula_engine {ours:,.0f} playouts/s ({ours_plies / ours_s:,.0f} plies/s), "
            f"pyffish {theirs:,.0f} playouts/s ({theirs_plies / theirs_s:,.0f} plies/s): "
            f"{ours / theirs:.1f}x; the moves agree: {moves_agree(game)}"
        )
    print("perft of the start position, Python against the binary (Threads 1), medians of 3:")
    for game, depth in (("jesonmor", 6), ("joust", 12), ("claustro", 8), ("apart", 4)):
        python_s = median(lambda: Position(game).perft(depth))
        binary_s = median(lambda: subprocess.run(
            [binary, "perft", game, str(depth)], capture_output=True, text=True, check=True))
        print(
            f"  {game} depth {depth}: {Position(game).perft(depth):,} leaves; Python "
            f"{python_s:.3f} s, binary {binary_s:.3f} s (whole process): Python/binary "
            f"{python_s / binary_s:.2f}"
        )


def median(work) -> float:
    """The median time of three runs of `work`."""
    return sorted(timed(work)[0] for _ in range(3))[1]

if __name__ == "__main__":
    main()
