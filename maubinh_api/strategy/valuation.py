"""Expected points of a hand's arrangements: one valuation for ``/optimal``, ``/analysis``, ``/play``, the batch tool.

How a split is valued (docs/rules.md, "How `ev` values a split"): opponents are dealt from the 39 cards the player does
not hold and set their hands as the service's ``ev`` objective does; an
arrangement's expected points per opponent are its mean settlement against
them.  That set of opponents is the hand's field (the bank hands sharing
none of its cards, :mod:`maubinh_api.strategy.bank`).

Valuing all of a hand's legal splits against every opponent of the field
would cost a few hundred million comparisons, so it is done in two steps, by
the kernel (:mod:`maubinh_api.strategy.kernel`):

1. **screening**: every legal split is valued in closed form from the
   position odds tables (no card removal, the positions' correlation through
   fitted exponents), and the ``SHORTLIST`` best distinct splits are kept;
2. **exact**: the shortlist, and any arrangement asked about, are settled
   against every opponent of the field.

Measured on 200 random ``classic`` hands, the exact best of the screen's top
12 is the exact best of its top 60 on every hand (the largest shortfall
0.001 points); with the top 8 it falls short by up to 0.74 points on a few
hands.  The best arrangement is the shortlisted split with the highest exact
value (or the natural, when declaring it is worth at least as much).

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> model = shipped_model(active_kernel())
>>> found = value_hand(parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split()), preset("classic"), model)
>>> found.legal, len(found.splits), found.best_ev == found.exact[0]
(20894, 12, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.knobs import NATURAL_KEYS
from ..rules.naturals import NaturalHand, detect
from ..rules.variants import Variant
from .kernel import KernelHand
from .kernel_tables import KernelTables
from .model import Model
from .splits import LegalSplits, arrangement_of, hand_indices, split_key

__all__ = ["SHORTLIST", "Outlook", "PreparedHand", "Valuation", "prepare", "value_hand"]

#: Distinct splits per hand settled exactly against the whole field.
SHORTLIST: Final = 12

Chi = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Outlook:
    """How one arrangement fares against one opponent of the field who plays
    the chi: per position (back, middle, front) the chances of winning, tying
    and losing and the expected points (its own value won, the opponent's
    lost, before the majority unit and multipliers, over the whole field);
    the chances of winning or losing all three against one opponent, and of
    doing so against every opponent (0 where sập làng cannot happen)."""

    win: tuple[float, float, float]
    tie: tuple[float, float, float]
    lose: tuple[float, float, float]
    points: tuple[float, float, float]
    scoop: float
    scooped: float
    sap_lang_won: float
    sap_lang_lost: float


@dataclass(frozen=True)
class PreparedHand:
    """A hand before any split is valued exactly: the kernel's view of it, its natural."""

    cards: tuple[Card, ...]
    variant: Variant
    hand: tuple[int, ...]  #: card indices, sorted (split ids refer to them)
    opponents: int
    tables: KernelTables
    kernel_hand: KernelHand
    natural: NaturalHand | None
    natural_ev: float | None  #: expected points of declaring the natural

    @property
    def legal(self) -> int:
        return self.kernel_hand.legal

    @property
    def has_field(self) -> bool:
        return self.kernel_hand.field_size > 0


def prepare(cards: Sequence[Card], variant: Variant, model: Model, *, opponents: int = 3) -> PreparedHand:
    """The kernel's view of a (checked) hand and its natural, under ``model``.  A model without
    a bank (:meth:`~maubinh_api.strategy.model.Model.screen_only`) values splits by the position
    odds alone: then a natural is worth its payout."""
    tables = model.tables(variant)
    hand = hand_indices(cards)
    kernel_hand = model.kernel.hand(
        tables, hand, opponents=opponents, shortlist=SHORTLIST, field=tables.bank is not None
    )
    natural = detect(cards, variant.rules) if kernel_hand.natural_hint else None
    natural_ev = None
    if natural is not None:
        if kernel_hand.field_size:
            natural_ev = kernel_hand.natural(NATURAL_KEYS.index(natural.key), natural.payout) / kernel_hand.field_size
        else:
            natural_ev = float(natural.payout)
    return PreparedHand(tuple(cards), variant, hand, opponents, tables, kernel_hand, natural, natural_ev)


@dataclass(frozen=True)
class Valuation:
    """A hand's shortlist settled exactly, best first, and what the kernel
    knows of its other splits."""

    prepared: PreparedHand
    splits: tuple[int, ...]  #: shortlisted split ids, best exact value first
    chi: tuple[Chi, ...]  #: their classes (high, low, front)
    exact: tuple[float, ...]  #: their exact expected points (the screen's, without a bank)
    screen: tuple[float, ...]  #: their screening values
    #: arrangements of split ids already built (a bot and its analysis ask for the same ones)
    arrangements: dict[int, Arrangement] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    #: outlooks of chi already settled (an analysis asks for the play's and the best play's, often the same)
    outlooks: dict[Chi, Outlook] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.prepared.cards

    @property
    def variant(self) -> Variant:
        return self.prepared.variant

    @property
    def hand(self) -> tuple[int, ...]:
        return self.prepared.hand

    @property
    def kernel_hand(self) -> KernelHand:
        return self.prepared.kernel_hand

    @property
    def tables(self) -> KernelTables:
        return self.prepared.tables

    @property
    def legal(self) -> int:
        return self.prepared.legal

    @property
    def natural(self) -> NaturalHand | None:
        return self.prepared.natural

    @property
    def natural_ev(self) -> float | None:
        return self.prepared.natural_ev

    @property
    def opponents(self) -> int:
        return self.prepared.opponents

    @property
    def best_normal_ev(self) -> float:
        return self.exact[0]

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

    @property
    def sap_lang(self) -> bool:
        """Whether sập làng can happen at this table."""
        return self.tables.sap_lang_at(self.opponents)

    def keys(self) -> tuple[int, ...]:
        """The shortlist's split keys, in order."""
        return tuple(split_key(*chi) for chi in self.chi)

    def arrangement(self, split: int) -> Arrangement:
        """The arrangement of a split id (the stronger five at the back), built once."""
        built = self.arrangements.get(split)
        if built is None:
            built = self.arrangements[split] = arrangement_of(self.hand, split, self.variant.rules.wheel)
        return built

    def classes_of(self, arrangement: Arrangement) -> Chi:
        """The class numbers of an arrangement's back, middle and front."""
        return self.tables.classes.of_arrangement(arrangement)

    def value_of(self, chi: Chi) -> float:
        """The expected points of the chi ``chi``: the shortlist's very number
        when it is there (so ``/optimal`` and ``/analysis`` agree to the last digit)."""
        for place, listed in enumerate(self.chi):
            if listed == chi:
                return self.exact[place]
        return self.kernel_hand.exact([chi])[0]

    def fouled_value(self) -> float:
        """The expected points of a fouled arrangement that collects no natural."""
        total, *_, size = self.kernel_hand.fouled()
        return total / size

    def outlook(self, chi: Chi) -> Outlook:
        """The per-position chances and points of the chi ``chi`` against the field, computed once."""
        key = (int(chi[0]), int(chi[1]), int(chi[2]))
        found = self.outlooks.get(key)
        if found is None:
            found = self.outlooks[key] = self._settled_outlook(key)
        return found

    def _settled_outlook(self, chi: Chi) -> Outlook:
        counts = self.kernel_hand.outlook(*chi)
        wins, losses, points = counts[0:3], counts[3:6], counts[6:9]
        scoops, scooped, shown = counts[9], counts[10], max(counts[11], 1)
        size = self.kernel_hand.field_size
        win = tuple(count / shown for count in wins)
        lose = tuple(count / shown for count in losses)
        tie = tuple(min(1.0, max(0.0, 1.0 - won - lost)) for won, lost in zip(win, lose, strict=True))
        scoop, against = scoops / size, scooped / size
        sap = self.sap_lang
        return Outlook(
            win=(win[0], win[1], win[2]),
            tie=(tie[0], tie[1], tie[2]),
            lose=(lose[0], lose[1], lose[2]),
            points=(points[0] / size, points[1] / size, points[2] / size),
            scoop=scoop,
            scooped=against,
            sap_lang_won=scoop**self.opponents if sap else 0.0,
            sap_lang_lost=against**self.opponents if sap else 0.0,
        )

    def legal_splits(self) -> tuple[LegalSplits, np.ndarray]:
        """Every legal split and its screening value (computed on first use)."""
        return self.kernel_hand.splits()


def value_hand(cards: Sequence[Card], variant: Variant, model: Model, *, opponents: int = 3) -> Valuation:
    """Value a (checked) hand under ``model``: its shortlist settled exactly against its field, best first."""
    prepared = prepare(cards, variant, model, opponents=opponents)
    picks = prepared.kernel_hand.shortlist()
    chi = [(high, low, front) for _, high, low, front, _ in picks]
    exact = prepared.kernel_hand.exact(chi) if prepared.has_field else [pick[4] for pick in picks]
    order = sorted(range(len(picks)), key=lambda place: -exact[place])  # stable: ties keep the screen's order
    return Valuation(
        prepared=prepared,
        splits=tuple(picks[place][0] for place in order),
        chi=tuple(chi[place] for place in order),
        exact=tuple(exact[place] for place in order),
        screen=tuple(picks[place][4] for place in order),
    )
