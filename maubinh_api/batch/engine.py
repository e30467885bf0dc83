"""Where batch work runs: Dask, on this machine by default or on a cluster.

Every job is a list of independent tasks (partitions) whose results are
merged by the client in task order, so the numbers do not depend on which
worker ran what, or on how many there were: the same input gives the same
output locally and on any cluster.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from tqdm import tqdm

from ..service.hands import HandService
from ..strategy.kernel import active_kernel
from ..strategy.model import shipped_model

__all__ = ["EngineError", "connect", "prepare_workers", "run", "warm_arrow", "worker_memory", "worker_service"]

Task = TypeVar("Task")
Result = TypeVar("Result")


@functools.cache
def worker_memory() -> None:
    """Tune a worker process's memory once, on its first task.

    Dask's workers trim the heap eagerly (``MALLOC_TRIM_THRESHOLD_``), so the
    valuation's temporaries (a few MB a hand) would be page-faulted in again
    on every hand: keep freed memory, but less of it than the service does
    (16 MB), since a worker runs for the whole job.  Arrow allocates from the
    same heap (its default pool keeps memory of its own)."""
    import pyarrow as pa  # noqa: PLC0415

    from ..infra.allocator import keep_freed_memory  # noqa: PLC0415

    keep_freed_memory(trim_threshold=16 << 20)
    pa.set_memory_pool(pa.system_memory_pool())


@functools.cache
@functools.cache
def warm_arrow() -> None:
    """Import what a partition's first Parquet write imports (Arrow, and the pandas it loads for
    the file's metadata: 0.34 s), by writing one row to memory: no partition pays for it."""
    import pyarrow as pa  # noqa: PLC0415 - the batch tool's own dependency, loaded in the worker
    import pyarrow.parquet as pq  # noqa: PLC0415

    pq.write_table(pa.table({"row": [0]}), pa.BufferOutputStream())


def worker_service() -> HandService:
    """The service layer of this process, built once around its model: the batch side's
    composition root (the client's, for the yardsticks, and each worker's, for its tasks).
    The kernel is ``MAUBINH_KERNEL``'s, as in the service, and the data the shipped files."""
    return HandService(shipped_model(active_kernel()))


class EngineError(Exception):
    """The cluster cannot be reached or a task failed: the job stops."""


@contextlib.contextmanager
def connect(scheduler: str | None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: a local cluster of ``workers`` processes (default: one per
    core, no set-up), or the cluster whose scheduler is at ``scheduler``."""
    import dask  # noqa: PLC0415 - heavy; only batch jobs need it
    from dask.distributed import Client, LocalCluster  # noqa: PLC0415

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
    # No statistical profiler in the workers: a batch job does not read its
    # samples, and it keeps an hour of them.
    with (
        dask.config.set({"distributed.worker.profile.enabled": False}),
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            processes=True,
            # Loopback only, and any free port for the scheduler's HTTP endpoint
            # (its default, 8787, may be taken by another cluster on the machine).
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=40,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def prepare_workers(client: Any, setup: Callable[[], None]) -> None:
    """Run ``setup`` once on every worker of the cluster before any task.

    A worker loads the model (evaluation tables, odds, hand banks, the
    kernel's tables) on its first use; done here, all workers load it at
    once instead of each stalling on its first partition, and the job's
    speed is measured from warm workers.  A worker that joins later loads it
    on its first task, as before."""
    try:
        client.run(setup)
    except Exception as error:
        raise EngineError(f"preparing the workers failed: {type(error).__name__}: {error}") from error


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
