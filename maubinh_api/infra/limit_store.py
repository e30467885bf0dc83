"""Where the tenants' budgets stand, shared by every worker: one number per limit, and a wait told.

Each limit of ``amount`` units per ``seconds`` is the generic cell rate algorithm (GCRA, the
"virtual scheduling" form of a token bucket): a unit comes back every ``seconds / amount`` seconds,
at most ``amount`` of them are held, and the store keeps one number per limit, the moment it will
be whole again (its *theoretical arrival time*).  A cost fits when that moment, moved on by the
cost, is at most ``seconds`` away; so the store can say exactly when a cost that does not fit will:
the moment moved on by the cost, less ``seconds``.  A sliding-window counter (the ``limits``
library's) cannot: what it counted goes on weighing for up to two windows, by a weight that falls
at the window's boundaries, and no moment it answers holds for a cost spent in two steps.

A caller refused is *told* when it may come back, whole seconds from the refusal
(:func:`whole_seconds`); the store keeps that moment too, so that every worker and every instance
refuses the caller until then (``early``), and no request of its is answered before the time it
was told, whichever worker it reaches.  A refusal spends nothing.

Two stores, one algorithm: :class:`SQLiteLimits`, a file every worker of an instance opens (the
default: ``deploy/serve.sh`` puts it in the run directory, in memory), and :class:`RedisLimits`, a
Redis every instance shares (one Lua script, so that a spend is atomic across instances; its time is
the Redis server's).  A property test holds both to the same answers (``tests/infra/test_budget.py``).
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import math
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, NamedTuple, Protocol, cast

import redis

__all__ = [
    "EPOCH",
    "TOLERANCE",
    "LimitStore",
    "Rate",
    "RedisLimits",
    "SQLiteLimits",
    "Standing",
    "instance_file",
    "settle",
    "whole_seconds",
]

#: Seconds by which a moment may pass its mark and still count as reached: the stores' float
#: arithmetic (a few tenths of a microsecond) and no more (far below a unit of any limit).
TOLERANCE: Final = 1e-5
#: The stores keep moments as seconds since this one (2023-11-14): about 10^8, not 1.7 × 10^9, so
#: that a double holds them to a hundredth of a microsecond.
EPOCH: Final = 1_700_000_000.0
#: Writes between two sweeps of the SQLite store's moments that have passed.
_SWEEP_EVERY: Final = 1000


class Rate(NamedTuple):
    """One limit: ``amount`` units per ``seconds``."""

    amount: int
    seconds: int

    @property
    def interval(self) -> float:
        """Seconds in which one unit comes back."""
        return self.seconds / self.amount


class Standing(NamedTuple):
    """What the store answers: whether the cost was spent, what each limit owes after the call (in
    seconds: 0 when it is whole, ``seconds`` when it is empty), and how long the caller is told to
    wait (0: it is not), ``early`` when it was told so before this call (nothing was looked at)."""

    allowed: bool
    owed: tuple[float, ...]
    told: float = 0.0
    early: bool = False


class LimitStore(Protocol):
    """Where the budgets stand (a file of the instance's, or a Redis every instance shares)."""

    def spend(self, caller: str, rates: Sequence[Rate], cost: int, *, drain: bool = False) -> Standing:
        """Spend ``cost`` units of every limit, or none (and tell the caller when it would fit);
        with ``drain`` (a cost larger than a whole limit), spend what is left of each, up to the
        cost, and tell the caller when one unit fits again."""

    def give_back(self, caller: str, rates: Sequence[Rate], units: int) -> None:
        """Give back ``units`` spent and not used (never more than makes a limit whole)."""

    def standing(self, caller: str, rates: Sequence[Rate]) -> Standing:
        """Where the limits stand, spending nothing."""


def whole_seconds(wait: float) -> int:
    """A wait in whole seconds, at least one: the least whole number ``n`` with ``n >= wait`` within
    half the tolerance, so that a caller back after ``n`` seconds finds the moment passed.

    >>> whole_seconds(0.0), whole_seconds(2.3), whole_seconds(3.0), whole_seconds(3.000004)
    (1, 3, 3, 3)
    """
    return max(1, math.ceil(wait - TOLERANCE / 2))


def settle(
    moments: Sequence[float], told: float, now: float, rates: Sequence[Rate], cost: int, *, drain: bool
) -> tuple[tuple[float, ...], float, Standing]:
    """The algorithm both stores run (the Redis script restates it in Lua): from each limit's moment
    and the moment the caller was told (seconds since :data:`EPOCH`, 0 for none) at ``now``, the
    moments after spending ``cost`` (or refusing it), the moment told, and the answer."""
    if told > now:
        owed = tuple(max(0.0, moment - now) for moment in moments)
        return tuple(moments), told, Standing(False, owed, told - now, early=True)
    starts = [max(moment, now) for moment in moments]
    after = [start + cost * rate.interval for start, rate in zip(starts, rates, strict=True)]
    if drain:
        after = [min(moment, now + rate.seconds) for moment, rate in zip(after, rates, strict=True)]
        wait = max(moment + rate.interval - rate.seconds - now for moment, rate in zip(after, rates, strict=True))
        seconds = whole_seconds(wait)
        return tuple(after), now + seconds, Standing(False, tuple(m - now for m in after), float(seconds))
    waits = [moment - rate.seconds - now for moment, rate in zip(after, rates, strict=True)]
    if all(wait <= TOLERANCE for wait in waits):
        return tuple(after), told, Standing(True, tuple(m - now for m in after))
    seconds = whole_seconds(max(waits))
    owed = tuple(start - now for start in starts)
    return tuple(moments), now + seconds, Standing(False, owed, float(seconds))


def given_back(moments: Sequence[float], now: float, rates: Sequence[Rate], units: int) -> tuple[float, ...]:
    """Each limit's moment with ``units`` given back: earlier by their time, never before now."""
    return tuple(max(now, moment - units * rate.interval) for moment, rate in zip(moments, rates, strict=True))


def _rate_key(caller: str, rate: Rate) -> str:
    return f"{caller}|{rate.amount}/{rate.seconds}"


def _told_key(caller: str) -> str:
    return f"{caller}|told"


_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS moments (key TEXT PRIMARY KEY, moment REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS told (caller TEXT PRIMARY KEY, moment REAL NOT NULL)",
)


class SQLiteLimits:
    """The budgets of one instance, in one SQLite file every worker opens: each call reads and writes
    in one ``BEGIN IMMEDIATE`` transaction, so two workers racing for the last units take them one
    at a time.  ``clock`` gives the time (``time.time``; tests pass their own)."""

    def __init__(self, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        self._local = threading.local()
        # The threads of one process take turns here, cheaply, before SQLite's own lock: SQLite makes
        # a connection that finds the file locked sleep a millisecond or more, and sixteen threads
        # of one worker racing each other for it cut classify's throughput by more than half.
        self._turn = threading.Lock()
        self._lock: tuple[int, int] | None = None  #: (pid, descriptor) of the workers' lock file
        self._writes = 0
        with self._transaction():  # create the file and its tables now: a bad path fails the start
            pass

    def _now(self) -> float:
        return self.clock() - EPOCH

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection (a new one after a fork: SQLite connections do not cross it)."""
        found: tuple[int, sqlite3.Connection] | None = getattr(self._local, "connection", None)
        if found is not None and found[0] == os.getpid():
            return found[1]
        connection = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=OFF")  # budgets, not records: nothing to keep across a crash
        for statement in _SCHEMA:
            connection.execute(statement)
        self._local.connection = (os.getpid(), connection)
        return connection

    def _lock_file(self) -> int:
        """This process's descriptor of the file the workers lock before they write (a new one after a fork)."""
        found = self._lock
        if found is not None and found[0] == os.getpid():
            return found[1]
        descriptor = os.open(f"{self.path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        self._lock = (os.getpid(), descriptor)
        return descriptor

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._connection()
        with self._turn:
            # The workers take turns on a lock the kernel hands over at once: SQLite's own busy
            # handler sleeps 1, 2, 5, 10, 15, 20 ms... while another process holds the file, and
            # another tenant's flood of requests then gave a light one a tail of 20 ms.
            descriptor = self._lock_file()
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            finally:
                fcntl.flock(descriptor, fcntl.LOCK_UN)

    @staticmethod
    def _read(db: sqlite3.Connection, caller: str, rates: Sequence[Rate]) -> tuple[list[float], float]:
        # One statement: each call into SQLite lets the GIL go, and a thread of another request
        # then holds it for up to the switch interval before this one has it back.
        keys = [_rate_key(caller, rate) for rate in rates]
        found = dict(
            db.execute(
                f"SELECT key, moment FROM moments WHERE key IN ({','.join('?' * len(keys))}) "
                "UNION ALL SELECT ?, moment FROM told WHERE caller = ?",
                [*keys, _told_key(caller), caller],
            )
        )
        return [float(found.get(key, 0.0)) for key in keys], float(found.get(_told_key(caller), 0.0))

    def _write(self, db: sqlite3.Connection, caller: str, rates: Sequence[Rate], moments: Sequence[float]) -> None:
        rows = [
            value for rate, moment in zip(rates, moments, strict=True) for value in (_rate_key(caller, rate), moment)
        ]
        db.execute(
            f"INSERT INTO moments (key, moment) VALUES {','.join(['(?, ?)'] * len(rates))} "
            "ON CONFLICT (key) DO UPDATE SET moment = excluded.moment",
            rows,
        )

    def _sweep(self, db: sqlite3.Connection, now: float) -> None:
        """Forget, now and then, the moments that have passed (a limit whole, a wait over)."""
        self._writes += 1
        if self._writes % _SWEEP_EVERY == 0:
            db.execute("DELETE FROM moments WHERE moment <= ?", (now,))
            db.execute("DELETE FROM told WHERE moment <= ?", (now,))

    def spend(self, caller: str, rates: Sequence[Rate], cost: int, *, drain: bool = False) -> Standing:
        with self._transaction() as db:
            now = self._now()
            moments, told = self._read(db, caller, rates)
            after, told_after, standing = settle(moments, told, now, rates, cost, drain=drain)
            if after != tuple(moments):
                self._write(db, caller, rates, after)
            if told_after != told:
                db.execute(
                    "INSERT INTO told (caller, moment) VALUES (?, ?) "
                    "ON CONFLICT (caller) DO UPDATE SET moment = excluded.moment",
                    (caller, told_after),
                )
            self._sweep(db, now)
            return standing

    def give_back(self, caller: str, rates: Sequence[Rate], units: int) -> None:
        with self._transaction() as db:
            now = self._now()
            moments, _ = self._read(db, caller, rates)
            self._write(db, caller, rates, given_back(moments, now, rates, units))

    def standing(self, caller: str, rates: Sequence[Rate]) -> Standing:
        with self._turn:
            db = self._connection()
            now = self._now()
            moments, told = self._read(db, caller, rates)
        owed = tuple(max(0.0, moment - now) for moment in moments)
        return Standing(True, owed, max(0.0, told - now), early=told > now)


#: The algorithm of :func:`settle` and :func:`given_back` in one script, so that a call is atomic
#: across instances. KEYS: the caller's wait told, then each limit's moment. ARGV: what to do
#: ("spend", "drain", "back" or "read"), the cost, the time ("" for the server's own, seconds since
#: EPOCH), then each limit's amount and seconds. It answers the moments as text (a Lua number goes
#: back as an integer): allowed (1/0), early (1/0), the wait told, then what each limit owes.
_SCRIPT: Final = """
local mode, cost, tolerance, epoch = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[4]), tonumber(ARGV[5])
local now = tonumber(ARGV[3])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) - epoch + tonumber(time[2]) / 1000000
end
local n = #KEYS - 1
local amount, seconds, moments, starts, after = {}, {}, {}, {}, {}
for i = 1, n do
  amount[i], seconds[i] = tonumber(ARGV[4 + 2 * i]), tonumber(ARGV[5 + 2 * i])
  moments[i] = tonumber(redis.call('GET', KEYS[i + 1]) or '0')
  starts[i] = math.max(moments[i], now)
end
local told = tonumber(redis.call('GET', KEYS[1]) or '0')
local function text(x) return string.format('%.17g', x) end
local function answer(allowed, early, wait, owed)
  local out = {allowed, early, text(wait)}
  for i = 1, n do out[#out + 1] = text(math.max(0, owed[i] - now)) end
  return out
end
local function keep(values)
  for i = 1, n do
    if values[i] > now then
      redis.call('SET', KEYS[i + 1], text(values[i]), 'PX', math.ceil((values[i] - now) * 1000) + 1000)
    else
      redis.call('DEL', KEYS[i + 1])
    end
  end
end
local function whole(wait) return math.max(1, math.ceil(wait - tolerance / 2)) end
local function tell(wait)
  redis.call('SET', KEYS[1], text(now + wait), 'PX', math.ceil(wait * 1000) + 1000)
end
if mode == 'read' then
  return answer(told > now and 1 or 0, told > now and 1 or 0, math.max(0, told - now), moments)
end
if mode == 'back' then
  for i = 1, n do after[i] = math.max(now, moments[i] - cost * seconds[i] / amount[i]) end
  keep(after)
  return answer(1, 0, 0, after)
end
if told > now then return answer(0, 1, told - now, moments) end
local worst = -1e308
for i = 1, n do
  after[i] = starts[i] + cost * seconds[i] / amount[i]
  if mode == 'drain' then
    after[i] = math.min(after[i], now + seconds[i])
    worst = math.max(worst, after[i] + seconds[i] / amount[i] - seconds[i] - now)
  else
    worst = math.max(worst, after[i] - seconds[i] - now)
  end
end
if mode == 'drain' then
  keep(after)
  tell(whole(worst))
  return answer(0, 0, whole(worst), after)
end
if worst <= tolerance then
  keep(after)
  return answer(1, 0, 0, after)
end
tell(whole(worst))
return answer(0, 0, whole(worst), starts)
"""


class RedisLimits:
    """The budgets of every instance, in a Redis they share (``MAUBINH_LIMITS_REDIS_URL``): one
    script a call, on the server's time (``clock``, for tests, sends the time instead).  Each
    moment lives as long as it matters (a limit that is whole again, or a wait that is over, is
    gone), so the keys are few; but a Redis that evicts could lose them (budget.py refuses one)."""

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 0.05,
        prefix: str = "maubinh:limits:",
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self._script = self.client.register_script(_SCRIPT)
        self._prefix = prefix
        self.clock = clock

    def _call(self, mode: str, caller: str, rates: Sequence[Rate], cost: int) -> Standing:
        keys = [self._prefix + _told_key(caller)] + [self._prefix + _rate_key(caller, rate) for rate in rates]
        now = "" if self.clock is None else repr(self.clock() - EPOCH)
        args: list[Any] = [mode, cost, now, TOLERANCE, EPOCH]
        for rate in rates:
            args += [rate.amount, rate.seconds]
        answer = cast(list[Any], self._script(keys=keys, args=args))
        allowed, early, told, *owed = answer
        return Standing(bool(allowed), tuple(float(x) for x in owed), float(told), bool(early))

    def spend(self, caller: str, rates: Sequence[Rate], cost: int, *, drain: bool = False) -> Standing:
        return self._call("drain" if drain else "spend", caller, rates, cost)

    def give_back(self, caller: str, rates: Sequence[Rate], units: int) -> None:
        self._call("back", caller, rates, units)

    def standing(self, caller: str, rates: Sequence[Rate]) -> Standing:
        return self._call("read", caller, rates, 0)


def instance_file() -> Path:
    """A new file for one instance's budgets, in memory (/dev/shm) where the system has it,
    removed when the process that made it exits (its forked workers leave it alone)."""
    shared = Path("/dev/shm")
    folder = shared if shared.is_dir() and os.access(shared, os.W_OK) else None
    handle, name = tempfile.mkstemp(prefix="maubinh-limits-", suffix=".sqlite", dir=folder)
    os.close(handle)
    atexit.register(_remove, Path(name), os.getpid())
    return Path(name)


def _remove(path: Path, owner: int) -> None:
    if os.getpid() != owner:
        return
    for suffix in ("", "-wal", "-shm", ".lock"):
        with contextlib.suppress(OSError):
            os.remove(f"{path}{suffix}")
