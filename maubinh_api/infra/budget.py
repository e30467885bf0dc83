"""Budgets: each tenant's limits, in cost units, counted with the ``limits`` library.

The counts live in a store every worker of an instance shares: the instance's
own SQLite file (:mod:`~maubinh_api.infra.limit_store`) by default, or a Redis
that every instance shares (``MAUBINH_LIMITS_REDIS_URL``, never the cache's
own).  A Redis that may evict keys would let a flood of other keys reset every
tenant's limits, so the service refuses to start on one
(:func:`refuse_an_evicting_store`) unless the operator says the counts may be
evicted (``MAUBINH_LIMITS_EVICTABLE``).  A request first
checks that it fits every limit of its tenant, then spends its cost in each.
Only an error of the store itself is a store failure: the request is then
answered anyway (fail open, counted in ``maubinh_limiter_failures_total``) and
the store is left alone for a while.  A request the service refuses for its own
content (a 413, a 422) is never one.

A refusal says when the request will fit (``Retry-After``), worked out from the
counts of the sliding windows, so that a client that waits exactly that long and
sends it again gets its answer (unless its own other requests spent the room
meanwhile); a request that costs more than a whole limit is told it never fits
(and, spent with ``drain``, still spends all that is left of each limit and is
told to wait until a unit is free again: what it cost to read such a request is
paid, and sending it again at once is an early refusal).  Units reserved and not used (a bounded
search that stopped early) are given back (:meth:`Budgets.give_back`).
A tenant refused is refused as a whole until the moment it was told: its
requests until then are refused at once, from this process's memory, without
their bodies being read (``early``), and told the time that is left.  A
platform over its limit slows down as a whole, and a client looping on its
429s costs the service a lookup per request, not a body read and a store call.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar, cast

import redis
from limits import RateLimitItem
from limits.errors import StorageError
from limits.storage import RedisStorage, Storage, storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter

from .config import ConfigError
from .limit_store import SQLiteStorage, instance_file
from .metrics import LIMITER_FAILURES, LIMITS_EVICTABLE

logger = logging.getLogger(__name__)

#: Refused callers each process remembers the Retry-After of (tenants, and client addresses sending wrong keys).
_TOLD_REMEMBERED = 10_000
#: What a store failing raises (each storage wraps its own errors in StorageError; the rest is the network's).
STORE_ERRORS: tuple[type[Exception], ...] = (
    StorageError,
    sqlite3.Error,
    redis.RedisError,
    ConnectionError,
    TimeoutError,
)

#: A sliding window's state as the storages give it: (previous count, seconds the previous one
#: still weighs, current count, seconds the current one lives).
WindowState = tuple[int, float, int, float]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Window:
    """One limit as it stands: what it allows, what is left and when it has refilled."""

    text: str  #: the limit as the tenants file wrote it ("50/second")
    amount: int
    seconds: int
    remaining: int
    reset_in: int  #: whole seconds until all of ``amount`` is free again (0: it is)


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether a request of some cost may go on, and the windows after it."""

    allowed: bool
    windows: tuple[Window, ...]
    retry_after: int = 0  #: when refused: whole seconds until the cost fits (0 with ``exceeds``)
    counted: bool = True  #: False when the store failed and the request went on uncounted
    cost: int | None = None  #: what the request cost, when worked out (None: refused before)
    early: bool = False  #: refused again before the Retry-After of the previous refusal had passed
    exceeds: Window | None = None  #: the limit this request costs more than, whole: it can never fit


def budget_store(redis_url: str | None, file: Path | None = None, *, timeout: float = 0.05) -> Storage:
    """Where the counts live: a Redis every instance shares, or this instance's file."""
    if redis_url:
        store = storage_from_string(
            redis_url, socket_timeout=timeout, socket_connect_timeout=timeout, wrap_exceptions=True
        )
        return cast(Storage, store)  # a redis:// URL gives the synchronous storage
    return SQLiteStorage(path=file or instance_file(), wrap_exceptions=True)


def eviction_policy(store: Storage) -> str | None:
    """The counts' Redis's ``maxmemory-policy`` (from ``INFO memory``, which managed Redis allow
    where ``CONFIG`` is not), None for the instance's file; raises what the store raises. Each
    answer sets ``maubinh_limits_store_evictable`` (an alert's: docs/operations.md, "Alerts")."""
    if not isinstance(store, RedisStorage):
        LIMITS_EVICTABLE.set(0)
        return None
    client = cast(redis.Redis, store.get_connection())
    policy: str = client.info("memory").get("maxmemory_policy", "unknown")
    LIMITS_EVICTABLE.set(0 if policy == "noeviction" else 1)
    return policy


def refuse_an_evicting_store(store: Storage, *, evictable: bool) -> None:
    """Refuse (a :class:`ConfigError`: the service does not start) a counts' Redis that may evict
    them, unless ``evictable``.  A Redis that does not
    answer now is let be (the service counts open while it is down), and logged."""
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


def store_report(store: Storage, *, detailed: bool) -> str:
    """What ``/readyz`` says of the store: where the counts live, in general words, and (``detailed``,
    for an operator) a Redis's eviction policy."""
    if isinstance(store, SQLiteStorage):
        return "instance file"
    if not isinstance(store, RedisStorage):
        return type(store).__name__
    try:
        policy = eviction_policy(store)
    except STORE_ERRORS:
        return "redis (unavailable)"
    if policy == "noeviction":
        return "redis"
    return f"redis, maxmemory-policy {policy}: cached answers can evict the counts" if detailed else "redis (may evict)"


class Budgets:
    """Spend and read tenants' budgets in a store every worker shares.

    ``clock`` measures the waits this process remembers (``time.monotonic``; tests pass the
    clock their store runs on)."""

    def __init__(
        self, store: Storage, *, retry_after: float = 5.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self._limiter = SlidingWindowCounterRateLimiter(store)
        self._retry_after = retry_after
        self._clock = clock
        self._down_until = 0.0
        # When each refused caller was told it could come back, and the windows it was shown.
        self._told: dict[str, tuple[float, tuple[Window, ...]]] = {}

    def spend(
        self,
        tenant: str,
        limits: tuple[RateLimitItem, ...],
        texts: tuple[str, ...],
        cost: int | Callable[[], int],
        *,
        drain: bool = False,
        whole: int = 0,
    ) -> Decision:
        """Spend ``cost`` units of every limit, or none when one would be exceeded; with ``drain``,
        a cost larger than a whole limit still spends all that is left of each limit (at most the
        cost) before it is refused.  ``whole``: what the request costs in all when ``cost`` is the
        rest of it (part was spent before): larger than a whole limit, it never fits.

        ``cost`` may be a function, called only when the caller is not early: a tenant
        refused is refused without its bodies being read until its Retry-After has passed.
        Whatever ``cost`` raises (the request's own faults) goes to the caller."""
        if not limits:
            return Decision(True, ())
        now = self._clock()
        told = self._told.get(tenant)
        if told is not None and now < told[0]:
            # The moment it was told is whole seconds after its refusal: what is left, rounded up.
            return Decision(False, told[1], retry_after=max(1, math.ceil(told[0] - now - 1e-9)), early=True)
        units = cost() if callable(cost) else cost
        if time.monotonic() < self._down_until:
            return _uncounted(limits, texts, units)
        try:
            decision = self._decide(tenant, limits, texts, units, drain=drain, whole=max(whole, units))
        except STORE_ERRORS as error:
            self._failed(error)
            return _uncounted(limits, texts, units)
        if decision.allowed:
            self._told.pop(tenant, None)
        elif decision.exceeds is None:
            _remember(self._told, tenant, (now + decision.retry_after, decision.windows))
        elif drain:  # emptied: the tenant waits until a unit is free again, as after a 429
            _remember(self._told, tenant, (now + self._refill(tenant, limits), decision.windows))
        return decision

    def _refill(self, tenant: str, limits: tuple[RateLimitItem, ...]) -> int:
        """Whole seconds until one unit fits every limit again."""
        waits = [seconds_until_fits(self._state(item, tenant), item.amount, item.get_expiry(), 1) for item in limits]
        return whole_seconds(max(waits))

    def give_back(self, tenant: str, limits: tuple[RateLimitItem, ...], units: int) -> None:
        """Give back ``units`` spent and not used, to each limit's current window (never below
        nothing: what a window has counted since is not taken away twice).  A failing store
        gives nothing back, and is left alone as when spending."""
        if units <= 0 or not limits or time.monotonic() < self._down_until:
            return
        try:
            for item in limits:
                key = item.key_for(tenant)
                if isinstance(self.store, SQLiteStorage):
                    self.store.give_back(key, item.get_expiry(), units)
                else:
                    give_back_in_redis(cast(RedisStorage, self.store), key, units)
        except STORE_ERRORS as error:
            self._failed(error)

    def _decide(
        self,
        tenant: str,
        limits: tuple[RateLimitItem, ...],
        texts: tuple[str, ...],
        cost: int,
        *,
        drain: bool,
        whole: int,
    ) -> Decision:
        for item in limits:
            if whole > item.amount:
                if drain:
                    self._drain(tenant, limits, cost)
                windows = self._windows(tenant, limits, texts)
                return Decision(False, windows, cost=cost, exceeds=windows[limits.index(item)])
        if isinstance(self.store, SQLiteStorage):  # every limit tested, spent and read in one transaction
            fits, states = self.store.spend(
                [(item.key_for(tenant), item.amount, item.get_expiry()) for item in limits], cost
            )
        else:
            # With several limits, test() first, so that a request one limit refuses spends nothing
            # of the others; hit() checks and spends atomically (one Lua script in Redis), so that
            # two workers racing for the last units cannot both have them.
            fits = len(limits) == 1 or all(self._limiter.test(item, tenant, cost=cost) for item in limits)
            if fits:
                hits = [self._limiter.hit(item, tenant, cost=cost) for item in limits]  # every one, even after a miss
                fits = all(hits)
            states = [self._state(item, tenant) for item in limits]
        windows = tuple(_window(item, text, state) for item, text, state in zip(limits, texts, states, strict=True))
        if fits:
            return Decision(True, windows, cost=cost)
        waits = [
            seconds_until_fits(state, item.amount, item.get_expiry(), cost)
            for item, state in zip(limits, states, strict=True)
        ]
        return Decision(False, windows, retry_after=whole_seconds(max(waits)), cost=cost)

    def _drain(self, tenant: str, limits: tuple[RateLimitItem, ...], cost: int) -> None:
        """Spend in each limit what is left of it, at most ``cost``."""
        for item in limits:
            left = _window(item, "", self._state(item, tenant)).remaining
            if left > 0:
                self._limiter.hit(item, tenant, cost=min(cost, left))

    def windows(self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...]) -> tuple[Window, ...]:
        """The windows as they stand, spending nothing."""
        if not limits or time.monotonic() < self._down_until:
            return _uncounted(limits, texts, None).windows
        try:
            return self._windows(tenant, limits, texts)
        except STORE_ERRORS as error:
            self._failed(error)
            return _uncounted(limits, texts, None).windows

    def _windows(self, tenant: str, limits: tuple[RateLimitItem, ...], texts: tuple[str, ...]) -> tuple[Window, ...]:
        return tuple(_window(item, text, self._state(item, tenant)) for item, text in zip(limits, texts, strict=True))

    def _state(self, item: RateLimitItem, tenant: str) -> WindowState:
        state: WindowState = self.store.get_sliding_window(item.key_for(tenant), item.get_expiry())  # type: ignore[attr-defined]
        return state

    def _failed(self, error: Exception) -> None:
        LIMITER_FAILURES.inc()
        self._down_until = time.monotonic() + self._retry_after
        logger.warning("rate-limit store unavailable, requests go on uncounted: %s", error)


#: Gives back up to ARGV[1] units of the current window KEYS[1], never below 0; what it gave back.
_GIVE_BACK: Final = """
local count = tonumber(redis.call('get', KEYS[1]) or '0')
local back = math.min(count, tonumber(ARGV[1]))
if back > 0 then redis.call('decrby', KEYS[1], back) end
return back
"""


def give_back_in_redis(store: RedisStorage, key: str, units: int) -> int:
    """Give back ``units`` of a sliding window's current count in Redis, never below 0.  The key is
    the ``limits`` library's own for the current window (``{key}`` under its prefix; a test checks
    it against the library, which names it in a method of its own)."""
    client = cast(redis.Redis, store.get_connection())
    current = store.prefixed_key("{" + key + "}")
    given: int = client.eval(_GIVE_BACK, 1, current, units)
    return given


def seconds_until_fits(state: WindowState, amount: int, expiry: int, cost: int) -> float:
    """Seconds from now until ``cost`` more units fit in a sliding window of ``amount``
    units per ``expiry`` seconds, nothing else being spent meanwhile (0: they fit now;
    they fit at any moment *after* the time given).

    The window counts ``floor(previous * weight / expiry) + current``, where the previous
    window's weight falls by a second each second; when the current window ends, its count
    becomes the previous one.  ``cost`` must be at most ``amount``.

    >>> seconds_until_fits((0, 0.0, 20, 119.0), 20, 60, 1)  # 20/minute, all spent 1 s into a window
    59.0
    >>> seconds_until_fits((20, 30.0, 0, 90.0), 20, 60, 15)  # all spent last minute, half of this one over
    12.0
    """
    previous, weight, current, lives = state
    room = amount - cost - current + 1  # the previous window's weighted count must fall below it
    if room > 0:
        if previous * weight / expiry < room:
            return 0.0
        return max(0.0, weight - room * expiry / previous)
    # The current window alone holds too much: it must become the previous one and fade.
    ends = max(0.0, lives - expiry)
    room = amount - cost + 1
    if current < room:
        return ends
    return ends + expiry - room * expiry / current


def whole_seconds(seconds: float) -> int:
    """The whole number of seconds that is strictly more than ``seconds`` (a Retry-After after
    which the request fits), at least 1, and a microsecond more at least: the stores' float
    arithmetic may put the moment a hair later than computed here.

    >>> whole_seconds(0.0), whole_seconds(2.3), whole_seconds(3.0)
    (1, 3, 4)
    """
    return max(1, math.floor(seconds + 1e-6) + 1)


def _window(item: RateLimitItem, text: str, state: WindowState) -> Window:
    previous, weight, current, lives = state
    expiry = item.get_expiry()
    used = math.floor(previous * weight / expiry + current)
    refilled = lives if current else weight if previous else 0.0
    return Window(text, item.amount, expiry, max(0, item.amount - used), math.ceil(refilled))


def _uncounted(limits: tuple[RateLimitItem, ...], texts: tuple[str, ...], cost: int | None) -> Decision:
    windows = tuple(
        Window(text, item.amount, item.get_expiry(), item.amount, 0) for item, text in zip(limits, texts, strict=True)
    )
    return Decision(True, windows, counted=False, cost=cost)


def _remember(memory: dict[str, T], key: str, value: T) -> None:
    """Keep ``value`` under ``key``, forgetting everything first when the memory is full
    (client addresses are many: it stays small)."""
    if len(memory) >= _TOLD_REMEMBERED and key not in memory:
        memory.clear()
    memory[key] = value
