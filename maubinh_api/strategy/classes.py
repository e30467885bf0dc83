"""Hand classes: the distinct strengths a chi can have, numbered densely.

Five-card hands fall into 7,462 classes of equal strength (the poker
engineer's "equivalence classes"), three-card fronts into 455.  Numbering
them 0 (weakest) upward, under one wheel setting, turns every comparison
into an integer comparison and lets per-class tables (the optimiser's odds)
be plain arrays.

A class is found from a *class id*, which does not depend on the wheel: for
a hand that is not a flush, the colexicographic number of its rank multiset
(0-6,187, see :mod:`maubinh_api.rules.evaluator`); for a flush,
6,188 + the 13-bit mask of its ranks.  Three-card ids are the multiset
numbers 0-454.

>>> classes = HandClasses.for_wheel(Wheel.LOW)
>>> len(classes.scores5), len(classes.scores3)
(7462, 455)
>>> bool((classes.class_of_id5[classes.id_of_class5] == range(7462)).all())
True
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.chi import Category, Wheel
from ..rules.evaluator import Evaluator

__all__ = ["FLUSH_ID_BASE", "ID5_COUNT", "HandClasses"]

#: Class ids of 5-card flushes start here (non-flush ids are multiset numbers below it).
FLUSH_ID_BASE: Final = 6188
#: Number of 5-card class ids (many unused: masks that are not five ranks).
ID5_COUNT: Final = FLUSH_ID_BASE + (1 << 13)

Ints = npt.NDArray[np.int32]


def _order(category: Category) -> int:
    return category.order


class HandClasses:
    """Dense class numbers of 5- and 3-card chi under one wheel setting."""

    def __init__(self, wheel: Wheel) -> None:
        evaluator = Evaluator.for_wheel(wheel)
        self.wheel = wheel
        score_of_id5 = np.concatenate([evaluator.multiset5, evaluator.flush5]).astype(np.int64)
        valid = score_of_id5 >= 0
        #: The packed score of each 5-card class, weakest first.
        self.scores5: npt.NDArray[np.int64] = np.unique(score_of_id5[valid])
        #: Class number of each 5-card class id (-1 for ids no hand has).
        self.class_of_id5: Ints = np.full(ID5_COUNT, -1, dtype=np.int32)
        self.class_of_id5[valid] = np.searchsorted(self.scores5, score_of_id5[valid]).astype(np.int32)

        score_of_id3 = evaluator.multiset3.astype(np.int64)
        self.scores3: npt.NDArray[np.int64] = np.unique(score_of_id3)
        self.class_of_id3: Ints = np.searchsorted(self.scores3, score_of_id3).astype(np.int32)
        #: The class id of each class number (ids and classes are one to one
        #: under a wheel: a strength names its ranks, and flushes are apart).
        self.id_of_class5: Ints = np.zeros(len(self.scores5), dtype=np.int32)
        self.id_of_class5[self.class_of_id5[valid]] = np.flatnonzero(valid)
        self.id_of_class3: Ints = np.zeros(len(self.scores3), dtype=np.int32)
        self.id_of_class3[self.class_of_id3] = np.arange(len(score_of_id3))

        # A front of class f does not beat a middle of class m exactly when
        # m >= front_floor[f] (docs/rules.md, "Chi categories", R2; see hands.front_beats_middle).
        masked = self.scores5 & ~0xFF
        self.front_floor: Ints = np.searchsorted(masked, self.scores3, side="left").astype(np.int32)

        #: Category of each class (a royal flush is the straight flush to the ace, K below it).
        self.categories5: tuple[Category, ...] = tuple(_category(int(score)) for score in self.scores5)
        self.categories3: tuple[Category, ...] = tuple(_category(int(score)) for score in self.scores3)
        #: Every category a class has, and each class's place in that tuple: a table by category
        #: becomes a table by class with one NumPy lookup (a loop over 7,462 classes cost 8 ms).
        self.kinds: tuple[Category, ...] = tuple(sorted(set(self.categories5) | set(self.categories3), key=_order))
        place = {kind: index for index, kind in enumerate(self.kinds)}
        self.kind_of_class5: npt.NDArray[np.intp] = np.array([place[kind] for kind in self.categories5], dtype=np.intp)
        self.kind_of_class3: npt.NDArray[np.intp] = np.array([place[kind] for kind in self.categories3], dtype=np.intp)

        #: Core number of each class (the ``strongest`` objective, docs/rules.md, "The optimal arrangement"): classes
        #: numbered by their category and the ranks that form them, kickers and a
        #: full house's pair left out; and ``fill``, the class's place among the
        #: classes of its core (0 for the weakest), which orders what is left out.
        self.core5, self.fill5 = _cores(self.scores5)
        self.core3, self.fill3 = _cores(self.scores3)

    @classmethod
    @functools.cache
    def for_wheel(cls, wheel: Wheel) -> HandClasses:
        """The shared numbering for a wheel setting."""
        return cls(wheel)

    def of_arrangement(self, arrangement: Arrangement) -> tuple[int, int, int]:
        """The class numbers of an arrangement's back, middle and front."""
        return (
            int(np.searchsorted(self.scores5, arrangement.back.score)),
            int(np.searchsorted(self.scores5, arrangement.middle.score)),
            int(np.searchsorted(self.scores3, arrangement.front.score)),
        )


#: How many rank places of a packed score form a hand of each category order
#: (0-8): all of a high-card hand, a straight, a flush or a straight flush; both
#: ranks of two pair; the one rank of a pair, trips, quads or a full house's
#: trips.  A 3-card front has the same categories' rules (its high-card ranks
#: take three places, the other two being 0).
_FORMING_PLACES: Final = np.array([5, 1, 2, 1, 5, 5, 1, 1, 5], dtype=np.int64)


def _cores(scores: npt.NDArray[np.int64]) -> tuple[Ints, Ints]:
    """Core numbers and places within the core of classes with these packed
    scores (sorted, weakest first).

    A score keeps its category in bits 20-23 and one rank per 4 bits below
    (:func:`maubinh_api.rules.chi.pack`); clearing the places that do not
    form the hand keeps the order, so the cores are numbered by category,
    then forming ranks (straights by the wheel setting's order, as the scores
    are), and the classes of one core are consecutive."""
    kept = np.take(_FORMING_PLACES, scores >> 20)
    core_scores = scores & ~((1 << (4 * (5 - kept))) - 1)
    firsts, core = np.unique(core_scores, return_index=True, return_inverse=True)[1:]
    fill = np.arange(len(scores)) - firsts[core]
    return core.astype(np.int32), fill.astype(np.int32)


_BY_ORDER: Final = {category.order: category for category in Category if category is not Category.ROYAL_FLUSH}


def _category(score: int) -> Category:
    order = score >> 20
    if order == Category.STRAIGHT_FLUSH.order and (score >> 12) & 0xFF == (14 << 4 | 13):
        return Category.ROYAL_FLUSH
    return _BY_ORDER[order]
