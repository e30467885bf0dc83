"""Hands dealt to hold a given natural (thắng trắng): what a drill about declaring one is dealt from.

A random deal holds a natural about once in a hundred hands, so a drill that needs one builds it:
the natural's pattern is drawn at random (its ranks, its suits, its three chi for the split
naturals).  The ranks lean high: a natural whose chi are strong is one where playing the chi can
rival declaring it, the decision a drill is about.  A run or a flush of a split natural (three
straights, three flushes) draws its ranks with a chance growing with the fourth power of a rank's
place (``RANK_WEIGHTS``); a grouped natural (six pairs, five pairs and trips, four trips, three
quads) draws its six or seven distinct ranks at once with the square of it (``GROUP_WEIGHTS``):
at the fourth power the six highest ranks held 90% of the weight, and 66% of ``classic``'s
natural-call drills held A K Q J 10 all paired (issue 41: whole runs were "AA KK QQ JJ TT and three
cards").  Measured on 3,000 built hands at a table of four, a close call (within a point) is 1 hand
in 16 under ``classic`` (1 in 9 with the grouped ranks at the fourth power too), 1 in 19 under
``extended`` and 1 in 21 under ``online`` (whose naturals pay 18: only split naturals of the highest
ranks come close there); with even ranks everywhere it was 1 in 25 under ``classic`` and 1 in 83
under ``online``.  Every hand is a real 13-card hand; :func:`~maubinh_api.rules.naturals.detect`
still says which natural it holds under a variant (a hand built for six pairs may hold a higher
natural, and a split natural may foul under the variant).

:func:`pattern` is what a player reads such a hand by: the five highest ranks it holds two or more
times (AA KK QQ JJ 10 10 and any three cards are one pattern); a run of drills does not repeat one
(:mod:`~maubinh_api.strategy.drills`).

>>> from maubinh_api.rules.naturals import qualifying
>>> rng = np.random.default_rng(7)
>>> all("six_pairs" in qualifying(deal_natural(Natural.SIX_PAIRS, rng)) for _ in range(20))
True
>>> all("three_straights" in qualifying(deal_natural(Natural.THREE_STRAIGHTS, rng)) for _ in range(20))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

import numpy as np

from ..rules.cards import DECK, Card, Rank, Suit
from ..rules.naturals import Natural

__all__ = ["GROUP_WEIGHTS", "PATTERN_RANKS", "RANK_WEIGHTS", "deal_natural", "pattern"]

RANKS: Final = tuple(Rank)
SUITS: Final = tuple(Suit)
#: The chance of each rank, 2 to ace, in a split natural's chi: the fourth power of its place (see above).
RANK_WEIGHTS: Final = np.arange(1, 14, dtype=float) ** 4 / float(np.sum(np.arange(1, 14, dtype=float) ** 4))
#: The chance of each rank, 2 to ace, among a grouped natural's ranks: the square of its place (see above).
GROUP_WEIGHTS: Final = np.arange(1, 14, dtype=float) ** 2 / float(np.sum(np.arange(1, 14, dtype=float) ** 2))
#: How many of a hand's paired (or better) ranks, the highest first, make its pattern.
PATTERN_RANKS: Final = 5
#: The ace's place at the bottom of a run (A-2-3, A-2-3-4-5).
ACE_LOW: Final = 1
Generator = np.random.Generator


def deal_natural(natural: Natural, rng: Generator) -> tuple[Card, ...]:
    """13 distinct cards that qualify for ``natural`` (in no particular order)."""
    return _BUILDERS[natural](rng)


def pattern(cards: Iterable[Card]) -> frozenset[Rank]:
    """The ranks a player reads a natural's hand by: the ``PATTERN_RANKS`` highest it holds two or
    more times (none for a dragon, whose 13 ranks are all different).

    >>> from maubinh_api.rules.cards import parse_cards
    >>> sorted(pattern(parse_cards("As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 2c".split())), reverse=True)
    [<Rank.ACE: 14>, <Rank.KING: 13>, <Rank.QUEEN: 12>, <Rank.JACK: 11>, <Rank.TEN: 10>]
    """
    counts = Counter(card.rank for card in cards)
    return frozenset(sorted((rank for rank, held in counts.items() if held >= 2), reverse=True)[:PATTERN_RANKS])


def _card(rank: Rank, suit: Suit) -> Card:
    return DECK[4 * (rank - 2) + SUITS.index(suit)]


def _suits(rng: Generator, count: int) -> list[Suit]:
    """``count`` distinct suits in random order."""
    return [SUITS[int(place)] for place in rng.permutation(4)[:count]]


def _ranks(rng: Generator, count: int, weights: np.ndarray = RANK_WEIGHTS) -> list[Rank]:
    """``count`` distinct ranks, the high ones likelier (by ``weights``)."""
    return [RANKS[int(place)] for place in rng.choice(13, size=count, replace=False, p=weights)]


def _of_ranks(rng: Generator, groups: list[tuple[Rank, int]]) -> tuple[Card, ...]:
    """For each (rank, n), n cards of that rank in distinct random suits."""
    return tuple(_card(rank, suit) for rank, size in groups for suit in _suits(rng, size))


def _grouped(sizes: tuple[int, ...]) -> Callable[[Generator], tuple[Card, ...]]:
    """Hands of distinct ranks in groups of ``sizes`` (2, 2, ... for pairs; 3 for trips; 4 for quads)."""

    def build(rng: Generator) -> tuple[Card, ...]:
        return _of_ranks(rng, list(zip(_ranks(rng, len(sizes), GROUP_WEIGHTS), sizes, strict=True)))

    return build


def _dragon(rng: Generator) -> tuple[Card, ...]:
    return tuple(_card(rank, SUITS[int(rng.integers(4))]) for rank in RANKS)


def _dragon_flush(rng: Generator) -> tuple[Card, ...]:
    suit = SUITS[int(rng.integers(4))]
    return tuple(_card(rank, suit) for rank in RANKS)


def _one_colour(odd: int) -> Callable[[Generator], tuple[Card, ...]]:
    """13 cards of which ``odd`` are of the other colour."""

    def build(rng: Generator) -> tuple[Card, ...]:
        red = bool(rng.integers(2))
        main = [card for card in DECK if card.suit.is_red == red]
        other = [card for card in DECK if card.suit.is_red != red]
        return tuple(
            [main[int(place)] for place in rng.permutation(26)[: 13 - odd]]
            + [other[int(place)] for place in rng.permutation(26)[:odd]]
        )

    return build


def _run(rng: Generator, length: int) -> list[Rank]:
    """The ranks of a random straight of ``length`` (A-2-3... counts, the ace low), the high ones likelier."""
    starts = 16 - length - ACE_LOW  # from the ace low (1) to the run that ends on the ace (15 - length)
    weights = np.arange(1, starts + 1, dtype=float) ** 4
    lowest = ACE_LOW + int(rng.choice(starts, p=weights / weights.sum()))
    return [Rank.ACE if rank == ACE_LOW else Rank(rank) for rank in range(lowest, lowest + length)]


def _chi_of_three(
    pick: Callable[[Generator, int], list[Card]],
) -> Callable[[Generator], tuple[Card, ...]]:
    """A hand of three chi (5, 5 and 3 cards) each drawn by ``pick``, drawn again until the 13 cards differ."""

    def build(rng: Generator) -> tuple[Card, ...]:
        while True:
            cards = pick(rng, 5) + pick(rng, 5) + pick(rng, 3)
            if len(set(cards)) == 13:
                return tuple(cards)

    return build


def _straight(rng: Generator, length: int) -> list[Card]:
    return [_card(rank, SUITS[int(rng.integers(4))]) for rank in _run(rng, length)]


def _flush(rng: Generator, length: int) -> list[Card]:
    suit = SUITS[int(rng.integers(4))]
    return [_card(rank, suit) for rank in _ranks(rng, length)]


def _straight_flush(rng: Generator, length: int) -> list[Card]:
    suit = SUITS[int(rng.integers(4))]
    return [_card(rank, suit) for rank in _run(rng, length)]


_BUILDERS: Final[dict[Natural, Callable[[Generator], tuple[Card, ...]]]] = {
    Natural.DRAGON_FLUSH: _dragon_flush,
    Natural.DRAGON: _dragon,
    Natural.THREE_STRAIGHT_FLUSHES: _chi_of_three(_straight_flush),
    Natural.THIRTEEN_ONE_COLOUR: _one_colour(0),
    Natural.TWELVE_ONE_COLOUR: _one_colour(1),
    Natural.FIVE_PAIRS_TRIPS: _grouped((2, 2, 2, 2, 2, 3)),
    Natural.SIX_PAIRS: _grouped((2, 2, 2, 2, 2, 2, 1)),
    Natural.FOUR_TRIPS: _grouped((3, 3, 3, 3, 1)),
    Natural.THREE_QUADS: _grouped((4, 4, 4, 1)),
    Natural.THREE_FLUSHES: _chi_of_three(_flush),
    Natural.THREE_STRAIGHTS: _chi_of_three(_straight),
}
