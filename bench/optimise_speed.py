"""Benchmark: in-process solve time of the optimiser.

1,000 seeded random hands per preset, solved one at a time (``top`` 3, three
opponents), after one warm-up solve.  Prints p50, p99 and the mean per hand
for each objective.  The process tunes the allocator as the service does
(see maubinh_api/infra/allocator.py).

Targets (issues 4 and 9): ``ev`` p50 <= 1 ms and p99 <= 3 ms on a 2-core
machine.  The last line per preset, ``ev (odds only)``, is the optimiser
without the hand bank (``bank=None``, the model of issue 4), timed on the same
machine: machines differ, and that line says what the exact step costs here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from stats import percentile

from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.variants import PRESET_NAMES, preset
from maubinh_api.strategy.optimiser import Objective, optimise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    print(f"allocator tuned: {keep_freed_memory()}")
    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 13) for _ in range(args.hands)]
    for name in PRESET_NAMES:
        variant = preset(name)
        runs = [(objective.value, {"objective": objective}) for objective in Objective]
        runs.append(("ev (odds only)", {"bank": None}))
        for label, options in runs:
            optimise(hands[0], variant, **options)  # load the tables
            times = []
            for cards in hands:
                started = time.perf_counter()
                optimise(cards, variant, **options)
                times.append(time.perf_counter() - started)
            print(
                f"{name:18s} {label:14s}: p50 {percentile(times, 0.5) * 1e3:.3f} ms, "
                f"p99 {percentile(times, 0.99) * 1e3:.3f} ms, mean {statistics.mean(times) * 1e3:.3f} ms "
                f"({len(hands):,} hands)"
            )


if __name__ == "__main__":
    main()
