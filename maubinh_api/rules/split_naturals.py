"""The split naturals found from the cards: three flushes, three straights, three straight flushes.

docs/rules.md, "Naturals (thắng trắng)", R5-R8: a hand holds one of these if any split of its 13
cards forms it and is not fouled under the variant (the back at least as strong as the middle, or
stronger with ``foul_on_equal``), and the service shows the strongest such split: by the back's
score, then the middle's, then the front's value.  Rather than score all 72,072 ordered splits,
each finder builds only the splits the suits or the ranks allow:

* three flushes: every suit holds 3, 5, 8 (5 + 3), 10 (5 + 5) or 13 (5 + 5 + 3) cards, and the
  chi are picked within suits;
* three straights: the rank counts are two 5-card runs and a 3-card run added up (A-2-3 and
  Q-K-A fronts included, the wheel A-2-3-4-5 scored as the ``wheel`` knob says); for each such
  sum, the cards of each rank are dealt to the runs that hold it;
* three straight flushes: the same runs, each chi of one suit.

Of equally strong splits the one shown is the first in the order of
:mod:`~maubinh_api.rules.ordered_splits` (the back's lowest cards first, then the middle's): the
smallest (back, middle) as sorted card indices.  Split naturals were found by scoring all those
splits before; this order keeps the split shown the same.  The cards given are a checked 13-card
hand (:func:`~maubinh_api.rules.naturals.detect` checks them).

>>> from .cards import parse_cards
>>> cards = parse_cards('2s 3s 4s 5h 6h 7h 8h 9h Td Jd Qd Kd Ad'.split())
>>> [str(card) for card in three_straight_flushes(cards, Wheel.LOW).back.cards]
['Ad', 'Kd', 'Qd', 'Jd', 'Td']
>>> three_flushes(cards, Wheel.LOW, foul_on_equal=True).middle.description.en
'Straight flush, Five to Nine'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Final

from .arrangement import Arrangement
from .cards import DECK, Card
from .chi import Wheel, classify_indices

__all__ = [
    "flush_counts_fit",
    "holds_three_straight_flushes",
    "run_value",
    "runs_fit",
    "three_flushes",
    "three_straight_flushes",
    "three_straights",
]

#: Card indices (0-51, ``4 * (rank - 2) + suit``), in increasing order.
Indices = tuple[int, ...]
#: A (back start, middle start, front start) of runs (see :func:`_run`).
Layout = tuple[int, int, int]

#: Cards a suit may hold in a three-flush hand: one chi (5), the front (3) or several chi.
_FLUSH_GROUP_SIZES: Final = frozenset({3, 5, 8, 10, 13})
_SUITS: Final = range(4)


@dataclass(frozen=True, slots=True)
class _Split:
    """A split that forms the natural, with what ranks it among the others."""

    #: The back's score, the middle's score and the front's value.
    key: tuple[int, int, int]
    back: Indices
    middle: Indices
    front: Indices


# --- what the three finders share ------------------------------------------------------------


def _strongest(splits: Iterable[_Split]) -> _Split | None:
    """The strongest split; of equal ones, the first in ordered_splits' order."""
    return min(
        splits, key=lambda split: (-split.key[0], -split.key[1], -split.key[2], split.back, split.middle), default=None
    )


def _not_fouled(back: int, middle: int, foul_on_equal: bool) -> bool:
    # The front needs no check: a flush or straight beats any 3-card front.
    return back > middle if foul_on_equal else back >= middle


def _arrangement(split: _Split | None, wheel: Wheel) -> Arrangement | None:
    if split is None:
        return None
    return Arrangement.from_cards(
        back=[DECK[index] for index in split.back],
        middle=[DECK[index] for index in split.middle],
        front=[DECK[index] for index in split.front],
        wheel=wheel,
    )


def _indices(cards: Sequence[Card]) -> Indices:
    return tuple(sorted(card.index for card in cards))


def _without(cards: Indices, *taken: Indices) -> Indices:
    used = set().union(*taken)
    return tuple(index for index in cards if index not in used)


@functools.cache
def _run(start: int, length: int) -> Indices:
    """Rank indices (0 = two ... 12 = ace), in increasing order, of a run starting at ``start``
    (0 = ace low, 1 = two ...)."""
    return tuple(sorted((start + offset - 1) % 13 for offset in range(length)))


@functools.cache
def _run_score(start: int, length: int, flush: bool, wheel: Wheel) -> int:
    """The packed score of a run, of one suit or (not ``flush``) of two."""
    ranks = _run(start, length)
    return classify_indices(
        tuple(4 * rank + (0 if flush else place % 2) for place, rank in enumerate(ranks)), wheel
    ).score


@functools.cache
def _score(cards: Indices, wheel: Wheel) -> int:
    """The packed score of 3 or 5 cards of one suit (cached, bounded: 4 x (1,287 + 286) x 2 entries)."""
    return classify_indices(cards, wheel).score


def run_value(ranks: Sequence[int], wheel: Wheel) -> int:
    """Order of 3-card runs (ranks 2-14) for three-straights tie-breaks: twice the top rank; A-2-3
    is the lowest run (6) or, with ``wheel: second``, ranks just below Q-K-A (27), as the wheel
    does among 5-card straights (docs/rules.md, "Two naturals at one table: knob `natural_vs_natural`").

    >>> run_value([14, 2, 3], Wheel.LOW), run_value([14, 2, 3], Wheel.SECOND), run_value([13, 12, 14], Wheel.LOW)
    (6, 27, 28)
    """
    ordered = sorted(ranks)
    if ordered[0] == 2 and ordered[2] == 14:
        return 6 if wheel is Wheel.LOW else 27
    return 2 * ordered[2]


# --- three flushes ---------------------------------------------------------------------------


def flush_counts_fit(cards: Sequence[Card]) -> bool:
    """Whether the suits' counts allow three flushes: 3, 5, 8, 10 or 13 cards of each suit held."""
    counts = [0, 0, 0, 0]
    for card in cards:
        counts[card.index & 3] += 1
    return all(count in _FLUSH_GROUP_SIZES for count in counts if count)


def three_flushes(cards: Sequence[Card], wheel: Wheel, *, foul_on_equal: bool = False) -> Arrangement | None:
    """The strongest split of three flushes that is not fouled, or None."""
    return _arrangement(_three_flushes(_indices(cards), wheel, foul_on_equal), wheel)


def _three_flushes(hand: Indices, wheel: Wheel, foul_on_equal: bool) -> _Split | None:
    groups = [group for group in (tuple(index for index in hand if index & 3 == suit) for suit in _SUITS) if group]
    if any(len(group) not in _FLUSH_GROUP_SIZES for group in groups):
        return None
    # 13 cards in groups of 5, 10 and one of 3, 8 or 13: the group that holds the front.
    [front_group] = [group for group in groups if len(group) % 5 == 3]
    others = [group for group in groups if group is not front_group]
    splits: list[_Split] = []
    if len(front_group) == 13:
        # One suit: distinct cards of one suit never score the same, so the strongest five make the
        # back (whatever is left splits as 5 + 3), and the strongest five left the middle.
        back = _best_five(front_group, wheel)
        middle = _best_five(_without(front_group, back), wheel)
        splits.append(_flush_split(back, middle, _without(front_group, back, middle), wheel))
    elif len(front_group) == 8:
        splits += _flushes_from_eight(front_group, others[0], wheel, foul_on_equal)
    elif len(others) == 1:  # ten cards of a suit: the strongest five are the back, above the other five
        back = _best_five(others[0], wheel)
        splits.append(_flush_split(back, _without(others[0], back), front_group, wheel))
    else:
        first, second = others
        splits += [_flush_split(first, second, front_group, wheel), _flush_split(second, first, front_group, wheel)]
    return _strongest(split for split in splits if _not_fouled(split.key[0], split.key[1], foul_on_equal))


def _flush_split(back: Indices, middle: Indices, front: Indices, wheel: Wheel) -> _Split:
    # The front's value is its score without the kicker places a 3-card chi leaves empty.
    key = (_score(back, wheel), _score(middle, wheel), _score(front, wheel) >> 8)
    return _Split(key, back, middle, front)


def _best_five(group: Indices, wheel: Wheel) -> Indices:
    """The strongest 5 of cards of one suit: the best straight flush they hold, else the five highest."""
    by_rank = {index >> 2: index for index in group}
    candidates = [group[-5:]]
    for start in range(10):
        run = _run(start, 5)
        if all(rank in by_rank for rank in run):
            candidates.append(tuple(by_rank[rank] for rank in run))
    return max(candidates, key=lambda five: _score(five, wheel))


def _flushes_from_eight(eight: Indices, five: Indices, wheel: Wheel, foul_on_equal: bool) -> list[_Split]:
    """Eight cards of one suit (a chi and the front) and five of another: the strongest split with
    the eight's chi in the back, and the strongest with it in the middle (below the five)."""
    five_score = _score(five, wheel)
    best = _best_five(eight, wheel)
    splits = [_flush_split(best, five, _without(eight, best), wheel)]
    below = [chi for chi in combinations(eight, 5) if _not_fouled(five_score, _score(chi, wheel), foul_on_equal)]
    if below:
        middle = max(below, key=lambda chi: _score(chi, wheel))
        splits.append(_flush_split(five, middle, _without(eight, middle), wheel))
    return splits


# --- three straights and three straight flushes ------------------------------------------------


@functools.cache
def _run_sums() -> dict[Indices, tuple[Layout, ...]]:
    """Every rank-count vector of two 5-card runs and a 3-card run (A-2-3 and Q-K-A included, R5),
    with the layouts that add up to it (two different 5-card runs both ways round)."""
    sums: dict[Indices, list[Layout]] = {}
    for back, middle, front in product(range(10), range(10), range(12)):
        counts = [0] * 13
        for rank in _run(back, 5) + _run(middle, 5) + _run(front, 3):
            counts[rank] += 1
        sums.setdefault(tuple(counts), []).append((back, middle, front))
    return {vector: tuple(layouts) for vector, layouts in sums.items()}


@dataclass(frozen=True, slots=True)
class _Hand:
    """The 13 cards as the run finders read them."""

    cards: Indices
    held: frozenset[int]
    #: The cards of each rank (0 = two ... 12 = ace), in increasing order.
    by_rank: tuple[Indices, ...]

    @classmethod
    def of(cls, cards: Sequence[Card]) -> _Hand:
        indices = _indices(cards)
        by_rank: list[tuple[int, ...]] = [()] * 13
        for index in indices:
            by_rank[index >> 2] += (index,)
        return cls(indices, frozenset(indices), tuple(by_rank))

    def rest(self, *taken: Indices) -> Indices:
        return _without(self.cards, *taken)

    def options(self, ranks: Indices, taken: Indices) -> list[Indices]:
        """The cards of each of ``ranks`` not in ``taken``."""
        return [tuple(index for index in self.by_rank[rank] if index not in taken) for rank in ranks]


def runs_fit(cards: Sequence[Card]) -> bool:
    """Whether the ranks are two 5-card runs and a 3-card run added up (three straights, R5)."""
    return tuple(len(cards) for cards in _Hand.of(cards).by_rank) in _run_sums()


def three_straights(cards: Sequence[Card], wheel: Wheel, *, foul_on_equal: bool = False) -> Arrangement | None:
    """The strongest split of three straights that is not fouled, or None."""
    return _arrangement(_over_layouts(_Hand.of(cards), wheel, foul_on_equal, _straights), wheel)


def three_straight_flushes(cards: Sequence[Card], wheel: Wheel, *, foul_on_equal: bool = False) -> Arrangement | None:
    """The strongest split of three straight flushes that is not fouled, or None."""
    return _arrangement(_over_layouts(_Hand.of(cards), wheel, foul_on_equal, _straight_flushes), wheel)


def holds_three_straight_flushes(cards: Sequence[Card], wheel: Wheel) -> bool:
    """Whether any split forms three straight flushes, fouled or not (R6: what the cards qualify for)."""
    return _over_layouts(_Hand.of(cards), wheel, False, _straight_flushes) is not None


#: Finds a layout's strongest split (:func:`_straight_flushes`, :func:`_straights`).
_LayoutFinder = Callable[[_Hand, Layout, Wheel, bool], _Split | None]


def _over_layouts(hand: _Hand, wheel: Wheel, foul_on_equal: bool, finder: _LayoutFinder) -> _Split | None:
    layouts = _run_sums().get(tuple(len(cards) for cards in hand.by_rank), ())
    # Different layouts never tie: equal scores mean the same runs, an equal front value the same run.
    return _strongest(split for layout in layouts if (split := finder(hand, layout, wheel, foul_on_equal)) is not None)


def _straight_flushes(hand: _Hand, layout: Layout, wheel: Wheel, foul_on_equal: bool) -> _Split | None:
    """The layout's first split (by the back's suit, then the middle's) with every chi of one suit:
    all such splits are equally strong."""
    back_start, middle_start, front_start = layout
    back_score, middle_score = _run_score(back_start, 5, True, wheel), _run_score(middle_start, 5, True, wheel)
    if not _not_fouled(back_score, middle_score, foul_on_equal):
        return None
    # A 3-card chi scores its ranks only; its value is that score without the empty kicker places.
    key = (back_score, middle_score, _run_score(front_start, 3, False, wheel) >> 8)
    backs = [back for back in (_suited(back_start, 5, suit) for suit in _SUITS) if hand.held.issuperset(back)]
    middles = [middle for middle in (_suited(middle_start, 5, suit) for suit in _SUITS) if hand.held.issuperset(middle)]
    for back, middle in product(backs, middles):
        front = hand.rest(back, middle)
        if len(front) == 3 and len({index & 3 for index in front}) == 1:  # else back and middle share a card
            return _Split(key, back, middle, front)
    return None


@functools.cache
def _suited(start: int, length: int, suit: int) -> Indices:
    return tuple(4 * rank + suit for rank in _run(start, length))


def _straights(hand: _Hand, layout: Layout, wheel: Wheel, foul_on_equal: bool) -> _Split | None:
    """The layout's strongest split, and of equal ones the first.

    The key depends only on whether the back and the middle are of one suit.  A straight-flush back
    beats any other, so each back of one suit (at most four) is tried first; only with none that
    works do backs of mixed suits count, with middles of mixed suits (a straight-flush middle would
    beat them)."""
    back_start, middle_start, front_start = layout
    front_value = run_value([rank + 2 for rank in _run(front_start, 3)], wheel)
    splits = _suited_backs(hand, layout, front_value, wheel, foul_on_equal)
    back_score, middle_score = _run_score(back_start, 5, False, wheel), _run_score(middle_start, 5, False, wheel)
    if splits or not _not_fouled(back_score, middle_score, foul_on_equal):
        return _strongest(splits)
    back_ranks, middle_ranks = _run(back_start, 5), _run(middle_start, 5)
    # product() walks the backs in increasing order (ranks increasing, each rank's cards too).
    for back in product(*(hand.by_rank[rank] for rank in back_ranks)):
        if len({index & 3 for index in back}) > 1:
            middle = _mixed(hand.options(middle_ranks, back))
            if middle is not None:
                return _Split((back_score, middle_score, front_value), back, middle, hand.rest(back, middle))
    return None


def _suited_backs(hand: _Hand, layout: Layout, front_value: int, wheel: Wheel, foul_on_equal: bool) -> list[_Split]:
    """For each straight-flush back the layout allows, its strongest split, and of equal ones the first:
    a straight-flush middle if one is left and does not foul the back, else the first mixed one."""
    back_start, middle_start, _ = layout
    back_score, flush_middle = _run_score(back_start, 5, True, wheel), _run_score(middle_start, 5, True, wheel)
    mixed_middle = _run_score(middle_start, 5, False, wheel)
    middle_ranks = _run(middle_start, 5)
    splits = []
    for suit in _SUITS:
        back = _suited(back_start, 5, suit)
        if not hand.held.issuperset(back):
            continue
        options = hand.options(middle_ranks, back)
        middle = _one_suit(options) if _not_fouled(back_score, flush_middle, foul_on_equal) else None
        key = (back_score, flush_middle, front_value)
        if middle is None:
            middle, key = _mixed(options), (back_score, mixed_middle, front_value)
        if middle is not None:
            splits.append(_Split(key, back, middle, hand.rest(back, middle)))
    return splits


def _one_suit(options: list[Indices]) -> Indices | None:
    """The first choice of one card of each rank (options in increasing rank) all of one suit."""
    for suit in _SUITS:
        choice = tuple(index for cards in options for index in cards if index & 3 == suit)
        if len(choice) == len(options):
            return choice
    return None


def _mixed(options: list[Indices]) -> Indices | None:
    """The first choice of one card of each rank (options in increasing rank) not all of one suit."""
    first = tuple(cards[0] for cards in options)
    if len({index & 3 for index in first}) > 1:
        return first
    # All of one suit: the next choice takes the second card of the last rank that has one
    # (another suit), the first card elsewhere.
    for place in reversed(range(len(options))):
        if len(options[place]) > 1:
            return (*first[:place], options[place][1], *first[place + 1 :])
    return None
