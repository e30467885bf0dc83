"""Measuring what each bot level gives up per hand: the yardsticks in ``strategy/levels.json``.

Every preset, table size (1-3 opponents) and level, on seeded random hands each played by
that level's bot and graded against the best play (:meth:`~maubinh_api.service.hands.HandService.graded_play`,
the sequence ``/play`` and ``simulate`` run too): the mean and standard deviation of the loss per
hand and the share of hands set exactly as the best play.  ``make levels`` runs it (seeded,
about 20 seconds on 2 cores); :func:`maubinh_api.strategy.level_reference.loss_reference` reads
the result.
"""

from __future__ import annotations

import functools
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence

from ..rules.cards import DECK
from ..rules.variants import PRESET_NAMES, preset
from ..strategy.analysis import EXACT
from ..strategy.builders import builder_arguments
from ..strategy.kernel import active_kernel
from ..strategy.level_reference import OUTPUT
from ..strategy.levels import Level
from ..strategy.model import shipped_model
from .hands import HandService

__all__ = ["build", "main"]


def _measure(args: tuple[str, int, int, int]) -> dict[str, list[float]]:
    name, opponents, seed, hands = args
    variant = preset(name)
    # The builder's own composition root: a pool process makes its service once.
    service = _service()
    rng = random.Random(seed)
    losses: dict[str, list[float]] = {level.value: [] for level in Level}
    for number in range(hands):
        cards = rng.sample(DECK, 13)
        for level in Level:
            played = service.graded_play(cards, variant, level, seed * 1_000_003 + number, opponents=opponents)
            losses[level.value].append(played.judgement.ev_loss)
    return losses


@functools.cache
def _service() -> HandService:
    return HandService(shipped_model(active_kernel()))


def build(hands: int, seed: int, workers: int) -> dict[str, object]:
    """Measure every preset, table size and level on ``hands`` seeded hands each."""
    jobs = [
        (name, opponents, seed + 100 * index + opponents, hands)
        for index, name in enumerate(PRESET_NAMES)
        for opponents in (1, 2, 3)
    ]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        measured = pool.map(_measure, jobs)
    presets: dict[str, dict[str, dict[str, dict[str, float | int]]]] = {}
    for (name, opponents, _, _), losses in zip(jobs, measured, strict=True):
        rows = presets.setdefault(name, {}).setdefault(str(opponents), {})
        for level, values in losses.items():
            mean = math.fsum(values) / len(values)
            variance = math.fsum((value - mean) ** 2 for value in values) / max(len(values) - 1, 1)
            best = sum(value <= EXACT for value in values) / len(values)
            rows[level] = {
                "mean": round(mean, 6),
                "sd": round(math.sqrt(variance), 6),
                "hands": len(values),
                "best_share": round(best, 6),
            }
    return {"hands_per_cell": hands, "seed": seed, "presets": presets}


def main(argv: Sequence[str] | None = None) -> int:
    parser = builder_arguments(__spec__.name if __spec__ else __name__, __doc__, OUTPUT, presets=False)
    parser.add_argument("--hands", type=int, default=1500, help="hands per preset and table size (default 1,500)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    table = build(args.hands, args.seed, args.workers)
    args.output.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
