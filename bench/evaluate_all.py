"""Benchmark: evaluate all 2,598,960 five-card hands, vectorised, against treys.

Run with `make bench-eval` (or `python -m bench.evaluate_all`).  Prints the
time of the numpy path (best of several runs, tables already built), the
time of treys on the same hands (its fastest entry point, cards converted
beforehand), the ratio, and a check that both order hands the same way.

Targets (issue 2): numpy path under 3 s, at least 10x treys.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import time

import numpy as np
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from maubinh_api.rules.cards import DECK
from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.evaluator import Evaluator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of the numpy path (best is reported)")
    parser.add_argument("--treys-repeat", type=int, default=1, help="runs of treys (best is reported)")
    args = parser.parse_args()

    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    print(f"machine: {platform.processor() or platform.machine()}, python {platform.python_version()}")
    print(f"hands: {len(hands):,}")

    started = time.perf_counter()
    evaluator = Evaluator(Wheel.LOW)
    print(f"table build (once per wheel setting): {time.perf_counter() - started:.3f} s")

    ours = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        scores = evaluator.evaluate5(hands)
        ours.append(time.perf_counter() - started)
    best_ours = min(ours)
    rate = len(hands) / best_ours / 1e6
    print(f"maubinh numpy evaluate5: best {best_ours:.3f} s of {args.repeat} ({rate:.1f} M hands/s)")

    treys_cards = [TreysCard.new(str(card)) for card in DECK]
    treys_hands = [[treys_cards[index] for index in row] for row in hands.tolist()]
    treys = TreysEvaluator()
    public = []
    for _ in range(args.treys_repeat):
        started = time.perf_counter()
        for hand in treys_hands:
            treys.evaluate(hand[:2], hand[2:])
        public.append(time.perf_counter() - started)
    print(f"treys Evaluator.evaluate(hand, board): best {min(public):.3f} s of {args.treys_repeat}")
    five = treys._five  # the 5-card kernel itself: treys at its fastest, the figure we compare with
    runs = []
    for _ in range(args.treys_repeat):
        started = time.perf_counter()
        treys_ranks = [five(hand) for hand in treys_hands]
        runs.append(time.perf_counter() - started)
    best_treys = min(runs)
    rate = len(hands) / best_treys / 1e6
    print(f"treys Evaluator._five: best {best_treys:.3f} s of {args.treys_repeat} ({rate:.2f} M hands/s)")
    print(f"speed-up over treys: {best_treys / best_ours:.1f}x")

    # Same order on 100,000 random pairs (treys: lower is stronger).
    rng = random.Random(2)
    disagreements = 0
    ours_scores = scores.tolist()
    for _ in range(100_000):
        a, b = rng.randrange(len(hands)), rng.randrange(len(hands))
        ours_sign = (ours_scores[a] > ours_scores[b]) - (ours_scores[a] < ours_scores[b])
        treys_sign = (treys_ranks[a] < treys_ranks[b]) - (treys_ranks[a] > treys_ranks[b])
        disagreements += ours_sign != treys_sign
    print(f"order disagreements with treys on 100,000 random pairs: {disagreements}")
    verdict = "met" if best_ours < 3 and best_treys / best_ours >= 10 else "NOT met"
    print(f"targets (< 3 s, >= 10x treys): {verdict}")


if __name__ == "__main__":
    main()
