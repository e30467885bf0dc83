"""The screen pools and valuers a worker keeps for the card checks (``batch/sharing.py``,
``batch/peeking.py``).

Both checks value a seat's arrangements against opponents dealt from the 39 cards it does not hold.
They take them from one pool of seeded random hands per variant and table size, set once by the
screening best play (:mod:`~maubinh_api.strategy.screen_pool`): setting it takes about 4 s, so a
worker keeps its pools from one partition to the next (:func:`worker_pools`), and the two checks
share them. The pool is seeded, so every worker holds the same one and a history's evidence is the
same on any cluster.
"""

from __future__ import annotations

from typing import Final

from ..rules.variants import Variant
from ..strategy.known_cards import FIELD_SIZE, KnownCards
from ..strategy.model import Model
from ..strategy.screen_pool import ScreenPool

__all__ = ["POOL_SEED", "POOL_SIZE", "WorkerPools", "worker_pools"]

#: Hands in a pool: about 512 of them miss a seat's 13 cards.
POOL_SIZE: Final = 40_000
POOL_SEED: Final = 20261207
#: Pools kept (a variant at a table size each, about 0.3 MB): the oldest goes first.
POOLS_KEPT: Final = 16


class WorkerPools:
    """A model's valuers (by variant, table size, field size and pairwise or not) and pools (by variant
    and table size)."""

    def __init__(self, model: Model, pool_size: int = POOL_SIZE) -> None:
        self._model = model
        self._pool_size = pool_size
        self._valuers: dict[tuple[str, int, int, bool], KnownCards] = {}
        self._pools: dict[tuple[str, int], ScreenPool] = {}

    def valuer(self, variant: Variant, opponents: int, *, size: int = FIELD_SIZE, pairwise: bool = False) -> KnownCards:
        """The valuer of a variant at a table of ``opponents`` + 1 (``KnownCards``'s arguments)."""
        key = (variant.fingerprint, opponents, size, pairwise)
        if key not in self._valuers:
            if len(self._valuers) >= 4 * POOLS_KEPT:
                del self._valuers[next(iter(self._valuers))]
            self._valuers[key] = KnownCards(self._model, variant, opponents=opponents, size=size, pairwise=pairwise)
        return self._valuers[key]

    def pool(self, variant: Variant, opponents: int) -> ScreenPool:
        """The pool of a variant at a table of ``opponents`` + 1 (set on first use)."""
        key = (variant.fingerprint, opponents)
        if key not in self._pools:
            if len(self._pools) >= POOLS_KEPT:
                del self._pools[next(iter(self._pools))]
            setter = self.valuer(variant, opponents, pairwise=True)
            self._pools[key] = ScreenPool(setter, size=self._pool_size, seed=POOL_SEED)
        return self._pools[key]


_kept: dict[str | int, WorkerPools] = {}


def worker_pools(model: Model) -> WorkerPools:
    """The pools of ``model``'s data (a worker's, for its life): set once, not per partition. A worker
    builds a model per task around the same shipped files, so they are kept by the model's version
    (by the object, for a model of no files)."""
    key = model.version or id(model)
    if key not in _kept:
        _kept.clear()  # a worker has one model's data; another replaces it
        _kept[key] = WorkerPools(model)
    return _kept[key]
