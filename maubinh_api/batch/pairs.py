"""What passed between each pair of players over a history's hands: sums that merge exactly.

A pair is two players who sat at one hand (``batch/table_hands.py``), named in code-point order of
their ids, so that the pair of ``bob`` and ``ann`` is ``("ann", "bob")`` wherever it is met; its
points are what the first won from the second, hand after hand. Every sum is an integer, so the
sums of a history's partitions, merged in any order, are the sums of the whole history: what the
integrity checks' pair statistics are worked out from.

>>> from maubinh_api.batch.history import check_row
>>> from maubinh_api.batch.table_hands import table_hands
>>> rows = [check_row({"deal_id": "d1", "player_id": player, "variant": "classic", "seats": 2,
...     "back": back, "middle": middle, "front": front})[0] for player, back, middle, front in (
...     ("bob", "Ah Ac Qc Qd 7s", "Ts Th 8d 5c 3d", "Ks Qh 2c"),
...     ("ann", "As Ad Kc Kd 7h", "9s 9h 8c 5d 3c", "Qs Jh 2s"))]
>>> sums = pair_sums(table_hands(rows)[0])
>>> sums[("ann", "bob")]  # bob won 1 point from ann, heads-up
PairSums(hands=1, heads_up=1, points=-1, points_squared=1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .table_hands import TableHand

__all__ = ["Pair", "PairSums", "merge_pair_sums", "pair_sums"]

#: Two players, in code-point order of their ids.
Pair = tuple[str, str]


@dataclass
class PairSums:
    """A pair's hands together and the points that passed, from the first player's side."""

    hands: int = 0
    heads_up: int = 0  #: of those, hands with no other seat (a dumper's table: the whole loss is the partner's)
    points: int = 0
    points_squared: int = 0

    def add(self, points: int, *, heads_up: bool) -> None:
        """One hand: ``points`` the first player won from the second."""
        self.hands += 1
        self.heads_up += heads_up
        self.points += points
        self.points_squared += points * points

    def merged(self, other: PairSums) -> PairSums:
        """These sums and ``other``'s (another partition's), exactly."""
        return PairSums(
            self.hands + other.hands,
            self.heads_up + other.heads_up,
            self.points + other.points,
            self.points_squared + other.points_squared,
        )


def pair_sums(hands: Iterable[TableHand]) -> dict[Pair, PairSums]:
    """Every pair that sat together in ``hands``, with what passed between them."""
    sums: dict[Pair, PairSums] = {}
    for hand in hands:
        heads_up = len(hand.seats) == 2
        for (first, second), points in hand.pair_points.items():
            pair, won = ((first, second), points) if first <= second else ((second, first), -points)
            sums.setdefault(pair, PairSums()).add(won, heads_up=heads_up)
    return sums


def merge_pair_sums(parts: Iterable[Mapping[Pair, PairSums]]) -> dict[Pair, PairSums]:
    """The sums of several partitions' pairs, as one history's."""
    merged: dict[Pair, PairSums] = {}
    for part in parts:
        for pair, sums in part.items():
            merged[pair] = merged[pair].merged(sums) if pair in merged else PairSums().merged(sums)
    return merged
