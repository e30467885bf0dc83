"""``simulate``: seeded tables of bots, settled by the settlement engine.

Deals are cut into partitions of ``DEALS_PER_PART``; partition ``k`` deals
its cards from ``numpy.random.default_rng([seed, k])``, so a deal's cards and
bots' choices depend only on the seed and its number, never on the cluster.
Each partition writes its rows of the hand history (the format ``grade``
reads, with the bot's level and style and the settled points as extra
columns) and returns the sums the variant's economics are made of; the
client adds them in partition order.  With ``--compare`` the same deals and
the same bots' seeds are played under a second variant.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

import numpy as np

from ..rules.cards import DECK
from ..rules.knobs import NATURAL_KEYS
from ..rules.variants import Variant
from ..service.settling import play_table
from ..strategy.levels import Level
from .economics import Economics, HouseTake, LevelFouls, LevelPoints, LevelStyles, NaturalCount, Points
from .engine import warm_arrow, worker_memory, worker_service
from .history import variant_of, write_rows
from .sums import FoulCount, RunningSums

__all__ = ["DEALS_PER_PART", "SimulatePart", "SimulateResult", "Table", "economics", "simulate_part", "warm_up"]

#: Deals per partition (the unit of work and of seeding).
DEALS_PER_PART: Final = 250
#: Points per player per deal are whole numbers: the histogram has one bin per value.
HISTORY_FORMATS: Final = ("parquet", "jsonl")


@dataclass(frozen=True, slots=True)
class Table:
    """What to simulate: the variant (as given, and its text for the history), the seats' levels."""

    variant_text: str
    levels: tuple[Level, ...]
    players_per_seat: int
    bet: str

    @property
    def variant(self) -> Variant:
        return variant_of(self.variant_text)

    def player_id(self, seat: int, deal: int) -> str:
        level = self.levels[seat].value
        if self.players_per_seat == 1:
            return f"s{seat + 1}-{level}"
        return f"s{seat + 1}-{level}-{deal % self.players_per_seat + 1}"


@dataclass(frozen=True, slots=True)
class SimulatePart:
    """One partition of a simulation."""

    index: int
    first_deal: int
    deals: int
    seed: int
    table: Table
    output: str  #: the history directory
    history_format: str


@dataclass
class SimulateResult:
    """The sums one partition adds to the economics (integers and exact decimals)."""

    index: int
    deals: int = 0
    points: Counter[int] = field(default_factory=Counter)  #: points per player per deal: how often each value
    level_points: dict[str, RunningSums] = field(default_factory=dict)  #: each level's points per hand
    naturals: Counter[str] = field(default_factory=Counter)
    scoops: int = 0
    pairs: int = 0
    sap_lang: int = 0  #: players scooping (or scooped by) every opponent
    fouls: dict[str, FoulCount] = field(default_factory=dict)  #: each level's hands and fouls
    styles: dict[str, Counter[str]] = field(default_factory=dict)
    rake: Decimal = Decimal(0)
    draw_fee: Decimal = Decimal(0)


def _cards_text(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


def warm_up(tables: tuple[Table, ...]) -> None:
    """Load what these tables' bots use (run on each worker before the job):
    the model of each variant, every level's first play, and Arrow, which a
    partition's first write would otherwise import."""
    warm_arrow()
    worker_memory()
    service = worker_service()
    cards = list(DECK[:13])
    for table in tables:
        for level in table.levels:
            service.bot_play(cards, table.variant, level, 0, opponents=len(table.levels) - 1)


def simulate_part(part: SimulatePart) -> SimulateResult:
    """Deal, play and settle one partition's deals; write their history rows."""
    worker_memory()
    service = worker_service()
    table = part.table
    variant = table.variant
    seats = len(table.levels)
    bet = Decimal(table.bet)
    rng = np.random.default_rng([part.seed, part.index])
    result = SimulateResult(index=part.index)
    rows: list[dict[str, Any]] = []
    for deal in range(part.first_deal, part.first_deal + part.deals):
        order = rng.permutation(52)
        bot_seeds = rng.integers(0, 2**62, size=seats).tolist()
        deal_id = f"d{deal:08d}"
        hands = [[DECK[int(index)] for index in order[13 * seat : 13 * seat + 13]] for seat in range(seats)]
        ids = [table.player_id(seat, deal) for seat in range(seats)]
        played = play_table(service, hands, variant, table.levels, bot_seeds, ids=ids, bet=bet)
        plays, settled = played.plays, played.settlement
        for natural in played.naturals:
            if natural is not None:
                result.naturals[natural.key] += 1
        result.deals += 1
        result.pairs += len(settled.pairs)
        result.scoops += sum(pair.scoop is not None for pair in settled.pairs)
        result.rake += settled.house_take.rake
        result.draw_fee += settled.house_take.draw_fee
        for seat, (outcome, chosen) in enumerate(zip(settled.players, plays, strict=True)):
            level = table.levels[seat].value
            result.points[outcome.points] += 1
            result.level_points.setdefault(level, RunningSums()).add(outcome.points)
            result.fouls.setdefault(level, FoulCount()).add(outcome.fouled)
            result.sap_lang += outcome.sap_lang is not None
            result.styles.setdefault(level, Counter())[chosen.style.value] += 1
            arrangement = chosen.arrangement
            rows.append(
                {
                    "deal_id": deal_id,
                    "player_id": outcome.id,
                    "variant": table.variant_text,
                    "back": _cards_text(arrangement.back.cards),
                    "middle": _cards_text(arrangement.middle.cards),
                    "front": _cards_text(arrangement.front.cards),
                    "declare_natural": chosen.declare_natural,
                    "seats": seats,
                    "level": level,
                    "style": chosen.style.value,
                    "points": outcome.points,
                    "net": str(outcome.net),
                }
            )
    write_rows(rows, Path(part.output), part.index, part.history_format)
    return result


def economics(table: Table, results: list[SimulateResult]) -> Economics:
    """The variant's economics from every partition's sums (added in partition order)."""
    variant = table.variant
    summed = _summed(results)
    deals, pairs, hands = summed.deals, summed.pairs, summed.deals * len(table.levels)
    bet = Decimal(table.bet)
    total = summed.rake + summed.draw_fee
    return Economics(
        variant=variant.name,
        variant_spec=table.variant_text,
        fingerprint=variant.fingerprint,
        deals=deals,
        seats=len(table.levels),
        levels=tuple(level.value for level in table.levels),
        hands=hands,
        points=_distribution(summed.points),
        points_by_level=tuple(
            LevelPoints(level, sums.hands, sums.mean, sums.sd) for level, sums in summed.level_points.items()
        ),
        naturals=tuple(
            NaturalCount(key, summed.naturals[key], 1000 * summed.naturals[key] / hands if hands else 0.0)
            for key in NATURAL_KEYS
            if key in variant.rules.naturals
        ),
        scoops=summed.scoops,
        scoops_per_1000_pairs=1000 * summed.scoops / pairs if pairs else 0.0,
        sap_lang=summed.sap_lang,
        sap_lang_per_1000_deals=1000 * summed.sap_lang / deals if deals else 0.0,
        fouls_by_level=tuple(
            LevelFouls(level, counted.hands, counted.fouls, counted.rate) for level, counted in summed.fouls.items()
        ),
        styles_by_level=tuple(
            LevelStyles(level, tuple(sorted(counter.items()))) for level, counter in summed.styles.items()
        ),
        house_take=HouseTake(
            bet=str(bet),
            rake=float(summed.rake),
            draw_fee=float(summed.draw_fee),
            total=float(total),
            per_1000_deals_per_unit_bet=float(total * 1000 / (deals * bet)) if deals and bet else 0.0,
        ),
    )


def _summed(results: list[SimulateResult]) -> SimulateResult:
    """Every partition's sums added, in partition order (exact: integers and decimals)."""
    total = SimulateResult(index=-1)
    for result in sorted(results, key=lambda item: item.index):
        total.deals += result.deals
        total.pairs += result.pairs
        total.scoops += result.scoops
        total.sap_lang += result.sap_lang
        total.points.update(result.points)
        total.naturals.update(result.naturals)
        total.rake += result.rake
        total.draw_fee += result.draw_fee
        for level, sums in result.level_points.items():
            total.level_points.setdefault(level, RunningSums()).merge(sums)
        for level, counted in result.fouls.items():
            total.fouls.setdefault(level, FoulCount()).merge(counted)
        for level, counter in result.styles.items():
            total.styles.setdefault(level, Counter()).update(counter)
    return total


def _distribution(points: Counter[int]) -> Points:
    """Mean, standard deviation, percentiles and the histogram of points per player per deal."""
    count = sum(points.values())
    if not count:
        return Points(mean=0.0, sd=0.0, percentiles=(), edges=(), counts=())
    values = sorted(points)
    total = sum(value * times for value, times in points.items())
    squares = sum(value * value * times for value, times in points.items())
    percentiles = []
    for label, share in (
        ("p1", 0.01),
        ("p5", 0.05),
        ("p25", 0.25),
        ("p50", 0.5),
        ("p75", 0.75),
        ("p95", 0.95),
        ("p99", 0.99),
    ):
        # The smallest value with at least this share of players at or below it.
        target, seen = share * count, 0
        for value in values:
            seen += points[value]
            if seen >= target:
                percentiles.append((label, value))
                break
    low, high = values[0], values[-1]
    return Points(
        mean=total / count,
        sd=RunningSums(count, total, squares).sd,
        percentiles=tuple(percentiles),
        edges=tuple(value - 0.5 for value in range(low, high + 2)),
        counts=tuple(points.get(value, 0) for value in range(low, high + 1)),
    )
