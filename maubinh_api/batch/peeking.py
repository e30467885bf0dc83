"""Peeking: a seat whose arrangements do better against the cards the other seats actually held
than its own cards explain (:mod:`~maubinh_api.strategy.known_cards`), a player statistic.

For every seat whose play was a choice between chi, at tables of any size, the evidence ``x`` is 0
when it played its own best play; when it left it, ``x`` values the arrangement played against the
best one against the other seats' actual cards (each set by the screening best play), less the
same against opponents dealt from the 39 cards the seat does not hold (the hands of a fixed pool
that miss its cards, set the same way: ``strategy/screen_pool.py``, kept by ``batch/pools.py``).
An honest seat's ``x`` has mean 0 exactly, however it plays; a seat that sees the other hands
leaves its best play when they say so, and ``x`` is then positive.

A player's statistic is its evidence summed over its root sum of squares (self-normalised, near a
standard normal under the null once ``MIN_PEEKED_HANDS`` hands are weighed), one-sided: peeking only
raises it. A player is flagged as the other player checks are, under ``FAMILY_ALPHA`` over the
players tested and never above ``PAIR_ALPHA``.

>>> sums = PeekSums()
>>> for number in range(400):
...     sums.add(f"h{number}", 0.25 if number % 2 else -0.15)  # half its hands 0.25, half -0.15
>>> row = peeking_signals(sums, tested=10)
>>> round(row["z_peeking"], 2), row["peeking"]  # 200 x 0.1 / sqrt(200 x 0.0625 + 200 x 0.0225)
(4.85, True)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from ..strategy.model import Model
from .pair_signals import FAMILY_ALPHA, PAIR_ALPHA
from .pools import WorkerPools, worker_pools
from .table_hands import TableHand
from .weighed import Bests, SeatBests, bests_of, card_indices, chi_plays

__all__ = [
    "MIN_PEEKED_HANDS",
    "PEEKING_COLUMNS",
    "PeekSums",
    "PeekingJudge",
    "peeking_rule",
    "peeking_signals",
]

#: Fewer weighed hands than this are not tested: the normal approximation needs volume.
MIN_PEEKED_HANDS: Final = 100
#: The hands kept as evidence per player.
EVIDENCE_HANDS: Final = 5
PEEKING_COLUMNS: Final = ("peeked_hands", "z_peeking", "p_peeking", "peeking", "peeking_evidence")


@dataclass
class PeekSums:
    """A player's weighed hands, the evidence's sum and sum of squares, and the hands with the most."""

    hands: int = 0
    total: float = 0.0
    squares: float = 0.0
    most: list[tuple[float, str]] = field(default_factory=list)

    def add(self, deal_id: str, evidence: float) -> None:
        self.hands += 1
        self.total += evidence
        self.squares += evidence * evidence
        if evidence > 0:
            self.most = _largest([*self.most, (evidence, deal_id)])

    def merged(self, other: PeekSums) -> PeekSums:
        return PeekSums(
            self.hands + other.hands,
            self.total + other.total,
            self.squares + other.squares,
            _largest(self.most + other.most),
        )


def _largest(hands: list[tuple[float, str]]) -> list[tuple[float, str]]:
    """The largest, the largest first (ties by deal id: the same ones in any order of merging)."""
    return heapq.nlargest(EVIDENCE_HANDS, hands, key=lambda hand: (hand[0], hand[1]))


class PeekingJudge:
    """The peeking evidence of hands, from one model's valuers and pools (a worker's: ``batch/pools.py``)."""

    def __init__(self, model: Model, pools: WorkerPools | None = None) -> None:
        self._pools = pools if pools is not None else worker_pools(model)

    def add(self, sums: dict[str, PeekSums], hands: Iterable[TableHand], bests: SeatBests | None = None) -> None:
        """Each weighed seat's evidence in ``hands`` added to its player's ``sums``; ``bests``: each
        seat's best chi play by (deal id, player id), where grading found it."""
        for hand in hands:
            for player, evidence in self.hand_evidence(hand, bests_of(hand, bests)).items():
                sums.setdefault(player, PeekSums()).add(hand.deal_id, evidence)

    def hand_evidence(self, hand: TableHand, seat_bests: Bests | None = None) -> dict[str, float]:
        """Each weighed seat's evidence, by player (a seat not weighed is absent)."""
        opponents = len(hand.seats) - 1
        known = self._pools.valuer(hand.variant, opponents, pairwise=True)
        pool = self._pools.pool(hand.variant, opponents)
        cards = card_indices(hand.seats)
        plays = chi_plays(known, hand.seats, cards, hand.variant, seat_bests)
        found = dict.fromkeys(plays, 0.0)  # a seat that played its own best weighs 0
        left = [player for player, (played, best) in plays.items() if played != best]
        if not left:
            return found
        players = list(cards)
        back, middle, front = known.screen_classes([cards[player] for player in players])
        screened = {player: (int(back[n]), int(middle[n]), int(front[n])) for n, player in enumerate(players)}
        for player in left:
            others = [chi for other, chi in screened.items() if other != player]
            unseen = pool.unseen_by(cards[player], known)
            found[player] = known.peeking_evidence(others, unseen, *plays[player])
        return found


def peeking_rule() -> str:
    return (
        f"for each player with at least {MIN_PEEKED_HANDS} hands weighed: x = how much better the arrangement "
        "played did than the player's own best play against the other seats' actual cards, less the same against "
        "opponents drawn from the 39 cards it did not hold (0 when it played its best); z_peeking = the sum of x "
        f"over the root of the sum of x², one-sided; flagged when p < min({PAIR_ALPHA}, {FAMILY_ALPHA} / players "
        "tested)"
    )


def peeking_signals(sums: PeekSums, *, tested: int) -> dict[str, Any]:
    """A player's peeking figures and flag; ``tested``: the players with enough hands weighed."""
    z = sums.total / math.sqrt(sums.squares) if sums.squares > 0 else 0.0
    p_value = 0.5 * math.erfc(z / math.sqrt(2.0))
    limit = min(PAIR_ALPHA, FAMILY_ALPHA / max(tested, 1))
    return {
        "peeked_hands": sums.hands,
        "z_peeking": z,
        "p_peeking": p_value,
        "peeking": sums.hands >= MIN_PEEKED_HANDS and p_value < limit,
        "peeking_evidence": " ".join(deal for _value, deal in sums.most),
    }
