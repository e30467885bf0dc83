"""Benchmark: in-process time of the analysis and the bots, compiled kernel against the NumPy reference.

1,000 seeded random hands per preset (``--hands``), each with a random legal
arrangement: ``analyse`` (what ``/v1/arrangements/analysis`` computes for one
arrangement, three opponents) and ``play`` at the ``club`` level (what
``/v1/arrangements/play`` computes), one hand at a time after a warm-up, each
by the compiled kernel and by the NumPy reference in
the same run, alternating every 50 hands.  Prints p50, p99 and the mean per hand and the reference's
p50 over the kernel's; ``--levels`` adds ``play`` at every level.

Targets (issue 16): analysis p50 <= 1 ms; play p50 <= 0.8 ms at every level, p99 <= 2 ms.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from bench.stats import percentile
from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK, Card
from maubinh_api.rules.variants import PRESET_NAMES, Variant, preset
from maubinh_api.strategy.analysis import Analysis, analyse
from maubinh_api.strategy.bots import Play, play
from maubinh_api.strategy.kernel import kernel_named
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import Model, shipped_model
from maubinh_api.strategy.splits import random_legal_arrangement
from maubinh_api.strategy.valuation import value_hand

KERNELS = ("compiled", "reference")
#: Hands each kernel solves in a row before the other takes its turn.
BLOCK = 50
#: This bench's composition root: one model per kernel, the same shipped files.
MODELS = {kernel: shipped_model(kernel_named(kernel)) for kernel in KERNELS}


def analyse_hand(model: Model, arrangement: Arrangement, variant: Variant) -> Analysis:
    """The analysis of ``arrangement``, its hand valued first (what ``/analysis`` does)."""
    cards = sorted(arrangement.cards, key=lambda card: card.index)
    return analyse(arrangement, value_hand(cards, variant, model))


def play_hand(model: Model, cards: list[Card], variant: Variant, level: Level, seed: int) -> Play:
    """A bot's play of ``cards``, the hand valued first (what ``/play`` does)."""
    return play(value_hand(sorted(cards, key=lambda card: card.index), variant, model), level, seed)


def _analyse_one(played: list[Arrangement], variant: Variant, model: Model, index: int) -> Analysis:
    return analyse_hand(model, played[index], variant)


def _play_one(hands: list[list[Card]], variant: Variant, level: Level, model: Model, index: int) -> Play:
    return play_hand(model, hands[index], variant, level, index)


def timed(kernel: str, work: Callable[[Model], object]) -> float:
    """Seconds one call takes with this kernel's model."""
    model = MODELS[kernel]
    started = time.perf_counter()
    work(model)
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
        work: dict[str, Callable[[Model, int], object]] = {
            "analysis": functools.partial(_analyse_one, played, variant),
        }
        for level in levels:
            work[f"play ({level.value})"] = functools.partial(_play_one, hands, variant, level)
        for what, run in work.items():
            times: dict[str, list[float]] = {kernel: [] for kernel in KERNELS}
            for kernel in KERNELS:  # load the tables and each kernel's model
                timed(kernel, lambda model: run(model, 0))  # noqa: B023
            for block in range(0, len(hands), BLOCK):
                for kernel in KERNELS:
                    for index in range(block, min(block + BLOCK, len(hands))):
                        times[kernel].append(timed(kernel, lambda model: run(model, index)))  # noqa: B023
            for kernel in KERNELS:
                values = times[kernel]
                print(
                    f"{name:18s} {what:16s} {kernel:9s}: p50 {percentile(values, 0.5) * 1e3:.3f} ms, "
                    f"p99 {percentile(values, 0.99) * 1e3:.3f} ms, mean {statistics.mean(values) * 1e3:.3f} ms"
                )
            ratio = percentile(times["reference"], 0.5) / percentile(times["compiled"], 0.5)
            print(f"{name:18s} {what:16s} reference / compiled p50: {ratio:.2f}x")


if __name__ == "__main__":
    main()
