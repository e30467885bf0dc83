"""Benchmark: in-process time of the analysis and the bots, compiled kernel against the NumPy reference.

1,000 seeded random hands per preset (``--hands``), each with a random legal
arrangement: ``analyse`` (what ``/v1/arrangements/analysis`` computes for one
arrangement, three opponents) and ``play`` at the ``club`` level (what
``/v1/arrangements/play`` computes), one hand at a time after a warm-up, each
by the compiled kernel and by the reference (``MAUBINH_KERNEL=reference``) in
the same run, alternating every 50 hands.  Prints p50, p99 and the mean per hand and the reference's
p50 over the kernel's; ``--levels`` adds ``play`` at every level.

Targets (issue 16): analysis p50 <= 1 ms; play p50 <= 0.8 ms at every level, p99 <= 2 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from bench.stats import percentile
from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.variants import PRESET_NAMES, preset
from maubinh_api.strategy.analysis import analyse
from maubinh_api.strategy.bots import Level, play
from maubinh_api.strategy.kernel import KERNEL_ENV
from maubinh_api.strategy.splits import random_legal_arrangement

KERNELS = ("compiled", "reference")
#: Hands each kernel solves in a row before the other takes its turn.
BLOCK = 50


def timed(kernel: str, work: Callable[[], object]) -> float:
    """Seconds one call takes with this kernel."""
    os.environ[KERNEL_ENV] = kernel
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--levels", action="store_true", help="play at every level, not only club")
    args = parser.parse_args()
    print(f"allocator tuned: {keep_freed_memory()}; {args.hands:,} hands per line, kernels alternating every 50 hands")
    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 13) for _ in range(args.hands)]
    levels = list(Level) if args.levels else [Level.CLUB]
    for name in PRESET_NAMES:
        variant = preset(name)
        played = [random_legal_arrangement(cards, variant, rng) for cards in hands]
        work: dict[str, Callable[[int], object]] = {
            "analysis": lambda index: analyse(played[index], variant),  # noqa: B023 - used in this iteration
        }
        for level in levels:
            work[f"play ({level.value})"] = lambda index, level=level: play(hands[index], variant, level, seed=index)  # noqa: B023
        for what, run in work.items():
            times: dict[str, list[float]] = {kernel: [] for kernel in KERNELS}
            for kernel in KERNELS:  # load the tables and each kernel's model
                timed(kernel, lambda: run(0))  # noqa: B023
            for block in range(0, len(hands), BLOCK):
                for kernel in KERNELS:
                    for index in range(block, min(block + BLOCK, len(hands))):
                        times[kernel].append(timed(kernel, lambda: run(index)))  # noqa: B023
            for kernel in KERNELS:
                values = times[kernel]
                print(
                    f"{name:18s} {what:16s} {kernel:9s}: p50 {percentile(values, 0.5) * 1e3:.3f} ms, "
                    f"p99 {percentile(values, 0.99) * 1e3:.3f} ms, mean {statistics.mean(values) * 1e3:.3f} ms"
                )
            ratio = percentile(times["reference"], 0.5) / percentile(times["compiled"], 0.5)
            print(f"{name:18s} {what:16s} reference / compiled p50: {ratio:.2f}x")
    os.environ.pop(KERNEL_ENV, None)


if __name__ == "__main__":
    main()
