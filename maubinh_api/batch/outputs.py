"""What every command of the batch tool shares: the one-line error that stops a job, the upkeep
of its output directory (earlier outputs removed, the partitions' skipped rows joined), and a pass
over a history's partitions on the cluster, timed."""

from __future__ import annotations

import argparse
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .engine import connect, prepare_workers, run
from .history import Part, parts_of

__all__ = ["Stop", "fresh", "history_pass", "join_errors"]

Result = TypeVar("Result")


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


def history_pass(
    args: argparse.Namespace,
    task: Callable[[tuple[Part, str]], Result],
    warm_up: Callable[[], None],
    description: str,
    outputs: tuple[str, ...],
    *,
    plan: Callable[[Any, list[Any]], Callable[[tuple[Part, str]], Result]] | None = None,
) -> tuple[list[Result], dict[str, float]]:
    """``task`` over every partition of ``args.history`` (``--rows-per-part`` rows each), writing
    under ``args.out`` (``outputs``, an earlier run's, removed first; the skipped rows joined after),
    on ``--scheduler``'s cluster or this machine; the results in partition order, and the timings:
    ``elapsed_s`` in all, ``warm_up_s`` the workers loading the model, ``work_s`` the pass alone.
    ``plan``, given the cluster and the tasks, may run a pass of its own first and return the task to
    run (its time is the work's)."""
    if args.rows_per_part < 1:
        raise Stop("--rows-per-part must be at least 1")
    parts = parts_of(args.history, args.rows_per_part)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    fresh(out, "errors", "errors.jsonl", *outputs)
    started = time.perf_counter()
    output = str(out.resolve())
    with connect(args.scheduler, args.workers) as client:
        ready = time.perf_counter()
        prepare_workers(client, warm_up)
        warmed = time.perf_counter()
        tasks: list[Any] = [(part, output) for part in parts]
        if plan is not None:
            task = plan(client, tasks)
        results = run(client, task, tasks, description=description, progress=not args.no_progress)
        working = time.perf_counter() - warmed
    join_errors(out)
    timing = {"elapsed_s": time.perf_counter() - started, "warm_up_s": warmed - ready, "work_s": working}
    return results, timing
