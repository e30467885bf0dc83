"""Short versions of bench/load.py (real gunicorn, Redis and wrk on loopback).

The full runs (60 s of mixed traffic, the comparison with a constant app)
are ``make load``; these keep the fault behaviour under test in ``make test``.
"""

from __future__ import annotations

from bench import load


def test_mixed_traffic_has_no_failures_and_memory_holds(tmp_path, capsys):
    # A 1 MiB local cache fills during the short warm-up (the full run uses the default 16 MiB),
    # and every thread of both workers has served requests (their first allocations are not growth).
    assert load.mixed_run(tmp_path, 5, warmup=6, environment={"MAUBINH_CACHE_BYTES": str(1 << 20)}), (
        capsys.readouterr().out
    )


def test_redis_dying_and_a_worker_killed_lose_no_requests_beyond_those_in_flight(tmp_path, capsys):
    assert load.faults(tmp_path, 6), capsys.readouterr().out
