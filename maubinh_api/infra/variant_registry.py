"""The variants with overrides the service has answered with, by fingerprint.

Every answer names its variant as ``{preset, overrides, fingerprint}``; an
auditor holding only the fingerprint asks ``GET /v1/variants/{fingerprint}``
for the rules.  Presets are found by their fingerprint directly; a variant
with overrides is remembered here when a request uses it: in this process
and, with Redis configured, for every worker and replica (kept as long as
cached answers are, from the last time a process first used it).  Each tenant's variants are its own:
one platform cannot learn from a fingerprint found which rules another
platform plays, and cannot push another's out.

Each tenant keeps its ``per_tenant`` most recently used variants (here, and in
Redis); a process keeps at most ``capacity`` in all, and when it is full the
tenant holding the most gives up its least recently used.  In Redis a tenant's
variants are one hash and its order one sorted set, trimmed to ``per_tenant``
by the same script that adds to them; in a Redis that does not evict
(``MAUBINH_LIMITS_REDIS_URL``'s, when there is one) nothing else removes them
before their time.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from .cache import RedisCache, RedisUnavailable

__all__ = ["VariantRegistry"]

_PREFIX = "maubinh:variant:"
_GROUP = "maubinh:variants:"


class VariantRegistry:
    """Fingerprint → the ``{preset, overrides}`` that resolves to it, per tenant."""

    def __init__(self, capacity: int, remote: RedisCache | None, *, per_tenant: int | None = None) -> None:
        self._capacity = capacity
        self._per_tenant = min(capacity, per_tenant or capacity)
        self._remote = remote
        self._local: dict[str, OrderedDict[str, bytes]] = {}
        self._count = 0
        self._lock = threading.Lock()

    def remember(self, tenant: str, fingerprint: str, spec: Mapping[str, Any]) -> None:
        """Keep ``spec`` under ``fingerprint`` for ``tenant`` (a known one costs a lookup here: Redis
        is told once a process)."""
        with self._lock:
            shelf = self._local.setdefault(tenant, OrderedDict())
            if fingerprint in shelf:
                shelf.move_to_end(fingerprint)
                return
            text = json.dumps(spec, sort_keys=True, separators=(",", ":")).encode()
            shelf[fingerprint] = text
            self._count += 1
            if len(shelf) > self._per_tenant:
                shelf.popitem(last=False)
                self._count -= 1
            while self._count > self._capacity:
                fullest = max(self._local.values(), key=len)
                fullest.popitem(last=False)
                self._count -= 1
        if self._remote is not None:
            # Without Redis this process still knows it; the others learn it when they see it.
            with contextlib.suppress(RedisUnavailable):
                self._remote.keep_recent(_GROUP + tenant, fingerprint, text, self._per_tenant)

    def recall(self, tenant: str, fingerprint: str) -> dict[str, Any] | None:
        """The spec ``tenant`` used under ``fingerprint``, or None."""
        with self._lock:
            shelf = self._local.get(tenant)
            text = None if shelf is None else shelf.get(fingerprint)
        if text is None and self._remote is not None:
            try:
                text = self._remote.recent(_GROUP + tenant, fingerprint)
                if text is None:  # remembered by a release before 0.8, one key a variant
                    text = self._remote.get(f"{_PREFIX}{tenant}:{fingerprint}")
            except RedisUnavailable:
                text = None
        if text is None:
            return None
        spec: dict[str, Any] = json.loads(text)
        return spec

    def held(self, tenant: str) -> int:
        """How many of ``tenant``'s variants this process remembers."""
        with self._lock:
            return len(self._local.get(tenant, ()))
