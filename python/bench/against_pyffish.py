"""tabula_engine against pyffish (Fairy-Stockfish's binding), side by side in one run: the same
legal moves along seeded random games of Jeson Mor and Joust, and the time each takes to list
them through its stateless `legal_moves(game, fen, moves)`.

usage: python bench/against_pyffish.py [GAMES_PER_VARIANT]   (pip install pyffish first)
"""

from __future__ import annotations

import random
import sys
import time

import pyffish

import tabula_engine


def fsf_moves(game: str, moves: list[str]) -> list[str]:
    """Fairy-Stockfish's Joust moves name the burned square after a comma (`d4f5,f5d4`)."""
    return [m.split(",")[0] for m in moves] if game == "joust" else moves


def main(games: int) -> None:
    for game in ("jesonmor", "joust"):
        start = pyffish.start_fen(game)
        rng = random.Random(1)
        histories = []
        for _ in range(games):
            history: list[str] = []
            while True:
                listed = pyffish.legal_moves(game, start, history)
                if not listed or pyffish.is_immediate_game_end(game, start, history)[0]:
                    break
                history.append(rng.choice(listed))
            histories.append(history)
        prefixes = [h[:ply] for h in histories for ply in range(len(h) + 1)]
        timings = {}
        for name, lister in (
            ("pyffish", lambda p: fsf_moves(game, pyffish.legal_moves(game, start, p))),
            ("tabula_engine", lambda p: tabula_engine.legal_moves(game, None, [m.split(",")[0] for m in p])),
        ):
            began = time.perf_counter()
            listed = [sorted(lister(p)) for p in prefixes]
            timings[name] = (time.perf_counter() - began, listed)
        agree = timings["pyffish"][1] == timings["tabula_engine"][1]
        print(
            f"{game}: {len(prefixes)} positions from {games} random games; moves agree: {agree}; "
            + ", ".join(f"{n} {t * 1e6 / len(prefixes):.0f} us a position" for n, (t, _) in timings.items())
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
