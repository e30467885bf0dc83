"""A hand's legal splits: the ways a variant lets 13 cards be set, their chi and their arrangement.

Of the 72,072 ordered splits (back 5, middle 5, front 3) the strategy walks
the 36,036 unordered ones: a front, and the other ten cards in two fives.
The stronger five is the back; when both are equally strong both orders are
legal (and count twice among the 72,072), unless the variant fouls equal chi.
A split is named by its *split id* (0-35,035), the same for every hand: it
says which of the hand's positions 0-12 (cards sorted by index) form each chi.

A split's chi are its *classes* (:mod:`maubinh_api.strategy.classes`):
``high`` (the back), ``low`` (the middle) and ``front``.  Two splits with the
same three classes are the same arrangement to a player (they only swap
equal cards), so lists of alternatives keep one split per *key*.

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> cards = parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split())
>>> found = legal_splits(hand_indices(cards), preset("classic"))
>>> found.count, len(found.split) <= UNORDERED_SPLITS
(20894, True)
>>> str(arrangement_of(hand_indices(cards), int(found.split[0]), preset("classic").rules.wheel).back.cards[0])
'As'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.chi import Wheel, classify_indices
from ..rules.evaluator import colex_offsets
from ..rules.ordered_splits import FIVES, THREES
from ..rules.variants import Variant
from .classes import FLUSH_ID_BASE, HandClasses

__all__ = [
    "SPLIT_FIRST",
    "SPLIT_FRONT",
    "SPLIT_SECOND",
    "UNORDERED_SPLITS",
    "BestSplits",
    "Hands",
    "LegalSplits",
    "Played",
    "arrangement_of",
    "best_distinct",
    "hand_indices",
    "legal_splits",
    "random_legal_arrangement",
    "split_key",
    "strongest_parts",
    "subset_classes",
]

U16 = npt.NDArray[np.uint16]
I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]


def _unordered_splits() -> tuple[U16, U16, U16]:
    five_row = {subset: row for row, subset in enumerate(map(tuple, FIVES.tolist()))}
    first, second, fronts = [], [], []
    for front_row, front in enumerate(map(tuple, THREES.tolist())):
        rest = [position for position in range(13) if position not in front]
        for others in combinations(rest[1:], 4):  # the five holding rest[0], and the other five
            one = (rest[0], *others)
            two = tuple(position for position in rest if position not in one)
            first.append(five_row[one])
            second.append(five_row[two])
            fronts.append(front_row)
    tables = (np.array(first, dtype=np.uint16), np.array(second, dtype=np.uint16), np.array(fronts, dtype=np.uint16))
    for table in tables:
        table.flags.writeable = False
    return tables


#: Per split id: the row of FIVES forming one five (the one holding the
#: lowest position outside the front), of the other five, and of THREES
#: forming the front.
SPLIT_FIRST, SPLIT_SECOND, SPLIT_FRONT = _unordered_splits()
UNORDERED_SPLITS: Final = len(SPLIT_FIRST)
_OFFSETS5: Final = colex_offsets(5).astype(np.int64)
_OFFSETS3: Final = colex_offsets(3).astype(np.int64)


@dataclass(frozen=True)
class LegalSplits:
    """The legal unordered splits of one hand, in split-id order: each one's
    id and the classes of its back (the stronger five), middle and front."""

    split: U16
    high: I16
    low: I16
    front: I16
    count: int  #: legal splits among the 72,072 ordered ones

    def keys(self) -> I64:
        """Each split's key (its three classes in one integer, see :func:`split_key`)."""
        return (self.high.astype(np.int64) << 22) | (self.low.astype(np.int64) << 9) | self.front.astype(np.int64)


#: Many hands, a row of 13 card indices each (sorted): what a kernel's ``best_splits`` reads.
Hands = npt.NDArray[np.uint8]
#: Per hand, the class numbers (high, low, front) of the arrangement played.
Played = npt.NDArray[np.int16]


@dataclass(frozen=True)
class BestSplits:
    """The best split of each of many hands, as a kernel finds it in one call:
    its classes, whether the cards can hold a natural (then the natural may be
    worth more: value such hands one by one), and its expected points; and,
    where an arrangement played was given per hand, what it and a foul are worth."""

    high: I16
    low: I16
    front: I16
    natural_hint: npt.NDArray[np.bool_]
    value: npt.NDArray[np.float64]
    played: npt.NDArray[np.float64] | None = None  #: the arrangement played, when one was given per hand
    fouled: npt.NDArray[np.float64] | None = None  #: a foul's expected points, likewise


def split_key(high: int, low: int, front: int) -> int:
    """The three classes of an arrangement in one integer (equal keys, equal arrangements)."""
    return (high << 22) | (low << 9) | front


def hand_indices(cards: Sequence[Card]) -> tuple[int, ...]:
    """A hand's card indices, sorted: the order split ids refer to."""
    return tuple(sorted(card.index for card in cards))


def subset_classes(hand: Sequence[int], classes: HandClasses) -> tuple[I64, I64]:
    """Class numbers of the hand's 1,287 five-card and 286 three-card subsets.

    The hand is sorted, so each subset's ranks are in order and its multiset
    number is a sum of per-column offsets.  One OR over the five cards gives
    both the rank mask (for a flush) and the suits present (a flush has one)."""
    cards = np.asarray(hand, dtype=np.int64)
    ranks = cards >> 2
    codes = (1 << ranks) | (1 << (13 + (cards & 3)))
    colex = np.zeros(len(FIVES), dtype=np.int64)
    seen = np.zeros(len(FIVES), dtype=np.int64)
    for column in range(5):
        colex += _OFFSETS5[column, ranks][FIVES[:, column]]
        seen |= codes[FIVES[:, column]]
    suits = seen >> 13
    flush = (suits & (suits - 1)) == 0
    ids = np.where(flush, FLUSH_ID_BASE + (seen & 0x1FFF), colex)
    five = classes.class_of_id5[ids].astype(np.int64)
    colex3 = np.zeros(len(THREES), dtype=np.int64)
    for column in range(3):
        colex3 += _OFFSETS3[column, ranks][THREES[:, column]]
    three = classes.class_of_id3[colex3].astype(np.int64)
    return five, three


def legal_splits(hand: Sequence[int], variant: Variant) -> LegalSplits:
    """The legal splits of a hand (card indices, sorted) under a variant (docs/rules.md, "Chi categories", §4)."""
    classes = HandClasses.for_wheel(variant.rules.wheel)
    five, three = subset_classes(hand, classes)
    first, second = five[SPLIT_FIRST], five[SPLIT_SECOND]
    front = three[SPLIT_FRONT]
    high, low = np.maximum(first, second), np.minimum(first, second)
    legal = low >= classes.front_floor[front]
    if variant.rules.foul_on_equal:
        legal &= first != second
    # Two equally strong fives are legal either way round: two of the 72,072 ordered splits.
    count = int(np.count_nonzero(legal) + np.count_nonzero(legal & (first == second)))
    rows = np.flatnonzero(legal)
    return LegalSplits(
        split=rows.astype(np.uint16),
        high=high[rows].astype(np.int16),
        low=low[rows].astype(np.int16),
        front=front[rows].astype(np.int16),
        count=count,
    )


def best_distinct(values: npt.NDArray[np.float64] | I64, keys: I64, top: int) -> list[int]:
    """Indices of the ``top`` best values with different keys, best first;
    equal values go to the earlier index, so the answer is deterministic."""
    count = 16 * top
    while True:
        if count >= len(values):
            rows = np.arange(len(values))
        else:
            cut = values[np.argpartition(-values, count - 1)[count - 1]]
            rows = np.flatnonzero(values >= cut)  # every tie of the last value, too
        ordered = rows[np.lexsort((rows, -values[rows]))]
        seen: set[int] = set()
        chosen: list[int] = []
        for row in ordered.tolist():
            key = int(keys[row])
            if key not in seen:
                seen.add(key)
                chosen.append(row)
                if len(chosen) == top:
                    return chosen
        if len(rows) == len(values):
            return chosen
        count *= 4


@functools.cache
def strongest_parts(classes: HandClasses) -> tuple[I64, I64, I64]:
    """Per-class summands of the ``strongest`` ranking (docs/rules.md, "The optimal arrangement") for the
    back, the middle and the front; a split's ranking is their sum, higher
    is stronger.

    Lexicographic in (back core, middle core, front core, front class, middle
    class, back class): each chi first by its category and the ranks that
    form it, then what only fills the chi, front first.  Within one core the
    classes are consecutive, so a class's place in its core (its ``fill``)
    stands for the class; the six fields are packed into one integer."""
    fields = [classes.core5, classes.core5, classes.core3, classes.fill3, classes.fill5, classes.fill5]
    widths = [int(values.max()).bit_length() for values in fields]
    shifts = [sum(widths[index + 1 :]) for index in range(len(fields))]
    if shifts[0] + widths[0] > 60:  # pragma: no cover - 53 bits with the classes of docs/rules.md, "Chi categories"
        raise AssertionError("strongest rankings do not fit in 60 bits")
    core5, core3 = classes.core5.astype(np.int64), classes.core3.astype(np.int64)
    fill5, fill3 = classes.fill5.astype(np.int64), classes.fill3.astype(np.int64)
    parts = (
        (core5 << shifts[0]) | (fill5 << shifts[5]),
        (core5 << shifts[1]) | (fill5 << shifts[4]),
        (core3 << shifts[2]) | (fill3 << shifts[3]),
    )
    for part in parts:
        part.flags.writeable = False
    return parts


#: The hand positions of each five- and three-card subset, as plain tuples (no NumPy per card).
_FIVE_POSITIONS: Final = tuple(tuple(row) for row in FIVES.tolist())
_THREE_POSITIONS: Final = tuple(tuple(row) for row in THREES.tolist())


def arrangement_of(hand: Sequence[int], split: int, wheel: Wheel) -> Arrangement:
    """The arrangement of a split of a hand (card indices, sorted): the stronger five at the back.

    The split's positions are disjoint by construction, so the chi are
    classified without checking them again."""
    one = _FIVE_POSITIONS[SPLIT_FIRST.item(split)]
    two = _FIVE_POSITIONS[SPLIT_SECOND.item(split)]
    three = _THREE_POSITIONS[SPLIT_FRONT.item(split)]
    first = classify_indices(tuple([hand[position] for position in one]), wheel)
    second = classify_indices(tuple([hand[position] for position in two]), wheel)
    front = classify_indices(tuple([hand[position] for position in three]), wheel)
    if first.score >= second.score:
        return Arrangement(back=first, middle=second, front=front)
    return Arrangement(back=second, middle=first, front=front)


def random_legal_arrangement(cards: Sequence[Card], variant: Variant, rng: random.Random) -> Arrangement:
    """A legal arrangement of ``cards`` drawn uniformly from the legal unordered splits (benchmarks, tests)."""
    hand = hand_indices(cards)
    found = legal_splits(hand, variant)
    return arrangement_of(hand, int(found.split[rng.randrange(len(found.split))]), variant.rules.wheel)
