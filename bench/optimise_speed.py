"""Benchmark: in-process solve time of the optimiser, compiled kernel against the NumPy reference.

1,000 seeded random hands per preset (``--hands``), solved one at a time
(``top`` 3, three opponents), after one warm-up solve, by each objective and
by ``ev`` without the hand bank (``ev (odds only)``).  Every hand is solved by
the compiled kernel and then by the NumPy reference
in the same run (alternating every 50 hands: close enough in time to meet
the same machine, far enough apart to keep each kernel's data in cache as a
service does), so the ratio of the two is what to judge: machines of this
kind differ by up to 2x, and one machine by a third from run to run.  Prints
p50, p99 and the mean per hand for both, and the reference's p50 over the
kernel's.  The process tunes the allocator as the service does.

Targets (issue 16): ``ev`` p50 <= 0.5 ms and p99 <= 1 ms in every preset, and
at least 4x the reference.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.stats import percentile
from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.cards import DECK, Card
from maubinh_api.rules.variants import PRESET_NAMES, Variant, preset
from maubinh_api.strategy.kernel import kernel_named
from maubinh_api.strategy.model import shipped_model
from maubinh_api.strategy.optimiser import Objective, optimise

KERNELS = ("compiled", "reference")
#: Hands each kernel solves in a row before the other takes its turn.
BLOCK = 50
#: This bench's composition root: one model per kernel, the same shipped files, and each without
#: its bank (the screen alone: what the builders value hands with).
MODELS = {kernel: shipped_model(kernel_named(kernel)) for kernel in KERNELS}
SCREEN_MODELS = {kernel: model.with_bank(None) for kernel, model in MODELS.items()}


def timed(kernel: str, cards: list[Card], variant: Variant, options: dict[str, Any]) -> float:
    """Seconds to solve one hand with this kernel."""
    screen = options.get("screen", False)
    model = SCREEN_MODELS[kernel] if screen else MODELS[kernel]
    started = time.perf_counter()
    optimise(cards, variant, model, **{name: value for name, value in options.items() if name != "screen"})
    return time.perf_counter() - started


def line(name: str, label: str, kernel: str, times: list[float]) -> str:
    return (
        f"{name:18s} {label:14s} {kernel:9s}: p50 {percentile(times, 0.5) * 1e3:.3f} ms, "
        f"p99 {percentile(times, 0.99) * 1e3:.3f} ms, mean {statistics.mean(times) * 1e3:.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    print(f"allocator tuned: {keep_freed_memory()}; {args.hands:,} hands per line, kernels alternating every 50 hands")
    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 13) for _ in range(args.hands)]
    for name in PRESET_NAMES:
        variant = preset(name)
        runs: list[tuple[str, dict[str, Any]]] = [
            (objective.value, {"objective": objective}) for objective in Objective
        ]
        runs.append(("ev (odds only)", {"screen": True}))
        for label, options in runs:
            times: dict[str, list[float]] = {kernel: [] for kernel in KERNELS}
            for kernel in KERNELS:  # load the tables and each kernel's model
                timed(kernel, hands[0], variant, options)
            for block in range(0, len(hands), BLOCK):
                for kernel in KERNELS:
                    for cards in hands[block : block + BLOCK]:
                        times[kernel].append(timed(kernel, cards, variant, options))
            for kernel in KERNELS:
                print(line(name, label, kernel, times[kernel]))
            ratio = percentile(times["reference"], 0.5) / percentile(times["compiled"], 0.5)
            print(f"{name:18s} {label:14s} reference / compiled p50: {ratio:.2f}x")


if __name__ == "__main__":
    main()
