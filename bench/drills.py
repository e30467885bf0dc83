"""Benchmark: what dealing drills costs, theme by theme, under every preset.

For each preset and theme, ``--requests`` seeded requests of ``--count`` drills each are dealt as
``POST /v1/drills`` deals them (the service layer's call).  Printed per cell:

* the candidate hands valued per drill (mean, and the worst request), against the units a drill of
  the theme costs (``UNITS``: the cost is meant to follow this work) and the most a request may
  value before it gives up (``tries``); requests that gave up are counted;
* the time per request, and per candidate against the reference: ``value_hand`` alone on as many
  random hands, timed in the same run (the ratio is the theme's own overhead: its condition, and
  the difficulty of each drill found);
* the difficulties dealt (easy / medium / hard).

    python -m bench.drills [--requests 8] [--count 10] [--presets classic,online]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from maubinh_api.rules.cards import DECK
from maubinh_api.rules.variants import PRESET_NAMES, preset
from maubinh_api.service.hands import HandService
from maubinh_api.strategy.drills import UNITS, DrillError, Theme, check_theme, tries
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import shipped_model
from maubinh_api.strategy.valuation import value_hand

MODEL = shipped_model(active_kernel())  # this bench's composition root: the model it measures
SERVICE = HandService(MODEL)
OPPONENTS = 3


def _reference(name: str, hands: int) -> float:
    """Seconds per ``value_hand`` of a random hand under the preset (the kernel's own cost)."""
    rng = random.Random(1)
    variant = preset(name)
    deals = [sorted(rng.sample(DECK, 13), key=lambda card: card.index) for _ in range(hands)]
    for cards in deals[:20]:  # the variant's tables loaded and the caches warm, as in a serving worker
        value_hand(cards, variant, MODEL, opponents=OPPONENTS)
    started = time.perf_counter()
    for cards in deals:
        value_hand(cards, variant, MODEL, opponents=OPPONENTS)
    return (time.perf_counter() - started) / hands


def _cell(name: str, theme: Theme, requests: int, count: int) -> dict[str, object] | None:
    variant = preset(name)
    try:
        check_theme(theme, variant, OPPONENTS)
    except DrillError:
        return None
    per_drill: list[float] = []
    seconds: list[float] = []
    tried = 0
    refused = 0
    difficulties: Counter[str] = Counter()
    for seed in range(requests):
        started = time.perf_counter()
        try:
            found = SERVICE.drills(theme, count, seed, variant, opponents=OPPONENTS, level=Level.CASUAL)
        except DrillError:
            refused += 1
            seconds.append(time.perf_counter() - started)
            tried += tries(theme, count)
            continue
        seconds.append(time.perf_counter() - started)
        tried += found.tried
        per_drill.append(found.tried / count)
        difficulties.update(drill.difficulty.value for drill in found.drills)
    return {
        "per_drill": statistics.fmean(per_drill) if per_drill else float("nan"),
        "worst": max(per_drill) if per_drill else float("nan"),
        "refused": refused,
        "request_ms": 1000 * statistics.fmean(seconds),
        "candidate_ms": 1000 * sum(seconds) / tried,
        "difficulties": difficulties,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=8, help="seeded requests per preset and theme")
    parser.add_argument("--count", type=int, default=10, help="drills per request")
    parser.add_argument("--presets", default=",".join(PRESET_NAMES))
    args = parser.parse_args()
    seats = OPPONENTS + 1
    print(f"kernel {MODEL.kernel.name}; {args.requests} requests of {args.count} drills per cell, {seats} seats")
    print(
        f"{'preset':18} {'theme':14} {'units':>5} {'most':>5} {'hands/drill':>11} {'worst':>6} {'refused':>7}"
        f" {'ms/request':>10} {'ms/hand':>8} {'ref ms':>7} {'ratio':>6}  easy/medium/hard"
    )
    for name in args.presets.split(","):
        reference = _reference(name, 200)
        for theme in Theme:
            cell = _cell(name, theme, args.requests, args.count)
            if cell is None:
                print(f"{name:18} {theme.value:14} {'(the preset never deals this theme at this table: 422 at once)'}")
                continue
            spread = cell["difficulties"]
            assert isinstance(spread, Counter)
            print(
                f"{name:18} {theme.value:14} {UNITS[theme]:5d} {tries(theme, args.count):5d} {cell['per_drill']:11.1f}"
                f" {cell['worst']:6.1f} {cell['refused']:7d} {cell['request_ms']:10.1f} {cell['candidate_ms']:8.2f}"
                f" {1000 * reference:7.2f} {cell['candidate_ms'] / (1000 * reference):6.2f}"  # type: ignore[operator]
                f"  {spread['easy']}/{spread['medium']}/{spread['hard']}"
            )


if __name__ == "__main__":
    main()
