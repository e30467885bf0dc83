"""Budgets: each tenant's limits, in cost units, counted with the ``limits`` library.

The counts live in Redis when ``MAUBINH_REDIS_URL`` is set (one budget for
every worker and instance) and in the process otherwise.  A request first
looks whether it fits every limit of its tenant, then spends its cost in
each; when Redis fails the request is answered anyway (fail open, counted
in ``maubinh_limiter_failures_total``) and Redis is left alone for a while,
as the result cache does.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from limits import RateLimitItem
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter

from .metrics import LIMITER_FAILURES

logger = logging.getLogger(__name__)

#: Spent budgets and refusals each process remembers (tenants, and client addresses sending wrong keys).
_SPENT_REMEMBERED = 10_000

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Window:
    """One limit as it stands: what it allows, what is left and when it refills."""

    text: str  #: the limit as the tenants file wrote it ("50/second")
    amount: int
    seconds: int
    remaining: int
    reset_in: int  #: seconds until the window has refilled enough for anything (>= 1 when spent)


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether a request of some cost may go on, and the windows after it."""

    allowed: bool
    windows: tuple[Window, ...]
    retry_after: int = 0  #: when refused: seconds until the cost fits
    counted: bool = True  #: False when the store failed and the request went on uncounted
    cost: int | None = None  #: what the request cost, when worked out (None: refused before)
    early: bool = False  #: refused again before the Retry-After of the previous refusal had passed


class Budgets:
    """Spend and read tenants' budgets in a shared store (Redis) or this process."""

    def __init__(self, redis_url: str | None = None, *, timeout: float = 0.05, retry_after: float = 5.0) -> None:
        self._memory = MemoryStorage()
        self._sweeper = _Sweeper(self._memory)
        self._shared: Storage | None = None  # the synchronous storage: a redis:// URL gives one
        if redis_url:
            self._shared = storage_from_string(  # type: ignore[assignment]
                redis_url, socket_timeout=timeout, socket_connect_timeout=timeout, wrap_exceptions=True
            )
        # One limiter per store, built once: every request of every tenant asks one.
        self._memory_limiter = SlidingWindowCounterRateLimiter(self._memory)
        self._shared_limiter = None if self._shared is None else SlidingWindowCounterRateLimiter(self._shared)
        self._retry_after = retry_after
        self._down_until = 0.0
        # Tenants whose budget is spent to the last unit, and until when (this process's memory
        # of the shared count): refused at once, with no store call and no body read.
        self._spent_until: dict[str, tuple[float, tuple[Window, ...]]] = {}
        # When each refused caller was told it could come back (its last Retry-After).
        self._told_until: dict[str, float] = {}

    def _limiter(self) -> SlidingWindowCounterRateLimiter | None:
        if self._shared_limiter is None:
            if not self._sweeper.is_alive():  # a new process (gunicorn forks after building the app)
                self._sweeper = _Sweeper(self._memory)
            return self._memory_limiter
        if time.monotonic() < self._down_until:
            return None
        return self._shared_limiter

    def spend(
        self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...], cost: int | Callable[[], int]
    ) -> Decision:
        """Spend ``cost`` units of every limit, or none when one would be exceeded.

        ``cost`` may be a function, called only when the budget is not known to
        be spent: a tenant past its limits to the last unit is refused without
        a store call or its body being read, until its window refills, so that
        a flood of refused batches costs the service little.  A refusal says
        whether the caller came back before the previous one's Retry-After
        (``early``)."""
        decision = self._decide(tenant, limits, texts, cost)
        if not decision.allowed:
            now = time.monotonic()
            early = now < self._told_until.get(tenant, 0.0)
            _remember(self._told_until, tenant, now + decision.retry_after)
            if early:
                return replace(decision, early=True)
        return decision

    def _decide(
        self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...], cost: int | Callable[[], int]
    ) -> Decision:
        if not limits:
            return Decision(True, ())
        limiter = self._limiter()
        if limiter is None:
            return self._uncounted(limits, texts)
        spent = self._spent_until.get(tenant)
        if spent is not None:
            now = time.monotonic()
            if now < spent[0]:
                return Decision(False, spent[1], retry_after=max(1, math.ceil(spent[0] - now)), cost=None)
            del self._spent_until[tenant]
        try:
            cost = cost() if callable(cost) else cost
            # With several limits, test() first, so that a request one limit refuses spends
            # nothing of the others; hit() checks and spends atomically (one Lua script in
            # Redis), so that two workers racing for the last units cannot both have them.
            fits = [True] if len(limits) == 1 else [limiter.test(item, tenant, cost=cost) for item in limits]
            if all(fits):
                fits = [limiter.hit(item, tenant, cost=cost) for item in limits]
            if not all(fits):
                refused = _refused(limiter, tenant, limits, texts, fits, cost=cost)
                if any(window.remaining < 1 for window in refused.windows):
                    _remember(self._spent_until, tenant, (time.monotonic() + refused.retry_after, refused.windows))
                return refused
            windows = tuple(_window(limiter, item, text, tenant) for item, text in zip(limits, texts, strict=True))
        except Exception as error:
            self._failed(error)
            return self._uncounted(limits, texts)
        return Decision(True, windows, cost=cost)

    def windows(self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...]) -> tuple[Window, ...]:
        """The windows as they stand, spending nothing."""
        limiter = self._limiter()
        if limiter is None or not limits:
            return self._uncounted(limits, texts).windows
        try:
            return tuple(_window(limiter, item, text, tenant) for item, text in zip(limits, texts, strict=True))
        except Exception as error:
            self._failed(error)
            return self._uncounted(limits, texts).windows

    def _failed(self, error: Exception) -> None:
        LIMITER_FAILURES.inc()
        self._down_until = time.monotonic() + self._retry_after
        logger.warning("rate-limit store unavailable, requests go on uncounted: %s", error)

    @staticmethod
    def _uncounted(limits: tuple[RateLimitItem, ...], texts: tuple[str, ...]) -> Decision:
        windows = tuple(
            Window(text, item.amount, item.get_expiry(), item.amount, item.get_expiry())
            for item, text in zip(limits, texts, strict=True)
        )
        return Decision(True, windows, counted=False)


class _Sweeper(threading.Thread):
    """One thread per process that drops the memory store's expired counts once a second.

    ``limits``' MemoryStorage expires counts with a ``threading.Timer`` of 10 ms that it starts
    again, a new thread each time, whenever a count changes and the last timer has run out:
    under load that is a hundred threads a second per process, and bench/fairness.py measured
    classify at 0.66x of the service without limits with it, 0.91x without.  The store starts no
    timer while its ``timer`` is alive, so this thread takes that place and sweeps instead."""

    def __init__(self, store: MemoryStorage, every: float = 1.0) -> None:
        super().__init__(name="budget-sweeper", daemon=True)
        self._store = store
        self._every = every
        store.timer = self  # type: ignore[assignment]  # see the class's comment
        self.start()

    def run(self) -> None:
        while self._owns_store():  # until another sweeper (or timer) took the store
            time.sleep(self._every)
            sweep(self._store)

    def _owns_store(self) -> bool:
        timer: object = self._store.timer
        return timer is self


def sweep(store: MemoryStorage, now: float | None = None) -> int:
    """Drop the counts whose expiry has passed (the store's own rule); how many went."""
    now = time.time() if now is None else now
    expired = [key for key, expiry in list(store.expirations.items()) if expiry <= now]
    for key in expired:
        store.storage.pop(key, None)
        store.expirations.pop(key, None)
        store.locks.pop(key, None)
    return len(expired)


def _remember(memory: dict[str, T], key: str, value: T) -> None:
    """Keep ``value`` under ``key``, forgetting everything first when the memory is full
    (client addresses are many: it stays small)."""
    if len(memory) >= _SPENT_REMEMBERED and key not in memory:
        memory.clear()
    memory[key] = value


def _refused(
    limiter: SlidingWindowCounterRateLimiter,
    tenant: str,
    limits: tuple[RateLimitItem, ...],
    texts: tuple[str, ...],
    fits: list[bool],
    *,
    cost: int | None,
) -> Decision:
    windows = tuple(_window(limiter, item, text, tenant) for item, text in zip(limits, texts, strict=True))
    spent = [window.reset_in for window, fit in zip(windows, fits, strict=True) if not fit]
    return Decision(False, windows, retry_after=max([1, *spent]), cost=cost)


def _window(limiter: SlidingWindowCounterRateLimiter, item: RateLimitItem, text: str, tenant: str) -> Window:
    reset_at, remaining = limiter.get_window_stats(item, tenant)
    left = math.ceil(reset_at - time.time())
    reset_in = max(1, left) if remaining <= 0 else max(0, left)
    return Window(text, item.amount, item.get_expiry(), max(0, remaining), reset_in)
