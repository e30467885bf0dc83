"""Early retries wait: a caller refused with 429 that comes back before its Retry-After.

A 429 tells the caller when to come back.  A client that honours it never
waits here.  A client that does not, looping on refused requests as fast as
the answers come, would otherwise take both cores answering 429s, and every
other platform's requests would wait behind them (bench/fairness.py measured
that; docs/operations.md has the figures).  So a refusal that comes before
the previous refusal's Retry-After is answered after a pause of
``seconds`` (never longer than the Retry-After it answers with): a flooding
client then sends two requests a second per connection instead of hundreds.

A paused answer holds a worker thread asleep: no CPU, but a thread.  At most
``slots`` are held at once per process, so that paused answers cannot take
every thread; beyond that, refusals are answered at once.  With sync workers
(one thread) there are no slots.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..infra.budget import Decision
from ..infra.metrics import HELD_RETRIES


class RetryHold:
    """Pause refusals of callers that came back too early, a few at a time."""

    def __init__(self, seconds: float, slots: int, *, sleep: Callable[[float], None] = time.sleep) -> None:
        self.seconds = seconds
        self._slots = threading.BoundedSemaphore(slots) if slots > 0 and seconds > 0 else None
        self._sleep = sleep

    def pause(self, decision: Decision, caller: str) -> bool:
        """Wait before answering ``decision`` when it is an early retry and a slot is
        free; whether it waited.  ``caller`` labels the metric (a tenant's name)."""
        if not decision.early or self._slots is None or not self._slots.acquire(blocking=False):
            return False
        try:
            HELD_RETRIES.labels(tenant=caller).inc()
            self._sleep(min(self.seconds, float(decision.retry_after)))
        finally:
            self._slots.release()
        return True
