"""The short version of examples/train_joust.py: PPO in numpy against the engine at novice,
from nothing, for 40 updates (about half a minute on 2 cores). The score against novice over
200 games (100 a colour) must rise from the untrained policy's by at least 15 points: with 200
games a score's standard deviation is at most 3.5 points, so a rise of 15 is more than 3
standard deviations of the difference between two draws of a policy that learned nothing. The
run is seeded, so it plays the same games every time. The PNG of the curve must be written."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_joust.py"


@pytest.mark.skipif(not SCRIPT.exists(), reason="examples/ is not in this tree")
def test_training_raises_the_score_against_novice(tmp_path: Path) -> None:
    png = tmp_path / "curve.png"
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--updates", "40", "--eval-every", "40",
         "--eval-levels", "novice", "--seed", "1", "--png", str(png)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    scores = [float(m.group(2)) for m in
              (re.search(r"update\s+(\d+) .*novice\s+([\d.]+) %", line) for line in lines) if m]
    assert len(scores) == 2, run.stdout
    first, last = scores
    assert last - first >= 15.0, run.stdout
    assert last >= 65.0, run.stdout
    final = re.fullmatch(r"novice ([\d.]+) %", lines[-1])
    assert final is not None, lines[-1]
    assert float(final.group(1)) >= 65.0, run.stdout
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (720, 440)
