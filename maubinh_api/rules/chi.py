"""Chi categories and the classification of one chi (docs/rules.md, "Chi categories").

A chi is 5 cards (back, middle) or 3 (front); a hand is the 13 a player is dealt.  Classifying
it gives its :class:`Category` and a *strength*: a fixed-length tuple of
integers, ``(category order, r1, r2, r3, r4, r5)`` for five cards and
``(category order, r1, r2, r3)`` for three, that orders two chi of the same
size by plain tuple comparison.  ``r1..`` are the ranks that decide ties, most
important first (the grouped ranks, then kickers; ``0`` pads unused places).
Straights list their five ranks from the top; in the ``low`` wheel setting
the ace of A-2-3-4-5 counts 1, in the ``second`` setting the wheel is written
``(14, 5, 4, 3, 2)``, which sorts just below 10-J-Q-K-A and above K-high.

>>> chi = classify(parse_cards(['Kh', 'Kd', '2c', '9s', '9c']))
>>> chi.category.key, chi.strength
('two_pair', (2, 13, 9, 2, 0, 0))
>>> [str(card) for card in chi.cards]
['Kh', 'Kd', '9s', '9c', '2c']
>>> classify(parse_cards(['Ah', '2h', '3h', '4h', '5h']), Wheel.SECOND).strength
(8, 14, 5, 4, 3, 2)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import DECK, Card, Rank, check_distinct, parse_cards
from .errors import CardCountError
from .labels import LabelledCode
from .texts import Text, phrase, words

__all__ = [
    "CHI_SIZES",
    "Category",
    "Chi",
    "Wheel",
    "category_of",
    "classify",
    "classify_distinct",
    "classify_indices",
    "compare",
    "front_beats_middle",
    "pack",
    "parse_cards",
    "unpack",
]


class Wheel(LabelledCode):
    """Where the straight A-2-3-4-5 (sảnh nhị) ranks: knob ``wheel`` of docs/rules.md, "Chi categories"."""

    #: the lowest straight (001, standard poker)
    LOW = "low", words("The lowest straight")
    #: just below 10-J-Q-K-A (004)
    SECOND = "second", words("Second only to 10-J-Q-K-A")


class Category(Enum):
    """Chi categories, weakest first, with their labels.

    ``order`` is the first element of a strength; a royal flush shares the
    order of the straight flush (it is simply the best one) but has its own
    key, label and bonus entries.
    """

    HIGH_CARD = ("high_card", 0, words("High card"))
    PAIR = ("pair", 1, words("Pair"))
    TWO_PAIR = ("two_pair", 2, words("Two pair"))
    TRIPS = ("trips", 3, words("Three of a kind"))
    STRAIGHT = ("straight", 4, words("Straight"))
    FLUSH = ("flush", 5, words("Flush"))
    FULL_HOUSE = ("full_house", 6, words("Full house"))
    QUADS = ("quads", 7, words("Four of a kind"))
    STRAIGHT_FLUSH = ("straight_flush", 8, words("Straight flush"))
    ROYAL_FLUSH = ("royal_flush", 8, words("Royal flush"))

    def __init__(self, key: str, order: int, label: Text) -> None:
        self.key = key
        self.order = order
        self.label = label

    @classmethod
    def from_key(cls, key: str) -> Category:
        """The category with the given key (``'full_house'``)."""
        return _CATEGORY_BY_KEY[key]


_CATEGORY_BY_KEY: Final = {category.key: category for category in Category}


def pack(strength: Sequence[int]) -> int:
    """Pack a strength into one integer with the same order.

    Four bits per element, the category in bits 20-23; a 3-card strength is
    packed as if its two missing kickers were 0, so a front's packed value and
    a middle's compare on one scale (used by :func:`front_beats_middle`).

    >>> hex(pack((1, 13, 14, 9, 2, 0)))
    '0x1de920'
    >>> hex(pack((1, 13, 14, 9)))
    '0x1de900'
    """
    value = 0
    for shift, part in zip(range(20, -4, -4), strength, strict=False):
        value |= part << shift
    return value


def unpack(score: int, size: int) -> tuple[int, ...]:
    """The strength a packed score stands for (the inverse of :func:`pack`).

    >>> unpack(pack((2, 13, 9, 2, 0, 0)), 5), unpack(pack((3, 12, 0, 0)), 3)
    ((2, 13, 9, 2, 0, 0), (3, 12, 0, 0))
    """
    places = 6 if size == 5 else 4
    return tuple((score >> shift) & 0xF for shift in range(20, 20 - 4 * places, -4))


def category_of(strength: Sequence[int]) -> Category:
    """The category of a strength (a royal flush is the straight flush from the ace).

    >>> category_of((8, 14, 13, 12, 11, 10)).key, category_of((1, 13, 14, 9, 2, 0)).key
    ('royal_flush', 'pair')
    """
    if strength[0] == Category.STRAIGHT_FLUSH.order and strength[1] == Rank.ACE and strength[2] == Rank.KING:
        return Category.ROYAL_FLUSH
    return _CATEGORY_BY_ORDER[strength[0]]


_CATEGORY_BY_ORDER: Final = {category.order: category for category in Category if category is not Category.ROYAL_FLUSH}


@dataclass(frozen=True, slots=True)
class Chi:
    """One classified chi: its cards in the order a player would lay them out,
    its category, its strength (see the module docstring) and the packed
    strength ``score``."""

    cards: tuple[Card, ...]
    category: Category
    strength: tuple[int, ...]
    score: int

    @property
    def size(self) -> int:
        """3 for a front, 5 for a back or middle."""
        return len(self.cards)

    @property
    def description(self) -> Text:
        """The name a player gives the chi, e.g. ``'Two pair, Kings and Nines'``, ``'Thú K và 9'``."""
        return _describe(self.category, self.strength)


#: The ranks a chi's description names, by category: the rest of its strength are kickers (a
#: straight's description names all it holds).
_NAMED_RANKS: Final = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.TRIPS: 1,
    Category.FLUSH: 1,
    Category.FULL_HOUSE: 2,
    Category.QUADS: 1,
}


def told_apart(one: Chi, other: Chi) -> tuple[Text, Text]:
    """The two chi's descriptions, each with the kicker that decides between them when the
    descriptions alone read the same (docs/rules.md, "Explanations"): a player reading
    "Ace high beats Ace high" cannot see why.

    >>> ace_king, ace_queen = classify(parse_cards(["As", "Kd", "9c"])), classify(parse_cards(["Ah", "Qd", "9d"]))
    >>> [text.en for text in told_apart(ace_king, ace_queen)]
    ['Ace high, King kicker', 'Ace high, Queen kicker']
    >>> [text.vi for text in told_apart(ace_king, ace_queen)]
    ['Mậu thầu A, kèm K', 'Mậu thầu A, kèm Q']
    >>> [text.en for text in told_apart(ace_king, classify(parse_cards(["Kh", "Qh", "Jd"])))]
    ['Ace high', 'King high']
    """
    described = one.description, other.description
    if described[0] != described[1] or one.category not in _NAMED_RANKS:
        return described
    kickers = range(1 + _NAMED_RANKS[one.category], min(len(one.strength), len(other.strength)))
    place = next((index for index in kickers if one.strength[index] != other.strength[index]), None)
    if place is None:  # the same ranks: a tie, or decided by suit where a variant says so
        return described
    # TRANSLATORS: the rank that decides between two chi of the same description: "Mậu thầu A, kèm K".
    kicker = phrase("{description}, {rank} kicker")
    return (
        kicker.format(description=described[0], rank=_rank(one.strength[place])),
        kicker.format(description=described[1], rank=_rank(other.strength[place])),
    )


def classify(cards: Sequence[Card], wheel: Wheel = Wheel.LOW) -> Chi:
    """Classify a chi of 3 or 5 distinct cards.

    >>> classify(parse_cards(['Qs', 'Qd', 'Qc'])).category.label
    Text(en='Three of a kind', vi='Sám')
    >>> classify(parse_cards(['As', 'Kd']))
    Traceback (most recent call last):
        ...
    maubinh_api.rules.errors.CardCountError: a chi has 3 or 5 cards, not 2
    """
    check_chi(cards)
    return _classify(tuple(cards), wheel)


def classify_distinct(cards: tuple[Card, ...], wheel: Wheel = Wheel.LOW) -> Chi:
    """:func:`classify` for cards already known to be 3 or 5 distinct ones (a
    split of a checked hand): the same answer without checking them again."""
    return _classify(cards, wheel)


def classify_indices(indices: tuple[int, ...], wheel: Wheel = Wheel.LOW) -> Chi:
    """:func:`classify_distinct` for the indices of 3 or 5 distinct cards in increasing order
    (a split of a sorted hand, as the strategy holds them): nothing to sort or look up.

    >>> classify_indices((0, 1, 2)).description.en  # 2c 2d 2h
    'Three Twos'
    """
    return _classify_sorted(indices, wheel)


#: The cards of a chi: the front has 3, the middle and the back 5.
CHI_SIZES: Final = (3, 5)


def check_chi(cards: Sequence[Card]) -> None:
    """A chi: 3 or 5 distinct cards."""
    if len(cards) not in CHI_SIZES:
        raise CardCountError(words("a chi has 3 or 5 cards, not {count}", count=len(cards)))
    check_distinct(cards)


@dataclass(frozen=True, slots=True)
class _Shape:
    """What a chi's ranks (and whether it is a flush) decide: everything but
    the order its cards are shown in, which ``counts`` settles."""

    category: Category
    strength: tuple[int, ...]
    score: int
    #: The order the cards are shown in, as places in the cards sorted by
    #: index: groups first (more cards first, then higher rank), each group
    #: spades first; an A-2-3-4-5 straight as 5-4-3-2-A.
    display: tuple[int, ...]


#: Shapes by (sorted ranks, flush, wheel): at most 2 x (6,188 + 455 + 1,287) entries.
_SHAPES: dict[tuple[tuple[int, ...], bool, Wheel], _Shape] = {}
#: A card's place in display order: by rank, then spades before hearts, diamonds, clubs.
_DISPLAY: Final = tuple(4 * (index // 4) + 3 - index % 4 for index in range(52))
#: A card's rank (2-14) by its index.
_RANK_OF: Final = tuple(2 + index // 4 for index in range(52))


def _classify(cards: tuple[Card, ...], wheel: Wheel) -> Chi:
    return _classify_sorted(tuple(sorted([card.index for card in cards])), wheel)


def _classify_sorted(indices: tuple[int, ...], wheel: Wheel) -> Chi:
    ranks = tuple([_RANK_OF[index] for index in indices])
    flush = len(indices) == 5 and len({index & 3 for index in indices}) == 1
    key = (ranks, flush, wheel)
    shape = _SHAPES.get(key)
    if shape is None:
        shape = _SHAPES[key] = _shape(ranks, flush, wheel)
    shown = tuple([DECK[indices[place]] for place in shape.display])
    return Chi(cards=shown, category=shape.category, strength=shape.strength, score=shape.score)


def _shape(ranks: tuple[int, ...], flush: bool, wheel: Wheel) -> _Shape:
    counts = Counter(ranks)
    # Grouped ranks first (more cards first, then higher rank): poker order.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    ordered = [int(rank) for rank, _ in groups]

    straight = _straight_ranks(ordered, wheel) if len(ranks) == 5 and len(groups) == 5 else None
    category: Category
    if straight is not None and flush:
        royal = straight[0] == Rank.ACE and straight[1] == Rank.KING
        category = Category.ROYAL_FLUSH if royal else Category.STRAIGHT_FLUSH
    elif shape[0] == 4:
        category = Category.QUADS
    elif shape[:2] == (3, 2):
        category = Category.FULL_HOUSE
    elif flush:
        category = Category.FLUSH
    elif straight is not None:
        category = Category.STRAIGHT
    elif shape[0] == 3:
        category = Category.TRIPS
    elif shape[:2] == (2, 2):
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD

    tiebreak = straight if straight is not None else ordered
    strength = (category.order, *tiebreak, *([0] * (len(ranks) - len(tiebreak))))
    places = range(len(ranks))  # ranks are sorted, as the cards by index, so ties keep spades first
    if straight is not None and set(ranks) == {14, 2, 3, 4, 5}:  # players lay the wheel out as 5-4-3-2-A
        display = tuple(sorted(places, key=lambda place: -(ranks[place] % 14)))
    else:
        display = tuple(sorted(places, key=lambda place: (-counts[ranks[place]], -ranks[place])))
    return _Shape(category, strength, pack(strength), display)


def _straight_ranks(ranks_desc: list[int], wheel: Wheel) -> list[int] | None:
    """The five ranks of a straight from its top, or None; ranks are distinct."""
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc
    if ranks_desc == [14, 5, 4, 3, 2]:
        return [5, 4, 3, 2, 1] if wheel is Wheel.LOW else [14, 5, 4, 3, 2]
    return None


def compare(first: Chi, second: Chi) -> int:
    """-1, 0 or 1 as ``first`` is weaker than, equal to or stronger than
    ``second``; both must have the same size (use :func:`front_beats_middle`
    for a front against a middle)."""
    if first.size != second.size:
        raise ValueError(f"cannot compare a {first.size}-card chi with a {second.size}-card chi")
    return (first.score > second.score) - (first.score < second.score)


def front_beats_middle(front: Chi, middle: Chi) -> bool:
    """Whether a 3-card front is stronger than a 5-card middle (docs/rules.md, "Chi categories", R2).

    Both are on one category scale; the front's three tie-break places are
    compared with the middle's first three and any remaining tie goes to the
    middle, which holds more cards.  So "equal" never happens and the front
    wins only with strictly higher cards.

    >>> front = classify(parse_cards(['Kh', 'Kd', 'Qc']))
    >>> front_beats_middle(front, classify(parse_cards(['Ks', 'Kc', 'Js', '9d', '2c'])))
    True
    >>> front_beats_middle(front, classify(parse_cards(['Ks', 'Kc', 'Qs', '9d', '2c'])))
    False
    """
    if front.size != 3 or middle.size != 5:
        raise ValueError("front_beats_middle takes a 3-card front and a 5-card middle")
    return front.score > middle.score & ~0xFF


_RANK_PLURAL_EN: Final = {rank: rank.label.en + ("es" if rank is Rank.SIX else "s") for rank in Rank}


def _rank(rank: int) -> Text:
    """A rank as a description names one card: ``King`` in English, its symbol ``K`` in Vietnamese."""
    return Rank(rank).label


def _ranks(rank: int) -> Text:
    """A rank as a description names a group: ``Kings`` in English, ``K`` in Vietnamese."""
    return Text(_RANK_PLURAL_EN[Rank(rank)], Rank(rank).label.vi)


@functools.cache  # bounded: one entry per distinct strength (a few thousand)
def _describe(category: Category, strength: tuple[int, ...]) -> Text:
    top, second = strength[1], strength[2]
    match category:
        case Category.HIGH_CARD:
            return words("{rank} high", rank=_rank(top))
        case Category.PAIR:
            return words("Pair of {ranks}", ranks=_ranks(top))
        case Category.TWO_PAIR:
            return words("Two pair, {high} and {low}", high=_ranks(top), low=_ranks(second))
        case Category.TRIPS:
            return words("Three {ranks}", ranks=_ranks(top))
        case Category.STRAIGHT:
            low, high = (Rank.ACE, Rank.FIVE) if _is_wheel(strength) else (strength[5], top)
            return words("Straight, {low} to {high}", low=_rank(low), high=_rank(high))
        case Category.STRAIGHT_FLUSH:
            low, high = (Rank.ACE, Rank.FIVE) if _is_wheel(strength) else (strength[5], top)
            return words("Straight flush, {low} to {high}", low=_rank(low), high=_rank(high))
        case Category.FLUSH:
            return words("Flush, {rank} high", rank=_rank(top))
        case Category.FULL_HOUSE:
            return words("Full house, {trips} over {pair}", trips=_ranks(top), pair=_ranks(second))
        case Category.QUADS:
            return words("Four {ranks}", ranks=_ranks(top))
        case Category.ROYAL_FLUSH:
            return category.label
    raise AssertionError(category)  # pragma: no cover - the match is exhaustive


def _is_wheel(strength: tuple[int, ...]) -> bool:
    return strength[1:6] in ((5, 4, 3, 2, 1), (14, 5, 4, 3, 2))
