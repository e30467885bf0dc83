"""Hand-sharing evidence over a history's hands: at a table of 3 or 4, for each pair, how much
better each one's arrangement was by the partner's cards than by its own
(:mod:`~maubinh_api.strategy.known_cards`).

For every seat that left its own best play (a seat that played it weighs nothing), and every
partner at its table, the evidence ``x`` values the arrangement played against the best one twice:
against opponents drawn from the 26 cards the two do not hold, and from the 39 the seat alone does
not. Honest play scores 0 on average; a seat that sets by its partner's cards scores above. A seat
that fouled or may hold a natural is left out (its play is not a choice between chi), and so are
tables of two (there is no one else to set against).

The opponents drawn for a hand depend only on its deal and its players (a seed made of their
names), so a history gives the same evidence on any cluster, cut anywhere. Each seat's own draw is
shared by its partners and each pair's by its two players: 4 + 6 draws at most for a hand of four.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Final

import numpy as np

from ..rules.arrangement import foul_reasons
from ..rules.variants import Variant
from ..strategy.known_cards import Chi, KnownCards
from ..strategy.model import Model
from .history import Row
from .pairs import Pair
from .table_hands import TableHand

__all__ = ["MIN_SEATS", "SharingEvidence", "SharingJudge"]

#: The fewest seats at which sharing can be weighed: the pair and someone to set against.
MIN_SEATS: Final = 3
#: Opponents drawn for each valuation of the evidence.
FIELD_SIZE: Final = 96
#: Per pair (in code-point order): the first's evidence from the second's cards, and the second's
#: from the first's (None: that seat's play is not weighed).
SharingEvidence = dict[Pair, tuple[float | None, float | None]]


class SharingJudge:
    """The evidence of hands, from one model (a worker's), its valuers kept per variant and size."""

    def __init__(self, model: Model, size: int = FIELD_SIZE) -> None:
        self._model = model
        self._size = size
        self._known: dict[tuple[str, int], KnownCards] = {}

    def _valuer(self, variant: Variant, opponents: int) -> KnownCards:
        key = (variant.fingerprint, opponents)
        if key not in self._known:
            self._known[key] = KnownCards(self._model, variant, opponents=opponents, size=self._size)
        return self._known[key]

    def evidence(self, hands: Iterable[TableHand]) -> dict[str, SharingEvidence]:
        """Each hand's evidence, by deal id, for the hands of ``MIN_SEATS`` seats or more."""
        return {hand.deal_id: self.hand_evidence(hand) for hand in hands if len(hand.seats) >= MIN_SEATS}

    def hand_evidence(self, hand: TableHand) -> SharingEvidence:
        known = self._valuer(hand.variant, len(hand.seats) - 1)
        cards = {row.player_id: [card.index for card in row.arrangement.cards] for row in hand.seats}
        plays = _weighed_plays(known, hand.seats, cards, hand.variant)
        rng = np.random.default_rng(_seed(hand))
        alone: dict[str, float] = {}  # each weighed seat's arrangement against its own draw
        found: SharingEvidence = {}
        for first_row, second_row in _pairs(hand.seats):
            pair = (first_row.player_id, second_row.player_id)
            weighed = [plays.get(player) for player in pair]
            if weighed == [None, None]:
                found[pair] = (None, None)
                continue
            held = set(cards[pair[0]]) | set(cards[pair[1]])
            knowing = known.field([card for card in range(52) if card not in held], rng)
            both: list[float | None] = []
            for player, play in zip(pair, weighed, strict=True):
                if play is None:
                    both.append(None)
                    continue
                if player not in alone:
                    mine = set(cards[player])
                    pool = [card for card in range(52) if card not in mine]
                    alone[player] = known.relative(known.field(pool, rng), *play)
                both.append(known.relative(knowing, *play) - alone[player])
            found[pair] = (both[0], both[1])
        return found


def _weighed_plays(
    known: KnownCards, seats: tuple[Row, ...], cards: dict[str, list[int]], variant: Variant
) -> dict[str, tuple[Chi, Chi]]:
    """Each seat whose play is weighed: its arrangement's classes and its own best play's, for the
    seats that left their best play for another chi play."""
    bests = known.best_of([cards[row.player_id] for row in seats])
    plays = {}
    for row, best in zip(seats, bests, strict=True):
        if best is None or foul_reasons(row.arrangement, variant.rules):
            continue
        played = known.classes_of(row.arrangement)
        if played != best:
            plays[row.player_id] = (played, best)
    return plays


def _pairs(seats: tuple[Row, ...]) -> Iterable[tuple[Row, Row]]:
    """Every two seats, the two in code-point order of their players' ids."""
    ordered = sorted(seats, key=lambda row: row.player_id)
    for index, first in enumerate(ordered):
        for second in ordered[index + 1 :]:
            yield first, second


def _seed(hand: TableHand) -> list[int]:
    """The hand's draws' seed: its deal and its players, whatever partition holds it."""
    text = "\n".join([hand.deal_id, *sorted(row.player_id for row in hand.seats)])
    digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
    return [int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little")]
