"""The result cache: an in-process LRU, optionally backed by a shared Redis.

Answers are cached whole, as the JSON bytes sent, under a key made of a
canonical form of the request (cards sorted, the variant's fingerprint,
objective and parameters), so equivalent requests hit.  Lookups go to the
local LRU first, then to Redis when one is configured; a Redis hit is kept
locally too.

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
from typing import Any, Protocol

import orjson
import redis
from cachetools import LRUCache
from redis.backoff import NoBackoff
from redis.retry import Retry

logger = logging.getLogger(__name__)

Counter = Callable[[str, str], None]  # (backend, result) -> None


class Backend(Protocol):
    name: str

    def get(self, key: str) -> bytes | None: ...

    def set(self, key: str, value: bytes) -> None: ...


#: What an entry costs beyond its key's and answer's lengths: the bytes and str objects, the tuple,
#: the LRU's three dict slots (which a cache that keeps evicting leaves larger than they need):
#: about 270 bytes when only growing, about 410 in a full cache that keeps turning over
#: (tests/infra/test_cache.py measures it), so that MAUBINH_CACHE_BYTES bounds the memory for real.
ENTRY_OVERHEAD = 512


class LocalCache:
    """A thread-safe LRU of answers in this process, at most ``capacity``
    bytes (keys, values and an estimate of the bookkeeping)."""

    name = "local"

    def __init__(self, capacity: int) -> None:
        # Each entry is (answer, weight in bytes); the LRU is bounded by the sum of weights.
        self._entries: LRUCache[str, tuple[bytes, int]] = LRUCache(maxsize=capacity, getsizeof=itemgetter(1))
        self._capacity = capacity
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            found = self._entries.get(key)
        return None if found is None else found[0]

    def set(self, key: str, value: bytes) -> None:
        weight = len(value) + len(key) + ENTRY_OVERHEAD
        if weight > self._capacity:
            return  # larger than the whole cache: not worth keeping
        with self._lock:
            self._entries[key] = (value, weight)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def weight(self) -> int:
        """Bytes held now (never above the capacity)."""
        return int(self._entries.currsize)


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

    def get(self, key: str) -> tuple[bytes | None, str | None]:
        """The cached answer and where it came from (``local``/``redis``), or (None, None)."""
        if self.local is not None:
            found = self.local.get(key)
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
                    self.local.set(key, found)
                return found, "redis"
        return None, None

    def set(self, key: str, value: bytes) -> None:
        """Remember an answer locally and, when it answers, in Redis."""
        if self.local is not None:
            self.local.set(key, value)
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
