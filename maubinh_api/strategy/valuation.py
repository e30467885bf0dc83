"""Expected points of a hand's arrangements: one model for ``/optimal`` and ``/analysis``.

The model (RULES §11): opponents are dealt from the 39 cards the player does
not hold and set their hands as the service's ``ev`` objective does; an
arrangement's expected points per opponent are its mean settlement against
them.  That set of opponents is the hand's field (bank hands sharing none of
its cards, :mod:`maubinh_api.strategy.field`).

Valuing all of a hand's legal splits against every opponent of the field
would cost a few hundred million comparisons, so it is done in two steps:

1. **screening**: every legal split is valued in closed form from the
   position odds tables (:func:`maubinh_api.strategy.optimiser.expected_points`:
   no card removal, the positions' correlation through fitted exponents);
2. **exact**: the ``SHORTLIST`` best distinct splits of the screen, and any
   arrangement asked about, are settled against every opponent of the field.

Measured on 200 random ``classic`` hands, the exact best of the screen's top
12 is the exact best of its top 60 on every hand (the largest shortfall
0.001 points); with the top 8 it falls short by up to 0.74 points on a few
hands.  Screening with the field's own (card-removed) distributions did no
better and costs more.

The best arrangement is the shortlisted split with the highest exact value
(or the natural, when declaring it is worth more).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.naturals import NaturalHand, detect
from ..rules.variants import Variant
from .bank import HandBank, load_bank
from .field import Field, expected, field_for, natural_points, scoring_for
from .odds import Odds, odds_for

__all__ = ["SHORTLIST", "Valuation", "value_hand"]

#: Distinct splits per hand settled exactly against the whole field.
SHORTLIST: Final = 12

Ints = npt.NDArray[np.intp]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Valuation:
    """A hand's legal splits with their screening values, and its shortlist
    settled exactly, best first."""

    cards: tuple[Card, ...]
    variant: Variant
    hand: Ints  #: card indices, sorted (split positions refer to them)
    splits: object  #: the legal splits (optimiser._Splits)
    legal: int
    field: Field
    odds: Odds  #: the screening odds
    screen: Floats  #: screening value of every legal split
    rows: Ints  #: shortlisted split rows, best exact value first
    exact: Floats  #: the shortlist's exact expected points, in ``rows`` order
    natural: NaturalHand | None
    natural_ev: float | None  #: expected points of declaring the natural
    #: arrangements of split rows already built (a bot and its analysis ask for the same ones)
    arrangements: dict[int, Arrangement] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    @property
    def best_normal_ev(self) -> float:
        return float(self.exact[0])

    @property
    def declares_natural(self) -> bool:
        """Whether the best play is to declare the natural (payout at least the best chi play)."""
        return self.natural_ev is not None and self.natural_ev >= self.best_normal_ev

    @property
    def best_ev(self) -> float:
        if self.declares_natural:
            assert self.natural_ev is not None
            return self.natural_ev
        return self.best_normal_ev


@dataclass(frozen=True)
class Hand:
    """A hand's legal splits and field, before any split is valued."""

    cards: tuple[Card, ...]
    hand: Ints
    splits: object  #: optimiser._Splits
    legal: int
    field: Field
    natural: NaturalHand | None
    natural_ev: float | None


def prepare(
    cards: Sequence[Card],
    variant: Variant,
    *,
    opponents: int = 3,
    bank: HandBank | None = None,
    odds: Odds | None = None,
) -> Hand:
    """The legal splits (classified) and the field of a (checked) hand."""
    from .optimiser import _legal_splits  # noqa: PLC0415

    odds = odds or odds_for(variant)
    bank = bank or load_bank(variant.name)
    hand_cards = tuple(cards)
    hand = np.array(sorted(card.index for card in hand_cards), dtype=np.intp)
    splits, legal = _legal_splits(hand, odds.classes, variant.rules)
    field = field_for(bank, hand_cards, scoring_for(variant), opponents)
    natural = detect(hand_cards, variant.rules)
    natural_ev = None if natural is None else float(natural_points(field, natural).mean(dtype=np.float64))
    return Hand(hand_cards, hand, splits, legal, field, natural, natural_ev)


def value_hand(
    cards: Sequence[Card],
    variant: Variant,
    *,
    opponents: int = 3,
    bank: HandBank | None = None,
    odds: Odds | None = None,
) -> Valuation:
    """Value a (checked) hand's splits against its field."""
    from .optimiser import _best_distinct, expected_points  # noqa: PLC0415

    odds = odds or odds_for(variant)
    ready = prepare(cards, variant, opponents=opponents, bank=bank, odds=odds)
    splits = ready.splits
    screen = expected_points(
        odds,
        variant.rules,
        (splits.high, splits.low, splits.front),  # type: ignore[attr-defined]
        opponents=opponents,
    )
    shortlist = np.array(_best_distinct(screen.astype(np.float64), splits, SHORTLIST), dtype=np.intp)  # type: ignore[arg-type]
    chosen = (splits.high[shortlist], splits.low[shortlist], splits.front[shortlist])  # type: ignore[attr-defined]
    exact = expected(ready.field, chosen)
    order = np.argsort(-exact, kind="stable")
    return Valuation(
        cards=ready.cards,
        variant=variant,
        hand=ready.hand,
        splits=splits,
        legal=ready.legal,
        field=ready.field,
        odds=odds,
        screen=screen.astype(np.float64),
        rows=shortlist[order],
        exact=exact[order],
        natural=ready.natural,
        natural_ev=ready.natural_ev,
    )
