"""Hand-sharing evidence over a history's hands: at a table of 3 or 4, for each pair, how much
better each one's arrangement was by the partner's cards than by its own
(:mod:`~maubinh_api.strategy.known_cards`).

For every seat that left its own best play (a seat that played it weighs nothing), and every
partner at its table, the evidence ``x`` values the arrangement played against the best one twice:
against opponents drawn from the 26 cards the two do not hold, and from the 39 the seat alone does
not (the hands of the worker's pool that miss its cards, as the peeking check's:
``batch/pools.py``). Honest play scores 0 on average; a seat that sets by its partner's cards
scores above. A seat that fouled or may hold a natural is left out (its play is not a choice
between chi), and so are tables of two (there is no one else to set against).

The opponents drawn for a hand depend only on its deal and its players (a seed made of their
names), so a history gives the same evidence on any cluster, cut anywhere. Each pair's draw is
shared by its two players, and each seat's pooled opponents by its partners: 6 draws at most for a
hand of four.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Final

import numpy as np

from ..strategy.model import Model
from .history import Row
from .pairs import Pair
from .pools import WorkerPools, worker_pools
from .table_hands import TableHand
from .weighed import Bests, SeatBests, bests_of, card_indices, draw_seed, weighed_plays

__all__ = ["MIN_SEATS", "SharingEvidence", "SharingJudge"]

#: The fewest seats at which sharing can be weighed: the pair and someone to set against.
MIN_SEATS: Final = 3
#: Opponents drawn for each valuation of the evidence.
FIELD_SIZE: Final = 96
#: Per pair (in code-point order): the first's evidence from the second's cards, and the second's
#: from the first's (None: that seat's play is not weighed).
SharingEvidence = dict[Pair, tuple[float | None, float | None]]


class SharingJudge:
    """The evidence of hands, from one model's valuers and pools (a worker's: ``batch/pools.py``)."""

    def __init__(
        self,
        model: Model,
        size: int = FIELD_SIZE,
        pools: WorkerPools | None = None,
        pairs: Collection[Pair] | None = None,
    ) -> None:
        self._size = size
        self._pools = pools if pools is not None else worker_pools(model)
        self._pairs = pairs  #: the pairs to weigh (None: every pair)

    def evidence(self, hands: Iterable[TableHand], bests: SeatBests | None = None) -> dict[str, SharingEvidence]:
        """Each hand's evidence, by deal id, for the hands of ``MIN_SEATS`` seats or more; ``bests``:
        each seat's best chi play by (deal id, player id), where grading found it."""
        return {
            hand.deal_id: self.hand_evidence(hand, bests_of(hand, bests))
            for hand in hands
            if len(hand.seats) >= MIN_SEATS
        }

    def hand_evidence(self, hand: TableHand, seat_bests: Bests | None = None) -> SharingEvidence:
        opponents = len(hand.seats) - 1
        known = self._pools.valuer(hand.variant, opponents, size=self._size)
        pool = self._pools.pool(hand.variant, opponents)
        cards = card_indices(hand.seats)
        plays = weighed_plays(known, hand.seats, cards, hand.variant, seat_bests)
        rng = np.random.default_rng(draw_seed(hand))
        alone: dict[str, float] = {}  # each weighed seat's arrangement against the pool's hands it misses
        found: SharingEvidence = {}
        for first_row, second_row in _pairs(hand.seats):
            pair = (first_row.player_id, second_row.player_id)
            weighed = [plays.get(player) for player in pair]
            chosen = self._pairs is None or pair in self._pairs  # else absent: too rarely together
            if weighed == [None, None]:
                if chosen:
                    found[pair] = (None, None)
                continue
            held = set(cards[pair[0]]) | set(cards[pair[1]])
            unknown = [card for card in range(52) if card not in held]
            if not chosen:
                known.deal(unknown, rng)  # dealt, not set: the other pairs' draws stay where they were
                continue
            knowing = known.field(unknown, rng)
            both: list[float | None] = []
            for player, play in zip(pair, weighed, strict=True):
                if play is None:
                    both.append(None)
                    continue
                if player not in alone:
                    alone[player] = known.relative(pool.unseen_by(cards[player], known), *play)
                both.append(known.relative(knowing, *play) - alone[player])
            found[pair] = (both[0], both[1])
        return found


def _pairs(seats: tuple[Row, ...]) -> Iterable[tuple[Row, Row]]:
    """Every two seats, the two in code-point order of their players' ids."""
    ordered = sorted(seats, key=lambda row: row.player_id)
    for index, first in enumerate(ordered):
        for second in ordered[index + 1 :]:
            yield first, second
