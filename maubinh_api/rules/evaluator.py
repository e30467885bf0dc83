"""Vectorised hand evaluation with numpy: many chi at once.

The optimiser scores tens of thousands of chi per request, so it cannot call
:func:`~maubinh_api.rules.chi.classify` one hand at a time.  This module
evaluates arrays of hands given as card indices (0-51, see
:class:`~maubinh_api.rules.cards.Card`) and returns the same packed score that
``classify`` gives (``Chi.score``), so the two paths agree by construction:

* a hand that is not a flush is scored by the multiset of its ranks; the
  5-card multisets (6,188 of them, 13 impossible five-of-a-kinds included) and
  3-card multisets (455) are numbered in colexicographic order and looked up
  in a table;
* a 5-card flush is scored by the 13-bit mask of its ranks (8,192 entries).

The tables are built once per wheel setting from ``classify`` itself.

>>> import numpy as np
>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.chi import classify
>>> cards = parse_cards(['Kh', 'Kd', '2c', '9s', '9c'])
>>> evaluator = Evaluator.for_wheel(Wheel.LOW)
>>> int(evaluator.evaluate5(np.array([[card.index for card in cards]]))[0]) == classify(cards).score
True
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from .cards import Card, Rank, Suit
from .chi import Wheel, classify

__all__ = ["Evaluator", "Scores", "colex_offsets"]

Scores = npt.NDArray[np.int32]
CardArray = npt.NDArray[np.integer]


def colex_offsets(size: int) -> npt.NDArray[np.int32]:
    """Table ``T`` with ``T[i, r] = comb(r + i, i + 1)``.

    For ranks ``r0 <= r1 <= ... `` (0-12) of a multiset, ``sum(T[i, r_i])`` is
    its colexicographic number, 0 .. comb(12 + size, size) - 1.
    """
    return np.array([[comb(rank + i, i + 1) for rank in range(13)] for i in range(size)], dtype=np.int32)


def _sort_columns(ranks: npt.NDArray[np.uint8]) -> list[npt.NDArray[np.uint8]]:
    """Sort each row of a (N, 3) or (N, 5) array with a sorting network;
    much faster than ``np.sort`` on short rows."""
    columns = [ranks[:, i].copy() for i in range(ranks.shape[1])]
    network = (
        ((0, 1), (1, 2), (0, 1))
        if len(columns) == 3
        else ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
    )
    for low, high in network:
        smaller = np.minimum(columns[low], columns[high])
        np.maximum(columns[low], columns[high], out=columns[high])
        columns[low] = smaller
    return columns


class Evaluator:
    """Scores arrays of chi of 5 or 3 cards under one wheel setting."""

    def __init__(self, wheel: Wheel) -> None:
        self.wheel = wheel
        self._offsets5 = colex_offsets(5)
        self._offsets3 = colex_offsets(3)
        self.multiset5 = self._multiset_table(5)
        self.multiset3 = self._multiset_table(3)
        self.flush5 = self._flush_table()

    @classmethod
    @functools.cache
    def for_wheel(cls, wheel: Wheel) -> Evaluator:
        """The shared evaluator for a wheel setting (tables are built once)."""
        return cls(wheel)

    def _multiset_table(self, size: int) -> Scores:
        table = np.full(comb(12 + size, size), -1, dtype=np.int32)
        offsets = self._offsets5 if size == 5 else self._offsets3
        for ranks in combinations_with_replacement(range(13), size):
            if max(ranks.count(rank) for rank in ranks) > 4:
                continue  # five of a kind: no such hand
            cards = _representative(ranks)
            index = sum(int(offsets[i, rank]) for i, rank in enumerate(ranks))
            table[index] = classify(cards, self.wheel).score
        return table

    def _flush_table(self) -> Scores:
        table = np.full(1 << 13, -1, dtype=np.int32)
        for mask in range(1 << 13):
            if mask.bit_count() == 5:
                cards = [Card(Rank(rank + 2), Suit.HEARTS) for rank in range(13) if mask >> rank & 1]
                table[mask] = classify(cards, self.wheel).score
        return table

    def evaluate5(self, cards: CardArray) -> Scores:
        """Packed scores of an (N, 5) array of card indices."""
        cards = np.asarray(cards)
        ranks = (cards >> 2).astype(np.uint8)
        suits = cards & 3
        columns = _sort_columns(ranks)
        offsets = self._offsets5
        index = offsets[0][columns[0]]
        for i in range(1, 5):
            index += offsets[i][columns[i]]
        scores: Scores = self.multiset5[index]
        flush = (suits[:, 0] == suits[:, 1]) & (suits[:, 0] == suits[:, 2])
        flush &= (suits[:, 0] == suits[:, 3]) & (suits[:, 0] == suits[:, 4])
        if flush.any():
            rows = np.flatnonzero(flush)
            masks = np.left_shift(1, ranks[rows].astype(np.int32)).sum(axis=1)
            scores[rows] = self.flush5[masks]
        return scores

    def evaluate3(self, cards: CardArray) -> Scores:
        """Packed scores of an (N, 3) array of card indices (3-card straights
        and flushes have no value as a chi, docs/rules.md, "Chi categories")."""
        cards = np.asarray(cards)
        columns = _sort_columns((cards >> 2).astype(np.uint8))
        offsets = self._offsets3
        index = offsets[0][columns[0]] + offsets[1][columns[1]] + offsets[2][columns[2]]
        scores: Scores = self.multiset3[index]
        return scores


def _representative(ranks: tuple[int, ...]) -> list[Card]:
    """Distinct cards with the given ranks (0-12) that do not form a flush.

    Distinct ranks take suits in turn (s h d c s: never one suit); repeated
    ranks give the k-th copy the k-th suit, and two cards of one rank can
    never share a suit, so no flush either.
    """
    if len(set(ranks)) == len(ranks):
        return [Card(Rank(rank + 2), _SUITS[position % 4]) for position, rank in enumerate(ranks)]
    return [Card(Rank(rank + 2), _SUITS[ranks[:position].count(rank)]) for position, rank in enumerate(ranks)]


_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
