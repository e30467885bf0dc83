"""``integrity``: a history's hands valued once, its tables settled pair by pair, summed per pair
and per player for the integrity checks (``batch/pair_signals.py``, ``batch/player_signals.py``).

Each partition (:mod:`maubinh_api.batch.history`) is one task: it grades its rows (the valuation
every check reads), groups them into hands, settles each whole hand and sums what passed between
each pair. A hand whose rows a partition cut leaves part of elsewhere (a history's rows of one deal
next to each other may straddle the cut) is sent back whole-or-not to the client, which puts each
such deal's rows from every partition together and settles it there: no hand is lost to a cut, and
the figures do not depend on where the cuts fell. Sums merge in partition order, then the stitched
hands', so a history gives the same figures on any cluster.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from ..strategy.drills import Theme
from ..strategy.levels import Level
from .engine import worker_memory, worker_service
from .grading import PlayerSums, RowCounts, add_hand, checked_rows, grade_rows, peak_rss_mb
from .history import Part, Row, read_part
from .pair_signals import MIN_PAIR_HANDS
from .pairs import Pair, PairAt, PairSums, SeatValue, merge_pair_sums, pair_sums
from .peeking import PeekingJudge, PeekSums
from .seating import PoolSeat, SeatingSums, new_sittings, pool_of
from .sharing import MIN_SEATS, SharingJudge
from .steadiness import Cell
from .sums import RunningSums
from .table_hands import SkippedHand, table_hands

__all__ = [
    "NO_CHECKS",
    "CardChecks",
    "IntegrityPart",
    "IntegritySums",
    "integrity_part",
    "merged",
    "pairs_met",
    "sharing_pairs",
]

#: The level whose loss on like hands each seat's is taken relative to (``pairs.SeatValue.reference``).
REFERENCE_LEVEL: Final = Level.CLUB
#: Hands kept out of the pair checks that a partition reports back by name (all are counted).
_FIRST_SKIPPED: Final = 50


@dataclass(kw_only=True)
class IntegrityPart(RowCounts):
    """One partition's sums, and the rows of the deals it holds only part of."""

    index: int
    players: dict[str, PlayerSums] = field(default_factory=dict)
    pairs: dict[PairAt, PairSums] = field(default_factory=dict)
    #: each player's decision times, as log(1 + ms), where the history has them
    timing: dict[str, RunningSums] = field(default_factory=dict)
    #: each player's losses on random deals by preset and table size (the steadiness check)
    losses: dict[str, dict[Cell, RunningSums]] = field(default_factory=dict)
    #: each player's peeking evidence, where asked for
    peeking: dict[str, PeekSums] = field(default_factory=dict)
    #: each player's sittings, and the hands that named their table and number there
    seating: dict[PoolSeat, SeatingSums] = field(default_factory=dict)
    tabled: int = 0
    loose: list[tuple[Row, SeatValue]] = field(default_factory=list)
    hands: int = 0  #: hands settled whole
    skipped: Counter[str] = field(default_factory=Counter)  #: hands kept out of the pair checks, by reason
    first_skipped: list[dict[str, str]] = field(default_factory=list)
    peak_rss_mb: float = 0.0


@dataclass
class IntegritySums:
    """A whole history's sums: what the signals are worked out from."""

    counts: RowCounts
    players: dict[str, PlayerSums]
    pairs: dict[PairAt, PairSums]
    timing: dict[str, RunningSums]
    losses: dict[str, dict[Cell, RunningSums]]
    peeking: dict[str, PeekSums]
    seating: dict[PoolSeat, SeatingSums]
    tabled: int
    hands: int
    skipped: Counter[str]
    first_skipped: list[dict[str, str]]
    peak_rss_mb: float


@dataclass(frozen=True)
class CardChecks:
    """The checks that value hands again against drawn opponents, which a pass runs when asked."""

    sharing: bool = False  #: ``batch/sharing.py``
    peeking: bool = False  #: ``batch/peeking.py``
    #: the pairs sharing weighs (None: every pair): those that can be tested (:func:`sharing_pairs`)
    sharing_pairs: frozenset[Pair] | None = None


#: The pass without them: every hand valued once.
NO_CHECKS: Final = CardChecks()


@dataclass
class _Judges:
    sharing: SharingJudge | None
    peeking: PeekingJudge | None

    @classmethod
    def of(cls, checks: CardChecks) -> _Judges:
        if not (checks.sharing or checks.peeking):
            return cls(None, None)
        model = worker_service().model
        sharing = SharingJudge(model, pairs=checks.sharing_pairs) if checks.sharing else None
        return cls(sharing, PeekingJudge(model) if checks.peeking else None)


def integrity_part(task: tuple[Part, str], *, checks: CardChecks = NO_CHECKS) -> IntegrityPart:
    """Value one partition's rows and sum its whole hands (with their sharing and peeking evidence
    when asked: ``batch/sharing.py``, ``batch/peeking.py``); its skipped rows go to ``errors/``."""
    worker_memory()
    service = worker_service()
    part, output = task
    result = IntegrityPart(index=part.index)
    checked = checked_rows(part, Path(output) / "errors" / f"part-{part.index:05d}.jsonl", result)
    rows = [row for _number, row in checked]
    values: dict[tuple[str, str], SeatValue] = {}
    for row, graded in zip(rows, grade_rows(service, rows), strict=True):
        result.rows_graded += 1
        yardsticks = service.yardsticks(row.variant.name, row.seats - 1, row.theme)
        add_hand(result.players.setdefault(row.player_id, PlayerSums()), graded, yardsticks)
        if row.decision_ms is not None:
            result.timing.setdefault(row.player_id, RunningSums()).add(math.log1p(row.decision_ms))
        if row.theme is Theme.RANDOM:  # a drill's losses are not a random hand's
            cells = result.losses.setdefault(row.player_id, {})
            cells.setdefault((row.variant.name, row.seats - 1), RunningSums()).add(graded.ev_loss)
        values[row.deal_id, row.player_id] = SeatValue(
            graded.best_ev, graded.ev_loss, graded.fouled, yardsticks[REFERENCE_LEVEL].mean, graded.best_chi
        )
    deals: dict[str, list[Row]] = {}
    for row in rows:
        deals.setdefault(row.deal_id, []).append(row)
    whole: list[Row] = []
    for seats in deals.values():
        if len(seats) < max(row.seats for row in seats):
            result.loose.extend((row, values[row.deal_id, row.player_id]) for row in seats)
        else:
            whole.extend(seats)
    _sum_hands(result, whole, values, _Judges.of(checks))
    result.peak_rss_mb = peak_rss_mb()
    return result


def _sum_hands(
    result: IntegrityPart, rows: list[Row], values: dict[tuple[str, str], SeatValue], judges: _Judges
) -> None:
    """Settle the hands ``rows`` make and add them to ``result``'s pairs (with the ``judges``'
    sharing and peeking evidence, if any); count those kept out."""
    found, skipped = table_hands(rows)
    result.hands += len(found)
    bests = {seat: value.best_chi for seat, value in values.items()}  # grading's: not valued again
    shared = judges.sharing.evidence(found, bests) if judges.sharing is not None else None
    starts = new_sittings(found)
    result.pairs = merge_pair_sums([result.pairs, pair_sums(found, values, shared, starts)])
    for hand in found:
        result.tabled += hand.table_id is not None and hand.hand_number is not None
        if hand.deal_id in starts:
            for row in hand.seats:
                result.seating.setdefault((pool_of(hand), row.player_id), SeatingSums()).add(len(hand.seats) - 1)
    if judges.peeking is not None:
        judges.peeking.add(result.peeking, found, bests)
    _count_skipped(result.skipped, result.first_skipped, skipped)


def _count_skipped(counts: Counter[str], first: list[dict[str, str]], skipped: list[SkippedHand]) -> None:
    for hand in skipped:
        counts[hand.reason.value] += 1
        if len(first) < _FIRST_SKIPPED:
            first.append({"deal_id": hand.deal_id, "reason": hand.reason.value, "detail": hand.detail})


def merged(results: list[IntegrityPart], *, checks: CardChecks = NO_CHECKS) -> IntegritySums:
    """Every partition's sums in partition order, then the hands whose rows partitions shared (their
    sharing and peeking evidence weighed here, when asked, as a partition would have)."""
    ordered = sorted(results, key=lambda item: item.index)
    counts = RowCounts()
    players: dict[str, PlayerSums] = {}
    skipped: Counter[str] = Counter()
    timing: dict[str, RunningSums] = {}
    losses: dict[str, dict[Cell, RunningSums]] = {}
    peeking: dict[str, PeekSums] = {}
    seating: dict[PoolSeat, SeatingSums] = {}
    first: list[dict[str, str]] = []
    for result in ordered:
        counts.rows_read += result.rows_read
        counts.rows_graded += result.rows_graded
        counts.rows_skipped += result.rows_skipped
        counts.first_errors.extend(result.first_errors)
        for player, sums in result.players.items():
            players.setdefault(player, PlayerSums()).add(sums)
        for player, times in result.timing.items():
            timing.setdefault(player, RunningSums()).merge(times)
        for player, cells in result.losses.items():
            for cell, lost in cells.items():
                losses.setdefault(player, {}).setdefault(cell, RunningSums()).merge(lost)
        for player, peeked in result.peeking.items():
            peeking[player] = peeking[player].merged(peeked) if player in peeking else peeked
        for seat, seated in result.seating.items():
            seating[seat] = seating[seat].merged(seated) if seat in seating else seated
        skipped.update(result.skipped)
        first.extend(result.first_skipped)
    stitched = IntegrityPart(index=len(ordered))
    loose = [item for result in ordered for item in result.loose]
    judges = _Judges.of(checks if loose else NO_CHECKS)
    values = {(row.deal_id, row.player_id): value for row, value in loose}
    _sum_hands(stitched, [row for row, _value in loose], values, judges)
    for player, peeked in stitched.peeking.items():
        peeking[player] = peeking[player].merged(peeked) if player in peeking else peeked
    for seat, seated in stitched.seating.items():
        seating[seat] = seating[seat].merged(seated) if seat in seating else seated
    skipped.update(stitched.skipped)
    first.extend(stitched.first_skipped)
    return IntegritySums(
        counts=counts,
        players=players,
        pairs=merge_pair_sums([result.pairs for result in ordered] + [stitched.pairs]),
        timing=timing,
        losses=losses,
        peeking=peeking,
        seating=seating,
        tabled=sum(result.tabled for result in ordered) + stitched.tabled,
        hands=sum(result.hands for result in ordered) + stitched.hands,
        skipped=skipped,
        first_skipped=first[:_FIRST_SKIPPED],
        peak_rss_mb=max((result.peak_rss_mb for result in ordered), default=0.0),
    )


def pairs_met(task: tuple[Part, str]) -> Counter[Pair]:
    """How many deals of one partition each two players sat at together, at tables of 3 or 4, read
    from the rows as they are (nothing valued): what :func:`sharing_pairs` counts."""
    part, _output = task
    deals: dict[object, set[str]] = {}
    for _number, record, _unreadable in read_part(part):
        if record is not None and isinstance(record.get("seats"), int) and record["seats"] >= MIN_SEATS:
            deals.setdefault(record.get("deal_id"), set()).add(str(record.get("player_id")))
    met: Counter[Pair] = Counter()
    for players in deals.values():
        ordered = sorted(players)
        met.update((first, second) for index, first in enumerate(ordered) for second in ordered[index + 1 :])
    return met


def sharing_pairs(counts: list[Counter[Pair]]) -> frozenset[Pair]:
    """The pairs the sharing check weighs: those that may have sat together at tables of 3 or 4 for
    ``MIN_PAIR_HANDS`` hands, the fewest it tests. Every partition counts its own rows; a deal whose
    rows two partitions share is counted in neither for a pair it splits, so the bar is lowered by
    one a partition: a pair that can be tested is always weighed."""
    met: Counter[Pair] = Counter()
    for found in counts:
        met.update(found)
    bar = max(1, MIN_PAIR_HANDS - len(counts))
    return frozenset(pair for pair, hands in met.items() if hands >= bar)
