"""The same job on a real Dask cluster (a scheduler and two worker processes on
loopback) gives exactly the numbers it gives on this machine."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from maubinh_api.batch.cli import main
from tests.support.servers import dask_cluster

DEALS = 60  # three partitions of 20 deals: both workers get work


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    directory = tmp_path_factory.mktemp("cluster")
    simulate = ["simulate", "--deals", str(DEALS), "--levels", "casual,club,expert,best", "--seed", "9"]
    simulate += ["--deals-per-part", "20"]
    simulate += ["--variant", "online", "--compare", "classic", "--no-progress"]
    with dask_cluster(directory) as cluster:
        assert main([*simulate, "--scheduler", cluster.address, "--out", str(directory / "sim-cluster")]) == 0
        # Both runs grade the same history (the file paths are part of the output).
        grade = ["grade", str(directory / "sim-cluster" / "history"), "--rows-per-part", "100", "--no-progress"]
        assert main([*grade, "--scheduler", cluster.address, "--out", str(directory / "grade-cluster")]) == 0
    assert main([*simulate, "--workers", "2", "--out", str(directory / "sim-local")]) == 0
    assert main([*grade, "--workers", "1", "--out", str(directory / "grade-local")]) == 0
    return directory


def _economics(path):
    reports = json.loads(path.read_text())
    for report in reports:
        del report["elapsed_s"], report["warm_up_s"], report["work_s"]
    return reports


def test_simulate_gives_the_same_economics_and_history(runs):
    assert _economics(runs / "sim-cluster" / "economics.json") == _economics(runs / "sim-local" / "economics.json")
    for history in ("history", "compare/history"):
        cluster = pd.read_parquet(runs / "sim-cluster" / history)
        local = pd.read_parquet(runs / "sim-local" / history)
        assert len(cluster) == 4 * DEALS
        pd.testing.assert_frame_equal(cluster, local)


def test_grade_gives_the_same_hands_and_players(runs):
    for name in ("hands", "players.parquet"):
        cluster = pd.read_parquet(runs / "grade-cluster" / name)
        local = pd.read_parquet(runs / "grade-local" / name)
        pd.testing.assert_frame_equal(cluster, local, check_exact=True)
    summary = json.loads((runs / "grade-cluster" / "summary.json").read_text())
    assert summary["rows_graded"] == 4 * DEALS and summary["scheduler"].startswith("tcp://127.0.0.1:")
