"""Measuring the steadiness check's yardsticks: ``batch/steadiness.json``.

Every preset, table size (1-3 opponents) and level, on seeded random hands each played by that
level's bot and graded against the best play, as ``make levels`` measures the level yardsticks
(:func:`~maubinh_api.service.level_yardsticks.measure_random`), but on many more hands and keeping
the loss's first four raw moments: the spread check (``batch/steadiness.py``) needs the levels'
variance to a few percent and their fourth moment for its standard error, which 1,500 hands a cell
cannot give (a club player's loss has a kurtosis of about 35). ``make steadiness`` runs it (seeded;
about 5 minutes on 2 cores) and records the model version it played with: the check is skipped,
and says why, under any other.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from typing import Final

from ..rules.variants import PRESET_NAMES
from ..service.level_yardsticks import READS, measure_random
from ..strategy.builders import builder_arguments, check_reads
from .engine import worker_service
from .steadiness import LEVEL_ORDER, YARDSTICKS

__all__ = ["build", "main"]

#: Hands a task plays: a cell is cut into tasks so that both cores stay busy to the end.
CHUNK: Final = 5_000


def _raw_moment(values: list[float], power: int) -> float:
    """The mean of the values' ``power``-th powers, to 12 significant digits."""
    return float(f"{math.fsum(value**power for value in values) / len(values):.12g}")


def build(hands: int, seed: int, workers: int) -> dict[str, object]:
    """Each level's raw moments of the loss on ``hands`` seeded random hands per preset and table size."""
    cells = [(name, opponents) for name in PRESET_NAMES for opponents in (1, 2, 3)]
    jobs = [
        (name, opponents, seed * 10_000 + 100 * index + 10 * opponents + chunk, min(CHUNK, hands - start))
        for index, (name, opponents) in enumerate(cells)
        for chunk, start in enumerate(range(0, hands, CHUNK))
    ]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        measured = pool.map(measure_random, jobs, chunksize=1)
    losses: dict[tuple[str, int], dict[str, list[float]]] = {}
    for (name, opponents, _, _), found in zip(jobs, measured, strict=True):
        for level, values in found.items():
            losses.setdefault((name, opponents), {}).setdefault(level, []).extend(values)
    presets: dict[str, dict[str, dict[str, object]]] = {}
    for (name, opponents), levels in losses.items():
        presets.setdefault(name, {})[str(opponents)] = {
            level: {
                "hands": len(levels[level]),
                "moments": [_raw_moment(levels[level], power) for power in (1, 2, 3, 4)],
            }
            for level in LEVEL_ORDER
        }
    return {
        "model": worker_service().model.version,  # the model the levels played with
        "hands_per_cell": hands,
        "seed": seed,
        "presets": presets,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = builder_arguments(__spec__.name if __spec__ else __name__, __doc__, YARDSTICKS, presets=False)
    parser.add_argument("--hands", type=int, default=40_000, help="hands per preset and table size (default 40,000)")
    args = parser.parse_args(argv)
    check_reads(READS)
    started = time.perf_counter()
    table = build(args.hands, args.seed, args.workers)
    args.output.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", "utf-8")
    size, elapsed = args.output.stat().st_size, time.perf_counter() - started
    print(f"steadiness: wrote {args.output} ({size:,} bytes) in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
