"""docs/batch.md's "Trying it" commands run as written, from the repository's own venv, and write
what the page says they write (a cluster command aside: it needs a cluster).

The README's own shorter batch example is run by tests/test_docs_commands.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _commands(heading: str = "Trying it") -> list[str]:
    page = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    section = page.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0].replace("\\\n", " ")
    lines = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    return [line for line in lines if line.startswith(".venv/bin/python") and "--scheduler" not in line]


@pytest.mark.long
def test_the_batch_pages_commands_run_as_written(tmp_path: Path) -> None:
    commands = _commands()
    assert len(commands) == 3  # simulate, grade what it wrote, simulate with --compare
    _run(commands, tmp_path)
    # What the section tells the reader to open or read.
    for written in ("sim/report.html", "graded/report.html", "graded/players.parquet", "compare/report.html"):
        assert (tmp_path / written).is_file(), written


@pytest.mark.long
def test_the_fair_play_commands_run_as_written_and_find_what_was_planted(tmp_path: Path) -> None:
    commands = _commands("Fair play: `integrity`")
    assert len(commands) == 2  # a room with planted cheaters, the checks on its history
    _run(commands, tmp_path)
    key = json.loads((tmp_path / "room" / "players.json").read_text(encoding="utf-8"))
    planted = {player["player_id"] for player in key if player["role"] != "honest"}
    summary = json.loads((tmp_path / "integrity" / "summary.json").read_text(encoding="utf-8"))
    named = {player["player_id"] for player in summary["flagged_players"]}
    named |= {name for pair in summary["flagged_pairs"] for name in (pair["first"], pair["second"])}
    assert planted == {"d01", "b01", "f01a", "f01b", "k01", "r01"}
    assert named == planted | {"p000"}  # p000: the dumper's partner
    assert (tmp_path / "integrity" / "report.html").is_file()


def _run(commands: list[str], directory: Path) -> None:
    environment = os.environ | {"PYTHONPATH": str(ROOT)}
    for command in commands:
        arguments = [sys.executable, *command.split()[1:]]  # the venv's Python, as .venv/bin/python is
        done = subprocess.run(
            arguments, cwd=directory, env=environment, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
