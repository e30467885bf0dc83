"""The split naturals' former detector, kept as the oracle of rules/split_naturals.py.

It scores all 72,072 ordered splits (rules/ordered_splits.py) with the vectorised evaluator and
takes the strongest that forms the natural and is not fouled; of equal ones numpy's argmax takes
the first.  Moved here unchanged from rules/naturals.py, with the rank-count vectors that were read as three
straights: the new finders must give the same Arrangement for every hand and variant.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement
from unittest import mock

import numpy as np
import numpy.typing as npt

from maubinh_api.rules import naturals
from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK, Card
from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.evaluator import Evaluator
from maubinh_api.rules.knobs import RuleSet
from maubinh_api.rules.naturals import Natural, NaturalHand
from maubinh_api.rules.ordered_splits import BACK, FIVES, FRONT, MIDDLE, THREES


def _run(start: int, length: int) -> list[int]:
    """Rank indices 0-12 of a run starting at ``start`` (0 = ace low, 1 = two...)."""
    return [(start + offset - 1) % 13 for offset in range(length)]


@functools.cache
def _three_straight_vectors() -> frozenset[tuple[int, ...]]:
    """Rank-count vectors of every hand made of two 5-card straights and a
    3-card straight (A-2-3 and Q-K-A included, R5)."""
    vectors = set()
    for first, second in combinations_with_replacement(range(10), 2):
        for third in range(12):
            counts = [0] * 13
            for rank in _run(first, 5) + _run(second, 5) + _run(third, 3):
                counts[rank] += 1
            if max(counts) <= 4:
                vectors.add(tuple(counts))
    return frozenset(vectors)


def _three_card_runs(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Which rows of an (N, 3) array of ranks 2-14 are three consecutive
    ranks, A-2-3 and Q-K-A included (R5)."""
    ordered = np.sort(ranks, axis=1)
    consecutive = (ordered[:, 1] == ordered[:, 0] + 1) & (ordered[:, 2] == ordered[:, 1] + 1)
    ace_low = (ordered[:, 0] == 2) & (ordered[:, 1] == 3) & (ordered[:, 2] == 14)
    result: npt.NDArray[np.bool_] = consecutive | ace_low
    return result


def _run_values(ranks: npt.NDArray[np.int64], wheel: Wheel) -> npt.NDArray[np.int64]:
    """Order of 3-card runs (rows of ranks 2-14) for tie-breaks: twice the top
    rank; A-2-3 is the lowest run (6) or, with ``wheel: second``, ranks just
    below Q-K-A (27), as the wheel does among 5-card straights."""
    ordered = np.sort(ranks, axis=1)
    ace_low = (ordered[:, 0] == 2) & (ordered[:, 2] == 14)
    ace_low_value = 6 if wheel is Wheel.LOW else 27
    values: npt.NDArray[np.int64] = np.where(ace_low, ace_low_value, 2 * ordered[:, 2])
    return values


def _best_split(
    cards: tuple[Card, ...], natural: Natural, wheel: Wheel, *, foul_on_equal: bool = False
) -> Arrangement | None:
    """The strongest split (back, then middle, then front) that forms the
    natural and is not fouled: the back at least as strong as the middle, or
    stronger with ``foul_on_equal``; None if no split does.  (The front never
    beats the middle here: a flush or straight beats any 3-card front.)"""
    hand = sorted(cards, key=lambda card: card.index)
    indices = np.array([card.index for card in hand], dtype=np.uint8)
    evaluator = Evaluator.for_wheel(wheel)
    five_cards = indices[FIVES]
    five_scores = evaluator.evaluate5(five_cards).astype(np.int64)
    five_category = five_scores >> 20
    three_cards = indices[THREES]
    three_suits = three_cards & 3
    three_flush = (three_suits[:, 0] == three_suits[:, 1]) & (three_suits[:, 0] == three_suits[:, 2])
    three_run = _three_card_runs((three_cards >> 2).astype(np.int64) + 2)
    three_scores = evaluator.evaluate3(three_cards).astype(np.int64)

    if natural is Natural.THREE_FLUSHES:
        five_ok = (five_category == 5) | (five_category == 8)
        three_ok = three_flush
        front_value = three_scores >> 8
    elif natural is Natural.THREE_STRAIGHTS:
        five_ok = (five_category == 4) | (five_category == 8)
        three_ok = three_run
        front_value = _run_values((three_cards >> 2).astype(np.int64) + 2, wheel)
    else:
        five_ok = five_category == 8
        three_ok = three_flush & three_run
        front_value = three_scores >> 8

    back_scores, middle_scores = five_scores[BACK], five_scores[MIDDLE]
    ordered = back_scores > middle_scores if foul_on_equal else back_scores >= middle_scores
    valid = five_ok[BACK] & five_ok[MIDDLE] & three_ok[FRONT] & ordered
    rows = np.flatnonzero(valid)
    if len(rows) == 0:
        return None
    # Scores fit in 24 bits and front values in 12: one integer orders (back, middle, front).
    keys = (back_scores[rows] << 36) | (middle_scores[rows] << 12) | front_value[FRONT[rows]]
    best = int(rows[int(np.argmax(keys))])
    return Arrangement.from_cards(
        back=[DECK[int(index)] for index in five_cards[BACK[best]]],
        middle=[DECK[int(index)] for index in five_cards[MIDDLE[best]]],
        front=[DECK[int(index)] for index in three_cards[FRONT[best]]],
        wheel=wheel,
    )


#: The oracle, by a name the tests can import.
best_split = _best_split
three_straight_vectors = _three_straight_vectors


@contextlib.contextmanager
def as_before() -> Iterator[None]:
    """naturals.detect, and whatever calls it, as it was: the split naturals and the
    three-straights front value found by the oracle's code, the rest of detect as it is."""

    def finder(natural: Natural) -> Callable[..., Arrangement | None]:
        return lambda hand, wheel, *, foul_on_equal: _best_split(
            tuple(hand), natural, wheel, foul_on_equal=foul_on_equal
        )

    finders = {natural: finder(natural) for natural in Natural if natural.depends_on_split}
    with (
        mock.patch.object(naturals, "_SPLIT_FINDERS", finders),
        mock.patch.object(
            naturals,
            "holds_three_straight_flushes",
            lambda hand, wheel: _best_split(tuple(hand), Natural.THREE_STRAIGHT_FLUSHES, wheel) is not None,
        ),
        mock.patch.object(
            naturals, "run_value", lambda ranks, wheel: int(_run_values(np.array([ranks], dtype=np.int64), wheel)[0])
        ),
    ):
        yield


def detect_as_before(cards: Sequence[Card], rules: RuleSet) -> NaturalHand | None:
    """naturals.detect as it was (:func:`as_before`)."""
    with as_before():
        return naturals.detect(cards, rules)
