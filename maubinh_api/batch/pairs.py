"""What passed between each pair of players over a history's hands, and what their cards explain.

A pair is two players who sat at one hand (``batch/table_hands.py``), named in code-point order of
their ids, so that the pair of ``bob`` and ``ann`` is ``("ann", "bob")`` wherever it is met; its
figures are summed apart for each table size (2, 3 or 4 seats: what a hand's values are worth
differs by table size), from the first player's side, hand after hand:

* ``points``: what the first won from the second (the settlement's, in units);
* ``money``: those points less what the two hands' cards were worth against each other, each
  hand's value set best (``best_ev``, points per opponent), so ``points - (best_ev of the first -
  best_ev of the second)``: the luck of the deal taken out, what the two played left in;
* ``play_gap``: what the second gave up by its arrangement (``ev_loss``, against its best) less
  what the first gave up: who played the worse hand against whom;
* each one's fouls (binh lủng) in their hands together, and the hands that moved the most money
  each way beyond their cards (the report's evidence);
* ``shared``: at tables of 3 or 4, the hand-sharing evidence of the two (``batch/sharing.py``): how
  much better each one's arrangement was by the other's cards than by its own, the two added, with
  the hands that showed it most.

The integrity checks (``batch/pair_signals.py``) turn these sums into statistics once each
player's usual play over the whole history is known. Counts are integers and merge exactly; the
real-valued sums are added in partition order, so a history gives the same figures on any cluster.

>>> from maubinh_api.batch.history import check_row
>>> from maubinh_api.batch.table_hands import table_hands
>>> rows = [check_row({"deal_id": "d1", "player_id": player, "variant": "classic", "seats": 2,
...     "back": back, "middle": middle, "front": front})[0] for player, back, middle, front in (
...     ("bob", "Ah Ac Qc Qd 7s", "Ts Th 8d 5c 3d", "Ks Qh 2c"),
...     ("ann", "As Ad Kc Kd 7h", "9s 9h 8c 5d 3c", "Qs Jh 2s"))]
>>> values = {("d1", "bob"): SeatValue(0.5, 0.25, False), ("d1", "ann"): SeatValue(-0.25, 0.0, False)}
>>> sums = pair_sums(table_hands(rows)[0], values)[("ann", "bob"), 2]  # the pair, heads-up
>>> sums.points, sums.money, sums.play_gap  # bob won 1 from ann; his cards were worth 0.75 more; he gave up 0.25
(-1, -0.25, 0.25)
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from ..strategy.known_cards import Chi
from .table_hands import TableHand

__all__ = ["EVIDENCE_HANDS", "Pair", "PairAt", "PairSums", "SeatValue", "merge_pair_sums", "pair_sums"]

#: Two players, in code-point order of their ids.
Pair = tuple[str, str]
#: A pair at tables of a size (2-4 seats): a player's usual play is told apart by table size.
PairAt = tuple[Pair, int]
#: Hands kept each way as a pair's evidence: those that moved the most money beyond their cards.
EVIDENCE_HANDS: Final = 5


@dataclass(frozen=True, slots=True)
class SeatValue:
    """One seat's hand as the valuation saw it (points per opponent)."""

    best_ev: float  #: what the cards are worth, set best
    ev_loss: float  #: what the arrangement played gave up against that
    fouled: bool
    #: what a reference level (``club``) gives up on such hands (the variant, table size and theme):
    #: a player's loss less this is comparable from one table size to another
    reference: float = 0.0
    #: the classes of the seat's best chi play, where grading had them (what the card checks weigh
    #: its play against: ``batch/weighed.py``)
    best_chi: Chi | None = None


@dataclass
class PairSums:
    """A pair's hands together and what passed between them, from the first player's side."""

    hands: int = 0
    heads_up: int = 0  #: of those, hands with no other seat (a dumper's table: the whole loss is the partner's)
    points: int = 0
    points_squared: int = 0
    money: float = 0.0
    money_squared: float = 0.0
    play_gap: float = 0.0
    play_gap_squared: float = 0.0
    #: what each gave up in these hands beyond the reference level: each one's play against each partner
    loss_first: float = 0.0
    loss_second: float = 0.0
    fouls_first: int = 0
    fouls_second: int = 0
    #: (money, deal) of the hands that moved the most beyond their cards to the first / to the second
    to_first: list[tuple[float, str]] = field(default_factory=list)
    to_second: list[tuple[float, str]] = field(default_factory=list)
    #: hands weighed for sharing (tables of 3 or 4), the evidence's sum and sum of squares, and the
    #: hands with the most
    shared_hands: int = 0
    shared: float = 0.0
    shared_squared: float = 0.0
    most_shared: list[tuple[float, str]] = field(default_factory=list)
    #: of the hands together, those that started a sitting together (``batch/seating.py``)
    sittings: int = 0

    def add(self, deal_id: str, points: int, first: SeatValue, second: SeatValue, *, heads_up: bool) -> None:
        """One hand: ``points`` the first player won from the second, and the two seats' values."""
        money = points - (first.best_ev - second.best_ev)
        gap = second.ev_loss - first.ev_loss
        self.hands += 1
        self.heads_up += heads_up
        self.points += points
        self.points_squared += points * points
        self.money += money
        self.money_squared += money * money
        self.play_gap += gap
        self.play_gap_squared += gap * gap
        self.loss_first += first.ev_loss - first.reference
        self.loss_second += second.ev_loss - second.reference
        self.fouls_first += first.fouled
        self.fouls_second += second.fouled
        self.to_first = _largest([*self.to_first, (money, deal_id)])
        self.to_second = _largest([*self.to_second, (-money, deal_id)])

    def add_shared(self, deal_id: str, evidence: tuple[float | None, float | None]) -> None:
        """One hand's sharing evidence: the first's from the second's cards and the second's from the
        first's (None: that seat's play is not weighed)."""
        both = sum(value for value in evidence if value is not None)
        self.shared_hands += 1
        self.shared += both
        self.shared_squared += both * both
        if both:
            self.most_shared = _largest([*self.most_shared, (both, deal_id)])

    def merged(self, other: PairSums) -> PairSums:
        """These sums and ``other``'s (a later partition's)."""
        return PairSums(
            self.hands + other.hands,
            self.heads_up + other.heads_up,
            self.points + other.points,
            self.points_squared + other.points_squared,
            self.money + other.money,
            self.money_squared + other.money_squared,
            self.play_gap + other.play_gap,
            self.play_gap_squared + other.play_gap_squared,
            self.loss_first + other.loss_first,
            self.loss_second + other.loss_second,
            self.fouls_first + other.fouls_first,
            self.fouls_second + other.fouls_second,
            _largest(self.to_first + other.to_first),
            _largest(self.to_second + other.to_second),
            self.shared_hands + other.shared_hands,
            self.shared + other.shared,
            self.shared_squared + other.shared_squared,
            _largest(self.most_shared + other.most_shared),
            self.sittings + other.sittings,
        )


def _largest(hands: list[tuple[float, str]]) -> list[tuple[float, str]]:
    """The ``EVIDENCE_HANDS`` largest, the largest first (ties by deal id, so any order of merging
    keeps the same ones)."""
    return heapq.nlargest(EVIDENCE_HANDS, hands, key=lambda hand: (hand[0], hand[1]))


def pair_sums(
    hands: Iterable[TableHand],
    values: Mapping[tuple[str, str], SeatValue],
    shared: Mapping[str, Mapping[Pair, tuple[float | None, float | None]]] | None = None,
    starts: Collection[str] = (),
) -> dict[PairAt, PairSums]:
    """Every pair that sat together in ``hands``, at each table size, with what passed between
    them; ``values`` holds each seat's value by (deal id, player id), ``shared`` the hands' sharing
    evidence by deal id (``batch/sharing.py``), where it was weighed, ``starts`` the deals that
    started a sitting (``batch/seating.py``)."""
    sums: dict[PairAt, PairSums] = {}
    for hand in hands:
        seats = len(hand.seats)
        evidence = shared.get(hand.deal_id) if shared is not None else None
        for (first, second), points in hand.pair_points.items():
            pair, won = ((first, second), points) if first <= second else ((second, first), -points)
            mine, theirs = values[hand.deal_id, pair[0]], values[hand.deal_id, pair[1]]
            found = sums.setdefault((pair, seats), PairSums())
            found.add(hand.deal_id, won, mine, theirs, heads_up=seats == 2)
            found.sittings += hand.deal_id in starts
            if evidence is not None and pair in evidence:  # a pair too rarely together is not weighed
                found.add_shared(hand.deal_id, evidence[pair])
    return sums


def merge_pair_sums(parts: Iterable[Mapping[PairAt, PairSums]]) -> dict[PairAt, PairSums]:
    """The sums of several partitions' pairs (in partition order), as one history's."""
    merged: dict[PairAt, PairSums] = {}
    for part in parts:
        for pair, sums in part.items():
            merged[pair] = merged[pair].merged(sums) if pair in merged else PairSums().merged(sums)
    return merged
