"""What every command of the batch tool shares: the one-line error that stops a job, and the
upkeep of its output directory (earlier outputs removed, the partitions' skipped rows joined)."""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["Stop", "fresh", "join_errors"]


class Stop(Exception):
    """A one-line error that stops the job (``status`` 2 for bad input, 1 otherwise)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def fresh(directory: Path, *names: str) -> None:
    """Remove earlier outputs a new run would otherwise mix with its own."""
    for name in names:
        target = directory / name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()


def join_errors(out: Path) -> None:
    """The partitions' skipped rows as one file (``errors.jsonl``), in input order."""
    parts = sorted((out / "errors").glob("part-*.jsonl"))
    with (out / "errors.jsonl").open("w", encoding="utf-8") as joined:
        for part in parts:
            joined.write(part.read_text(encoding="utf-8"))
    shutil.rmtree(out / "errors", ignore_errors=True)
