"""Benchmark: what each bot level gives up, and what it scores against ``best``.

Seeded deals of two hands, heads-up.  For every level, the bot of that level
sets one hand and the ``best`` bot the other; the deal is played twice with
the hands swapped and settled by the settlement engine, so luck cancels and
the points per deal measure skill alone.  For every hand a level sets, the
analysis gives its ``ev_loss`` (points per opponent given up against the
best arrangement, heads-up).  Printed per level: the average loss with its
standard error, the points per deal against ``best`` with theirs, how often
it fouls and misses a natural, and how its plays came about (styles).

Targets (issue 9): average losses of about 1.0, 0.4, 0.15, 0.05 and 0 points
per opponent, beginners fouling now and then; at least 5,000 deals.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from collections import Counter
from decimal import Decimal

from maubinh_api.infra.allocator import keep_freed_memory
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.settlement import Seat, settle
from maubinh_api.rules.variants import PRESET_NAMES, preset
from maubinh_api.strategy.analysis import analyse
from maubinh_api.strategy.bots import Play, play
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import shipped_model
from maubinh_api.strategy.valuation import value_hand

MODEL = shipped_model(active_kernel())  # this bench's composition root: the model it measures


def _deals(args: tuple[str, int, int]) -> dict[str, object]:
    name, seed, deals = args
    keep_freed_memory()
    variant = preset(name)
    rng = random.Random(seed)
    losses: dict[Level, list[float]] = {level: [] for level in Level}
    points: dict[Level, list[float]] = {level: [] for level in Level}
    styles: dict[Level, Counter[str]] = {level: Counter() for level in Level}
    for deal in range(deals):
        cards = rng.sample(DECK, 26)
        hands = (cards[:13], cards[13:])
        found = [value_hand(hand, variant, MODEL, opponents=1) for hand in hands]
        plays: dict[tuple[Level, int], Play] = {}
        for level in Level:
            for seat in (0, 1):
                chosen = play(found[seat], level, seed * 1_000_003 + deal)
                plays[(level, seat)] = chosen
                styles[level][chosen.style.value] += 1
                analysis = analyse(chosen.arrangement, found[seat], declare_natural=chosen.declare_natural)
                losses[level].append(analysis.ev_loss)
        for level in Level:
            total = 0
            for bot_seat in (0, 1):
                bot, other = plays[(level, bot_seat)], plays[(Level.BEST, 1 - bot_seat)]
                seats = [
                    Seat("bot", bot.arrangement, declare_natural=bot.declare_natural),
                    Seat("best", other.arrangement, declare_natural=other.declare_natural),
                ]
                total += settle(seats, variant, Decimal(1)).players[0].points
            points[level].append(total / 2)
    return {"losses": losses, "points": points, "styles": styles}


def _mean_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / max(len(values) - 1, 1)
    return mean, math.sqrt(variance / len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--preset", action="append", choices=PRESET_NAMES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    for name in args.preset or ["classic"]:
        started = time.perf_counter()
        chunks = args.workers * 4
        jobs = [(name, args.seed * 100 + i, args.deals // chunks + (i < args.deals % chunks)) for i in range(chunks)]
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            parts = pool.map(_deals, jobs)
        print(
            f"{name}: {args.deals:,} deals, each played twice with the hands swapped, heads-up "
            f"({time.perf_counter() - started:.0f} s)"
        )
        print(
            "| level | average loss (points per opponent) | points per deal against best | fouls | "
            "naturals missed | styles |"
        )
        print("|---|---|---|---|---|---|")
        for level in Level:
            losses = [loss for part in parts for loss in part["losses"][level]]  # type: ignore[index]
            points = [value for part in parts for value in part["points"][level]]  # type: ignore[index]
            styles: Counter[str] = Counter()
            for part in parts:
                styles.update(part["styles"][level])  # type: ignore[index]
            hands = sum(styles.values())
            loss, loss_error = _mean_error(losses)
            score, score_error = _mean_error(points)
            shares = ", ".join(f"{style} {count / hands * 100:.1f}%" for style, count in styles.most_common())
            print(
                f"| {level.value} | {loss:.3f} +- {loss_error:.3f} | {score:+.3f} +- {score_error:.3f} | "
                f"{styles['foul'] / hands * 100:.2f}% | {styles['natural_missed'] / hands * 100:.2f}% | {shares} |"
            )


if __name__ == "__main__":
    main()
