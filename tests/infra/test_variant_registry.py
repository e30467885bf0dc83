"""Remembered variants: each tenant's own, its most recent kept whatever another tenant sends, in
the process and in Redis."""

from __future__ import annotations

import pytest

from maubinh_api.infra.cache import RedisCache
from maubinh_api.infra.variant_registry import VariantRegistry
from tests.support.servers import redis_server


def spec(number: int) -> dict[str, object]:
    return {"preset": "online", "overrides": {"rake": f"0.{number:04}"}}


def fingerprint(number: int) -> str:
    return f"sha256:{number:064x}"


def test_a_tenant_keeps_its_variants_whatever_another_remembers():
    registry = VariantRegistry(capacity=100, remote=None, per_tenant=20)
    for number in range(10):
        registry.remember("b", fingerprint(number), spec(number))
    for number in range(10_000):  # another tenant settling under 10,000 fresh variants
        registry.remember("a", fingerprint(10_000 + number), spec(number))
    assert all(registry.recall("b", fingerprint(number)) == spec(number) for number in range(10))
    assert registry.held("a") == 20  # its own 20 most recent
    assert registry.recall("a", fingerprint(19_999)) is not None and registry.recall("a", fingerprint(10_000)) is None
    assert registry.recall("a", fingerprint(0)) is None  # b's, not a's


def test_a_full_registry_takes_from_the_tenant_holding_the_most():
    registry = VariantRegistry(capacity=10, remote=None, per_tenant=8)
    for number in range(8):
        registry.remember("a", fingerprint(number), spec(number))
    for number in range(4):
        registry.remember("b", fingerprint(100 + number), spec(number))
    assert (registry.held("a"), registry.held("b")) == (6, 4)  # a gave up its two oldest


@pytest.fixture
def redis(tmp_path):
    with redis_server(tmp_path) as handle:
        yield handle


def test_in_redis_each_tenant_keeps_its_most_recent_and_other_processes_find_them(redis):
    remote = RedisCache(redis.url, timeout=0.5, ttl=60, retry_after=0.2)
    writer = VariantRegistry(capacity=10_000, remote=remote, per_tenant=5)
    for number in range(3):
        writer.remember("b", fingerprint(number), spec(number))
    for number in range(50):
        writer.remember("a", fingerprint(1_000 + number), spec(number))
    reader = VariantRegistry(capacity=10_000, remote=remote, per_tenant=5)  # another process
    assert all(reader.recall("b", fingerprint(number)) == spec(number) for number in range(3))
    kept = [number for number in range(50) if reader.recall("a", fingerprint(1_000 + number)) is not None]
    assert kept == [45, 46, 47, 48, 49]  # a's five most recent, nothing more of a's in Redis
    assert reader.recall("b", fingerprint(1_049)) is None  # a's variant is not b's
