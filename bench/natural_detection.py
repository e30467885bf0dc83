"""Benchmark: what detecting a natural costs, found from the suits and ranks against the former
scoring of all 72,072 splits (tests/rules/split_natural_oracle.py), timed in the same run.

A seat is priced as one settlement's share whatever its cards.  The costly seat holds two equal
straight flushes and a straight-flush front: under ``extended`` with ``foul_on_equal: true`` both
three straight flushes and three flushes are fouled (the back equals the middle), so detection
looks for three split naturals before it finds three straights.  This prints, per call, the median
time of ``detect`` on that seat and on plain random hands, the new finders against the oracle
(alternating blocks, each going first in turn), and their ratio; then ``settle_table`` (the
service layer's settlement) of a 4-seat table of such seats against plain random tables, both
ways, and what the costly table costs against a plain one.

    python -m bench.natural_detection [--rounds 400]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable
from decimal import Decimal

from bench.settle_tables import random_table
from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK, parse_cards
from maubinh_api.rules.naturals import detect
from maubinh_api.rules.table import Seat
from maubinh_api.rules.variants import resolve_variant
from maubinh_api.service.settling import settle_table
from tests.rules import split_natural_oracle as oracle

VARIANT = resolve_variant({"preset": "extended", "overrides": {"foul_on_equal": True}})
#: Four seats from one deck, each two equal straight flushes (back and middle) and a straight-flush front.
COSTLY_TABLE = [
    ("2s 3s 4s 5s 6s", "2h 3h 4h 5h 6h", "7d 8d 9d"),
    ("2d 3d 4d 5d 6d", "2c 3c 4c 5c 6c", "7s 8s 9s"),
    ("Ts Js Qs Ks As", "Th Jh Qh Kh Ah", "7h 8h 9h"),
    ("Td Jd Qd Kd Ad", "Tc Jc Qc Kc Ac", "7c 8c 9c"),
]
BLOCK = 20


def _costly_seats() -> list[Seat]:
    return [
        Seat(
            f"p{number}",
            Arrangement.from_cards(
                back=parse_cards(back.split()),
                middle=parse_cards(middle.split()),
                front=parse_cards(front.split()),
                wheel=VARIANT.rules.wheel,
            ),
        )
        for number, (back, middle, front) in enumerate(COSTLY_TABLE)
    ]


def _timed(step: Callable[[], object], rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        step()
        times.append(time.perf_counter() - started)
    return times


def _both(step: Callable[[], object], rounds: int) -> tuple[list[float], list[float]]:
    """``step`` timed ``rounds`` times as it is and as before (detect with the oracle's code), in
    blocks that take turns going first: drift of the machine hits both alike."""
    new: list[float] = []
    before: list[float] = []
    for block in range(0, rounds, BLOCK):
        count = min(BLOCK, rounds - block)
        for former in (False, True) if block // BLOCK % 2 else (True, False):
            if former:
                with oracle.as_before():
                    before += _timed(step, count)
            else:
                new += _timed(step, count)
    return new, before


def _line(name: str, new: list[float], before: list[float], unit: float, label: str) -> None:
    fast, slow = statistics.median(new), statistics.median(before)
    print(
        f"{name:<46} new {fast / unit:8.1f} {label} | as before {slow / unit:8.1f} {label} | "
        f"before / new {slow / fast:5.1f}"
    )


def _detections(rounds: int) -> None:
    costly = _costly_seats()[0].arrangement.cards
    assert detect(costly, VARIANT.rules) == oracle.detect_as_before(costly, VARIANT.rules)
    new, before = _both(lambda: detect(costly, VARIANT.rules), rounds)
    _line("detect, the costly seat", new, before, 1e-6, "us")
    rng = random.Random(11)
    plain = itertools.cycle([rng.sample(DECK, 13) for _ in range(rounds)])
    new, before = _both(lambda: detect(next(plain), VARIANT.rules), rounds)
    _line("detect, a plain random hand", new, before, 1e-6, "us")


def _settlements(rounds: int) -> None:
    costly = _costly_seats()
    rng = random.Random(12)
    plain = itertools.cycle([random_table(rng, VARIANT.rules.wheel) for _ in range(rounds)])
    costly_new, costly_before = _both(lambda: settle_table(costly, VARIANT, Decimal(10)), rounds)
    plain_new, plain_before = _both(lambda: settle_table(next(plain), VARIANT, Decimal(10)), rounds)
    _line("settle_table, the costly 4-seat table", costly_new, costly_before, 1e-3, "ms")
    _line("settle_table, a plain 4-seat table", plain_new, plain_before, 1e-3, "ms")
    for name, costly_times, plain_times in (("new", costly_new, plain_new), ("as before", costly_before, plain_before)):
        ratio = statistics.median(costly_times) / statistics.median(plain_times)
        print(f"costly table / plain table, {name:<9}: {ratio:5.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400)
    args = parser.parse_args()
    natural = detect(_costly_seats()[0].arrangement.cards, VARIANT.rules)
    assert natural is not None and natural.key == "three_straights", natural  # the seat is what it says
    _detections(args.rounds)
    _settlements(args.rounds)


if __name__ == "__main__":
    main()
