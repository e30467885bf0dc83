"""Two gunicorn instances sharing one real Redis; the service outlives Redis."""

from __future__ import annotations

import time

from tests.support.servers import get, post, redis_server, service
from tests.test_gunicorn import metric

HAND = {"cards": ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"], "variant": "online"}
OPTIMAL = "/v1/arrangements/optimal"


def test_an_answer_computed_by_one_instance_is_served_by_the_other(tmp_path):
    with redis_server(tmp_path) as redis:
        shared = {"MAUBINH_REDIS_URL": redis.url}
        with service(tmp_path, shared) as first, service(tmp_path, shared) as second:
            computed = post(first.url + OPTIMAL, HAND)
            served = post(second.url + OPTIMAL, HAND)
            assert (computed.headers["x-cache"], served.headers["x-cache"]) == ("miss", "hit-redis")
            assert computed.body == served.body
            text = get(second.url + "/metrics").body.decode()
            assert metric(text, "maubinh_cache_requests_total", backend="redis", result="hit") == 1


def test_requests_are_answered_while_redis_is_down_and_redis_is_used_again_after(tmp_path):
    with redis_server(tmp_path) as redis:
        environment = {"MAUBINH_REDIS_URL": redis.url, "MAUBINH_REDIS_RETRY_AFTER": "0.5", "MAUBINH_CACHE_BYTES": "0"}
        with service(tmp_path, environment, workers=1) as running:
            assert post(running.url + OPTIMAL, HAND).headers["x-cache"] == "miss"
            assert post(running.url + OPTIMAL, HAND).headers["x-cache"] == "hit-redis"
            redis.kill()
            for _ in range(5):
                answer = post(running.url + OPTIMAL, HAND)
                assert answer.status == 200
                assert answer.headers["x-cache"] == "miss"  # computed again: no local cache here
            text = get(running.url + "/metrics").body.decode()
            assert metric(text, "maubinh_cache_requests_total", backend="redis", result="error") >= 5
            redis.start()
            time.sleep(0.6)
            post(running.url + OPTIMAL, HAND)  # computed and stored in the restarted Redis
            assert post(running.url + OPTIMAL, HAND).headers["x-cache"] == "hit-redis"
