"""The optimal arrangement of 13 cards (RULES §10).

Two objectives:

* ``strongest``: the strongest legal split, done exactly as game clients'
  "auto-arrange" means it: every chi is first judged only by its category
  and the ranks that make it that hand (a pair's rank, both ranks of two
  pair, the rank of trips, quads or a full house's trips; every rank of a
  high-card hand, straight, flush or straight flush), back first, then
  middle, then front; the cards that merely fill a chi (kickers, a full
  house's pair) decide only among splits equal in all that, and then the
  front goes first, then the middle, then the back.  So the back never
  keeps a high card or pair that the middle or front could use;
* ``ev`` (default): the legal split with the highest expected settlement
  against opponents who set their hands well, under the variant: bonuses,
  ties, the majority unit, scoops, sập làng and the chance that an opponent
  holds a natural, from the position odds of :mod:`maubinh_api.strategy.odds`.

Every one of the 72,072 splits is valued exactly; nothing is pruned.  They
are walked as 36,036 unordered ones (a front, and the other ten cards in two
fives; the stronger five is the back, and when both are equally strong both
orders are legal), as a handful of numpy operations per hand:

1. the hand's 1,287 five-card and 286 three-card subsets are classified
   once (dense class numbers, :mod:`maubinh_api.strategy.classes`);
2. each split's back, middle and front class pick columns of the position
   odds, and the expected points follow in closed form: the three positions'
   additive values, then the scoop, majority and sập làng terms.

A natural is always reported, and declared when its payout is at least the
best normal expected value; for ``ev`` a declared natural's split (three
flushes, three straights, three straight flushes) is then the answer, and
the same layout played as a normal hand is not repeated among the
alternatives; ``strongest`` always answers exactly the strongest split.

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> solution = optimise(parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split()), preset("classic"))
>>> [str(card) for card in solution.best.arrangement.back.cards]
['As', 'Ks', 'Qs', 'Js', 'Ts']
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.cards import DECK, Card, check_hand
from ..rules.evaluator import colex_offsets
from ..rules.naturals import NaturalHand, detect
from ..rules.splits import FIVES, SPLIT_COUNT, THREES
from ..rules.variants import RuleSet, Variant
from .bank import HandBank
from .classes import FLUSH_ID_BASE, HandClasses
from .field import expected
from .odds import ADDITIVE, LOSS_IF_LOST, SCOOP, SCOOPED, VALUE, Odds, odds_for

__all__ = ["Choice", "Objective", "Solution", "expected_points", "optimise"]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


class Objective(StrEnum):
    """What "optimal" means (RULES §10)."""

    EV = "ev"
    STRONGEST = "strongest"


@dataclass(frozen=True, slots=True)
class Choice:
    """One arrangement with its expected points per opponent."""

    arrangement: Arrangement
    ev: float


@dataclass(frozen=True, slots=True)
class Solution:
    """The best arrangement, the next best distinct ones, and the natural."""

    best: Choice
    alternatives: tuple[Choice, ...]
    natural: NaturalHand | None
    declare_natural: bool
    legal: int  #: legal splits among the 72,072
    splits: int = SPLIT_COUNT


def _unordered_splits() -> tuple[Ints, Ints, Ints]:
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
    return np.array(first), np.array(second), np.array(fronts)


_X, _Y, _F = _unordered_splits()
_OFFSETS5: Final = colex_offsets(5).astype(np.int64)
_OFFSETS3: Final = colex_offsets(3).astype(np.int64)
_FIVE_COLUMNS: Final = [np.ascontiguousarray(FIVES[:, column], dtype=np.intp) for column in range(5)]
_THREE_COLUMNS: Final = [np.ascontiguousarray(THREES[:, column], dtype=np.intp) for column in range(3)]


class _Shipped:
    """The default ``bank`` of :func:`optimise`: the variant's shipped hand bank."""


SHIPPED: Final = _Shipped()


def optimise(
    cards: Sequence[Card],
    variant: Variant,
    *,
    objective: Objective = Objective.EV,
    top: int = 3,
    opponents: int = 3,
    odds: Odds | None = None,
    bank: HandBank | _Shipped | None = SHIPPED,
) -> Solution:
    """Find the best legal arrangement of 13 cards.

    ``top`` arrangements are returned in all (the best and ``top - 1``
    alternatives, each with a different set of chi strengths), each with its
    expected points per opponent (:mod:`maubinh_api.strategy.valuation`).
    ``odds`` replaces the variant's screening tables and ``bank`` its hand
    bank; ``bank=None`` values splits by the position odds alone (what the
    builders use before a bank exists).
    """
    _check(cards, top, opponents)
    if bank is None:
        return _optimise_by_odds(cards, variant, objective=objective, top=top, opponents=opponents, odds=odds)
    from .valuation import prepare, value_hand  # noqa: PLC0415 - valuation builds on this module

    chosen_bank = None if isinstance(bank, _Shipped) else bank
    if objective is Objective.STRONGEST:
        # Exactly the strongest splits (no screening), each valued against the field.
        ready = prepare(cards, variant, opponents=opponents, bank=chosen_bank, odds=odds)
        strong: _Splits = ready.splits  # type: ignore[assignment]
        picked = _best_distinct(_strongest_ranking(strong, (odds or odds_for(variant)).classes), strong, top)
        rows = np.array(picked, dtype=np.intp)
        values = expected(ready.field, (strong.high[rows], strong.low[rows], strong.front[rows])).tolist()
        choices = [
            _choice(ready.hand, int(strong.rows[row]), value, variant)
            for row, value in zip(picked, values, strict=True)
        ]
        declare = ready.natural_ev is not None and ready.natural_ev >= choices[0].ev
        return Solution(
            best=choices[0],
            alternatives=tuple(choices[1:]),
            natural=ready.natural,
            declare_natural=declare,
            legal=ready.legal,
        )
    found = value_hand(cards, variant, opponents=opponents, bank=chosen_bank, odds=odds)
    splits: _Splits = found.splits  # type: ignore[assignment]
    natural = found.natural
    declare = found.declares_natural
    ranked = list(zip(found.rows.tolist(), found.exact.tolist(), strict=True))
    if declare and natural is not None:
        shown = natural.split or _choice(found.hand, int(splits.rows[ranked[0][0]]), 0.0, variant).arrangement
        assert found.natural_ev is not None
        # The natural's own layout played as a normal hand is no alternative to declaring it.
        layout = _strengths(shown)
        others = [_choice(found.hand, int(splits.rows[row]), value, variant) for row, value in ranked[: top + 1]]
        others = [choice for choice in others if _strengths(choice.arrangement) != layout]
        choices = [Choice(arrangement=shown, ev=found.natural_ev), *others[: top - 1]]
    else:
        choices = [_choice(found.hand, int(splits.rows[row]), value, variant) for row, value in ranked[:top]]
    return Solution(
        best=choices[0],
        alternatives=tuple(choices[1:]),
        natural=natural,
        declare_natural=declare,
        legal=found.legal,
    )


def _optimise_by_odds(
    cards: Sequence[Card], variant: Variant, *, objective: Objective, top: int, opponents: int, odds: Odds | None
) -> Solution:
    """The optimiser by the position odds alone (no hand bank): the screening
    values of every split are its expected points."""
    rules = variant.rules
    odds = odds or odds_for(variant)
    hand = np.array(sorted(card.index for card in cards), dtype=np.intp)
    splits, legal_count = _legal_splits(hand, odds.classes, rules)
    if objective is Objective.STRONGEST:
        chosen = np.array(_best_distinct(_strongest_ranking(splits, odds.classes), splits, top))
        chi = (splits.high[chosen], splits.low[chosen], splits.front[chosen])
        values = expected_points(odds, rules, chi, opponents=opponents)
    else:
        expected = expected_points(odds, rules, (splits.high, splits.low, splits.front), opponents=opponents)
        chosen = np.array(_best_distinct(expected.astype(np.float64), splits, top))
        values = expected[chosen]
    choices = [
        _choice(hand, int(splits.rows[row]), float(value), variant)
        for row, value in zip(chosen.tolist(), values.tolist(), strict=True)
    ]
    natural = detect(cards, rules)
    declare = natural is not None and natural.payout >= choices[0].ev
    if natural is not None and declare and objective is Objective.EV:
        # ``strongest`` stays exactly the strongest split; its answer still names the
        # natural, and natural.split shows it.
        choices[0] = Choice(arrangement=natural.split or choices[0].arrangement, ev=float(natural.payout))
        if natural.split is not None:
            # The natural's own layout played as a normal hand is no alternative to declaring it.
            choices = _without_layout(
                choices, natural.split, hand=hand, splits=splits, expected=expected, top=top, variant=variant
            )
    return Solution(
        best=choices[0],
        alternatives=tuple(choices[1:]),
        natural=natural,
        declare_natural=declare,
        legal=legal_count,
    )


@dataclass(frozen=True, slots=True)
class _Splits:
    """The legal unordered splits of one hand: the split's row in the split
    tables, and the class of its back (the stronger five), middle and front."""

    rows: Ints
    high: Ints
    low: Ints
    front: Ints

    def key(self, row: int) -> tuple[int, int, int]:
        return (int(self.high[row]), int(self.low[row]), int(self.front[row]))


def _strongest_ranking(splits: _Splits, classes: HandClasses) -> Ints:
    """Sort keys of the ``strongest`` objective (RULES §10), higher is stronger.

    Lexicographic in (back core, middle core, front core, front class, middle
    class, back class): each chi first by its category and the ranks that
    form it, then what only fills the chi, front first.  Within one core the
    classes are consecutive, so a class's place in its core (its ``fill``)
    stands for the class; the six fields are packed into one integer."""
    back, middle, front = _strongest_parts(classes)
    ranking: Ints = np.take(back, splits.high)
    ranking += np.take(middle, splits.low)
    ranking += np.take(front, splits.front)
    return ranking


@functools.cache
def _strongest_parts(classes: HandClasses) -> tuple[Ints, Ints, Ints]:
    """Per-class summands of :func:`_strongest_ranking` for the back, the
    middle and the front: the six fields, most significant first, are the
    back, middle and front cores, then the front, middle and back fills."""
    fields = [classes.core5, classes.core5, classes.core3, classes.fill3, classes.fill5, classes.fill5]
    widths = [int(values.max()).bit_length() for values in fields]
    shifts = [sum(widths[index + 1 :]) for index in range(len(fields))]
    if shifts[0] + widths[0] > 62:  # pragma: no cover - 53 bits with the classes of RULES §3
        raise AssertionError("strongest keys do not fit in 62 bits")
    core5, core3 = classes.core5.astype(np.int64), classes.core3.astype(np.int64)
    fill5, fill3 = classes.fill5.astype(np.int64), classes.fill3.astype(np.int64)
    back = (core5 << shifts[0]) | (fill5 << shifts[5])
    middle = (core5 << shifts[1]) | (fill5 << shifts[4])
    front = (core3 << shifts[2]) | (fill3 << shifts[3])
    return back, middle, front


def expected_points(odds: Odds, rules: RuleSet, chi: tuple[Ints, Ints, Ints], *, opponents: int) -> Floats:
    """Expected points per opponent of splits given by the classes of their
    chi (back, middle, front), against ``opponents`` players who set their
    hands well."""
    high, low, front = chi
    back = np.take(odds.back.columns, high, axis=1)
    middle = np.take(odds.middle.columns, low, axis=1)
    front_columns = np.take(odds.front.columns, front, axis=1)
    total = back[ADDITIVE] + middle[ADDITIVE] + front_columns[ADDITIVE]
    majority = rules.majority_bonus
    scoop = back[SCOOP] * middle[SCOOP] * front_columns[SCOOP]
    scooped = back[SCOOPED] * middle[SCOOPED] * front_columns[SCOOPED]
    # E[pair total x 1{scoop}] and E[-pair total x 1{scooped}]
    scoop_gain = scoop * (back[VALUE] + middle[VALUE] + front_columns[VALUE] + majority)
    scooped_loss = scooped * (back[LOSS_IF_LOST] + middle[LOSS_IF_LOST] + front_columns[LOSS_IF_LOST] + majority)
    multiplier = rules.scoop_multiplier
    if multiplier != 1:
        total += (multiplier - 1) * (scoop_gain - scooped_loss)
    if majority:
        outcomes = [
            np.take(odds.back.outcomes, high, axis=1),
            np.take(odds.middle.outcomes, low, axis=1),
            np.take(odds.front.outcomes, front, axis=1),
        ]
        total += majority * _ahead_minus_behind(outcomes)
    if rules.sap_lang and opponents + 1 >= rules.sap_lang_min_players:
        # Scooping every opponent, or being scooped by each, multiplies every pair again.
        extra, others = rules.sap_lang_multiplier - 1, opponents - 1
        total += extra * multiplier * (scoop_gain * scoop**others - scooped_loss * scooped**others)
    result: Floats = (1.0 - odds.natural_rate) * total - odds.natural_cost
    return result


def _ahead_minus_behind(outcomes: list[npt.NDArray[np.float32]]) -> npt.NDArray[np.float32]:
    """P(won more positions than lost) - P(lost more than won), positions
    independent.  ``outcomes[i]`` holds the rows win, tie, lose of position i.

    The first two positions give the chances of being 2, 1, 0, -1 or -2
    positions ahead; the third position then decides the sign."""
    (w1, t1, l1), (w2, t2, l2), (w3, t3, l3) = outcomes
    two_ahead, two_behind = w1 * w2, l1 * l2
    one_ahead, one_behind = w1 * t2 + t1 * w2, l1 * t2 + t1 * l2
    level = t1 * t2 + w1 * l2 + l1 * w2
    result: npt.NDArray[np.float32] = (
        two_ahead - two_behind + one_ahead * (w3 + t3) - one_behind * (t3 + l3) + level * (w3 - l3)
    )
    return result


def _legal_splits(hand: Ints, classes: HandClasses, rules: RuleSet) -> tuple[_Splits, int]:
    five, three = _subset_classes(hand, classes)
    first, second = np.take(five, _X), np.take(five, _Y)
    high, low = np.maximum(first, second), np.minimum(first, second)
    legal = low >= np.take(classes.front_floor[three], _F)
    if rules.foul_on_equal:
        legal &= first != second
    # Two equally strong fives are legal either way round: two of the 72,072 ordered splits.
    count = int(np.count_nonzero(legal) + np.count_nonzero(legal & (first == second)))
    rows = np.flatnonzero(legal)
    if len(rows) == 0:  # pragma: no cover - the strongest split is always legal
        raise ValueError("no legal arrangement")
    front = np.take(three, np.take(_F, rows))
    return _Splits(rows=rows, high=np.take(high, rows), low=np.take(low, rows), front=front), count


def _check(cards: Sequence[Card], top: int, opponents: int) -> None:
    check_hand(cards)
    if not 1 <= top <= 10:
        raise ValueError(f"top must be 1 to 10, not {top}")
    if not 1 <= opponents <= 3:
        raise ValueError(f"opponents must be 1 to 3, not {opponents}")


def _subset_classes(hand: Ints, classes: HandClasses) -> tuple[Ints, Ints]:
    """Class numbers of the hand's 1,287 five-card and 286 three-card subsets.

    The hand is sorted, so each subset's ranks are in order and its multiset
    number is a sum of per-column offsets.  One OR over the five cards gives
    both the rank mask (for a flush) and the suits present (a flush has one)."""
    ranks = hand >> 2
    codes = (1 << ranks) | (1 << (13 + (hand & 3)))
    colex = np.take(_OFFSETS5[0, ranks], _FIVE_COLUMNS[0])
    seen = np.take(codes, _FIVE_COLUMNS[0])
    for column in range(1, 5):
        colex += np.take(_OFFSETS5[column, ranks], _FIVE_COLUMNS[column])
        seen |= np.take(codes, _FIVE_COLUMNS[column])
    suits = seen >> 13
    flush = (suits & (suits - 1)) == 0
    ids = np.where(flush, FLUSH_ID_BASE + (seen & 0x1FFF), colex)
    five = np.take(classes.class_of_id5, ids).astype(np.intp)
    colex3 = np.take(_OFFSETS3[0, ranks], _THREE_COLUMNS[0])
    for column in (1, 2):
        colex3 += np.take(_OFFSETS3[column, ranks], _THREE_COLUMNS[column])
    three = np.take(classes.class_of_id3, colex3).astype(np.intp)
    return five, three


def _best_distinct(ranking: Floats | Ints, splits: _Splits, top: int) -> list[int]:
    """Rows of the ``top`` best splits with different chi strengths (splits
    that only swap equal cards are not real alternatives), best first; equal
    values go to the earlier split, so the answer is deterministic."""
    count = 16 * top
    while True:
        if count >= len(ranking):
            rows = np.arange(len(ranking))
        else:
            cut = ranking[np.argpartition(-ranking, count - 1)[count - 1]]
            rows = np.flatnonzero(ranking >= cut)  # every tie of the last value, too
        ordered = rows[np.lexsort((rows, -ranking[rows]))]
        chosen = _distinct(ordered, splits, top)
        if len(chosen) == top or len(rows) == len(ranking):
            return chosen
        count *= 4


def _distinct(ranked: Ints, splits: _Splits, top: int) -> list[int]:
    seen: set[tuple[int, int, int]] = set()
    chosen = []
    for row in ranked.tolist():
        key = splits.key(row)
        if key not in seen:
            seen.add(key)
            chosen.append(row)
            if len(chosen) == top:
                break
    return chosen


def _without_layout(
    choices: list[Choice],
    shown: Arrangement,
    *,
    hand: Ints,
    splits: _Splits,
    expected: Floats,
    top: int,
    variant: Variant,
) -> list[Choice]:
    """The declared natural's choice and the alternatives without the one (if
    any) that lays the cards out with the natural's chi strengths; the next
    distinct split by expected points then takes its place."""
    layout = _strengths(shown)
    kept = [choice for choice in choices[1:] if _strengths(choice.arrangement) != layout]
    if len(kept) < len(choices) - 1:
        rows = _best_distinct(expected.astype(np.float64), splits, top + 1)
        if len(rows) > top:
            row = rows[top]
            kept.append(_choice(hand, int(splits.rows[row]), float(expected[row]), variant))
    return [choices[0], *kept]


def _strengths(arrangement: Arrangement) -> tuple[int, int, int]:
    return (arrangement.back.score, arrangement.middle.score, arrangement.front.score)


def _choice(hand: Ints, split: int, ev: float, variant: Variant) -> Choice:
    one = [DECK[int(index)] for index in hand[FIVES[_X[split]]]]
    two = [DECK[int(index)] for index in hand[FIVES[_Y[split]]]]
    front = [DECK[int(index)] for index in hand[THREES[_F[split]]]]
    wheel = variant.rules.wheel
    first = Arrangement.from_cards(back=one, middle=two, front=front, wheel=wheel)
    if first.back.score >= first.middle.score:
        return Choice(arrangement=first, ev=ev)
    return Choice(arrangement=Arrangement.from_cards(back=two, middle=one, front=front, wheel=wheel), ev=ev)
