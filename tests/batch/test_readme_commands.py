"""docs/batch.md's "Trying it" commands run as written, from the repository's own venv, and write
what the page says they write (a cluster command aside: it needs a cluster).

The README's own shorter batch example is run by tests/test_docs_commands.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[str]:
    page = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    section = page.split("\n## Trying it\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0].replace("\\\n", " ")
    lines = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    return [line for line in lines if line.startswith(".venv/bin/python") and "--scheduler" not in line]


def test_the_batch_pages_commands_run_as_written(tmp_path: Path) -> None:
    commands = _commands()
    assert len(commands) == 3  # simulate, grade what it wrote, simulate with --compare
    environment = os.environ | {"PYTHONPATH": str(ROOT)}
    for command in commands:
        arguments = [sys.executable, *command.split()[1:]]  # the venv's Python, as .venv/bin/python is
        done = subprocess.run(
            arguments, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    # What the section tells the reader to open or read.
    for written in ("sim/report.html", "graded/report.html", "graded/players.parquet", "compare/report.html"):
        assert (tmp_path / written).is_file(), written
