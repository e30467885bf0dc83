"""Limits shared for real: the two workers of an instance spend one budget without Redis; two
instances (two workers each) behind nginx, counting in one Redis, spend it once too; a flood of
cached answers leaves the counts in place on the shipped Redis layout; with Redis killed the
service answers uncounted; the access log names the tenant, never the key."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
import yaml

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import ROOT, nginx, post, redis_server, request, service
from tests.test_gunicorn import metric

KEY = "key-of-platform-a-0123456789"
SCRAPER = "key-of-the-scraper-0123456789"
BODY = {"cards": ["As", "Kd", "Qh"]}
# Units an hour: a unit comes back every minute (infra/limit_store.py), so a burst that takes less
# than a minute is answered exactly BUDGET times, however loaded the machine.
BUDGET = 60


def tenants(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: platform-a\n    key_sha256: "{key_digest(KEY)}"\n    limits: ["{BUDGET}/hour"]\n'
        f'  - name: scraper\n    key_sha256: "{key_digest(SCRAPER)}"\n    scopes: ["metrics"]\n'
    )
    return path


def classify(url):
    return post(url + "/v1/hands/classify", BODY, headers={"X-API-Key": KEY}).status


def test_two_instances_spend_one_budget(tmp_path):
    with redis_server(tmp_path) as redis:  # redis-server's own default: maxmemory-policy noeviction
        environment = {"MAUBINH_LIMITS_REDIS_URL": redis.url, "MAUBINH_TENANTS_FILE": str(tenants(tmp_path))}
        with (
            service(tmp_path, environment) as first,
            service(tmp_path, environment) as second,
            nginx(tmp_path, [first.port, second.port]) as proxy,
        ):
            urls = [proxy.url] * (2 * BUDGET)  # twice the budget, round-robin over both instances
            with ThreadPoolExecutor(8) as pool:
                statuses = list(pool.map(classify, urls))
            # Each unit is spent once across the four workers: exactly the budget is answered.
            assert statuses.count(200) == BUDGET
            assert statuses.count(429) == BUDGET
            logged = first.access_log() + second.access_log()
            assert {record["tenant"] for record in logged if record["route"] == "/v1/hands/classify"} == {"platform-a"}
            for running in (first, second):
                assert KEY not in running.log.read_text()  # no key in any log line, access or application


def test_with_redis_killed_the_service_answers_uncounted(tmp_path):
    with redis_server(tmp_path) as redis:
        environment = {
            "MAUBINH_LIMITS_REDIS_URL": redis.url,
            "MAUBINH_TENANTS_FILE": str(tenants(tmp_path)),
            "MAUBINH_REDIS_RETRY_AFTER": "0.5",
        }
        with service(tmp_path, environment, workers=1) as running:
            assert classify(running.url) == 200
            redis.kill()
            assert [classify(running.url) for _ in range(BUDGET + 5)] == [200] * (BUDGET + 5)
            text = request("GET", running.url + "/metrics", headers={"X-API-Key": SCRAPER}).body.decode()
            assert metric(text, "maubinh_limiter_failures_total") >= 1


def test_without_redis_the_workers_of_an_instance_spend_one_budget(tmp_path):
    """A burst of twice the budget at once over both workers, no Redis: the limit is the limit
    (the instance's file of counts, deploy/serve.sh's run directory), within 5% and in fact exact."""
    with service(tmp_path, {"MAUBINH_TENANTS_FILE": str(tenants(tmp_path))}) as running:
        with ThreadPoolExecutor(16) as pool:
            statuses = list(pool.map(classify, [running.url] * (2 * BUDGET)))
        served_by = {record["pid"] for record in running.access_log() if record["route"] == "/v1/hands/classify"}
        assert len(served_by) == 2  # both workers answered some of the burst
        assert abs(statuses.count(200) - BUDGET) <= 0.05 * BUDGET
        assert statuses.count(200) == BUDGET and statuses.count(429) == BUDGET


def manifest_redis(name: str, password: str) -> list[str]:
    """The redis-server arguments of a shipped manifest, with the test's password and 2 MB of
    memory instead of the manifest's (a flood of a few megabytes then fills it)."""
    [deployment] = [
        document
        for document in yaml.safe_load_all((ROOT / "deploy" / "k8s" / f"{name}.yaml").read_text())
        if document["kind"] == "Deployment"
    ]
    arguments = list(deployment["spec"]["template"]["spec"]["containers"][0]["args"])
    arguments = [argument.replace("$(REDIS_PASSWORD)", password) for argument in arguments]
    arguments[arguments.index("--maxmemory") + 1] = "2mb"
    return arguments


def flood(url: str, megabytes: int) -> None:
    """Write ``megabytes`` of answers with the cache's TTL straight into a Redis, as a tenant
    asking for many different hands would."""
    client = redis.Redis.from_url(url)
    value = b"x" * 16_384
    with client.pipeline(transaction=False) as pipe:
        for number in range(megabytes * 64):
            pipe.set(f"maubinh:flood:{number}", value, ex=86_400)
        pipe.execute(raise_on_error=False)  # a Redis that never evicts refuses writes when full


@pytest.mark.parametrize("layout", ["shipped", "one-lru-redis"])
def test_a_flood_of_cached_answers_leaves_the_counts_in_place_on_the_shipped_layout(tmp_path, layout):
    """The manifests' two Redis: answers in one that evicts, counts in one that never does. A flood of
    answers then cannot reset a tenant's limits; the same flood into one Redis that evicts does (the
    test would catch a layout that put them together), which the service starts on only when told
    the counts may be evicted."""
    password = "flood-test-password-0123"
    cache_args = manifest_redis("redis-cache", password)
    limits_args = manifest_redis("redis-limits", password) if layout == "shipped" else cache_args
    with (
        redis_server(tmp_path, cache_args, password) as cache,
        redis_server(tmp_path, limits_args, password) as limits,
    ):
        environment = {
            "MAUBINH_TENANTS_FILE": str(tenants(tmp_path)),
            "MAUBINH_REDIS_URL": cache.url,
            "MAUBINH_LIMITS_REDIS_URL": limits.url if layout == "shipped" else cache.url,
            "MAUBINH_LIMITS_EVICTABLE": "false" if layout == "shipped" else "true",
        }
        with service(tmp_path, environment, workers=1) as running:
            spent = [classify(running.url) for _ in range(BUDGET)]
            assert spent == [200] * BUDGET
            flood(cache.url, 8)  # 8 MB into a Redis of 2 MB
            after = classify(running.url)
    assert after == (429 if layout == "shipped" else 200)


def test_the_counts_live_in_the_instance_and_never_in_the_caches_redis_unless_told(tmp_path):
    """With only the cache's Redis configured, the counts stay in the instance's file (a flood of
    answers cannot evict them); pointed at a Redis that evicts, the service refuses to start, saying
    why."""
    with redis_server(tmp_path, ["--save", "", "--appendonly", "no", "--maxmemory-policy", "allkeys-lru"]) as cache:
        environment = {"MAUBINH_TENANTS_FILE": str(tenants(tmp_path)), "MAUBINH_REDIS_URL": cache.url}
        with service(tmp_path, environment, workers=1) as running:
            assert [classify(running.url) for _ in range(BUDGET)] == [200] * BUDGET
            assert not [key for key in redis.Redis.from_url(cache.url).scan_iter() if b"LIMITS" in key]
            flood(cache.url, 8)
            assert classify(running.url) == 429
            ready = request("GET", running.url + "/readyz").json()
            assert ready["checks"]["limits"] == "instance file"
        evicting = environment | {"MAUBINH_LIMITS_REDIS_URL": cache.url}
        with (
            pytest.raises(RuntimeError, match="maxmemory-policy allkeys-lru: it may evict the rate-limit counts"),
            service(tmp_path, evicting, workers=1),
        ):
            pass


@pytest.mark.parametrize("front", ["nginx", "none"])
def test_with_redis_healthy_refused_bodies_never_count_as_limiter_failures(tmp_path, front):
    """Oversized, broken and crowded bodies against a healthy Redis (with the front, which refuses
    the oversized ones itself, and without it): maubinh_limiter_failures_total stays 0 and the
    budget keeps counting."""
    oversized = b'{"hands": [' + b'["As", "Kd", "Qh"], ' * 60_000 + b'["As", "Kd", "Qh"]]}'  # 1.2 MB
    crowded = ("{" + ", ".join(f'"f{number}": 0' for number in range(1000)) + "}").encode()
    with redis_server(tmp_path) as store:
        environment = {
            "MAUBINH_TENANTS_FILE": str(tenants(tmp_path)),
            "MAUBINH_LIMITS_REDIS_URL": store.url,
            "MAUBINH_FRONT": front,
        }
        with service(tmp_path, environment) as running:
            for body, status in ((oversized, 413), (b'{"cards": [', 400), (crowded, 422)):
                for _ in range(5):
                    answer = request_bytes(running.url + "/v1/hands/classify", body)
                    assert answer.status == status, (front, status, answer.body[:200])
            text = request("GET", running.url + "/metrics", headers={"X-API-Key": SCRAPER}).body.decode()
            assert metric(text, "maubinh_limiter_failures_total") == 0
            statuses = [classify(running.url) for _ in range(BUDGET)]
            # The refused bodies paid their readings (5 broken ones a unit each, 5 crowded ones 3 each,
            # and, without the front, 5 oversized ones a unit each, refused unread): 20 units at least,
            # and a unit comes back a minute. These 60 find a 429 unless the test took 20 minutes.
            assert 429 in statuses  # counted: not failed open


def request_bytes(url: str, body: bytes):
    import urllib.error
    import urllib.request

    from tests.support.servers import Answer

    prepared = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json", "X-API-Key": KEY}
    )
    try:
        with urllib.request.urlopen(prepared, timeout=10) as response:
            return Answer(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, dict(error.headers), error.read())
