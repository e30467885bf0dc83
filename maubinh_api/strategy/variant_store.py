"""Where the kernel tables of variants with overrides are kept, each on the shelf of whoever asked.

A preset's tables (its screening odds, scoring and kernel tables, about 1.7 MB) are built once per
process and shared: every platform plays the presets, and the service builds them before its first
request.  A variant with overrides gets tables of its own, built on its first use (about ten
milliseconds), and a store keeps them for the *owner* that asked (the service layer passes the
tenant): so one owner's use of a variant never makes another's first use of it cheaper (the time of
a first request says nothing of what others play), and one owner's new variants never push out
another's.

Each owner keeps at most ``per_owner`` variants, the least recently used put away first; the whole
store keeps at most ``capacity``, and when it is full the least recently used variant of the owner
holding the most goes.  An owner holding at most ``capacity // owners`` (the owners holding any)
therefore loses a variant only to its own requests.

>>> from maubinh_api.rules.variants import resolve_variant
>>> store = VariantStore(capacity=4, per_owner=2)
>>> variant = resolve_variant({"preset": "classic", "overrides": {"scoop_multiplier": 4}})
>>> built = store.tables("a", variant, None, lambda: object())
>>> store.holds("a", variant, None), store.holds("b", variant, None)
(True, False)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from ..rules.variants import Variant
from .bank import HandBank

__all__ = ["VariantStore"]

T = TypeVar("T")
#: A variant's tables are told apart by its fingerprint and the bank they were built with.
Key = tuple[str, int]


class VariantStore(Generic[T]):
    """Tables of variants with overrides, on a shelf per owner, bounded per owner and in all."""

    def __init__(self, *, capacity: int, per_owner: int) -> None:
        if not 1 <= per_owner <= capacity:
            raise ValueError(f"per_owner must be 1 to capacity ({capacity}), not {per_owner}")
        self.capacity = capacity
        self.per_owner = per_owner
        # owner -> (key -> (bank, tables)), least recently used first; the bank is kept so that its
        # id in the key cannot be taken by another object.
        self._shelves: dict[str, OrderedDict[Key, tuple[HandBank | None, T]]] = {}
        self._count = 0
        self._lock = threading.Lock()

    def tables(self, owner: str, variant: Variant, bank: HandBank | None, build: Callable[[], T]) -> T:
        """``owner``'s tables of ``variant`` with ``bank``, built by ``build()`` the first time (outside
        the lock: another owner's build does not wait for it; a race of one owner only builds twice)."""
        key = (variant.fingerprint, id(bank))
        with self._lock:
            shelf = self._shelves.get(owner)
            if shelf is not None and key in shelf:
                shelf.move_to_end(key)
                return shelf[key][1]
        built = build()
        with self._lock:
            shelf = self._shelves.setdefault(owner, OrderedDict())
            if key not in shelf:
                self._count += 1
            shelf[key] = (bank, built)
            shelf.move_to_end(key)
            if len(shelf) > self.per_owner:
                shelf.popitem(last=False)
                self._count -= 1
            while self._count > self.capacity:
                self._put_away_one()
        return built

    def _put_away_one(self) -> None:
        """The least recently used variant of the owner holding the most (the lock held)."""
        owner = max(self._shelves, key=lambda name: len(self._shelves[name]))
        shelf = self._shelves[owner]
        shelf.popitem(last=False)
        self._count -= 1
        if not shelf:
            del self._shelves[owner]

    def holds(self, owner: str, variant: Variant, bank: HandBank | None) -> bool:
        """Whether ``owner``'s shelf has the tables of ``variant`` with ``bank`` now."""
        with self._lock:
            shelf = self._shelves.get(owner)
            return shelf is not None and (variant.fingerprint, id(bank)) in shelf

    def held(self, owner: str) -> int:
        """How many variants ``owner``'s shelf holds."""
        with self._lock:
            return len(self._shelves.get(owner, ()))

    def __len__(self) -> int:
        return self._count
