"""Budgets: each tenant's limits, in cost units, kept in a store every worker shares.

The store (:mod:`~maubinh_api.infra.limit_store`) is the instance's own SQLite file by default, or a
Redis that every instance shares (``MAUBINH_LIMITS_REDIS_URL``, never the cache's own).  A Redis
that may evict keys would let a flood of other keys reset every tenant's limits, so the service
refuses to start on one (:func:`refuse_an_evicting_store`) unless the operator says the counts may
be evicted (``MAUBINH_LIMITS_EVICTABLE``).

A limit of ``amount`` units per ``seconds`` gives a unit back every ``seconds / amount`` seconds
and holds at most ``amount``: ``12/6second`` is a unit every half second, twelve at most, all of
them back six seconds after the last was spent.  A request spends its whole cost at once in every
limit of its tenant, or nothing.  Refused, it is told when the same request will fit
(``Retry-After``, whole seconds), and that holds: the store keeps the moment, every worker refuses
the tenant until then without reading its bodies (``early``: a platform over its limit slows down
as a whole, and a client looping on its 429s costs a lookup per request), and at that moment the
same request fits, unless the tenant's other requests spent the room meanwhile.  A request that
costs more than a whole limit is told it never fits (``exceeds``); spent with ``drain``, it spends
what is left of each limit and the tenant is told to wait until a unit is back.  Units reserved and
not used are given back (:meth:`Budgets.give_back`).

Only an error of the store itself is a store failure: the request is then answered anyway (fail
open, counted in ``maubinh_limiter_failures_total``) and the store is left alone for a while.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

import redis
from limits import RateLimitItem

from .config import ConfigError
from .limit_store import TOLERANCE, LimitStore, Rate, RedisLimits, SQLiteLimits, Standing, instance_file
from .metrics import LIMITER_FAILURES, LIMITS_EVICTABLE

logger = logging.getLogger(__name__)

#: Refused callers each process remembers the wait of (tenants, and client addresses sending wrong keys).
_TOLD_REMEMBERED: Final = 10_000
#: What a store failing raises (the rest is the network's).
STORE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, OSError, redis.RedisError, ConnectionError, TimeoutError)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Window:
    """One limit as it stands: what it allows, what is left and when it is whole again."""

    text: str  #: the limit as the tenants file wrote it ("50/second")
    amount: int
    seconds: int
    remaining: int  #: units left (a tenant told to wait spends none of them until then)
    reset_in: int  #: whole seconds until all of ``amount`` is back (0: it is)


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether a request of some cost may go on, and the windows after it."""

    allowed: bool
    windows: tuple[Window, ...]
    retry_after: int = 0  #: when refused: whole seconds until the same request fits (0 with ``exceeds``)
    counted: bool = True  #: False when the store failed and the request went on uncounted
    cost: int | None = None  #: what the request cost, when worked out (None: refused before)
    early: bool = False  #: refused before its cost was looked at: the tenant was told to wait
    exceeds: Window | None = None  #: the limit this request costs more than, whole: it can never fit


def rates_of(limits: tuple[RateLimitItem, ...]) -> tuple[Rate, ...]:
    """The store's form of a tenant's limits (the ``limits`` library reads the tenants file's)."""
    return tuple(Rate(item.amount, item.get_expiry()) for item in limits)


def budget_store(redis_url: str | None, file: Path | None = None, *, timeout: float = 0.05) -> LimitStore:
    """Where the budgets live: a Redis every instance shares, or this instance's file."""
    if redis_url:
        return RedisLimits(redis_url, timeout=timeout)
    return SQLiteLimits(file or instance_file())


def eviction_policy(store: LimitStore) -> str | None:
    """The budgets' Redis's ``maxmemory-policy`` (from ``INFO memory``, which managed Redis allow
    where ``CONFIG`` is not), None for the instance's file; raises what the store raises. Each
    answer sets ``maubinh_limits_store_evictable`` (an alert's: docs/operations.md, "Alerts")."""
    if not isinstance(store, RedisLimits):
        LIMITS_EVICTABLE.set(0)
        return None
    policy: str = store.client.info("memory").get("maxmemory_policy", "unknown")
    LIMITS_EVICTABLE.set(0 if policy == "noeviction" else 1)
    return policy


def refuse_an_evicting_store(store: LimitStore, *, evictable: bool) -> None:
    """Refuse (a :class:`ConfigError`: the service does not start) a budgets' Redis that may evict
    them, unless ``evictable``.  A Redis that does not answer now is let be (the service counts
    open while it is down), and logged."""
    try:
        policy = eviction_policy(store)
    except STORE_ERRORS as error:
        logger.warning("the rate-limit counts' Redis does not answer; its eviction policy is unchecked: %s", error)
        return
    if policy is None or policy == "noeviction" or evictable:
        return
    raise ConfigError(
        f"MAUBINH_LIMITS_REDIS_URL's Redis has maxmemory-policy {policy}: it may evict the rate-limit counts, "
        "and a flood of other keys would then reset every tenant's limits; give the counts a Redis with "
        "maxmemory-policy noeviction, or set MAUBINH_LIMITS_EVICTABLE=true to accept that"
    )


def store_report(store: LimitStore, *, detailed: bool) -> str:
    """What ``/readyz`` says of the store: where the counts live, in general words, and (``detailed``,
    for an operator) a Redis's eviction policy."""
    if isinstance(store, SQLiteLimits):
        return "instance file"
    try:
        policy = eviction_policy(store)
    except STORE_ERRORS:
        return "redis (unavailable)"
    if policy == "noeviction":
        return "redis"
    return f"redis, maxmemory-policy {policy}: cached answers can evict the counts" if detailed else "redis (may evict)"


class Budgets:
    """Spend and read tenants' budgets in a store every worker shares.

    ``clock`` measures the waits this process remembers (``time.monotonic``)."""

    def __init__(
        self, store: LimitStore, *, retry_after: float = 5.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self._retry_after = retry_after
        self.clock = clock
        self._down_until = 0.0
        # When each refused caller was told it could come back, when it was told, and the windows it was shown.
        self._told: dict[str, tuple[float, float, tuple[Window, ...]]] = {}

    def early(self, tenant: str) -> Decision | None:
        """The refusal of a caller this process told to wait and that came back before the time it
        was told (from memory: no store call, no body read), or None."""
        told = self._told.get(tenant)
        if told is None:
            return None
        until, at, windows = told
        now = self.clock()
        if until - now <= 0:
            del self._told[tenant]
            return None
        seconds = max(1, math.ceil(until - now - TOLERANCE))
        return Decision(False, _waiting(windows, now - at), retry_after=seconds, early=True)

    def spend(
        self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...], cost: int, *, drain: bool = False
    ) -> Decision:
        """Spend ``cost`` units of every limit, or none when one would be exceeded (and tell the
        tenant when the same request fits).  A cost larger than a whole limit never fits: nothing is
        spent, unless ``drain``, which spends what is left of each limit (up to the cost) and tells
        the tenant to wait until a unit is back."""
        if not limits:
            return Decision(True, ())
        found = self.early(tenant)
        if found is not None:
            return found
        if time.monotonic() < self._down_until:
            return _uncounted(limits, texts, cost)
        rates = rates_of(limits)
        exceeds = next((index for index, rate in enumerate(rates) if cost > rate.amount), None)
        try:
            if exceeds is None:
                standing = self.store.spend(tenant, rates, cost)
            elif drain:
                standing = self.store.spend(tenant, rates, cost, drain=True)
            else:
                standing = self.store.standing(tenant, rates)
        except STORE_ERRORS as error:
            self._failed(error)
            return _uncounted(limits, texts, cost)
        windows = _windows(rates, texts, standing)
        if exceeds is not None:
            if drain:
                self._remember(tenant, standing.told, windows)
            return Decision(False, windows, cost=cost, exceeds=windows[exceeds])
        if standing.allowed:
            return Decision(True, windows, cost=cost)
        self._remember(tenant, standing.told, windows)
        told = math.ceil(standing.told - TOLERANCE) if standing.early else int(standing.told)
        return Decision(
            False, windows, retry_after=max(1, told), cost=None if standing.early else cost, early=standing.early
        )

    def give_back(self, tenant: str, limits: tuple[RateLimitItem, ...], units: int) -> None:
        """Give back ``units`` spent and not used (never more than makes a limit whole).  A failing
        store gives nothing back, and is left alone as when spending."""
        if units <= 0 or not limits or time.monotonic() < self._down_until:
            return
        try:
            self.store.give_back(tenant, rates_of(limits), units)
        except STORE_ERRORS as error:
            self._failed(error)

    def windows(self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...]) -> tuple[Window, ...]:
        """The windows as they stand, spending nothing."""
        if not limits or time.monotonic() < self._down_until:
            return _uncounted(limits, texts, None).windows
        try:
            standing = self.store.standing(tenant, rates_of(limits))
        except STORE_ERRORS as error:
            self._failed(error)
            return _uncounted(limits, texts, None).windows
        return _windows(rates_of(limits), texts, standing)

    def _remember(self, tenant: str, seconds: float, windows: tuple[Window, ...]) -> None:
        """Keep until when ``tenant`` was told to wait (``seconds`` from now), forgetting everyone
        first when the memory is full (client addresses are many: it stays small)."""
        if len(self._told) >= _TOLD_REMEMBERED and tenant not in self._told:
            self._told.clear()
        now = self.clock()
        self._told[tenant] = (now + seconds, now, windows)

    def _failed(self, error: Exception) -> None:
        LIMITER_FAILURES.inc()
        self._down_until = time.monotonic() + self._retry_after
        logger.warning("rate-limit store unavailable, requests go on uncounted: %s", error)


def _windows(rates: tuple[Rate, ...], texts: tuple[str, ...], standing: Standing) -> tuple[Window, ...]:
    """Each limit as the store's answer leaves it: the units left and the whole seconds until all
    of them are back."""
    windows = []
    for rate, text, owed in zip(rates, texts, standing.owed, strict=True):
        free = (rate.seconds - owed + TOLERANCE) / rate.interval
        remaining = min(rate.amount, max(0, math.floor(free)))
        windows.append(Window(text, rate.amount, rate.seconds, remaining, max(0, math.ceil(owed - TOLERANCE))))
    return tuple(windows)


def _waiting(windows: tuple[Window, ...], elapsed: float) -> tuple[Window, ...]:
    """The windows shown ``elapsed`` seconds after they were to a caller told to wait (answers to
    it say no unit may be spent until then: ``rate_limit_fields``' ``waiting``)."""
    return tuple(
        Window(
            window.text, window.amount, window.seconds, window.remaining, max(0, math.ceil(window.reset_in - elapsed))
        )
        for window in windows
    )


def _uncounted(limits: tuple[RateLimitItem, ...], texts: tuple[str, ...], cost: int | None) -> Decision:
    windows = tuple(
        Window(text, item.amount, item.get_expiry(), item.amount, 0) for item, text in zip(limits, texts, strict=True)
    )
    return Decision(True, windows, counted=False, cost=cost)
