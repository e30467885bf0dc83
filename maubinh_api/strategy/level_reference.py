"""What each bot level gives up per hand: the yardstick a player is graded against.

``levels.json`` holds, per preset, table size (opponents 1-3) and level, the
mean and standard deviation of ``ev_loss`` per hand (points per opponent)
and the share of hands set exactly as the best play, over seeded random
hands set by that level's bot.  A hand history's player is
said to play like the level whose loss its own is closest to, and is flagged
as too strong for a human when its loss is implausibly far below the
``expert`` level's for its number of hands.

Rebuild (seeded, about 20 seconds on 2 cores): ``python -m maubinh_api.strategy.level_reference``.

>>> reference = loss_reference("classic", 3)
>>> reference[Level.BEST].mean
0.0
>>> reference[Level.BEGINNER].mean > reference[Level.CASUAL].mean > reference[Level.CLUB].mean
True
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Final

from ..rules.cards import DECK
from ..rules.variants import PRESET_NAMES, preset
from .analysis import EXACT, grade
from .bots import Level, play
from .valuation import value_hand

__all__ = ["LossReference", "loss_reference", "main"]

OUTPUT: Final = Path(__file__).parent / "levels.json"


@dataclass(frozen=True, slots=True)
class LossReference:
    """A level's loss per hand (points per opponent): mean and standard
    deviation, and how often it sets the best play."""

    mean: float
    sd: float
    hands: int
    best_share: float  #: share of hands set exactly as the best play (loss 0)


@functools.cache
def _table() -> dict[str, object]:
    data: dict[str, object] = json.loads(resources.files(__package__).joinpath("levels.json").read_text("utf-8"))
    return data


@functools.lru_cache(maxsize=64)
def loss_reference(preset_name: str, opponents: int) -> Mapping[Level, LossReference]:
    """Each level's loss per hand under a preset at a table of ``opponents`` + 1
    (read once; a grading job asks for it on every hand)."""
    if not 1 <= opponents <= 3:
        raise ValueError(f"opponents must be 1 to 3, not {opponents}")
    presets = _table()["presets"]
    assert isinstance(presets, dict)
    if preset_name not in presets:
        raise ValueError(f"no level reference for preset {preset_name!r}")
    rows = presets[preset_name][str(opponents)]
    return MappingProxyType(
        {
            Level(level): LossReference(row["mean"], row["sd"], row["hands"], row["best_share"])
            for level, row in rows.items()
        }
    )


def _measure(args: tuple[str, int, int, int]) -> dict[str, list[float]]:
    name, opponents, seed, hands = args
    variant = preset(name)
    rng = random.Random(seed)
    losses: dict[str, list[float]] = {level.value: [] for level in Level}
    for number in range(hands):
        cards = rng.sample(DECK, 13)
        found = value_hand(cards, variant, opponents=opponents)
        for level in Level:
            chosen = play(cards, variant, level, seed * 1_000_003 + number, opponents=opponents, valuation=found)
            result = grade(
                chosen.arrangement,
                variant,
                declare_natural=chosen.declare_natural,
                opponents=opponents,
                valuation=found,
            )
            losses[level.value].append(result.ev_loss)
    return losses


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
    parser = argparse.ArgumentParser(
        prog="python -m maubinh_api.strategy.level_reference", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--hands", type=int, default=1500, help="hands per preset and table size (default 1,500)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    table = build(args.hands, args.seed, args.workers)
    args.output.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
