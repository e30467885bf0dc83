"""Settling tables, and playing them with bots: the sequences that end in a settlement.

``/v1/settlements`` settles the arrangements it is given; the batch tool's ``simulate`` has each
seat's bot set its cards first (:meth:`~maubinh_api.service.hands.HandService.bot_play`) and
then settles the table the same way.  Both go through :func:`settle_table`, so that what a
settlement is made of (the rules' :func:`~maubinh_api.rules.settlement.settle`, with or without
its explanations) is decided here once.

>>> from decimal import Decimal
>>> from maubinh_api.rules.cards import DECK
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.levels import Level
>>> from maubinh_api.strategy.model import shipped_model
>>> service = HandService(shipped_model(active_kernel()))
>>> hands = [DECK[:13], DECK[13:26]]
>>> played = play_table(service, hands, preset("classic"), (Level.BEST, Level.BEST), (1, 2), ids=("an", "binh"),
...                     bet=Decimal(10))
>>> sum(player.points for player in played.settlement.players)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..rules.cards import Card
from ..rules.naturals import NaturalHand
from ..rules.settlement import Settlement, settle
from ..rules.table import Seat
from ..rules.variants import Variant
from ..strategy.bots import Play
from ..strategy.levels import Level
from .hands import HandService

__all__ = ["PlayedTable", "play_table", "settle_table"]


def settle_table(seats: Sequence[Seat], variant: Variant, bet: Decimal, *, explain: bool = True) -> Settlement:
    """The settlement of a table of 2-4 checked seats; ``explain=False`` leaves out the lines in
    words (what a simulation of many deals does not show anyone)."""
    return settle(seats, variant, bet, explain=explain)


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """A table the bots played: each seat's play and the natural its cards hold, and the settlement."""

    plays: tuple[Play, ...]
    naturals: tuple[NaturalHand | None, ...]
    settlement: Settlement


def play_table(
    service: HandService,
    hands: Sequence[Sequence[Card]],
    variant: Variant,
    levels: Sequence[Level],
    seeds: Sequence[int],
    *,
    ids: Sequence[str],
    bet: Decimal,
) -> PlayedTable:
    """Each seat's bot (its level and seed) sets its hand, then the table is settled without
    its explanations: one deal of a simulation."""
    opponents = len(hands) - 1
    plays, naturals, seats = [], [], []
    for cards, level, seed, player in zip(hands, levels, seeds, ids, strict=True):
        found, chosen = service.bot_play(cards, variant, level, seed, opponents=opponents)
        plays.append(chosen)
        naturals.append(found.natural)
        seats.append(Seat(player, chosen.arrangement, chosen.declare_natural))
    return PlayedTable(tuple(plays), tuple(naturals), settle_table(seats, variant, bet, explain=False))
