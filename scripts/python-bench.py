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

`scripts/python-bench.py vector [NUM_ENVS] [SECONDS]` instead measures the batched environment
(`tabula_engine.vector`) against the one-position API, side by side, in each game (no pyffish
needed):

1. plies a second of random games on a `Position` (`legal_moves`, `random.choice`, `push`);
2. plies a second of self-play through `VectorEnv(game, NUM_ENVS, copy=False)`, the legal
   actions drawn from the masks by numpy (vectorised: the set entries of the whole batch's masks
   found at once, then one draw per game), and with the action -1 (a random legal action
   drawn in Rust);
3. steps a second of the PettingZoo AEC environment against `TabulaOpponent` at novice and
   medium, and of the batched environment against the same levels.

`scripts/python-bench.py latency [TABULA_BINARY]` measures what a call costs, side by side with
the binary in one run:

1. `Engine.analyse(position, depth=1)` calls a second in each game, against the binary's round
   trip through a pipe (`go depth 1` to `bestmove`, one process kept);
2. listing the turns of a crowded Apart 25 x 25 position (`legal_moves()`) against counting
   them (`perft(1)`), in Python and in the binary (`moves` and `perft 1` through a pipe);
3. how soon Ctrl-C ends a long search, `perft` and a listing (from the signal to the
   `KeyboardInterrupt`).

usage: scripts/python-bench.py [PLAYOUTS] [TABULA_BINARY]
       scripts/python-bench.py vector [NUM_ENVS] [SECONDS]
       scripts/python-bench.py latency [TABULA_BINARY]
  (in a virtual environment with tabula_engine and pyffish: pip install "./python[test]" pyffish)
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

# numpy's BLAS threads would only spin beside the stepping on a small machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from tabula_engine import Position

GAMES = ("jesonmor", "joust")
PLY_CAP = 400


def fsf_move(game: str, move: str) -> str:
    """Fairy-Stockfish writes a Joust move with the burned square after a comma (d4f5,f5d4)."""
    return move.split(",")[0] if game == "joust" else move


def tabula_playouts(game: str, count: int, seed: int) -> int:
    rng = random.Random(seed)
    return sum(position_plies(game, rng) for _ in range(count))


def pyffish_playouts(game: str, count: int, seed: int) -> int:
    import pyffish

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
    import pyffish

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


def for_a_while(seconds: float, work) -> tuple[float, int]:
    """Runs `work` (which returns a count) again and again for about `seconds`: the time taken
    and the total counted."""
    started, counted = time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        counted += work()
    return time.perf_counter() - started, counted


def position_plies(game: str, rng: random.Random) -> int:
    """The plies of one random game on a `Position` (to its end or PLY_CAP)."""
    position = Position(game)
    while not position.is_game_over() and len(position.move_stack) < PLY_CAP:
        moves = position.legal_moves()
        if not moves:
            break
        position.push(rng.choice(moves))
    return len(position.move_stack)


def masked_choice(mask, rng):
    """A uniformly random set entry of each row of `mask` (int8; 0 for a row with none),
    vectorised over the batch: the nonzero 8-byte words of the whole mask first, then the set
    bytes in them, then one draw per row among its entries."""
    import numpy as np

    rows, width = mask.shape
    flat = mask.reshape(-1)
    spare = (-flat.size) % 8
    if spare:
        flat = np.concatenate([flat, np.zeros(spare, dtype=flat.dtype)])
    words = np.flatnonzero(flat.view(np.uint64))
    inside = np.flatnonzero(flat.reshape(-1, 8)[words])
    entries = words[inside // 8] * 8 + inside % 8
    row_of = entries // width
    counts = np.bincount(row_of, minlength=rows)
    starts = np.cumsum(counts) - counts
    drawn = starts + (rng.random(rows) * counts).astype(np.int64)
    picked = entries[np.minimum(drawn, max(entries.size - 1, 0))] if entries.size else drawn
    return np.where(counts > 0, picked - (picked // width) * width, 0)


MODES = ("NextStep", "SameStep", "Disabled")


def vector_plies(game: str, envs: int, seconds: float, drawn_by: str, mode: str) -> float:
    """Plies a second of self-play in a batch of `envs` games in autoreset `mode`, the actions
    drawn by numpy from the masks or by Rust (the action -1); in the disabled mode, the games
    that ended are reset after each step (`reset_mask`)."""
    import numpy as np

    from tabula_engine.vector import RANDOM, VectorEnv

    vector = VectorEnv(game, envs, copy=False, autoreset_mode=mode)
    rng = np.random.default_rng(1)
    obs, _ = vector.reset(seed=1)
    randoms = np.full(envs, RANDOM)

    def steps() -> int:
        nonlocal obs
        for _ in range(10):
            actions = masked_choice(obs["action_mask"], rng) if drawn_by == "numpy" else randoms
            obs, _, terminated, truncated, _ = vector.step(actions)
            ended = terminated | truncated
            if mode == "Disabled" and ended.any():
                obs = vector.reset(options={"reset_mask": ended.copy()})[0]
        return 0

    taken, _ = for_a_while(seconds, steps)
    return vector.plies / taken


def opponent_steps(game: str, level: str, seconds: float) -> tuple[float, float]:
    """Steps a second of a random agent against tabula at `level`: through the AEC environment
    with `TabulaOpponent`, and through a batch of 16 games with the opponent inside."""
    import numpy as np

    from tabula_engine.pettingzoo import TabulaOpponent, env
    from tabula_engine.vector import RANDOM, VectorEnv

    world = TabulaOpponent(env(game), agent="player_1", level=level)
    world.reset(seed=1)
    rng = np.random.default_rng(1)

    def aec() -> int:
        count = 0
        for agent in world.agent_iter(max_iter=50):
            observation, _, termination, truncation, _ = world.last()
            if termination or truncation:
                world.reset()
                break
            world.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            count += 1
        return count

    aec_s, aec_steps = for_a_while(seconds, aec)
    vector = VectorEnv(game, 16, opponent=level)
    vector.reset(seed=1)
    randoms = np.full(16, RANDOM)

    def batched() -> int:
        vector.step(randoms)
        return 16

    vector_s, vector_steps = for_a_while(seconds, batched)
    return aec_steps / aec_s, vector_steps / vector_s


def vector_main(envs: int, seconds: float) -> None:
    print(f"Random self-play, one thread, plies a second ({envs} games a batch, copy=False):")
    print("  game: Position | then VectorEnv in each autoreset mode (" + ", ".join(MODES)
          + "): numpy draws from the masks / action -1")
    for game in ("jesonmor", "joust", "claustro", "apart"):
        rng = random.Random(1)
        taken, plies = for_a_while(seconds, lambda: position_plies(game, rng))
        one = plies / taken
        cells = []
        for mode in MODES:
            by_numpy = vector_plies(game, envs, seconds, "numpy", mode)
            by_rust = vector_plies(game, envs, seconds, "rust", mode)
            cells.append(f"{by_numpy:,.0f} ({by_numpy / one:.1f}x) / "
                         f"{by_rust:,.0f} ({by_rust / one:.1f}x)")
        print(f"  {game}: {one:,.0f} | " + " | ".join(cells))
    print("A random agent against tabula, steps (the agent's actions) a second:")
    print("  game level: AEC + TabulaOpponent | VectorEnv(16 games, opponent=level)")
    for game in ("jesonmor", "joust", "claustro", "apart"):
        for level in ("novice", "medium"):
            aec, batched = opponent_steps(game, level, seconds)
            print(f"  {game} {level}: {aec:,.1f} | {batched:,.1f}")


# Apart 25 x 25 after 40 random plies: about 3,800 turns (issue 71's position).
CROWDED_25 = (
    "1pp7ppp1p1pp2pppp1/1p1ppp2p3pppp1ppppppp1/10p2p2p8/8p5p10/10p4p9/2p2p1pp6pp2p1p3/6p18/"
    "5p2p16/25/25/25/25/25/25/25/25/13P11/2P8P5P7/13P11/7P5P11/5P8PP9/3P5P1P10P2/5PP2P5P9/"
    "1PPPP1P2PPPP1P2PPP2PP1/4P1PPP1PP2PPPP1P1PP2 w 40 21"
)


class Pipe:
    """One `tabula` process, asked line by line."""

    def __init__(self, binary: str) -> None:
        self.process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, lines: str, until: str) -> list[str]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(lines + "\n")
        self.process.stdin.flush()
        answer = []
        while True:
            line = self.process.stdout.readline()
            answer.append(line)
            if not line or line.startswith(until):
                return answer

    def close(self) -> None:
        self.ask("quit", "")
        self.process.wait()


def latency_main(binary: str) -> None:
    from tabula_engine import Engine

    calls = 1000
    print(f"A depth-1 search, calls a second ({calls} each, one engine or process kept):")
    print("  game: Engine.analyse(depth=1) | binary through a pipe | Python's time over the pipe's")
    for game in ("jesonmor", "joust", "claustro", "apart"):
        engine, position = Engine(game), Position(game)
        python_s, _ = timed(lambda: [engine.analyse(position, depth=1) for _ in range(calls)])
        pipe = Pipe(binary)
        pipe.ask(f"newgame {game}\nisready", "readyok")
        binary_s, _ = timed(lambda: [pipe.ask("go depth 1", "bestmove") for _ in range(calls)])
        pipe.close()
        print(f"  {game}: {calls / python_s:,.0f} | {calls / binary_s:,.0f} | "
              f"{(python_s - binary_s) / calls * 1000:+.3f} ms a call")
    print("Apart 25 x 25, about 3,800 turns: listing them against counting them (medians of 3):")
    position = Position("apart", fen=CROWDED_25)
    listed = median(position.legal_moves)
    counted = median(lambda: position.perft(1))
    print(f"  Python: legal_moves() {listed * 1000:.2f} ms ({len(position.legal_moves())} turns), "
          f"perft(1) {counted * 1000:.2f} ms: {listed / counted:.1f}x")
    pipe = Pipe(binary)
    pipe.ask(f"newgame apart 25\nposition fen {CROWDED_25}\nisready", "readyok")
    # `moves` answers one line; `perft 1` a line a turn, then its total.
    listed = median(lambda: pipe.ask("moves", ""))
    counted = median(lambda: pipe.ask("perft 1", "Nodes searched"))
    pipe.close()
    print(f"  binary: moves {listed * 1000:.2f} ms, perft 1 {counted * 1000:.2f} ms "
          f"(each a pipe's round trip): {listed / counted:.1f}x")


def interrupt_delay(work) -> float:
    """Seconds from a Ctrl-C (sent 0.3 s into `work`) to its `KeyboardInterrupt`."""
    import _thread
    import threading

    sent = []

    def ctrl_c() -> None:
        sent.append(time.perf_counter())
        _thread.interrupt_main()

    timer = threading.Timer(0.3, ctrl_c)
    timer.start()
    try:
        work()
    except KeyboardInterrupt:
        return time.perf_counter() - sent[0]
    raise AssertionError("the work ended before Ctrl-C")


def interrupts_main() -> None:
    from tabula_engine import Engine

    contrived = ("ppP1Pp1Ppp/Pp1p1PPPp1/p1p1PPp1pP/PPP1P2Ppp/Pp1PpPp1PP/PpPPp1pppP/pPp1PppPP1/"
                 "1P2PpPppp/1Pp1ppp1pP/1ppPppPpP1 w 0 5")
    works = {
        "analyse(movetime=60), Apart 8 x 8": lambda: Engine("apart").analyse(
            Position("apart"), movetime=60),
        "perft(9), Jeson Mor": lambda: Position("jesonmor").perft(9),
        "legal_moves(), Apart 10 x 10 with hundreds of millions of turns":
            Position("apart", fen=contrived).legal_moves,
    }
    print("Ctrl-C 0.3 s into long work, to its KeyboardInterrupt (medians of 5):")
    for name, work in works.items():
        delays = sorted(interrupt_delay(work) for _ in range(5))
        print(f"  {name}: {delays[2] * 1000:.1f} ms (at most {delays[-1] * 1000:.1f} ms)")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "latency":
        interrupts_main()
        latency_main(sys.argv[2] if len(sys.argv) > 2 else "target/release/tabula")
        return
    if len(sys.argv) > 1 and sys.argv[1] == "vector":
        envs = int(sys.argv[2]) if len(sys.argv) > 2 else 256
        seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
        vector_main(envs, seconds)
        return
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
