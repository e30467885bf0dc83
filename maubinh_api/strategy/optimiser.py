"""The optimal arrangement of 13 cards (docs/rules.md, "The optimal arrangement").

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

Every one of the 72,072 splits is considered: the kernel (:mod:`maubinh_api.
strategy.kernel`) walks them as 36,036 unordered ones (:mod:`maubinh_api.
strategy.splits`), screens them, and the shortlist is settled exactly against
the hand's field (:mod:`maubinh_api.strategy.valuation`).

A natural is always reported, and declared when its payout is at least the
best normal expected value; for ``ev`` a declared natural's split (three
flushes, three straights, three straight flushes) is then the answer, and
the same layout played as a normal hand is not repeated among the
alternatives; ``strongest`` always answers exactly the strongest split.

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> cards = parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split())
>>> solution = optimise(cards, preset("classic"), shipped_model(active_kernel()))
>>> [str(card) for card in solution.best.arrangement.back.cards]
['As', 'Ks', 'Qs', 'Js', 'Ts']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.arrangement import Arrangement
from ..rules.cards import Card, check_hand
from ..rules.labels import LabelledCode
from ..rules.naturals import NaturalHand
from ..rules.ordered_splits import ORDERED_SPLITS
from ..rules.table import check_opponents
from ..rules.texts import words
from ..rules.variants import Variant
from .model import Model
from .splits import arrangement_of
from .valuation import PreparedHand, Valuation, prepare, value_hand

__all__ = ["Choice", "Objective", "Solution", "optimise"]


class Objective(LabelledCode):
    """What "optimal" means (docs/rules.md, "The optimal arrangement")."""

    EV = "ev", words("Most expected points")
    STRONGEST = "strongest", words("Strongest chi first (auto-arrange)")


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
    splits: int = ORDERED_SPLITS


def optimise(
    cards: Sequence[Card],
    variant: Variant,
    model: Model,
    *,
    objective: Objective = Objective.EV,
    top: int = 3,
    opponents: int = 3,
) -> Solution:
    """Find the best legal arrangement of 13 cards under ``model``.

    ``top`` arrangements are returned in all (the best and ``top - 1``
    alternatives, each with a different set of chi strengths), each with its
    expected points per opponent (:mod:`maubinh_api.strategy.valuation`).
    A model without a bank values splits by the position odds alone (what
    the builders use before a bank exists).
    """
    _check(cards, top, opponents)
    if objective is Objective.STRONGEST:
        return _strongest(prepare(cards, variant, model, opponents=opponents), top)
    found = value_hand(cards, variant, model, opponents=opponents)
    return solution_of(found, top)


def solution_of(found: Valuation, top: int) -> Solution:
    """The ``ev`` objective's answer from a valued hand: the best ``top`` distinct
    arrangements, or the natural first when declaring it is worth at least the best."""
    natural = found.natural
    ranked = list(zip(found.splits, found.exact, strict=True))
    if found.declares_natural and natural is not None:
        assert found.natural_ev is not None
        shown = natural.split or found.arrangement(ranked[0][0])
        # The natural's own layout played as a normal hand is no alternative to declaring it.
        layout = _strengths(shown)
        others = [Choice(found.arrangement(split), value) for split, value in ranked[: top + 1]]
        others = [choice for choice in others if _strengths(choice.arrangement) != layout]
        choices = [Choice(arrangement=shown, ev=found.natural_ev), *others[: top - 1]]
    else:
        choices = [Choice(found.arrangement(split), value) for split, value in ranked[:top]]
    return Solution(
        best=choices[0],
        alternatives=tuple(choices[1:]),
        natural=natural,
        declare_natural=found.declares_natural,
        legal=found.legal,
    )


def _strongest(ready: PreparedHand, top: int) -> Solution:
    """Exactly the strongest splits (no screening), each valued against the
    field (by the screen without a bank); the answer names the natural but
    stays the strongest split."""
    picks = ready.kernel_hand.strongest(top)
    chi = [(high, low, front) for _, high, low, front, _ in picks]
    values = ready.kernel_hand.exact(chi) if ready.has_field else ready.kernel_hand.screen(chi)
    wheel = ready.variant.rules.wheel
    choices = [
        Choice(arrangement_of(ready.hand, pick[0], wheel), value) for pick, value in zip(picks, values, strict=True)
    ]
    declare = ready.natural_ev is not None and ready.natural_ev >= choices[0].ev
    return Solution(
        best=choices[0],
        alternatives=tuple(choices[1:]),
        natural=ready.natural,
        declare_natural=declare,
        legal=ready.legal,
    )


def _check(cards: Sequence[Card], top: int, opponents: int) -> None:
    check_hand(cards)
    if not 1 <= top <= 10:
        raise ValueError(f"top must be 1 to 10, not {top}")
    check_opponents(opponents)


def _strengths(arrangement: Arrangement) -> tuple[int, int, int]:
    return (arrangement.back.score, arrangement.middle.score, arrangement.front.score)
