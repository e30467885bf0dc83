"""Limits shared for real: two gunicorn instances (two workers each) behind nginx, counting in
one Redis spend a tenant's budget once; with Redis killed the service answers
uncounted; the access log names the tenant, never the key."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import nginx, post, redis_server, request, service
from tests.test_gunicorn import metric

KEY = "key-of-platform-a-0123456789"
SCRAPER = "key-of-the-scraper-0123456789"
BODY = {"cards": ["As", "Kd", "Qh"]}
BUDGET = 60  # units a minute: the requests below are sent well within one window


def tenants(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: platform-a\n    key_sha256: "{key_digest(KEY)}"\n    limits: ["{BUDGET}/minute"]\n'
        f'  - name: scraper\n    key_sha256: "{key_digest(SCRAPER)}"\n    scopes: ["metrics"]\n'
    )
    return path


def classify(url):
    return post(url + "/v1/hands/classify", BODY, headers={"X-API-Key": KEY}).status


def test_two_instances_spend_one_budget(tmp_path):
    with redis_server(tmp_path) as redis:
        environment = {"MAUBINH_REDIS_URL": redis.url, "MAUBINH_TENANTS_FILE": str(tenants(tmp_path))}
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
            "MAUBINH_REDIS_URL": redis.url,
            "MAUBINH_TENANTS_FILE": str(tenants(tmp_path)),
            "MAUBINH_REDIS_RETRY_AFTER": "0.5",
        }
        with service(tmp_path, environment, workers=1) as running:
            assert classify(running.url) == 200
            redis.kill()
            assert [classify(running.url) for _ in range(BUDGET + 5)] == [200] * (BUDGET + 5)
            text = request("GET", running.url + "/metrics", headers={"X-API-Key": SCRAPER}).body.decode()
            assert metric(text, "maubinh_limiter_failures_total") >= 1
