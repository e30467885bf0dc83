"""Benchmark: duplicate play of the ``ev`` optimiser against ``strongest``.

Each seeded deal gives two hands; the deal is played twice, heads-up, with
the objectives swapped between the seats, and settled by the service's own
settlement under the preset.  The gain of ``ev`` per hand played is averaged
over the deals, with its standard error (per deal, so the two plays of a
deal count as one sample).  Naturals are declared as each objective decides
(``strongest`` declares any natural, as simple clients do).

Targets (issues 4 and 9): ``ev`` beats ``strongest`` (docs/rules.md, "The optimal arrangement") by more than
3 standard errors under every preset; and, under ``chinese-poker-2-4``, it
beats a "strongest back first" setter (the lexicographic maximum of the three
chi's full strengths, back first: the baseline of the published Go setter,
which beats it by about +1.22 points per hand) by at least as much.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from decimal import Decimal

import numpy as np

from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.settlement import Seat, settle
from maubinh_api.rules.variants import PRESET_NAMES, preset
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.model import shipped_model
from maubinh_api.strategy.optimiser import Objective, optimise
from maubinh_api.strategy.splits import arrangement_of, hand_indices, legal_splits

MODEL = shipped_model(active_kernel())  # this bench's composition root: the model it measures


def back_first(cards: list, variant) -> Arrangement:
    """The lexicographically strongest legal split (back, then middle, then front by full strength)."""
    hand = hand_indices(cards)
    splits = legal_splits(hand, variant)
    row = int(np.argmax(splits.keys()))  # (back << 22) | (middle << 9) | front: back first
    return arrangement_of(hand, int(splits.split[row]), variant.rules.wheel)


def _play(args: tuple[str, int, int, str]) -> list[float]:
    name, seed, deals, baseline = args
    keep_freed_memory()
    variant = preset(name)
    rng = random.Random(seed)
    gains = []
    for _ in range(deals):
        cards = rng.sample(DECK, 26)
        hands = (cards[:13], cards[13:])
        solved = {
            (seat, objective): optimise(hands[seat], variant, MODEL, objective=objective, top=1, opponents=1)
            for seat in (0, 1)
            for objective in Objective
        }
        gain = 0.0
        for ev_seat in (0, 1):
            seats = []
            for seat in (0, 1):
                objective = Objective.EV if seat == ev_seat else Objective.STRONGEST
                solution = solved[(seat, objective)]
                declare = solution.declare_natural if objective is Objective.EV else solution.natural is not None
                arrangement = solution.best.arrangement
                if objective is Objective.STRONGEST and baseline == "back-first":
                    arrangement = back_first(hands[seat], variant)
                seats.append(Seat(str(seat), arrangement, declare_natural=declare))
            table = settle(seats, variant, Decimal(1))
            gain += table.players[ev_seat].points
        gains.append(gain / 2)
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--preset", action="append", choices=PRESET_NAMES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    print(f"duplicate play, {args.deals:,} deals per preset, each played twice with seats swapped")
    runs = [(name, "strongest") for name in args.preset or PRESET_NAMES]
    if "chinese-poker-2-4" in (args.preset or PRESET_NAMES):
        runs.append(("chinese-poker-2-4", "back-first"))
    for name, baseline in runs:
        started = time.perf_counter()
        chunks = args.workers * 4
        jobs = [
            (name, args.seed * 100 + i, args.deals // chunks + (i < args.deals % chunks), baseline)
            for i in range(chunks)
        ]
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            gains = [gain for part in pool.map(_play, jobs) for gain in part]
        mean = sum(gains) / len(gains)
        variance = sum((gain - mean) ** 2 for gain in gains) / (len(gains) - 1)
        error = math.sqrt(variance / len(gains))
        print(
            f"{name:18s}: ev gains {mean:+.3f} points per hand over {baseline} (standard error {error:.3f}, "
            f"{mean / error:.1f} SE) in {time.perf_counter() - started:.0f} s"
        )


if __name__ == "__main__":
    main()
