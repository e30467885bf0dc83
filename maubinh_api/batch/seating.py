"""Seating: pairs that sit together far more often than chance seating predicts.

**The unit is a sitting**: a run of a table's hands, one after the other (``hand_number`` in
order), with the same players. Where a platform reseats players hand by hand (quick play), every
hand is a sitting; where players keep a table for a session, the session is one, so that a long
evening of two friends at one table counts once, not a hundred times.

**The null is matchmaking by activity**, within each pool of tables (a variant at a table size:
a player at tables of two meets only players at tables of two): each sitting's other seats are
filled at random from the other players of its pool, each in proportion to how many sittings it
has there. Seen from player ``A``, whose sittings have ``s - 1`` other seats each, ``B`` fills one
of them with chance ``n_B / (S - n_A)`` (``n``: a player's sittings in the pool, ``S``: all
players' seats over the pool's sittings), so the sittings together expected are ``mates_A x n_B /
(S - n_A)``, added up over the pools; the figure is the mean of ``A``'s view and ``B``'s. The
count is a sum of rare, independent chances, so a Poisson law with that mean holds it (its tail a
little wider than the exact one's, so the test errs on the side of not flagging). A pair is
flagged when the Poisson chance of sitting together as often is under ``FAMILY_ALPHA`` over every
pair that could have met (all pairs of players with a sitting, whether they met or not: choosing
which pairs to test by how often they met would be testing the statistic twice), never above
``PAIR_ALPHA``, with at least ``MIN_SITTINGS`` sittings together.

What it cannot tell: two friends who play at the same hours sit together more than matchmaking
over the whole history predicts, honestly. Without a time axis the check cannot hold them to the
players present at the time; read a seating flag with the hours the two played, and alone it is a
reason to look at their money, not a finding of cheating.

>>> round(poisson_upper(10, 2.0), 6)  # ten or more where two are expected
4.6e-05
>>> poisson_upper(0, 3.0), poisson_upper(3, 0.0)
(1.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from .pair_signals import FAMILY_ALPHA, PAIR_ALPHA
from .pairs import Pair
from .table_hands import TableHand

__all__ = [
    "MIN_SITTINGS",
    "SEATING_COLUMNS",
    "PoolSeat",
    "SeatingSums",
    "Seats",
    "new_sittings",
    "poisson_upper",
    "pool_of",
    "seating_row",
    "seating_rule",
]

#: Fewer sittings together than this are never flagged, however few chance predicts.
MIN_SITTINGS: Final = 20
SEATING_COLUMNS: Final = ("sittings", "expected_sittings", "p_seating", "seated_flag")


@dataclass
class SeatingSums:
    """A player's sittings, and the other seats at them (their count, and the sum of its squares)."""

    sittings: int = 0
    mates: int = 0
    mates_squared: int = 0

    def add(self, others: int) -> None:
        self.sittings += 1
        self.mates += others
        self.mates_squared += others * others

    def merged(self, other: SeatingSums) -> SeatingSums:
        return SeatingSums(
            self.sittings + other.sittings, self.mates + other.mates, self.mates_squared + other.mates_squared
        )


#: A pool of tables and a player in it: the key of the seating sums.
PoolSeat = tuple[str, str]


def pool_of(hand: TableHand) -> str:
    """The pool of tables a hand was dealt in: its variant at its table size."""
    return f"{hand.variant.fingerprint}/{len(hand.seats)}"


@dataclass(frozen=True)
class Seats:
    """The whole history's seating: each player's sums in each pool, and what the null reads from them."""

    players: Mapping[PoolSeat, SeatingSums]

    def _pool_seats(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for (pool, _player), sums in self.players.items():
            totals[pool] = totals.get(pool, 0) + sums.sittings
        return totals

    @property
    def possible_pairs(self) -> int:
        """The pairs that could have met: every two players with a sitting."""
        count = len({player for (_pool, player), sums in self.players.items() if sums.sittings})
        return count * (count - 1) // 2

    def expected(self, first: str, second: str) -> float:
        """The sittings together that matchmaking by activity predicts for the pair, over the pools."""
        found = 0.0
        for pool, total in self._pool_seats().items():
            for me, other in ((first, second), (second, first)):
                mine = self.players.get((pool, me), SeatingSums())
                theirs = self.players.get((pool, other), SeatingSums())
                rest = total - mine.sittings
                found += mine.mates * theirs.sittings / rest / 2 if rest > 0 else 0.0
        return found


def new_sittings(hands: Iterable[TableHand]) -> set[str]:
    """The deals that start a sitting: at a table, a hand whose previous number there had other
    players (or is not among ``hands``); every hand without a table or a number starts one."""
    starts: set[str] = set()
    placed: dict[str, list[TableHand]] = {}
    for hand in hands:
        if hand.table_id is None or hand.hand_number is None:
            starts.add(hand.deal_id)
        else:
            placed.setdefault(hand.table_id, []).append(hand)
    for at_table in placed.values():
        previous: TableHand | None = None
        for hand in sorted(at_table, key=lambda hand: (hand.hand_number or 0, hand.deal_id)):
            if previous is None or not _continues(previous, hand):
                starts.add(hand.deal_id)
            previous = hand
    return starts


def _continues(previous: TableHand, hand: TableHand) -> bool:
    same_players = {row.player_id for row in previous.seats} == {row.player_id for row in hand.seats}
    return same_players and hand.hand_number == (previous.hand_number or 0) + 1


def poisson_upper(count: int, mean: float) -> float:
    """The chance of ``count`` or more under a Poisson law of ``mean`` (terms summed in logs from
    ``count`` up until they no longer count)."""
    if count <= 0:
        return 1.0
    if mean <= 0:
        return 0.0
    total, term_count = 0.0, count
    while True:
        term = math.exp(term_count * math.log(mean) - mean - math.lgamma(term_count + 1))
        total += term
        if term_count > mean and term < total * 1e-17:
            return min(1.0, total)
        term_count += 1


def seating_rule() -> str:
    return (
        "for each pair: the sittings together (runs of a table's consecutive hands with the same players) against "
        "what seating at random by activity predicts (each sitting's other seats filled in proportion to each "
        f"player's sittings); p = the Poisson chance of as many; flagged with at least {MIN_SITTINGS} sittings "
        f"together when p < min({PAIR_ALPHA}, {FAMILY_ALPHA} / the pairs that could have met)"
    )


def seating_row(pair: Pair, sittings: int, seats: Seats) -> dict[str, Any]:
    """A pair's seating figures and flag."""
    expected = seats.expected(*pair)
    p_value = poisson_upper(sittings, expected)
    limit = min(PAIR_ALPHA, FAMILY_ALPHA / max(seats.possible_pairs, 1))
    return {
        "sittings": sittings,
        "expected_sittings": expected,
        "p_seating": p_value,
        "seated_flag": sittings >= MIN_SITTINGS and p_value < limit,
    }
