"""A variant's economics, as ``simulate`` computes them and its report shows them: one typed summary.

``simulate`` adds up its partitions' sums into an :class:`Economics` (:func:`~maubinh_api.batch.
simulate.economics`), writes it to ``economics.json`` (:meth:`Economics.to_json`) and draws the
report from it; :meth:`Economics.of` reads one back from JSON, forgivingly (a missing figure is
NaN, a missing section empty), so that the report of an odd or partial file still renders.

>>> item = Economics.of({"variant": "classic", "deals": 10, "house_take": {"per_1000_deals_per_unit_bet": 1.5}})
>>> item.variant, item.deals, item.house_take.per_1000_deals_per_unit_bet, item.scoops
('classic', 10.0, 1.5, nan)
>>> Economics.of(item.to_json()).to_json()["house_take"] == item.to_json()["house_take"]
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules.naturals import Natural
from .fields import as_float, mapping

__all__ = ["Economics", "HouseTake", "LevelFouls", "LevelPoints", "LevelStyles", "NaturalCount", "Points", "Timings"]


@dataclass(frozen=True, slots=True)
class Points:
    """What a player wins or loses per deal: mean, spread, percentiles and histogram."""

    mean: float
    sd: float
    percentiles: tuple[tuple[str, float], ...]
    edges: tuple[float, ...]
    counts: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "sd": self.sd,
            "percentiles": dict(self.percentiles),
            "histogram": {"edges": list(self.edges), "counts": list(self.counts)},
        }

    @classmethod
    def of(cls, item: Mapping[str, object]) -> Points:
        histogram = mapping(item.get("histogram"))
        return cls(
            mean=as_float(item.get("mean")),
            sd=as_float(item.get("sd")),
            percentiles=tuple((str(name), as_float(value)) for name, value in mapping(item.get("percentiles")).items()),
            edges=tuple(as_float(edge) for edge in _list(histogram.get("edges"))),
            counts=tuple(as_float(count) for count in _list(histogram.get("counts"))),
        )


@dataclass(frozen=True, slots=True)
class LevelPoints:
    """One bot level's points per hand."""

    level: str
    hands: float
    mean: float
    sd: float


@dataclass(frozen=True, slots=True)
class LevelFouls:
    """How often one bot level fouled (binh lủng)."""

    level: str
    hands: float
    fouls: float
    rate: float  #: fouls per hand


@dataclass(frozen=True, slots=True)
class LevelStyles:
    """How often one bot level came to its arrangement each way (the bots' styles)."""

    level: str
    counts: tuple[tuple[str, float], ...]  #: by style key, sorted


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
        return f"{natural.label.en} — {natural.label.vi}"

    @property
    def precedence(self) -> tuple[int, str]:
        """Its place in the rules' order of naturals, highest first (unknown ones last)."""
        try:
            return (Natural.from_key(self.key).precedence, self.key)
        except KeyError:
            return (len(Natural), self.key)


@dataclass(frozen=True, slots=True)
class HouseTake:
    """What the house took: the bet, the rake and the draw fee, and the rate per 1,000 deals per unit bet."""

    bet: str
    rake: float
    draw_fee: float
    total: float
    per_1000_deals_per_unit_bet: float


@dataclass(frozen=True, slots=True)
class Timings:
    """How long the run took, in seconds: in all, the workers loading the model, the work alone."""

    elapsed_s: float
    warm_up_s: float
    work_s: float


@dataclass(frozen=True, slots=True)
class Economics:
    """One variant's economics as ``simulate`` computes them."""

    variant: str
    variant_spec: str
    fingerprint: str
    deals: float
    seats: float
    levels: tuple[str, ...] | None  #: the seats' bot levels
    hands: float
    points: Points
    points_by_level: tuple[LevelPoints, ...]
    naturals: tuple[NaturalCount, ...]  #: highest natural first
    scoops: float
    scoops_per_1000_pairs: float
    sap_lang: float
    sap_lang_per_1000_deals: float
    fouls_by_level: tuple[LevelFouls, ...]
    styles_by_level: tuple[LevelStyles, ...]
    house_take: HouseTake
    timings: Timings | None = None

    def timed(self, timings: Timings) -> Economics:
        return replace(self, timings=timings)

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
        return self.house_take.per_1000_deals_per_unit_bet

    def to_json(self) -> dict[str, Any]:
        """The form ``economics.json`` holds (one object per variant)."""
        found: dict[str, Any] = {
            "variant": self.variant,
            "variant_spec": self.variant_spec,
            "fingerprint": self.fingerprint,
            "deals": self.deals,
            "seats": self.seats,
            "levels": None if self.levels is None else list(self.levels),
            "hands": self.hands,
            "points": self.points.to_json(),
            "points_by_level": {
                entry.level: {"mean": entry.mean, "sd": entry.sd, "hands": entry.hands}
                for entry in self.points_by_level
            },
            "naturals": {
                natural.key: {"count": natural.count, "per_1000_hands": natural.per_1000_hands}
                for natural in self.naturals
            },
            "scoops": {"count": self.scoops, "per_1000_pairs": self.scoops_per_1000_pairs},
            "sap_lang": {"count": self.sap_lang, "per_1000_deals": self.sap_lang_per_1000_deals},
            "fouls_by_level": {
                entry.level: {"hands": entry.hands, "fouls": entry.fouls, "rate": entry.rate}
                for entry in self.fouls_by_level
            },
            "styles_by_level": {entry.level: dict(entry.counts) for entry in self.styles_by_level},
            "house_take": {
                "bet": self.house_take.bet,
                "rake": self.house_take.rake,
                "draw_fee": self.house_take.draw_fee,
                "total": self.house_take.total,
                "per_1000_deals_per_unit_bet": self.house_take.per_1000_deals_per_unit_bet,
            },
        }
        if self.timings is not None:
            found |= {
                "elapsed_s": self.timings.elapsed_s,
                "warm_up_s": self.timings.warm_up_s,
                "work_s": self.timings.work_s,
            }
        return found

    @classmethod
    def of(cls, item: Mapping[str, object]) -> Economics:
        """Read one variant's economics from JSON (``economics.json``'s objects), forgivingly."""
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
            variant_spec=str(item.get("variant_spec", item.get("variant", "?"))),
            fingerprint=str(item.get("fingerprint", "—")),
            deals=as_float(item.get("deals")),
            seats=as_float(item.get("seats")),
            levels=tuple(str(level) for level in levels) if isinstance(levels, Sequence) else None,
            hands=as_float(item.get("hands")),
            points=Points.of(mapping(item.get("points"))),
            points_by_level=tuple(
                LevelPoints(str(level), *(as_float(mapping(entry).get(key)) for key in ("hands", "mean", "sd")))
                for level, entry in mapping(item.get("points_by_level")).items()
            ),
            naturals=tuple(sorted(naturals, key=lambda natural: natural.precedence)),
            scoops=as_float(scoops.get("count")),
            scoops_per_1000_pairs=as_float(scoops.get("per_1000_pairs")),
            sap_lang=as_float(sap_lang.get("count")),
            sap_lang_per_1000_deals=as_float(sap_lang.get("per_1000_deals")),
            fouls_by_level=tuple(
                LevelFouls(str(level), *(as_float(mapping(entry).get(key)) for key in ("hands", "fouls", "rate")))
                for level, entry in mapping(item.get("fouls_by_level")).items()
            ),
            styles_by_level=tuple(
                LevelStyles(str(level), tuple((str(style), as_float(count)) for style, count in mapping(entry).items()))
                for level, entry in mapping(item.get("styles_by_level")).items()
            ),
            house_take=_house_take(mapping(item.get("house_take"))),
            timings=_timings(item),
        )


def _house_take(item: Mapping[str, object]) -> HouseTake:
    return HouseTake(
        bet=str(item.get("bet", "—")),
        rake=as_float(item.get("rake")),
        draw_fee=as_float(item.get("draw_fee")),
        total=as_float(item.get("total")),
        per_1000_deals_per_unit_bet=as_float(item.get("per_1000_deals_per_unit_bet")),
    )


def _timings(item: Mapping[str, object]) -> Timings | None:
    if "elapsed_s" not in item:
        return None
    return Timings(as_float(item.get("elapsed_s")), as_float(item.get("warm_up_s")), as_float(item.get("work_s")))


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []
