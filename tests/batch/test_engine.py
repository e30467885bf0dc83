"""The engine: results come back in task order, and local workers run as the batch needs them."""

from __future__ import annotations

import os

import pytest

from maubinh_api.batch.engine import EngineError, connect, prepare_workers, run


def _square(number: int) -> int:
    return number * number


def _fail(number: int) -> int:
    raise ValueError(f"bad task {number}")


def _profiler(_: int) -> object:
    import dask

    return dask.config.get("distributed.worker.profile.enabled")


_PREPARED: list[int] = []


def _prepare() -> None:
    _PREPARED.append(os.getpid())


def _prepared() -> tuple[int, list[int]]:
    return os.getpid(), list(_PREPARED)


def _fail_to_prepare() -> None:
    raise OSError("no hand bank here")


@pytest.fixture(scope="module")
def client():
    with connect(None, 2) as running:
        yield running


def test_results_come_back_in_task_order(client):
    assert run(client, _square, list(range(12)), description="squares", progress=False) == [n * n for n in range(12)]


def test_a_failed_task_stops_the_job_with_its_error(client):
    with pytest.raises(EngineError, match="a task failed: ValueError: bad task"):
        run(client, _fail, [1, 2], description="failing", progress=False)


def test_local_workers_run_without_the_profiler(client):
    # A batch job does not read the profiler's samples, and it keeps an hour of them.
    assert set(run(client, _profiler, [0, 1, 2, 3], description="profiler", progress=False)) == {False}


def test_every_worker_is_prepared_once_before_the_tasks(client):
    prepare_workers(client, _prepare)
    # Each worker process holds its own list: after one preparation, its own pid once.
    seen = client.run(_prepared).values()
    assert len(seen) == 2
    assert all(prepared == [pid] for pid, prepared in seen)


def test_a_failed_preparation_stops_the_job_with_its_error(client):
    with pytest.raises(EngineError, match="preparing the workers failed: OSError: no hand bank here"):
        prepare_workers(client, _fail_to_prepare)
