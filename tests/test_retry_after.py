"""Retry-After holds for real: clients that wait exactly the time they are told, against the service
as ``make run`` serves it (nginx, two gunicorn workers), counting in the instance's file and in a
Redis, are never refused twice for one request (``bench/retry_after.py`` runs the whole matrix)."""

from __future__ import annotations

import pytest

from bench.retry_after import run, tenants_file
from tests.support.servers import redis_server, service

#: Three tenants at once, five 5-unit requests each against 12/6second: two answered at once, then
#: three refused and each answered after its wait (2.5 s, told as 3): about 8 s.
TENANTS = [f"tenant-{number}-of-the-retry-test" for number in range(3)]


@pytest.mark.parametrize("store", ["instance file", "redis"])
def test_a_client_that_waits_its_retry_after_is_answered_and_told_the_truth(tmp_path, store):
    with redis_server(tmp_path) as redis:
        environment = {"MAUBINH_TENANTS_FILE": str(tenants_file(tmp_path, TENANTS))}
        if store == "redis":
            environment["MAUBINH_LIMITS_REDIS_URL"] = redis.url
        with service(tmp_path, environment, workers=2) as running:
            cycles, _ = run(running.url, TENANTS, requests=5)
    for seen in cycles:
        assert seen.statuses == [200] * 5
        assert len(seen.waits) >= 3 and seen.refused_again == 0, seen
        assert seen.inconsistent == []  # every 429 said r=0 and a t no shorter than its wait
