"""Long work from Python: searches, perft and listings run without the GIL, Ctrl-C stops them,
and an interpreter that exits while daemon threads search never crashes."""

from __future__ import annotations

import _thread
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tabula_engine import Position, legal_moves

# A hang detector, not a timing: every piece of work here is interrupted far sooner.
BOUND = 10.0
# An Apart 10 x 10 board where a lone piece in a lattice of both sides' pieces can jump almost
# anywhere: its turns number in the hundreds of millions (the binary's tests/apart.rs).
CONTRIVED = ("ppP1Pp1Ppp/Pp1p1PPPp1/p1p1PPp1pP/PPP1P2Ppp/Pp1PpPp1PP/PpPPp1pppP/pPp1PppPP1/"
             "1P2PpPppp/1Pp1ppp1pP/1ppPppPpP1 w 0 5")
EXITS = 100
EXIT_SCRIPT = Path(__file__).with_name("exit_with_searches.py")


def interrupted(work: Callable[[], object]) -> None:
    """Runs `work` with Ctrl-C coming 0.3 s later from another thread (which needs the GIL to
    send it, so the work must have let go of it), and checks it was stopped by it."""
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
    assert time.monotonic() - started < BOUND


def test_ctrl_c_stops_perft_and_a_later_perft_counts_again() -> None:
    position = Position("jesonmor")
    interrupted(lambda: position.perft(9))
    assert position.perft(3) == 27960


def test_ctrl_c_stops_a_listing_of_hundreds_of_millions_of_turns() -> None:
    position = Position("apart", fen=CONTRIVED)
    interrupted(position.legal_moves)
    assert position.fen().startswith(CONTRIVED.split()[0])
    interrupted(lambda: legal_moves("apart", fen=CONTRIVED))


def run_exit(how: str, seed: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXIT_SCRIPT), how, str(seed)],
        capture_output=True, text=True, timeout=60,
    )


@pytest.mark.parametrize("how", ["exit", "end"])
def test_exiting_while_daemon_threads_search_never_crashes(how: str) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(lambda seed: run_exit(how, seed), range(EXITS)))
    failed = [(seed, run.returncode, run.stderr[-300:])
              for seed, run in enumerate(runs) if run.returncode != 0]
    assert not failed, failed
