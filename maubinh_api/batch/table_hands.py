"""A history's hands at their tables: its rows grouped by deal, each hand settled pair by pair.

What the integrity checks read (docs/batch.md, "What a history holds"): who sat with whom, in what
order, and what the settlement paid between each pair. A history gives each seat's arrangement; the
points that passed between two seats are the settlement's (``rules/settlement.py``), worked out here
from those arrangements under the hand's variant, as the platform's own settlement did. A hand whose
seats cannot all be settled together is kept out of the pair checks, with the reason: a seat missing
from the history, a player twice, seats that disagree on the variant or the table, a card dealt to
two seats.

>>> from maubinh_api.batch.history import check_row
>>> rows = [check_row({"deal_id": "d1", "player_id": player, "variant": "classic", "seats": 2,
...     "back": back, "middle": middle, "front": front})[0] for player, back, middle, front in (
...     ("ann", "As Ad Kc Kd 7h", "9s 9h 8c 5d 3c", "Qs Jh 2s"),
...     ("bob", "Ah Ac Qc Qd 7s", "Ts Th 8d 5c 3d", "Ks Qh 2c"))]
>>> found, skipped = table_hands(rows)
>>> [(hand.deal_id, dict(hand.pair_points)) for hand in found], skipped  # ann wins the back, bob the rest
([('d1', {('ann', 'bob'): -1})], [])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Final

from ..rules.errors import RuleError
from ..rules.settlement import settle
from ..rules.table import Seat
from ..rules.variants import Variant
from .history import Row

__all__ = ["SkipReason", "SkippedHand", "TableHand", "table_hands"]

#: The bet a hand is settled at: the pair checks read points, which no bet changes.
_UNIT: Final = Decimal(1)


class SkipReason(Enum):
    """Why a hand is kept out of the pair checks (its seats are still graded one by one)."""

    SEAT_MISSING = "seat_missing"  #: fewer rows than the seats the rows say the table had
    PLAYER_TWICE = "player_twice"
    VARIANTS_DIFFER = "variants_differ"
    TABLES_DIFFER = "tables_differ"  #: the rows name different tables, or different places there
    CARD_SHARED = "card_shared"  #: a card in two seats' arrangements: not one deal


@dataclass(frozen=True, slots=True)
class TableHand:
    """One hand at a table, every seat present, settled."""

    deal_id: str
    table_id: str | None
    hand_number: int | None
    variant: Variant
    seats: tuple[Row, ...]  #: in the history's order
    #: What the first player of each pair (in seat order) won from the second, in points (units).
    pair_points: Mapping[tuple[str, str], int]


@dataclass(frozen=True, slots=True)
class SkippedHand:
    """A hand kept out of the pair checks, and why."""

    deal_id: str
    reason: SkipReason
    detail: str


def table_hands(rows: Iterable[Row]) -> tuple[list[TableHand], list[SkippedHand]]:
    """The hands the rows make, in the order their deals first appear, each settled; and those
    that cannot be, with the reason."""
    deals: dict[str, list[Row]] = {}
    for row in rows:
        deals.setdefault(row.deal_id, []).append(row)
    found: list[TableHand] = []
    skipped: list[SkippedHand] = []
    for deal_id, seats in deals.items():
        problem = _unsettled(seats)
        if problem is None:
            hand = _settled(deal_id, seats)
            if isinstance(hand, SkippedHand):
                skipped.append(hand)
            else:
                found.append(hand)
        else:
            skipped.append(SkippedHand(deal_id, *problem))
    return found, skipped


def _unsettled(seats: list[Row]) -> tuple[SkipReason, str] | None:
    """Why these rows cannot be settled as one hand, or None."""
    first = seats[0]
    players = [row.player_id for row in seats]
    if len(set(players)) < len(players):
        twice = sorted({player for player in players if players.count(player) > 1})
        return SkipReason.PLAYER_TWICE, f"{', '.join(twice)} appears twice"
    if any(row.variant.fingerprint != first.variant.fingerprint for row in seats):
        return SkipReason.VARIANTS_DIFFER, "its seats name different variants"
    if any((row.table_id, row.hand_number) != (first.table_id, first.hand_number) for row in seats):
        return SkipReason.TABLES_DIFFER, "its seats name different tables or places"
    wanted = max(row.seats for row in seats)
    if len(seats) < wanted:
        return SkipReason.SEAT_MISSING, f"{len(seats)} of its {wanted} seats are in the history"
    return None


def _settled(deal_id: str, seats: list[Row]) -> TableHand | SkippedHand:
    first = seats[0]
    table = [Seat(row.player_id, row.arrangement, row.declare_natural) for row in seats]
    try:
        settlement = settle(table, first.variant, _UNIT, explain=False)
    except RuleError as error:
        return SkippedHand(deal_id, SkipReason.CARD_SHARED, error.said.en)
    points = {pair.players: pair.points for pair in settlement.pairs}
    return TableHand(deal_id, first.table_id, first.hand_number, first.variant, tuple(seats), points)
