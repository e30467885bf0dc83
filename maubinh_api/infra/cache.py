"""The result cache: an in-process LRU, optionally backed by a shared Redis.

Answers are cached whole, as the JSON bytes sent, under a key made of a
canonical form of the request (cards sorted, the variant's fingerprint,
objective and parameters), so equivalent requests hit.  Lookups go to the
local LRU first, then to Redis when one is configured; a Redis hit is kept
locally too.

The local LRU keeps each tenant's answers on a shelf of its own, at most
``per_tenant`` bytes, the least recently used put away first; when the
whole cache is full, the tenant holding the most gives up its least recently
used.  So a tenant holding at most ``capacity / tenants`` (the tenants with
answers here) loses answers only to its own traffic.  The Redis copy is one
LRU for every tenant (its ``maxmemory-policy``): another tenant's answers can
push one out there, and it is then computed again.

Redis is never allowed to fail a request: every call has a short timeout,
an error is counted (``maubinh_cache_requests_total{backend="redis",
result="error"}``) and the request is answered from the local cache or by
computing; after an error Redis is left alone for ``retry_after`` seconds
(each skipped lookup also counts as an error) and then tried again, so the
shared cache is used again as soon as it is back.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable
from operator import itemgetter
from typing import Any

import orjson
import redis
from cachetools import LRUCache
from redis.backoff import NoBackoff
from redis.retry import Retry

logger = logging.getLogger(__name__)

Counter = Callable[[str, str], None]  # (backend, result) -> None


#: What an entry costs beyond its key's and answer's lengths: the bytes and str objects, the tuple,
#: the LRU's three dict slots (which a cache that keeps evicting leaves larger than they need):
#: about 270 bytes when only growing, about 410 in a full cache that keeps turning over
#: (tests/infra/test_cache.py measures it), so that MAUBINH_CACHE_BYTES bounds the memory for real.
ENTRY_OVERHEAD = 512


class LocalCache:
    """A thread-safe LRU of answers in this process, at most ``capacity`` bytes (keys, values and an
    estimate of the bookkeeping), of which at most ``per_tenant`` one tenant's."""

    name = "local"

    def __init__(self, capacity: int, per_tenant: int | None = None) -> None:
        self._capacity = capacity
        self._per_tenant = min(capacity, per_tenant or capacity)
        # Each tenant's entries are (answer, weight in bytes); each shelf is bounded by its weights.
        self._shelves: dict[str, LRUCache[str, tuple[bytes, int]]] = {}
        self._lock = threading.Lock()

    def get(self, tenant: str, key: str) -> bytes | None:
        with self._lock:
            shelf = self._shelves.get(tenant)
            found = None if shelf is None else shelf.get(key)
        return None if found is None else found[0]

    def set(self, tenant: str, key: str, value: bytes) -> None:
        weight = len(value) + len(key) + ENTRY_OVERHEAD
        if weight > self._per_tenant:
            return  # larger than a tenant's whole shelf: not worth keeping
        with self._lock:
            shelf = self._shelves.get(tenant)
            if shelf is None:
                shelf = self._shelves[tenant] = LRUCache(maxsize=self._per_tenant, getsizeof=itemgetter(1))
            shelf[key] = (value, weight)
            while self._weight() > self._capacity:
                fullest = max(self._shelves.values(), key=lambda held: held.currsize)
                fullest.popitem()

    def __len__(self) -> int:
        with self._lock:
            return sum(len(shelf) for shelf in self._shelves.values())

    def _weight(self) -> int:
        return int(sum(shelf.currsize for shelf in self._shelves.values()))

    @property
    def weight(self) -> int:
        """Bytes held now (never above the capacity)."""
        with self._lock:
            return self._weight()

    def held(self, tenant: str) -> int:
        """Bytes of ``tenant``'s answers held now."""
        with self._lock:
            shelf = self._shelves.get(tenant)
            return 0 if shelf is None else int(shelf.currsize)


#: KEYS: the group's hash and its order; ARGV: member, value, the most kept, seconds to live.
_KEEP_RECENT = """
local clock = redis.call('time')
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('zadd', KEYS[2], clock[1] * 1000000 + clock[2], ARGV[1])
local over = redis.call('zcard', KEYS[2]) - tonumber(ARGV[3])
if over > 0 then
  local popped = redis.call('zpopmin', KEYS[2], over)
  for i = 1, #popped, 2 do redis.call('hdel', KEYS[1], popped[i]) end
end
redis.call('expire', KEYS[1], ARGV[4])
redis.call('expire', KEYS[2], ARGV[4])
return over
"""


class RedisUnavailable(Exception):
    """Redis failed, or is being left alone after a recent failure."""


class RedisCache:
    """Answers shared by every worker and replica, through Redis."""

    name = "redis"

    def __init__(self, url: str, *, timeout: float, ttl: int, retry_after: float) -> None:
        self._client = redis.Redis.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0),  # one attempt: a slow Redis must not slow the answer
            health_check_interval=0,
        )
        self._ttl = ttl
        self._retry_after = retry_after
        self._down_until = 0.0

    def _call(self, action: Callable[[], Any]) -> Any:
        if time.monotonic() < self._down_until:
            raise RedisUnavailable("redis was failing a moment ago")
        try:
            return action()
        except (redis.RedisError, OSError) as error:
            self._down_until = time.monotonic() + self._retry_after
            logger.warning("redis cache unavailable: %s", error)
            raise RedisUnavailable(str(error)) from error

    def get(self, key: str) -> bytes | None:
        value = self._call(lambda: self._client.get(key))
        return value if isinstance(value, bytes) else None

    def set(self, key: str, value: bytes) -> None:
        self._call(lambda: self._client.set(key, value, ex=self._ttl))

    def keep_recent(self, group: str, member: str, value: bytes, most: int) -> None:
        """Keep ``value`` as ``member`` of ``group`` (a hash, its order a sorted set), trimmed to its
        ``most`` recently kept members, the whole group living ``ttl`` seconds from now."""
        self._call(lambda: self._client.eval(_KEEP_RECENT, 2, group, group + ":order", member, value, most, self._ttl))

    def recent(self, group: str, member: str) -> bytes | None:
        """A member of a group :meth:`keep_recent` keeps, or None."""
        value = self._call(lambda: self._client.hget(group, member))
        return value if isinstance(value, bytes) else None

    def ping(self) -> bool:
        """Whether Redis answers now (for readiness reports; never raises)."""
        try:
            return bool(self._client.ping())
        except (redis.RedisError, OSError):
            return False


class ResultCache:
    """Local LRU first, then Redis; counts every lookup."""

    def __init__(self, local: LocalCache | None, remote: RedisCache | None, count: Counter) -> None:
        self.local = local
        self.remote = remote
        self._count = count

    def get(self, tenant: str, key: str) -> tuple[bytes | None, str | None]:
        """``tenant``'s cached answer and where it came from (``local``/``redis``), or (None, None)."""
        if self.local is not None:
            found = self.local.get(tenant, key)
            self._count("local", "miss" if found is None else "hit")
            if found is not None:
                return found, "local"
        if self.remote is not None:
            try:
                found = self.remote.get(key)
            except RedisUnavailable:
                self._count("redis", "error")
                return None, None
            self._count("redis", "miss" if found is None else "hit")
            if found is not None:
                if self.local is not None:
                    self.local.set(tenant, key, found)
                return found, "redis"
        return None, None

    def set(self, tenant: str, key: str, value: bytes) -> None:
        """Remember ``tenant``'s answer locally and, when it answers, in Redis."""
        if self.local is not None:
            self.local.set(tenant, key, value)
        if self.remote is not None:
            try:
                self.remote.set(key, value)
            except RedisUnavailable:
                self._count("redis", "error")


def cache_key(kind: str, material: object, *, version: str, tenant: str) -> str:
    """``maubinh:<version>:<tenant>:<kind>:<sha256 of the canonical JSON of material>``: each
    tenant's answers are its own."""
    text = orjson.dumps(material, option=orjson.OPT_SORT_KEYS, default=str)
    return f"maubinh:{version}:{tenant}:{kind}:{hashlib.sha256(text).hexdigest()}"
