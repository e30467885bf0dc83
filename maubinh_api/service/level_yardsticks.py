"""Measuring what each bot level gives up per hand: the yardsticks in ``strategy/levels.json``.

Every preset, table size (1-3 opponents) and level, on seeded random hands each played by
that level's bot and graded against the best play (:meth:`~maubinh_api.service.hands.HandService.graded_play`,
the sequence ``/play`` and ``simulate`` run too): the mean and standard deviation of the loss per
hand and the share of hands set exactly as the best play (``presets``).  Then the same, theme by
theme, on drills (``themes``): each preset, table size and theme the preset deals at that table,
on drills dealt by :func:`~maubinh_api.strategy.drills.deal_drills` from seeded requests of a
practice run's five (the typical level's, as ``POST /v1/drills`` deals them unless asked for
another), each drill played by every level's bot the same way.  ``make levels`` runs it (seeded;
about 12 minutes on 2 cores, the random hands 20 seconds of it);
:func:`maubinh_api.strategy.level_reference.loss_reference` reads the result.  It measures with the
shipped odds and banks, stops at once if they are not what ``model.json`` records they were built
for, and records the yardsticks there as built for today's rules from them
(:mod:`maubinh_api.strategy.data_files`).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from typing import Final

from ..rules.cards import DECK
from ..rules.variants import PRESET_NAMES, preset
from ..strategy.analysis import EXACT
from ..strategy.builders import builder_arguments, check_reads, write_data
from ..strategy.data_files import SHIPPED, inputs_of
from ..strategy.drills import TYPICAL, DrillError, Theme, check_theme
from ..strategy.kernel import active_kernel
from ..strategy.level_reference import OUTPUT
from ..strategy.levels import Level
from ..strategy.model import shipped_model
from .hands import HandService

__all__ = ["RUN", "THEMES", "build", "main", "measure_random", "measure_theme", "summary"]


def measure_random(args: tuple[str, int, int, int]) -> dict[str, list[float]]:
    """Every level's loss on ``hands`` seeded random hands: ``args`` is the preset's name, the
    opponents, the seed and the hands."""
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


#: The make targets of the data files the yardsticks are measured with.
READS: Final = ("odds", "bank")
#: Drills a seeded request of the builder deals: a practice run's (the playground's default count).
RUN: Final = 5
#: The themes measured on drills (the random theme is the random hands above).
THEMES: Final = tuple(theme for theme in Theme if theme is not Theme.RANDOM)


def measure_theme(args: tuple[str, int, str, int, int]) -> dict[str, list[float]]:
    """Every level's loss on ``drills`` drills of a theme, dealt ``RUN`` at a time from seeded requests
    (one at a time once a request has given up)."""
    name, opponents, theme_value, seed, drills = args
    variant, theme = preset(name), Theme(theme_value)
    service = _service()
    losses: dict[str, list[float]] = {level.value: [] for level in Level}
    number, count = 0, RUN
    for request in itertools.count():
        if number == drills:
            break
        try:
            found = service.drills(theme, count, seed * 10_000 + request, variant, opponents=opponents, level=TYPICAL)
        except DrillError:
            # A search that gave up: the theme is seldom dealt here (natural_call under online at 2 or
            # 3 players is 1 hand in 136, where a request of five may value 77 hands a drill): from
            # now on, requests of one drill, which give up far less often.
            count = 1
            continue
        for drill in found.drills[: drills - number]:
            for level in Level:
                played = service.graded_play(
                    drill.cards, variant, level, seed * 1_000_003 + number, opponents=opponents
                )
                losses[level.value].append(played.judgement.ev_loss)
            number += 1
    return losses


@functools.cache
def _service() -> HandService:
    # The yardsticks are measured with the shipped odds and banks (main checked them); the
    # yardsticks being rebuilt are not read.
    return HandService(shipped_model(active_kernel(), checked=READS))


def _rows(losses: dict[str, list[float]]) -> dict[str, dict[str, float | int]]:
    """Each level's mean, standard deviation and share of best plays over its losses."""
    rows: dict[str, dict[str, float | int]] = {}
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
    return rows


def _dealt(name: str, opponents: int, theme: Theme) -> bool:
    try:
        check_theme(theme, preset(name), opponents)
    except DrillError:
        return False
    return True


def build(hands: int, seed: int, workers: int, drills: int = 0) -> dict[str, object]:
    """Measure every preset, table size and level on ``hands`` seeded hands each, and on ``drills``
    drills of each theme the preset deals at that table (none: no theme yardsticks)."""
    jobs = [
        (name, opponents, seed + 100 * index + opponents, hands)
        for index, name in enumerate(PRESET_NAMES)
        for opponents in (1, 2, 3)
    ]
    themed = [
        (name, opponents, theme.value, seed + 100 * index + 10 * (place + 1) + opponents, drills)
        for index, name in enumerate(PRESET_NAMES)
        for opponents in (1, 2, 3)
        for place, theme in enumerate(THEMES)
        if drills and _dealt(name, opponents, theme)
    ]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        measured = pool.map(measure_random, jobs)
        # One job a task, the longest searches first (natural_call under online and extended): the
        # cores stay busy to the end.
        order = sorted(range(len(themed)), key=lambda job: (themed[job][2] != Theme.NATURAL_CALL.value, job))
        done = pool.map(measure_theme, [themed[job] for job in order], chunksize=1)
    presets: dict[str, dict[str, dict[str, dict[str, float | int]]]] = {}
    for (name, opponents, _, _), losses in zip(jobs, measured, strict=True):
        presets.setdefault(name, {})[str(opponents)] = _rows(losses)
    table: dict[str, object] = {"hands_per_cell": hands, "seed": seed, "presets": presets}
    if themed:
        themes: dict[str, dict[str, dict[str, dict[str, dict[str, float | int]]]]] = {}
        for job, losses in zip(order, done, strict=True):
            name, opponents, theme_value, _, _ = themed[job]
            themes.setdefault(name, {}).setdefault(str(opponents), {})[theme_value] = _rows(losses)
        table |= {"drills_per_cell": drills, "drills_level": TYPICAL.value, "drills_per_request": RUN, "themes": themes}
    return table


def summary(table: dict[str, object]) -> list[str]:
    """Each theme's levels against random hands: one line per preset, table size and theme, each level's
    mean loss on the theme's drills (with its standard error) and, in brackets, on random hands."""
    presets, themes = table["presets"], table.get("themes", {})
    assert isinstance(presets, dict) and isinstance(themes, dict)
    lines = []
    for name, tables in themes.items():
        for opponents, by_theme in tables.items():
            for theme, rows in by_theme.items():
                cells = [
                    f"{level} {row['mean']:.3f}±{row['sd'] / math.sqrt(row['hands']):.3f}"
                    f" ({presets[name][opponents][level]['mean']:.3f})"
                    for level, row in rows.items()
                    if level != Level.BEST.value
                ]
                lines.append(f"{name:<17} {opponents} {theme:<13} " + ", ".join(cells))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = builder_arguments(__spec__.name if __spec__ else __name__, __doc__, OUTPUT, presets=False)
    parser.add_argument("--hands", type=int, default=1500, help="hands per preset and table size (default 1,500)")
    parser.add_argument(
        "--drills", type=int, default=1000, help="drills per preset, table size and theme (default 1,000; 0: none)"
    )
    args = parser.parse_args(argv)
    check_reads(READS)
    started = time.perf_counter()
    table = build(args.hands, args.seed, args.workers, args.drills)
    text = json.dumps(table, indent=1, sort_keys=True) + "\n"
    write_data(args.output, text.encode("utf-8"), "levels", {name: SHIPPED / name for name in inputs_of("levels.json")})
    print("mean loss per hand on each theme's drills ± its standard error (on random hands):")
    print("\n".join(summary(table)))
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
