"""Hand categories and the classification of one chi (docs/rules.md, "Hand categories").

A chi is a 5-card hand (back, middle) or a 3-card hand (front).  Classifying
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

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import DECK, Card, Rank, check_distinct, parse_cards
from .errors import CardCountError
from .labels import LabelledCode

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
    """Where the straight A-2-3-4-5 (sảnh nhị) ranks: knob ``wheel`` of docs/rules.md, "Hand categories"."""

    #: the lowest straight (001, standard poker)
    LOW = "low", "The lowest straight", "Sảnh nhỏ nhất"
    #: just below 10-J-Q-K-A (004)
    SECOND = "second", "Second only to 10-J-Q-K-A", "Sảnh nhì, chỉ sau 10-J-Q-K-A"


class Category(Enum):
    """Hand categories, weakest first, with their labels.

    ``order`` is the first element of a strength; a royal flush shares the
    order of the straight flush (it is simply the best one) but has its own
    key, label and bonus entries.
    """

    HIGH_CARD = ("high_card", 0, "High card", "Mậu thầu")
    PAIR = ("pair", 1, "Pair", "Đôi")
    TWO_PAIR = ("two_pair", 2, "Two pair", "Thú")
    TRIPS = ("trips", 3, "Three of a kind", "Sám")
    STRAIGHT = ("straight", 4, "Straight", "Sảnh")
    FLUSH = ("flush", 5, "Flush", "Thùng")
    FULL_HOUSE = ("full_house", 6, "Full house", "Cù lũ")
    QUADS = ("quads", 7, "Four of a kind", "Tứ quý")
    STRAIGHT_FLUSH = ("straight_flush", 8, "Straight flush", "Thùng phá sảnh")
    ROYAL_FLUSH = ("royal_flush", 8, "Royal flush", "Thùng phá sảnh lớn")

    def __init__(self, key: str, order: int, label_en: str, label_vi: str) -> None:
        self.key = key
        self.order = order
        self.label_en = label_en
        self.label_vi = label_vi

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
    def description_en(self) -> str:
        """A player-facing English name, e.g. ``'Two pair, Kings and Nines'``."""
        return _describe(self, english=True)

    @property
    def description_vi(self) -> str:
        """The Vietnamese name a player would say, e.g. ``'Thú K và 9'``."""
        return _describe(self, english=False)


def classify(cards: Sequence[Card], wheel: Wheel = Wheel.LOW) -> Chi:
    """Classify a chi of 3 or 5 distinct cards.

    >>> classify(parse_cards(['Qs', 'Qd', 'Qc'])).category
    <Category.TRIPS: ('trips', 3, 'Three of a kind', 'Sám')>
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

    >>> classify_indices((0, 1, 2)).description_en  # 2c 2d 2h
    'Three Twos'
    """
    return _classify_sorted(indices, wheel)


#: The cards of a chi: the front has 3, the middle and the back 5.
CHI_SIZES: Final = (3, 5)


def check_chi(cards: Sequence[Card]) -> None:
    """A chi: 3 or 5 distinct cards."""
    if len(cards) not in CHI_SIZES:
        raise CardCountError(
            f"a chi has 3 or 5 cards, not {len(cards)}", vi=f"một chi phải có 3 hoặc 5 lá, không phải {len(cards)}"
        )
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
    """Whether a 3-card front is stronger than a 5-card middle (docs/rules.md, "Hand categories", R2).

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


_RANK_PLURAL_EN: Final = {rank: rank.name_en + ("es" if rank is Rank.SIX else "s") for rank in Rank}


def _describe(chi: Chi, *, english: bool) -> str:
    category = chi.category
    top = Rank(chi.strength[1])
    second = Rank(chi.strength[2]) if chi.strength[2] >= 2 else None
    if english:
        return _describe_en(chi, category, top, second)
    return _describe_vi(chi, category, top, second)


def _is_wheel(chi: Chi) -> bool:
    return chi.strength[1:6] in ((5, 4, 3, 2, 1), (14, 5, 4, 3, 2))


def _describe_en(chi: Chi, category: Category, top: Rank, second: Rank | None) -> str:
    match category:
        case Category.HIGH_CARD:
            return f"{top.name_en} high"
        case Category.PAIR:
            return f"Pair of {_RANK_PLURAL_EN[top]}"
        case Category.TWO_PAIR:
            assert second is not None
            return f"Two pair, {_RANK_PLURAL_EN[top]} and {_RANK_PLURAL_EN[second]}"
        case Category.TRIPS:
            return f"Three {_RANK_PLURAL_EN[top]}"
        case Category.STRAIGHT | Category.STRAIGHT_FLUSH:
            span = "Ace to Five" if _is_wheel(chi) else f"{Rank(chi.strength[5]).name_en} to {top.name_en}"
            return f"{category.label_en}, {span}"
        case Category.FLUSH:
            return f"Flush, {top.name_en} high"
        case Category.FULL_HOUSE:
            assert second is not None
            return f"Full house, {_RANK_PLURAL_EN[top]} over {_RANK_PLURAL_EN[second]}"
        case Category.QUADS:
            return f"Four {_RANK_PLURAL_EN[top]}"
        case Category.ROYAL_FLUSH:
            return "Royal flush"
    raise AssertionError(category)  # pragma: no cover - the match is exhaustive


def _describe_vi(chi: Chi, category: Category, top: Rank, second: Rank | None) -> str:
    match category:
        case Category.HIGH_CARD | Category.PAIR | Category.TRIPS | Category.FLUSH | Category.QUADS:
            return f"{category.label_vi} {top.name_vi}"
        case Category.TWO_PAIR:
            assert second is not None
            return f"Thú {top.name_vi} và {second.name_vi}"
        case Category.FULL_HOUSE:
            assert second is not None
            return f"Cù lũ {top.name_vi}-{second.name_vi}"
        case Category.STRAIGHT | Category.STRAIGHT_FLUSH:
            span = "A-5" if _is_wheel(chi) else f"{Rank(chi.strength[5]).name_vi}-{top.name_vi}"
            return f"{category.label_vi} {span}"
        case Category.ROYAL_FLUSH:
            return category.label_vi
    raise AssertionError(category)  # pragma: no cover - the match is exhaustive
