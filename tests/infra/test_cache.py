"""The result cache against a real redis-server (started on a free loopback port)."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from maubinh_api.infra.cache import ENTRY_OVERHEAD, LocalCache, RedisCache, ResultCache, cache_key
from tests.support.servers import redis_server


@pytest.fixture
def redis(tmp_path):
    with redis_server(tmp_path) as handle:
        yield handle


def counting():
    counts: Counter[tuple[str, str]] = Counter()
    return counts, lambda backend, result: counts.update([(backend, result)])


def test_local_cache_is_bounded_in_bytes_and_forgets_the_least_recently_used():
    entry = 1 + 1 + ENTRY_OVERHEAD  # a one-byte answer under a one-letter key
    cache = LocalCache(2 * entry)
    cache.set("t", "a", b"1")
    cache.set("t", "b", b"2")
    assert cache.get("t", "a") == b"1"  # a is now the most recently used
    cache.set("t", "c", b"3")
    assert (cache.get("t", "a"), cache.get("t", "b"), cache.get("t", "c")) == (b"1", None, b"3")
    assert cache.weight == 2 * entry
    cache.set("t", "d", b"x" * (3 * entry))  # larger than the whole cache: not kept, nothing evicted
    assert (cache.get("t", "d"), len(cache)) == (None, 2)


def test_a_tenant_within_its_share_keeps_its_answers_whatever_another_caches():
    entry = 1 + 4 + ENTRY_OVERHEAD  # a one-byte answer under a four-letter key
    cache = LocalCache(capacity=10 * entry, per_tenant=4 * entry)
    for number in range(3):
        cache.set("b", f"b{number:03}", b"1")
    for number in range(1_000):  # another tenant caching far more than the whole cache
        cache.set("a", f"a{number:03}"[:4], b"1")
    assert all(cache.get("b", f"b{number:03}") == b"1" for number in range(3))
    assert cache.held("a") == 4 * entry  # its own quota: its newest four
    assert cache.get("a", "a999"[:4]) == b"1"


def test_a_full_cache_takes_from_the_tenant_holding_the_most():
    entry = 1 + 4 + ENTRY_OVERHEAD
    cache = LocalCache(capacity=6 * entry, per_tenant=4 * entry)
    for tenant in "ab":
        for number in range(4):
            cache.set(tenant, f"{tenant}{number:03}", b"1")
    # 8 entries asked for, 6 fit: b's third took a place from a (then the fullest), its fourth from b.
    assert (cache.held("a"), cache.held("b")) == (3 * entry, 3 * entry)
    assert cache.get("a", "a000") is None and cache.get("b", "b000") is None  # each lost its oldest
    cache.set("c", "c000", b"1")  # a newcomer gets its place from the fullest
    assert (cache.held("a") + cache.held("b"), cache.held("c")) == (5 * entry, entry)


def test_equivalent_material_makes_the_same_key():
    one = cache_key("optimal", {"cards": ["As", "Kd"], "top": "3"}, version="v", tenant="a")
    same = cache_key("optimal", {"top": "3", "cards": ["As", "Kd"]}, version="v", tenant="a")
    assert one == same
    assert one != cache_key("optimal", {"cards": ["As", "Kd"], "top": "4"}, version="v", tenant="a")
    assert one != cache_key("optimal", {"cards": ["As", "Kd"], "top": "3"}, version="w", tenant="a")
    assert one != cache_key("optimal", {"cards": ["As", "Kd"], "top": "3"}, version="v", tenant="b")
    assert one.startswith("maubinh:v:a:optimal:")


def test_two_processes_share_answers_through_redis(redis):
    counts, count = counting()
    writer = ResultCache(LocalCache(10_000), RedisCache(redis.url, timeout=0.2, ttl=60, retry_after=0.2), count)
    reader = ResultCache(LocalCache(10_000), RedisCache(redis.url, timeout=0.2, ttl=60, retry_after=0.2), count)
    assert writer.get("t", "k") == (None, None)
    writer.set("t", "k", b"answer")
    assert reader.get("t", "k") == (b"answer", "redis")
    assert reader.get("t", "k") == (b"answer", "local")  # kept locally after the Redis hit
    assert counts[("redis", "hit")] == 1 and counts[("redis", "miss")] == 1


def test_a_dead_redis_costs_an_error_count_not_an_answer_and_is_used_again_when_back(redis):
    counts, count = counting()
    cache = ResultCache(None, RedisCache(redis.url, timeout=0.1, ttl=60, retry_after=0.3), count)
    cache.set("t", "before", b"1")
    redis.kill()
    started = time.monotonic()
    assert cache.get("t", "before") == (None, None)  # Redis down: a miss, counted as an error
    assert cache.get("t", "before") == (None, None)  # left alone for retry_after: no timeout paid
    assert time.monotonic() - started < 1
    assert counts[("redis", "error")] == 2
    redis.start()  # same port, empty: the restarted Redis is used again after retry_after
    time.sleep(0.35)
    cache.set("t", "after", b"2")
    assert cache.get("t", "after") == (b"2", "redis")


def test_ping_reports_without_raising(redis):
    remote = RedisCache(redis.url, timeout=0.1, ttl=60, retry_after=0)
    assert remote.ping()
    redis.kill()
    assert not remote.ping()


@pytest.mark.parametrize("size", [300, 5_000, 200_000])
def test_the_local_cache_holds_no_more_memory_than_its_bound(size):
    """A worker's memory grows by at most MAUBINH_CACHE_BYTES for its cache: filled far past its
    capacity with answers of one size, the cache holds (measured by tracemalloc: keys, answers and
    the LRU's own bookkeeping) no more than its capacity."""
    import tracemalloc

    capacity = 4 << 20
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    cache = LocalCache(capacity)
    for number in range(3 * capacity // size):
        key = cache_key("optimal", {"n": number}, version="v", tenant="a")
        cache.set("a", key, bytes(size))
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert cache.weight <= capacity
    assert held <= capacity, (held, capacity)
