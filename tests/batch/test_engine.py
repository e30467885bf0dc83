"""The engine: results come back in task order, and local workers run as the batch needs them."""

from __future__ import annotations

import pytest

from maubinh_api.batch.engine import EngineError, connect, run


def _square(number: int) -> int:
    return number * number


def _fail(number: int) -> int:
    raise ValueError(f"bad task {number}")


def _profiler(_: int) -> object:
    import dask

    return dask.config.get("distributed.worker.profile.enabled")


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
