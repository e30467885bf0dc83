"""The rate-limit counts of one instance, shared by all its workers: a ``limits`` storage in SQLite.

Without a Redis for the counts, each gunicorn worker would count on its own and a
tenant would get its limit once per worker.  This storage keeps the counts in one
SQLite file that every worker of the instance opens (``deploy/serve.sh`` puts it in
the run directory, in memory where the system has ``/dev/shm`` or a tmpfs).  Each
count is read and written in one ``BEGIN IMMEDIATE`` transaction, so SQLite's own
locking makes two workers racing for the last units take them one at a time.

It implements the ``limits`` library's sliding-window counter the way the
library's memory storage does (windows aligned on multiples of their length, the
previous window weighted by how much of it still overlaps), so the library's
``SlidingWindowCounterRateLimiter`` runs on it unchanged.
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from limits.storage import Storage
from limits.storage.base import SlidingWindowCounterSupport, TimestampedSlidingWindow

__all__ = ["SQLiteStorage", "instance_file"]

#: Writes between two sweeps of the expired counts.
_SWEEP_EVERY = 1000
_SCHEMA = "CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires REAL NOT NULL)"


class SQLiteStorage(Storage, SlidingWindowCounterSupport, TimestampedSlidingWindow):
    """Counts in one SQLite file, shared by every process that opens it.

    ``clock`` gives the time in seconds (``time.time`` by default; tests pass their own)."""

    STORAGE_SCHEME = ["maubinh+sqlite"]  # noqa: RUF012 - the library's registry reads this class attribute

    def __init__(
        self,
        uri: str | None = None,
        wrap_exceptions: bool = False,
        *,
        path: Path | None = None,
        clock: Callable[[], float] = time.time,
        **options: Any,
    ) -> None:
        if path is None:
            if uri is None or not uri.startswith("maubinh+sqlite://"):
                raise ValueError("SQLiteStorage needs a path, or a URI maubinh+sqlite:///<path>")
            path = Path(uri.removeprefix("maubinh+sqlite://"))
        self.path = path
        self._clock = clock
        self._local = threading.local()
        # The threads of one process take turns here, cheaply, before SQLite's own lock: SQLite makes
        # a connection that finds the file locked sleep a millisecond or more, and sixteen threads
        # of one worker racing each other for it cut classify's throughput by more than half.
        self._turn = threading.Lock()
        self._lock: tuple[int, int] | None = None  #: (pid, descriptor) of the workers' lock file
        self._writes = 0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        with self._transaction() as db:  # create the file and its table now: a bad path fails the start
            db.execute(_SCHEMA)

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return (sqlite3.Error, OSError)

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection (a new one after a fork: SQLite connections do not cross it)."""
        found: tuple[int, sqlite3.Connection] | None = getattr(self._local, "connection", None)
        if found is not None and found[0] == os.getpid():
            return found[1]
        connection = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=OFF")  # counts, not records: nothing to keep across a crash
        connection.execute(_SCHEMA)
        self._local.connection = (os.getpid(), connection)
        return connection

    def _lock_file(self) -> int:
        """This process's descriptor of the file the workers lock before they write (a new one after a fork)."""
        found: tuple[int, int] | None = self._lock
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
    def _read(db: sqlite3.Connection, key: str, now: float) -> int:
        row = db.execute("SELECT value FROM counts WHERE key = ? AND expires > ?", (key, now)).fetchone()
        return int(row[0]) if row else 0

    def _add(self, db: sqlite3.Connection, key: str, amount: int, expiry: float, now: float) -> int:
        """Add to a count, starting it (with its expiry) when it had expired or never was."""
        db.execute(
            "INSERT INTO counts (key, value, expires) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET "
            "value = CASE WHEN expires > ?4 THEN value + ?2 ELSE ?2 END, "
            "expires = CASE WHEN expires > ?4 THEN expires ELSE ?3 END",
            (key, amount, now + expiry, now),
        )
        self._writes += 1
        if self._writes % _SWEEP_EVERY == 0:
            db.execute("DELETE FROM counts WHERE expires <= ?", (now,))
        return self._read(db, key, now)

    # The storage interface of ``limits``.

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        with self._transaction() as db:
            return self._add(db, key, amount, expiry, self._clock())

    def get(self, key: str) -> int:
        return self._read(self._connection(), key, self._clock())

    def get_expiry(self, key: str) -> float:
        now = self._clock()
        row = self._connection().execute("SELECT expires FROM counts WHERE key = ? AND expires > ?", (key, now))
        found = row.fetchone()
        return float(found[0]) if found else now

    def check(self) -> bool:
        return self._connection().execute("SELECT 1").fetchone() == (1,)

    def reset(self) -> int | None:
        with self._transaction() as db:
            return int(db.execute("DELETE FROM counts").rowcount)

    def clear(self, key: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM counts WHERE key = ?", (key,))

    def acquire_sliding_window_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        with self._transaction() as db:
            now = self._clock()
            previous, previous_ttl, current, _ = self._window(db, key, expiry, now)
            if math.floor(previous * previous_ttl / expiry + current) + amount > limit:
                return False
            self._add(db, self.sliding_window_keys(key, expiry, now)[1], amount, 2 * expiry, now)
            return True

    def get_sliding_window(self, key: str, expiry: int) -> tuple[int, float, int, float]:
        with self._turn:
            return self._window(self._connection(), key, expiry, self._clock())

    def spend(
        self, windows: list[tuple[str, int, int]], amount: int
    ) -> tuple[bool, list[tuple[int, float, int, float]]]:
        """Spend ``amount`` in every window ``(key, limit, expiry)`` when it fits all of them, in one
        transaction (none spent when one refuses); whether it did, and every window afterwards.
        What the library's strategy does in a test, a hit and a read per window, at once."""
        with self._transaction() as db:
            now = self._clock()
            states = [self._window(db, key, expiry, now) for key, _, expiry in windows]
            fits = all(
                amount <= limit and math.floor(previous * weight / expiry + current) + amount <= limit
                for (_, limit, expiry), (previous, weight, current, _) in zip(windows, states, strict=True)
            )
            if fits:
                for key, _, expiry in windows:
                    self._add(db, self.sliding_window_keys(key, expiry, now)[1], amount, 2 * expiry, now)
                states = [self._window(db, key, expiry, now) for key, _, expiry in windows]
            return fits, states

    def give_back(self, key: str, expiry: int, units: int) -> int:
        """Give back up to ``units`` of a sliding window's current count, never below 0; how many."""
        with self._transaction() as db:
            now = self._clock()
            current = self.sliding_window_keys(key, expiry, now)[1]
            back = min(units, self._read(db, current, now))
            if back > 0:
                db.execute("UPDATE counts SET value = value - ? WHERE key = ?", (back, current))
            return back

    def clear_sliding_window(self, key: str, expiry: int) -> None:
        previous_key, current_key = self.sliding_window_keys(key, expiry, self._clock())
        with self._transaction() as db:
            db.execute("DELETE FROM counts WHERE key IN (?, ?)", (previous_key, current_key))

    def _window(self, db: sqlite3.Connection, key: str, expiry: int, now: float) -> tuple[int, float, int, float]:
        """(previous count, its weight in seconds, current count, seconds the current one lives),
        as ``limits``' memory storage computes them."""
        previous_key, current_key = self.sliding_window_keys(key, expiry, now)
        previous = self._read(db, previous_key, now)
        current = self._read(db, current_key, now)
        left = (1 - ((now / expiry) % 1)) * expiry  # of the current window
        return previous, (left if previous else 0.0), current, left + expiry


def instance_file() -> Path:
    """A new file for one instance's counts, in memory (/dev/shm) where the system has it,
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
