"""The variants with overrides the service has answered with, by fingerprint.

Every answer names its variant as ``{preset, overrides, fingerprint}``; an
auditor holding only the fingerprint asks ``GET /v1/variants/{fingerprint}``
for the rules.  Presets are found by their fingerprint directly; a variant
with overrides is remembered here when a request uses it: in this process
(the most recent ``capacity``) and, with Redis configured, for every worker
and replica (kept as long as cached answers are).  Each tenant's variants are
its own: one platform cannot learn from a fingerprint found which rules
another platform plays.
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


class VariantRegistry:
    """Fingerprint → the ``{preset, overrides}`` that resolves to it."""

    def __init__(self, capacity: int, remote: RedisCache | None) -> None:
        self._capacity = capacity
        self._remote = remote
        self._local: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def remember(self, tenant: str, fingerprint: str, spec: Mapping[str, Any]) -> None:
        """Keep ``spec`` under ``fingerprint`` for ``tenant`` (once per process: a known one costs a lookup)."""
        fingerprint = f"{tenant}:{fingerprint}"
        with self._lock:
            if fingerprint in self._local:
                self._local.move_to_end(fingerprint)
                return
            text = json.dumps(spec, sort_keys=True, separators=(",", ":")).encode()
            self._local[fingerprint] = text
            if len(self._local) > self._capacity:
                self._local.popitem(last=False)
        if self._remote is not None:
            # Without Redis this process still knows it; the others learn it when they see it.
            with contextlib.suppress(RedisUnavailable):
                self._remote.set(_PREFIX + fingerprint, text)

    def recall(self, tenant: str, fingerprint: str) -> dict[str, Any] | None:
        """The spec ``tenant`` used under ``fingerprint``, or None."""
        fingerprint = f"{tenant}:{fingerprint}"
        with self._lock:
            text = self._local.get(fingerprint)
        if text is None and self._remote is not None:
            try:
                text = self._remote.get(_PREFIX + fingerprint)
            except RedisUnavailable:
                text = None
        if text is None:
            return None
        spec: dict[str, Any] = json.loads(text)
        return spec
