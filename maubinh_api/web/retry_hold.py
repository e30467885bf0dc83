"""Early retries wait: a caller refused with 429 that comes back before its Retry-After.

A 429 tells the caller when to come back.  A client that honours it never
waits here.  A client that does not, looping on refused requests as fast as
the answers come, would otherwise take both cores answering 429s, and every
other platform's requests would wait behind them (bench/fairness.py measured
that; docs/operations.md has the figures).  So an early refusal is answered
late:

- **behind the front** (``front``: deploy/serve.sh runs nginx), the worker
  answers at once with ``X-Accel-Redirect`` to the front's ``/_front/held/``
  location, and nginx holds the 429 on a timer, at most ``rate`` a second per
  caller and two a second per connection (deploy/nginx.conf.template): no
  thread waits, so any number of looping connections cost the workers a few
  dozen cheap refusals a second;
- **without it**, the answer waits ``seconds`` in its thread (never longer
  than the Retry-After it answers with), at most ``slots`` at once per process,
  so that paused answers cannot take every thread; beyond that, refusals are
  answered at once.  With sync workers (one thread) there are no slots.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from typing import Final

from ..infra.budget import Decision
from ..infra.metrics import HELD_RETRIES
from .context import ANONYMOUS

#: What a caller's name may hold in the front's held location (a tenant's name, a client address).
_CALLER: Final = re.compile(r"[^A-Za-z0-9._:-]")


class RetryHold:
    """Hold refusals of callers that came back too early: at the front, or a few threads at a time."""

    def __init__(
        self, seconds: float, slots: int, *, front: bool = False, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.seconds = seconds
        self.front = front
        self._slots = threading.BoundedSemaphore(slots) if slots > 0 and seconds > 0 else None
        self._sleep = sleep

    def hold(self, decision: Decision, caller: str) -> dict[str, str]:
        """Hold ``decision`` when it is an early refusal: the headers that ask the front to hold it,
        or (without the front) after a pause in this thread when a slot is free, none.  ``caller``
        names who is held (a tenant, or a client address sending wrong keys) and labels the metric."""
        if not decision.early or self.seconds <= 0:
            return {}
        if self.front:
            HELD_RETRIES.labels(tenant=_label(caller)).inc()
            name = _CALLER.sub("-", caller)[:80] or ANONYMOUS
            return {"X-Accel-Redirect": f"/_front/held/{name}/{decision.retry_after}"}
        if self._slots is None or not self._slots.acquire(blocking=False):
            return {}
        try:
            HELD_RETRIES.labels(tenant=_label(caller)).inc()
            self._sleep(min(self.seconds, float(decision.retry_after)))
        finally:
            self._slots.release()
        return {}


#: The metrics' tenant of held retries without a valid key (client addresses would be unbounded).
UNAUTHENTICATED: Final = "unauthenticated"


def _label(caller: str) -> str:
    """The metric's label: a tenant's name, or :data:`UNAUTHENTICATED` for an address."""
    return UNAUTHENTICATED if caller.startswith("address:") else caller
