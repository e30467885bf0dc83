"""Benchmark: settle random 4-player tables in-process, and detect naturals.

Prints the time per table (p50, p99) for each preset, and the time of
natural detection per 13-card hand.  `make bench` runs it.
"""

from __future__ import annotations

import argparse
import random
import time
from decimal import Decimal

from bench.stats import percentile
from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.naturals import detect
from maubinh_api.rules.settlement import Seat, settle
from maubinh_api.rules.variants import PRESET_NAMES, preset


def random_table(rng: random.Random, wheel) -> list[Seat]:
    deck = list(DECK)
    rng.shuffle(deck)
    seats = []
    for index in range(4):
        cards = deck[index * 13 : index * 13 + 13]
        # Sort by rank so most arrangements are legal, as real players' are.
        cards.sort(key=lambda card: card.rank, reverse=True)
        seats.append(
            Seat(f"p{index}", Arrangement.from_cards(back=cards[:5], middle=cards[5:10], front=cards[10:], wheel=wheel))
        )
    return seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(7)
    for name in PRESET_NAMES:
        variant = preset(name)
        tables = [random_table(rng, variant.rules.wheel) for _ in range(args.tables)]
        times = []
        for seats in tables:
            started = time.perf_counter()
            settle(seats, variant, Decimal(10))
            times.append(time.perf_counter() - started)
        print(
            f"settle 4 players, {name:18s}: p50 {percentile(times, 0.5) * 1e3:.3f} ms, "
            f"p99 {percentile(times, 0.99) * 1e3:.3f} ms, {len(times) / sum(times):,.0f} tables/s"
        )
    rules = preset("extended").rules
    hands = [rng.sample(DECK, 13) for _ in range(args.tables * 4)]
    started = time.perf_counter()
    found = sum(detect(hand, rules) is not None for hand in hands)
    elapsed = time.perf_counter() - started
    per_hand = elapsed / len(hands) * 1e6
    print(
        f"natural detection (extended, all 11 naturals): {per_hand:.1f} us/hand, {found} in {len(hands):,} random hands"
    )


if __name__ == "__main__":
    main()
