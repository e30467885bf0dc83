"""deploy/scale_out.py: two instances behind nginx sharing one Redis (real servers, loopback)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_scale_out_script_passes():
    result = subprocess.run(
        [sys.executable, str(ROOT / "deploy" / "scale_out.py"), "--seconds", "120"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "spread over both instances: yes" in result.stdout
    assert "(X-Cache: hit-redis), same answer: yes" in result.stdout
