"""Benchmark: what the service layer costs over calling the strategy directly.

The views and the batch tasks reach the strategy through a ``HandService`` built once around the
model the composition root chose (``create_app``, a batch worker): each call passes the model's
kernel, bank and odds down.  This times, on the same seeded hands in the same run, alternating
every 25 hands (each going first in turn), the service's ``graded_play`` (what
``/v1/arrangements/play`` computes: the play and its grade) and ``optimal`` against the same
steps called straight on the strategy with its own defaults (the fixed reference), and prints the
medians and their ratio: the layer should cost nothing measurable (a ratio within the run-to-run
noise of 1.00).

    python -m bench.service_layer [--hands 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.cards import DECK, Card
from maubinh_api.rules.variants import preset
from maubinh_api.service.hands import HandService
from maubinh_api.strategy.analysis import grade
from maubinh_api.strategy.bots import play
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import shipped_model
from maubinh_api.strategy.optimiser import Objective, optimise
from maubinh_api.strategy.valuation import value_hand

MODEL = shipped_model(active_kernel())  # this bench's composition root: the model it measures

VARIANT = preset("classic")
BLOCK = 25


def _direct_play(cards: Sequence[Card], seed: int) -> object:
    ordered = sorted(cards, key=lambda card: card.index)
    valuation = value_hand(ordered, VARIANT, MODEL, opponents=3)
    played = play(valuation, Level.CLUB, seed)
    return grade(played.arrangement, valuation, declare_natural=played.declare_natural)


def _timed(step: Callable[[Sequence[Card], int], object], hands: list[list[Card]], first: int) -> list[float]:
    times = []
    for number, cards in enumerate(hands):
        started = time.perf_counter()
        step(cards, first + number)
        times.append(time.perf_counter() - started)
    return times


def _compare(name: str, through: Callable[..., object], direct: Callable[..., object], hands: list[list[Card]]) -> None:
    served: list[float] = []
    straight: list[float] = []
    for start in range(0, len(hands), BLOCK):  # alternate blocks: drift of the machine hits both alike
        block = hands[start : start + BLOCK]
        # Each block is timed twice; whichever runs second finds the same hands warm in the caches,
        # so the two take turns going first.
        if start // BLOCK % 2:
            straight += _timed(direct, block, start)
            served += _timed(through, block, start)
        else:
            served += _timed(through, block, start)
            straight += _timed(direct, block, start)
    ratio = statistics.median(served) / statistics.median(straight)
    print(
        f"{name:<14} service p50 {statistics.median(served) * 1e3:6.3f} ms | strategy directly p50 "
        f"{statistics.median(straight) * 1e3:6.3f} ms | ratio {ratio:.3f} ({len(hands)} hands each)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    args = parser.parse_args()
    keep_freed_memory()
    service = HandService(shipped_model(active_kernel()))
    rng = random.Random(2026)
    hands = [rng.sample(DECK, 13) for _ in range(args.hands)]
    for cards in hands[:20]:  # warm-up: tables, banks and the kernel's model loaded once
        service.graded_play(cards, VARIANT, Level.CLUB, 0, opponents=3)
        _direct_play(cards, 0)
    print(f"kernel: {service.model.kernel.name}; variant classic, 3 opponents")
    _compare(
        "play+grade",
        lambda cards, seed: service.graded_play(cards, VARIANT, Level.CLUB, seed, opponents=3),
        _direct_play,
        hands,
    )
    _compare(
        "optimal (ev)",
        lambda cards, _seed: service.optimal(cards, VARIANT, objective=Objective.EV, top=3, opponents=3),
        lambda cards, _seed: optimise(cards, VARIANT, MODEL, top=3),
        hands,
    )


if __name__ == "__main__":
    main()
