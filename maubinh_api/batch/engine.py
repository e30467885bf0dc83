"""Where batch work runs: Dask, on this machine by default or on a cluster.

Every job is a list of independent tasks (partitions) whose results are
merged by the client in task order, so the numbers do not depend on which
worker ran what, or on how many there were: the same input gives the same
output locally and on any cluster.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from tqdm import tqdm

__all__ = ["EngineError", "connect", "run"]

Task = TypeVar("Task")
Result = TypeVar("Result")


class EngineError(Exception):
    """The cluster cannot be reached or a task failed: the job stops."""


@contextlib.contextmanager
def connect(scheduler: str | None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: a local cluster of ``workers`` processes (default: one per
    core, no set-up), or the cluster whose scheduler is at ``scheduler``."""
    from dask.distributed import Client, LocalCluster  # noqa: PLC0415 - heavy; only batch jobs need it

    if scheduler:
        try:
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as error:
            raise EngineError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        try:
            yield client
        finally:
            client.close()
        return
    count = workers or os.cpu_count() or 1
    # Processes, one thread each: the work is numpy-light Python that holds the GIL.
    with (
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=40,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def run(
    client: Any,
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    *,
    description: str,
    progress: bool = True,
) -> list[Result]:
    """``function`` over ``tasks`` on the cluster; results in task order, with
    a progress bar on standard error."""
    from dask.distributed import as_completed  # noqa: PLC0415

    futures = client.map(function, list(tasks), pure=False)
    position = {future.key: index for index, future in enumerate(futures)}
    results: list[Any] = [None] * len(futures)
    with tqdm(total=len(futures), desc=description, unit="part", disable=not progress, file=sys.stderr) as bar:
        for future in as_completed(futures):
            try:
                results[position[future.key]] = future.result()
            except Exception as error:
                for other in futures:
                    other.cancel()
                raise EngineError(f"{description}: a task failed: {type(error).__name__}: {error}") from error
            # Let the worker drop the result now: it holds every result the client still refers to.
            future.release()
            bar.update(1)
    return results
