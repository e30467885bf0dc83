"""Benchmark: what the batch tool costs beyond the strategy, per hand, in one process.

``simulate``'s partition function (deal, every seat's bot play, settle, the history rows and their
Parquet file) is timed against the strategy's own valuation of the same seats' hands (the fixed
reference, in the same run); ``grade``'s partition function (read the history file, check every
row, grade, write the hands' Parquet file and the players' sums) against the strategy grading the
same arrangements in one call (``grade_all``). The two take turns going first, ``--repeat`` times;
the medians are printed with their ratio.

    python -m bench.batch_path [--deals 200] [--repeat 3]

Targets (issue 27): grade <= 1.2x, simulate <= 1.3x per seat.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

from maubinh_api.batch import grading, simulate
from maubinh_api.batch.engine import worker_service
from maubinh_api.batch.history import Part, check_row
from maubinh_api.rules.cards import DECK, Card
from maubinh_api.rules.settlement import settle
from maubinh_api.rules.table import Seat
from maubinh_api.service.hands import HandService
from maubinh_api.strategy.levels import Level

LEVELS = (Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT)
TABLE = simulate.Table("classic", LEVELS, 1, "1")


def _deals(part: simulate.SimulatePart) -> list[tuple[list[list[Card]], list[int]]]:
    """The hands and bot seeds ``simulate_part`` deals (the same generator, the same draws)."""
    rng = np.random.default_rng([part.seed, part.index])
    deals = []
    for _ in range(part.deals):
        order = rng.permutation(52)
        seeds = rng.integers(0, 2**62, size=len(LEVELS)).tolist()
        deals.append(([[DECK[int(index)] for index in order[13 * seat : 13 * seat + 13]] for seat in range(4)], seeds))
    return deals


def _played_and_settled(service: HandService, deals: list[tuple[list[list[Card]], list[int]]]) -> None:
    """What simulate's answer is made of, without the tool: every seat's bot play, the table settled."""
    variant = TABLE.variant
    for hands, seeds in deals:
        seats = []
        for seat, (cards, seed) in enumerate(zip(hands, seeds, strict=True)):
            _, chosen = service.bot_play(cards, variant, LEVELS[seat], seed, opponents=len(LEVELS) - 1)
            seats.append(Seat(f"p{seat}", chosen.arrangement, chosen.declare_natural))
        settle(seats, variant, Decimal(TABLE.bet), explain=False)


def _turns(first: Callable[[], float], second: Callable[[], float], repeat: int) -> tuple[float, float]:
    ours: list[float] = []
    theirs: list[float] = []
    for number in range(repeat):
        steps = [(first, ours), (second, theirs)]
        for step, times in steps if number % 2 else steps[::-1]:
            times.append(step())
    return statistics.median(ours), statistics.median(theirs)


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of four seats (default 200)")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    service = worker_service()
    variant = TABLE.variant
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        simulate.warm_up((TABLE,))
        grading.warm_up()
        part = simulate.SimulatePart(0, 0, options.deals, 7, TABLE, str(work / "history"), "parquet")
        deals = _deals(part)
        hands = [cards for seat_hands, _ in deals for cards in seat_hands]
        seats = len(hands)

        def value_each() -> None:
            for cards in hands:
                service.value(cards, variant, opponents=len(LEVELS) - 1)  # type: ignore[arg-type]

        sim, valued = _turns(
            lambda: _timed(lambda: simulate.simulate_part(part)), lambda: _timed(value_each), options.repeat
        )
        ratio = sim / valued
        ok &= ratio <= 1.3
        print(
            f"simulate, per seat: {sim / seats * 1e3:.3f} ms | the strategy valuing the same hands"
            f" {valued / seats * 1e3:.3f} ms -> {ratio:.2f}x (target <= 1.3x, {'met' if ratio <= 1.3 else 'NOT met'})"
        )
        sim, engine = _turns(
            lambda: _timed(lambda: simulate.simulate_part(part)),
            lambda: _timed(lambda: _played_and_settled(service, deals)),
            options.repeat,
        )
        print(
            f"simulate, per seat: {sim / seats * 1e3:.3f} ms | the bots' plays and the settlements alone"
            f" {engine / seats * 1e3:.3f} ms -> {sim / engine:.2f}x (the batch tool's own share)"
        )
        history = work / "history" / "part-00000.parquet"
        rows = pq.read_table(history).num_rows
        grade_task = (Part(0, str(history), "parquet", 1, 0, rows), str(work / "graded"))
        checked = [check_row(record)[0] for record in pq.read_table(history).to_pylist()]
        played = [(row.arrangement, row.declare_natural) for row in checked if row is not None]

        graded, reference = _turns(
            lambda: _timed(lambda: grading.grade_part(grade_task)),
            lambda: _timed(lambda: service.grade_all(played, variant, opponents=len(LEVELS) - 1)),
            options.repeat,
        )
        ratio = graded / reference
        ok &= ratio <= 1.2
        print(
            f"grade, per hand: {graded / rows * 1e6:.1f} us | the strategy grading the same arrangements in one call"
            f" {reference / rows * 1e6:.1f} us -> {ratio:.2f}x (target <= 1.2x, {'met' if ratio <= 1.2 else 'NOT met'})"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
