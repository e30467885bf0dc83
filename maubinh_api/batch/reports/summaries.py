"""What the reports show, read once from the runs' outputs into typed, frozen summaries.

``grade`` writes ``summary.json`` (counts, the flag rule, each variant and table size's level
yardsticks, the first skipped rows) beside its Parquet tables, and ``simulate`` an economics
mapping per variant.  The readers here are forgiving: a missing figure becomes NaN (shown as a
dash) and a missing section an empty one, so that a report of an odd or partial run still
renders; nothing past them looks a key up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...rules.labels import keys
from ...rules.naturals import Natural
from ...strategy.levels import Level
from .formats import as_float, mapping

__all__ = [
    "Economics",
    "GradeSummary",
    "LevelFouls",
    "LevelLine",
    "LevelPoints",
    "NaturalCount",
    "Points",
    "SkippedRow",
    "Yardstick",
]

#: The bot levels from weakest to strongest: the order of every level table.
LEVEL_ORDER = keys(Level)


@dataclass(frozen=True, slots=True)
class LevelLine:
    """One bot level's loss per hand: its mean and standard deviation."""

    level: str
    mean: float
    sd: float


@dataclass(frozen=True, slots=True)
class Yardstick:
    """The levels' losses for one variant and table size of the history (``variant`` None: not
    said, as in summaries written before histories were split by variant)."""

    variant: str | None
    opponents: int | None
    hands: float
    levels: tuple[LevelLine, ...]

    @property
    def title(self) -> str:
        """The group in words ("classic, 3 opponents"), empty when not said."""
        if self.variant is None:
            return ""
        opponents = "" if self.opponents is None else f", {self.opponents} opponent{'s' if self.opponents != 1 else ''}"
        return f"{self.variant}{opponents}"

    def level(self, name: str) -> LevelLine | None:
        return next((line for line in self.levels if line.level == name), None)


@dataclass(frozen=True, slots=True)
class SkippedRow:
    """A row of the input that was not graded, and why."""

    row: float
    field: str
    detail: str


@dataclass(frozen=True, slots=True)
class GradeSummary:
    """A grading run as ``summary.json`` records it."""

    input: str
    rows_read: float
    rows_graded: float
    rows_skipped: float
    players: float
    flag_rule: str
    yardsticks: tuple[Yardstick, ...]
    errors: tuple[SkippedRow, ...]
    elapsed_s: float
    scheduler: str

    @classmethod
    def of(cls, summary: Mapping[str, object]) -> GradeSummary:
        """Read ``summary.json``'s content."""
        errors = summary.get("errors")
        rows = errors if isinstance(errors, list | tuple) else []
        return cls(
            input=str(summary.get("input", "")),
            rows_read=as_float(summary.get("rows_read")),
            rows_graded=as_float(summary.get("rows_graded")),
            rows_skipped=as_float(summary.get("rows_skipped")),
            players=as_float(summary.get("players")),
            flag_rule=str(summary.get("flag_rule", "")),
            yardsticks=_yardsticks(summary),
            errors=tuple(
                SkippedRow(as_float(row.get("row")), str(row.get("field", "")), str(row.get("detail", "")))
                for row in map(mapping, rows)
            ),
            elapsed_s=as_float(summary.get("elapsed_s")),
            scheduler=str(summary.get("scheduler", "—")),
        )


def _yardsticks(summary: Mapping[str, object]) -> tuple[Yardstick, ...]:
    groups = summary.get("yardsticks")
    if isinstance(groups, list | tuple):
        found = []
        for group in map(mapping, groups):
            opponents = as_float(group.get("opponents"))
            found.append(
                Yardstick(
                    variant=str(group.get("variant", "")) or None,
                    opponents=None if math.isnan(opponents) else int(opponents),
                    hands=as_float(group.get("hands")),
                    levels=level_lines(group.get("levels")),
                )
            )
        return tuple(found)
    if "levels" in summary:  # one set of levels for the whole history (summaries of 0.3 and before)
        return (Yardstick(None, None, as_float(summary.get("rows_graded")), level_lines(summary.get("levels"))),)
    return ()


def level_lines(value: object) -> tuple[LevelLine, ...]:
    """``{level: {mean, sd}}`` as lines, weakest level first (unknown names first, by mean)."""
    lines = [
        LevelLine(str(name), as_float(mapping(entry).get("mean")), as_float(mapping(entry).get("sd")))
        for name, entry in mapping(value).items()
    ]

    def order(line: LevelLine) -> tuple[int, float]:
        return (LEVEL_ORDER.index(line.level) if line.level in LEVEL_ORDER else -1, -line.mean)

    return tuple(sorted(lines, key=order))


@dataclass(frozen=True, slots=True)
class Points:
    """What a player wins or loses per deal: mean, spread, percentiles and histogram."""

    mean: float
    sd: float
    percentiles: tuple[tuple[str, float], ...]
    edges: tuple[float, ...]
    counts: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class LevelPoints:
    level: str
    hands: float
    mean: float
    sd: float


@dataclass(frozen=True, slots=True)
class LevelFouls:
    level: str
    hands: float
    fouls: float
    rate: float  #: fouls per hand


@dataclass(frozen=True, slots=True)
class NaturalCount:
    """How often one natural (thắng trắng) was dealt."""

    key: str
    count: float
    per_1000_hands: float

    @property
    def label(self) -> str:
        """The natural in both languages ("Dragon (2 to A) — Sảnh rồng"), or its key made readable."""
        try:
            natural = Natural.from_key(self.key)
        except KeyError:
            return self.key.replace("_", " ")
        return f"{natural.label_en} — {natural.label_vi}"

    @property
    def precedence(self) -> tuple[int, str]:
        """Its place in the rules' order of naturals, highest first (unknown ones last)."""
        try:
            return (Natural.from_key(self.key).precedence, self.key)
        except KeyError:
            return (len(Natural), self.key)


@dataclass(frozen=True, slots=True)
class Economics:
    """One variant's economics as ``simulate`` computes them."""

    variant: str
    fingerprint: str
    deals: float
    seats: float
    hands: float
    levels: tuple[str, ...] | None  #: the seats' bot levels
    points: Points
    points_by_level: tuple[LevelPoints, ...]
    fouls_by_level: tuple[LevelFouls, ...]
    naturals: tuple[NaturalCount, ...]  #: highest natural first
    scoops: float
    scoops_per_1000_pairs: float
    sap_lang: float
    sap_lang_per_1000_deals: float
    house_take: Mapping[str, object]

    @classmethod
    def of(cls, item: Mapping[str, object]) -> Economics:
        points = mapping(item.get("points"))
        histogram = mapping(points.get("histogram"))
        levels = item.get("levels")
        scoops, sap_lang = mapping(item.get("scoops")), mapping(item.get("sap_lang"))
        naturals = [
            NaturalCount(
                str(key), as_float(mapping(entry).get("count")), as_float(mapping(entry).get("per_1000_hands"))
            )
            for key, entry in mapping(item.get("naturals")).items()
        ]
        return cls(
            variant=str(item.get("variant", "?")),
            fingerprint=str(item.get("fingerprint", "—")),
            deals=as_float(item.get("deals")),
            seats=as_float(item.get("seats")),
            hands=as_float(item.get("hands")),
            levels=tuple(str(level) for level in levels) if isinstance(levels, Sequence) else None,
            points=Points(
                mean=as_float(points.get("mean")),
                sd=as_float(points.get("sd")),
                percentiles=tuple(
                    (str(name), as_float(value)) for name, value in mapping(points.get("percentiles")).items()
                ),
                edges=tuple(as_float(edge) for edge in _list(histogram.get("edges"))),
                counts=tuple(as_float(count) for count in _list(histogram.get("counts"))),
            ),
            points_by_level=tuple(
                LevelPoints(str(level), *(as_float(mapping(entry).get(key)) for key in ("hands", "mean", "sd")))
                for level, entry in mapping(item.get("points_by_level")).items()
            ),
            fouls_by_level=tuple(
                LevelFouls(str(level), *(as_float(mapping(entry).get(key)) for key in ("hands", "fouls", "rate")))
                for level, entry in mapping(item.get("fouls_by_level")).items()
            ),
            naturals=tuple(sorted(naturals, key=lambda natural: natural.precedence)),
            scoops=as_float(scoops.get("count")),
            scoops_per_1000_pairs=as_float(scoops.get("per_1000_pairs")),
            sap_lang=as_float(sap_lang.get("count")),
            sap_lang_per_1000_deals=as_float(sap_lang.get("per_1000_deals")),
            house_take=mapping(item.get("house_take")),
        )

    @property
    def natural_rate(self) -> float:
        """Naturals per 1,000 hands, all together (a hand holds at most one, so the rates add up)."""
        rates = [natural.per_1000_hands for natural in self.naturals if not math.isnan(natural.per_1000_hands)]
        return float(sum(rates))

    @property
    def foul_rate(self) -> float:
        """Fouls per 1,000 hands over every level."""
        hands = sum(entry.hands for entry in self.fouls_by_level)
        fouls = sum(entry.fouls for entry in self.fouls_by_level)
        return 1000 * fouls / hands if hands and not math.isnan(hands) else math.nan

    @property
    def house_take_rate(self) -> float:
        return as_float(self.house_take.get("per_1000_deals_per_unit_bet"))


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []
