"""bench/scale_out.py: two instances behind nginx sharing one Redis (real servers, loopback)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_scale_out_script_passes():
    result = subprocess.run(
        [sys.executable, "-m", "bench.scale_out", "--seconds", "120"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "spread over both instances: yes" in result.stdout
    assert "(X-Cache: hit-redis), same answer: yes" in result.stdout
