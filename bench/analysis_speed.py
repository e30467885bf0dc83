"""Benchmark: in-process time of the analysis and the bots.

1,000 seeded random hands per preset (``--hands``), each with a random legal
arrangement: ``analyse`` (what ``/v1/arrangements/analysis`` computes for one
arrangement, three opponents) and ``play`` at the ``club`` level (what
``/v1/arrangements/play`` computes), one hand at a time after a warm-up.
Prints p50, p99 and the mean per hand.

Targets (issue 9): analysis p50 <= 3 ms and p99 <= 8 ms; play p50 <= 3 ms.
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
from maubinh_api.strategy.analysis import analyse
from maubinh_api.strategy.bots import Level, play
from maubinh_api.strategy.splits import random_legal_arrangement


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    print(f"allocator tuned: {keep_freed_memory()}")
    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 13) for _ in range(args.hands)]
    for name in PRESET_NAMES:
        variant = preset(name)
        played = [random_legal_arrangement(cards, variant, rng) for cards in hands]
        analyse(played[0], variant)  # load the tables and the bank
        timings: dict[str, list[float]] = {"analysis": [], "play (club)": []}
        for cards, arrangement in zip(hands, played, strict=True):
            started = time.perf_counter()
            analyse(arrangement, variant)
            timings["analysis"].append(time.perf_counter() - started)
            started = time.perf_counter()
            play(cards, variant, Level.CLUB, seed=1)
            timings["play (club)"].append(time.perf_counter() - started)
        for what, times in timings.items():
            print(
                f"{name:18s} {what:12s}: p50 {percentile(times, 0.5) * 1e3:.3f} ms, "
                f"p99 {percentile(times, 0.99) * 1e3:.3f} ms, mean {statistics.mean(times) * 1e3:.3f} ms "
                f"({len(hands):,} hands)"
            )


if __name__ == "__main__":
    main()
