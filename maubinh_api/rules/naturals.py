"""Naturals (thắng trắng, "mậu binh tới trắng"): 13-card hands that win outright.

The rules: docs/rules.md, "Naturals (thắng trắng)".

A hand holds at most one natural: the highest, in the precedence of docs/rules.md, "Naturals (thắng trắng)"
(R7), among those the variant lists and the hand qualifies for.  Counting
follows ruling R4: four of a kind counts as two pairs or as one three of a
kind; three of a kind counts as a pair plus an odd card.  The ``three_*``
naturals depend on the split (R6): a hand qualifies if *any* split of its 13
cards forms them, and the service shows the strongest such split.  Under a
variant, only a split that is not fouled counts: with ``foul_on_equal`` a
split whose back equals its middle does not, and a hand with no other split
for the natural falls through to the next natural it holds.  rules/split_naturals.py finds
those splits from the cards' suits and ranks.

>>> from maubinh_api.rules.variants import preset
>>> cards = parse_cards('2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ac'.split())
>>> natural = detect(cards, preset("classic").rules)
>>> natural.key, natural.payout, natural.tiebreak
('six_pairs', 3, (13,))
>>> sorted(qualifying(cards))
['six_pairs']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from .arrangement import Arrangement
from .cards import Card, check_hand, parse_cards
from .chi import Wheel
from .knobs import NaturalVsNatural, RuleSet
from .labels import LabelledCode
from .split_naturals import (
    flush_counts_fit,
    holds_three_straight_flushes,
    run_value,
    runs_fit,
    three_flushes,
    three_straight_flushes,
    three_straights,
)
from .texts import words

__all__ = ["Natural", "NaturalHand", "compare_naturals", "detect", "parse_cards", "qualifying"]


class Natural(LabelledCode):
    """The naturals, highest precedence first (R7), with their labels."""

    DRAGON_FLUSH = "dragon_flush", words("Dragon flush (2 to A of one suit)")
    DRAGON = "dragon", words("Dragon (2 to A)")
    THREE_STRAIGHT_FLUSHES = "three_straight_flushes", words("Three straight flushes")
    THIRTEEN_ONE_COLOUR = "thirteen_one_colour", words("Thirteen cards of one colour")
    TWELVE_ONE_COLOUR = "twelve_one_colour", words("Twelve cards of one colour")
    FIVE_PAIRS_TRIPS = "five_pairs_trips", words("Five pairs and three of a kind")
    SIX_PAIRS = "six_pairs", words("Six pairs")
    FOUR_TRIPS = "four_trips", words("Four three-of-a-kinds")
    THREE_QUADS = "three_quads", words("Three four-of-a-kinds")
    THREE_FLUSHES = "three_flushes", words("Three flushes")
    THREE_STRAIGHTS = "three_straights", words("Three straights")

    @property
    def key(self) -> str:
        """What requests send and answers give (``'dragon'``)."""
        return self.value

    @classmethod
    def from_key(cls, key: str) -> Natural:
        """The natural with the given key."""
        return cls(key)

    @property
    def precedence(self) -> int:
        """0 for the highest natural (dragon flush), 10 for the lowest."""
        return _PRECEDENCE[self]

    @property
    def depends_on_split(self) -> bool:
        """Whether the natural is a property of a split, not of the 13 cards."""
        return self in _SPLIT_NATURALS


_PRECEDENCE: Final = {natural: index for index, natural in enumerate(Natural)}
#: The strongest split that forms each split natural and is not fouled (rules/split_naturals.py).
_SPLIT_FINDERS: Final[dict[Natural, Callable[..., Arrangement | None]]] = {
    Natural.THREE_STRAIGHT_FLUSHES: three_straight_flushes,
    Natural.THREE_FLUSHES: three_flushes,
    Natural.THREE_STRAIGHTS: three_straights,
}
_SPLIT_NATURALS: Final = frozenset(_SPLIT_FINDERS)


@dataclass(frozen=True, slots=True)
class NaturalHand:
    """The natural a hand holds under a variant.

    ``tiebreak`` orders two hands with the same natural (004's tie-breaks;
    an empty tuple for naturals that always draw, R8).  ``split`` is the
    strongest arrangement that shows a split-dependent natural and is not
    fouled under the variant, else None.
    """

    natural: Natural
    payout: int
    tiebreak: tuple[int, ...]
    split: Arrangement | None

    @property
    def key(self) -> str:
        """The natural's key, e.g. ``'six_pairs'``."""
        return self.natural.key


def qualifying(cards: Sequence[Card], wheel: Wheel = Wheel.LOW) -> frozenset[str]:
    """Every natural the 13 cards qualify for, whatever the variant lists.

    >>> sorted(qualifying(parse_cards('2s 3s 4s 5s 6s 7h 8h 9h Th Jh Qd Kd Ad'.split())))
    ['dragon', 'three_flushes', 'three_straight_flushes', 'three_straights']
    """
    check_hand(cards)
    return frozenset(natural.key for natural in _qualifying(tuple(cards), wheel))


def _qualifying(cards: tuple[Card, ...], wheel: Wheel) -> list[Natural]:
    rank_counts = Counter(card.rank for card in cards)
    suit_counts = Counter(card.suit for card in cards)
    counts = list(rank_counts.values())
    reds = sum(card.suit.is_red for card in cards)
    found: list[Natural] = []
    if len(rank_counts) == 13:
        found.append(Natural.DRAGON)
        if len(suit_counts) == 1:
            found.append(Natural.DRAGON_FLUSH)
    if reds in (0, 13):
        found.append(Natural.THIRTEEN_ONE_COLOUR)
    if reds in (1, 12):
        found.append(Natural.TWELVE_ONE_COLOUR)
    # R4: a four of a kind is two pairs or a three of a kind (with an odd card);
    # a three of a kind is a pair and an odd card.
    if counts.count(3) == 1 and 1 not in counts:
        found.append(Natural.FIVE_PAIRS_TRIPS)
    if sum(count // 2 for count in counts) == 6:
        found.append(Natural.SIX_PAIRS)
    if sum(count >= 3 for count in counts) == 4:
        found.append(Natural.FOUR_TRIPS)
    if counts.count(4) == 3:
        found.append(Natural.THREE_QUADS)
    flushes, straights = flush_counts_fit(cards), runs_fit(cards)
    if flushes:
        found.append(Natural.THREE_FLUSHES)
    if straights:
        found.append(Natural.THREE_STRAIGHTS)
    if flushes and straights and holds_three_straight_flushes(cards, wheel):
        found.append(Natural.THREE_STRAIGHT_FLUSHES)
    return sorted(found, key=_PRECEDENCE.__getitem__)


def detect(cards: Sequence[Card], rules: RuleSet) -> NaturalHand | None:
    """The natural the hand holds under ``rules``, or None."""
    check_hand(cards)
    hand = tuple(cards)
    for natural in _qualifying(hand, rules.wheel):
        payout = rules.naturals.get(natural.key)
        if payout is None:
            continue
        split = None
        if natural.depends_on_split:
            split = _SPLIT_FINDERS[natural](hand, rules.wheel, foul_on_equal=rules.foul_on_equal)
            if split is None:  # every split that forms it is fouled under the variant
                continue
        return NaturalHand(
            natural=natural, payout=payout, tiebreak=_tiebreak(hand, natural, split, rules.wheel), split=split
        )
    return None


def compare_naturals(first: NaturalHand, second: NaturalHand, rules: RuleSet) -> int:
    """1 if ``first`` is paid by ``second``, -1 the other way, 0 for a draw
    (knob ``natural_vs_natural``, 004's tie-breaks with ``natural_tie_breaks``, R8)."""
    if rules.natural_vs_natural is NaturalVsNatural.DRAW:
        return 0
    if first.natural is not second.natural:
        return 1 if first.natural.precedence < second.natural.precedence else -1
    if not rules.natural_tie_breaks:
        return 0
    return (first.tiebreak > second.tiebreak) - (first.tiebreak < second.tiebreak)


def _tiebreak(cards: tuple[Card, ...], natural: Natural, split: Arrangement | None, wheel: Wheel) -> tuple[int, ...]:
    counts = Counter(int(card.rank) for card in cards)
    match natural:
        case Natural.FIVE_PAIRS_TRIPS:  # by the three of a kind
            return (max(rank for rank, count in counts.items() if count == 3),)
        case Natural.SIX_PAIRS:  # by the highest pair
            return (max(rank for rank, count in counts.items() if count >= 2),)
        case Natural.FOUR_TRIPS:  # by the highest three of a kind
            return (max(rank for rank, count in counts.items() if count >= 3),)
        case Natural.THREE_QUADS:  # by the highest four of a kind
            return (max(rank for rank, count in counts.items() if count == 4),)
        case Natural.THREE_FLUSHES:  # chi by chi, back first
            assert split is not None
            return (split.back.score, split.middle.score, split.front.score)
        case Natural.THREE_STRAIGHTS:  # chi by chi; the front by its run
            assert split is not None
            return (split.back.score, split.middle.score, run_value([card.rank for card in split.front.cards], wheel))
    return ()  # R8: other equal naturals draw
