"""A pool of random hands set once by the screening best play: opponents for any seat, drawn without
setting a hand again.

The peeking evidence (:mod:`~maubinh_api.strategy.known_cards`) values a seat's arrangements against
opponents dealt from the 39 cards it does not hold. Setting fresh opponents for every seat is what
made that check slow (a screening walk, about 0.1 ms, per opponent drawn). The pool deals ``size``
random hands once, sets each once, and for a seat keeps those that hold none of its cards: each of
them is a random 13 of the 39 it does not hold, set by the same rule, about ``size`` × 1.28% of
them (the chance a random hand misses 13 given cards, C(39,13) / C(52,13)). A seat's field then
costs a bit test per pooled hand, not a walk per opponent.

The pool is fixed, so its error for one seat (the pool's few hundred survivors against the whole
39-card field) does not average away within that seat's hand; across a player's hands the
survivors are near-disjoint sets (two seats' survivors overlap in about 0.0016% of the pool), so
the errors do. ``make bench-integrity-peeking`` measures the honest statistic's spread with it.

>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> known = KnownCards(shipped_model(active_kernel()), preset("classic"), opponents=3, pairwise=True)
>>> pool = ScreenPool(known, size=2_000, seed=1)
>>> field = pool.unseen_by(range(13))  # a seat holding the first 13 cards of the deck
>>> 10 <= field.size <= 50  # about 2,000 x 1.28%
True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from .known_cards import KnownCards
from .reference import ReferenceField

__all__ = ["ScreenPool"]


class ScreenPool:
    """``size`` seeded random hands, set once by ``known``'s screening best play."""

    def __init__(self, known: KnownCards, *, size: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        hands = np.sort(rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (size, 1)), axis=1)[:, :13], axis=1)
        self._known = known
        self._columns = known.screen_classes(hands)
        held = np.zeros((52, size), dtype=np.bool_)
        held[hands, np.arange(size)[:, None]] = True
        #: per card, a bit per pooled hand that holds it
        self._holds: npt.NDArray[np.uint8] = np.packbits(held, axis=1, bitorder="little")
        self.size = size

    def unseen_by(self, cards: Iterable[int], known: KnownCards | None = None) -> ReferenceField:
        """The pooled hands that hold none of ``cards`` (card indices), as a field of opponents valued
        as ``known`` values them (the pool's own by default: another at the same table size may value
        them with or without sập làng)."""
        held = np.bitwise_or.reduce(self._holds[list(cards)], axis=0)
        rows = np.flatnonzero(np.unpackbits(np.invert(held), bitorder="little")[: self.size])
        back, middle, front = self._columns
        return (known or self._known).field_of_columns((back[rows], middle[rows], front[rows]))
