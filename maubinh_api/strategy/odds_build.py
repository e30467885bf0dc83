"""Build the optimiser's odds tables: ``python -m maubinh_api.strategy.odds_build``.

For each preset, random deals are set by the optimiser itself and the chi
its players show at each position are counted; those counts become the
opponent distributions of the next round (averaged with the previous
round's, which damps the oscillation of pure best responses), until two
rounds agree (the largest gap between their cumulative distributions, at any
position, falls under ``--tolerance``).  The first round sets hands with the ``strongest``
objective.  Each round also measures how often naturals are declared and
how much more often than the position odds predict a player scoops or is
scooped (positions are correlated: a strong hand tends to be strong in all
three).

Everything is seeded, so the same command writes the same tables:
``maubinh_api/strategy/odds/<preset>.npz``, each recorded in ``model.json`` as built for the
preset's rules of today (:mod:`maubinh_api.strategy.data_files`).  With the defaults (4 presets,
up to 8 rounds of 120,000 hands, 2 worker processes) it takes about
half an hour on a 2-core machine; the time is printed.
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..rules.arrangement import Arrangement
from ..rules.cards import DECK, Card
from ..rules.evaluator import colex_offsets
from ..rules.knobs import NATURAL_KEYS
from ..rules.variants import PRESET_NAMES, Variant, preset
from .builders import builder_arguments, write_data
from .classes import FLUSH_ID_BASE, ID5_COUNT
from .kernel import active_kernel
from .model import Model, shipped_model
from .odds import TABLE_VERSION, Odds, OddsTables, build_odds
from .optimiser import Objective, optimise

__all__ = ["build_preset", "main"]

_OFFSETS5 = colex_offsets(5)
_OFFSETS3 = colex_offsets(3)
OUTPUT = Path(__file__).parent / "odds"


def class_id5(cards: Sequence[Card]) -> int:
    """The wheel-independent class id of a 5-card chi (see classes.py)."""
    ranks = sorted(card.rank - 2 for card in cards)
    if len({card.suit for card in cards}) == 1:
        return FLUSH_ID_BASE + sum(1 << rank for rank in ranks)
    return sum(int(_OFFSETS5[i, rank]) for i, rank in enumerate(ranks))


def class_id3(cards: Sequence[Card]) -> int:
    """The class id of a 3-card front."""
    ranks = sorted(card.rank - 2 for card in cards)
    return sum(int(_OFFSETS3[i, rank]) for i, rank in enumerate(ranks))


@dataclass
class _Counts:
    back: np.ndarray
    middle: np.ndarray
    front: np.ndarray
    naturals: np.ndarray
    hands: int = 0
    scoops: int = 0  #: pairs where the first player won all three positions
    scooped: int = 0  #: pairs where the first player lost all three
    # Per pair, the product over positions of the chance to win (lose) it.
    win_products: list[float] = field(default_factory=list)
    lose_products: list[float] = field(default_factory=list)

    @classmethod
    def empty(cls) -> _Counts:
        return cls(np.zeros(ID5_COUNT), np.zeros(ID5_COUNT), np.zeros(455), np.zeros(len(NATURAL_KEYS)))

    def add(self, other: _Counts) -> None:
        self.back += other.back
        self.middle += other.middle
        self.front += other.front
        self.naturals += other.naturals
        self.hands += other.hands
        self.scoops += other.scoops
        self.scooped += other.scooped
        self.win_products += other.win_products
        self.lose_products += other.lose_products


# Worker state, set once per process by _start_worker.
_WORKER: dict[str, object] = {}


def _start_worker(preset_name: str, tables: bytes, objective: str) -> None:
    variant = preset(preset_name)
    odds = build_odds(variant.rules, OddsTables.load(tables))
    _WORKER.update(
        variant=variant,
        odds=odds,
        # this worker's composition root: the odds being built, no bank yet
        model=shipped_model(active_kernel(), checked=()).with_bank(None).with_odds(odds),
        objective=Objective(objective),
    )


def _play(seed: int, deals: int) -> _Counts:
    """Set ``deals`` two-player deals and count what is shown."""
    variant: Variant = _WORKER["variant"]  # type: ignore[assignment]
    objective: Objective = _WORKER["objective"]  # type: ignore[assignment]
    odds: Odds = _WORKER["odds"]  # type: ignore[assignment]
    model: Model = _WORKER["model"]  # type: ignore[assignment]
    rng = random.Random(seed)
    counts = _Counts.empty()
    for _ in range(deals):
        deck = rng.sample(DECK, 26)
        shown: list[Arrangement | None] = []
        for cards in (deck[:13], deck[13:]):
            solution = optimise(cards, variant, model, objective=objective, top=1, opponents=3)
            counts.hands += 1
            if solution.declare_natural and solution.natural is not None:
                counts.naturals[NATURAL_KEYS.index(solution.natural.key)] += 1
                shown.append(None)
                continue
            arrangement = solution.best.arrangement
            counts.back[class_id5(arrangement.back.cards)] += 1
            counts.middle[class_id5(arrangement.middle.cards)] += 1
            counts.front[class_id3(arrangement.front.cards)] += 1
            shown.append(arrangement)
        first, second = shown
        if first is not None and second is not None:
            for mine, theirs in ((first, second), (second, first)):
                _count_scoops(counts, odds, mine, theirs)
    return counts


def _count_scoops(counts: _Counts, odds: Odds, mine: Arrangement, theirs: Arrangement) -> None:
    classes = odds.classes
    won = lost = 0
    predicted_win = predicted_lose = 1.0
    for position, hand in mine:
        other = theirs[position]
        table = odds.position(position)
        scores = classes.scores5 if hand.size == 5 else classes.scores3
        index = int(np.searchsorted(scores, hand.score))
        predicted_win *= float(table.win[index])
        predicted_lose *= float(table.lose[index])
        won += hand.score > other.score
        lost += hand.score < other.score
    counts.scoops += won == 3
    counts.scooped += lost == 3
    counts.win_products.append(predicted_win)
    counts.lose_products.append(predicted_lose)


def _round(
    preset_name: str, tables: OddsTables, objective: Objective, *, deals: int, seed: int, workers: int
) -> _Counts:
    chunks = max(workers * 4, 1)
    per_chunk = [deals // chunks + (1 if i < deals % chunks else 0) for i in range(chunks)]
    seeds = [seed * 1000 + i for i in range(chunks)]
    total = _Counts.empty()
    context = multiprocessing.get_context("fork")
    with context.Pool(
        workers, initializer=_start_worker, initargs=(preset_name, tables.save(), objective.value)
    ) as pool:
        for counts in pool.starmap(_play, zip(seeds, per_chunk, strict=True)):
            total.add(counts)
    return total


def _tables_from(counts: _Counts, meta: dict[str, object], previous: OddsTables | None) -> OddsTables:
    """Tables from one round's counts; with ``previous``, the distributions
    are averaged with it (damping: best responses alone can oscillate)."""
    shown = max(counts.back.sum(), 1.0)
    back, middle = counts.back / shown, counts.middle / shown
    front = counts.front / max(counts.front.sum(), 1.0)
    if previous is not None:
        back = (back + previous.back) / 2
        middle = (middle + previous.middle) / 2
        front = (front + previous.front) / 2
    return OddsTables(
        back=back,
        middle=middle,
        front=front,
        naturals=counts.naturals / max(counts.hands, 1),
        scoop_exponent=fit_exponent(np.array(counts.win_products), counts.scoops),
        scooped_exponent=fit_exponent(np.array(counts.lose_products), counts.scooped),
        meta=meta,
    )


def fit_exponent(products: np.ndarray, observed: int) -> float:
    """The exponent a (1/3 to 3) for which the sum of products ** a matches
    the observed count: a = 1 treats positions as independent, a = 1/3 as
    perfectly correlated (the geometric mean of the three chances), a > 1
    as players spreading their strength (scoops rarer than independence)."""
    low, high = 1 / 3, 3.0
    if len(products) == 0 or observed <= 0:
        return 1.0
    for _ in range(60):  # bisection: the sum falls as the exponent grows
        middle = (low + high) / 2
        if float(np.sum(products**middle)) > observed:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _gap(first: OddsTables, second: OddsTables) -> float:
    """Largest difference between the two tables' cumulative distributions."""
    return max(
        float(np.abs(np.cumsum(a) - np.cumsum(b)).max())
        for a, b in ((first.back, second.back), (first.middle, second.middle), (first.front, second.front))
    )


def build_preset(preset_name: str, *, deals: int, rounds: int, tolerance: float, seed: int, workers: int) -> OddsTables:
    """Iterate the optimiser against itself until the tables settle."""
    tables = OddsTables.uniform()
    objective = Objective.STRONGEST
    previous: OddsTables | None = None
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        counts = _round(preset_name, tables, objective, deals=deals, seed=seed + number, workers=workers)
        meta = {
            "table_version": TABLE_VERSION,
            "preset": preset_name,
            "round": number,
            "deals_per_round": deals,
            "seed": seed,
        }
        tables = _tables_from(counts, meta, previous)
        gap = _gap(tables, previous) if previous is not None else float("nan")
        print(
            f"  {preset_name} round {number}: {counts.hands:,} hands set ({objective.value}) in "
            f"{time.perf_counter() - started:.0f} s; gap to previous round {gap:.4f}; "
            f"scoop exponents {tables.scoop_exponent:.3f}/{tables.scooped_exponent:.3f}",
            flush=True,
        )
        tables.meta["gap"] = gap
        if objective is Objective.EV and previous is not None and gap < tolerance:
            break
        previous = tables if objective is Objective.EV else None
        objective = Objective.EV
    return tables


def main(argv: Sequence[str] | None = None) -> int:
    parser = builder_arguments(__spec__.name if __spec__ else __name__, __doc__, OUTPUT)
    parser.add_argument("--deals", type=int, default=60_000, help="two-player deals per round (default 60,000)")
    parser.add_argument("--rounds", type=int, default=8, help="most rounds per preset (default 8)")
    parser.add_argument(
        "--tolerance", type=float, default=0.004, help="stop when rounds differ by less (default 0.004)"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    args.output.mkdir(parents=True, exist_ok=True)
    for name in args.preset or PRESET_NAMES:
        tables = build_preset(
            name, deals=args.deals, rounds=args.rounds, tolerance=args.tolerance, seed=args.seed, workers=args.workers
        )
        path = args.output / f"{name}.npz"
        write_data(path, tables.save(), name)
    print(f"done in {time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
