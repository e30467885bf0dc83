"""The report of ``simulate``: the economics of one variant, or of two side by side (``--compare``):
points, naturals, scoops, sập làng, fouls and the house's take (templates/simulate.html.j2)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

from markupsafe import Markup

from ..economics import Economics
from .formats import number, signed, whole
from .plots import (
    FOUL,
    GAME,
    NATURAL,
    SAP_LANG,
    SAP_LANG_HEADING,
    SCOOP,
    naturals_plot,
    plot_style,
    points_plot,
    rates_plot,
)
from .rendering import render

__all__ = ["simulate_report"]

_COUNTS: Final = (("Deals", "deals"), ("Players per table", "seats"), ("Hands", "hands"))
_BOLD: Final = Markup("<strong>{}</strong>")


def simulate_report(variants: Sequence[Economics]) -> str:
    """The HTML report of ``simulate``: each variant's economics as ``simulate`` computes them
    (points, naturals, scoops, sập làng, fouls by level, house take); with two, the page adds a
    table of the differences B − A."""
    if not 1 <= len(variants) <= 2:
        raise ValueError(f"simulate_report takes one or two variants, not {len(variants)}")
    names = [variant.variant for variant in variants]
    labels = names if len(variants) == 1 else [f"{letter}: {name}" for letter, name in zip("AB", names, strict=False)]
    with plot_style():
        plots = [points_plot(variants, labels), naturals_plot(variants, labels), rates_plot(variants, labels)]
    title = " against ".join(names)
    context: dict[str, Any] = {
        "title": f"{GAME} rule economics: {title}",
        "heading": f"Rule economics: {title}",
        "lead": f"Simulated deals played by bots: what a player wins or loses per deal, how often naturals "
        f"({NATURAL}), scoops ({SCOOP}), {SAP_LANG} and fouls ({FOUL}) happen, and what the house takes.",
        "nav": [("overview", "Overview"), ("plots", "Plots")]
        + [(f"variant-{index}", f"Variant {label}") for index, label in enumerate(labels)],
        "labels": labels,
        "overview": _overview(variants[0]) if len(variants) == 1 else [],
        "difference": _difference(variants) if len(variants) == 2 else [],
        "plots": plots,
        "variants": [_variant(variant, label) for variant, label in zip(variants, labels, strict=True)],
    }
    return render("simulate.html.j2", context)


def _metrics(item: Economics) -> list[tuple[str, float, int]]:
    """The headline figures of one variant: (name, value, decimals)."""
    return [
        ("Points per player per deal: mean", item.points.mean, 3),
        ("Points per player per deal: SD", item.points.sd, 3),
        (f"Scoops ({SCOOP}) per 1,000 pairs", item.scoops_per_1000_pairs, 2),
        (f"{SAP_LANG_HEADING} per 1,000 deals", item.sap_lang_per_1000_deals, 2),
        (f"Naturals ({NATURAL}) per 1,000 hands", item.natural_rate, 3),
        (f"Fouls ({FOUL}) per 1,000 hands", item.foul_rate, 3),
        ("House take per 1,000 deals per unit bet", item.house_take_rate, 3),
    ]


def _counts(item: Economics) -> list[float]:
    return [item.deals, item.seats, item.hands]


def _overview(item: Economics) -> list[list[object]]:
    rows: list[list[object]] = [
        [name, whole(value)] for (name, _key), value in zip(_COUNTS, _counts(item), strict=True)
    ]
    rows += [[name, number(value, digits)] for name, value, digits in _metrics(item)]
    return rows


def _difference(variants: Sequence[Economics]) -> list[list[object]]:
    """Both variants' figures and B − A, with the change as a share of A."""
    first, second = variants
    rows: list[list[object]] = [
        [name, whole(a), whole(b), "", ""]
        for (name, _key), a, b in zip(_COUNTS, _counts(first), _counts(second), strict=True)
    ]
    for (name, a, digits), (_name, b, _digits) in zip(_metrics(first), _metrics(second), strict=True):
        difference = b - a
        change = 100 * difference / abs(a) if a and not math.isnan(a) else math.nan
        sign = "pos" if difference > 0 else "neg" if difference < 0 else ""
        rows.append(
            [
                name,
                number(a, digits),
                number(b, digits),
                Markup('<span class="{}">{}</span>').format(sign, signed(difference, digits)),
                signed(change, 1) + "%" if not math.isnan(change) else "—",
            ]
        )
    return rows


def _variant(item: Economics, label: str) -> dict[str, object]:
    """One variant's own section: its points, levels, fouls, events, house take and naturals."""
    naturals: list[list[object]] = [
        [natural.label, whole(natural.count), number(natural.per_1000_hands, 3)] for natural in item.naturals
    ]
    if naturals:
        total = sum(natural.count for natural in item.naturals)
        naturals.append(
            [_BOLD.format("All naturals"), _BOLD.format(whole(total)), _BOLD.format(number(item.natural_rate, 3))]
        )
    take = item.house_take
    return {
        "label": label,
        "fingerprint": item.fingerprint,
        "deals": whole(item.deals),
        "seats": whole(item.seats),
        "hands": whole(item.hands),
        "seat_levels": ", ".join(item.levels) if item.levels is not None else "—",
        "points": [["Mean", number(item.points.mean)], ["SD", number(item.points.sd)]]
        + [[name, number(value, 1)] for name, value in item.points.percentiles],
        "by_level": [
            [entry.level, whole(entry.hands), number(entry.mean), number(entry.sd)] for entry in item.points_by_level
        ],
        "fouls": [
            [entry.level, whole(entry.hands), whole(entry.fouls), number(1000 * entry.rate, 3)]
            for entry in item.fouls_by_level
        ],
        "events": [
            [f"Scoops ({SCOOP})", whole(item.scoops), f"{number(item.scoops_per_1000_pairs, 2)} per 1,000 pairs"],
            [SAP_LANG_HEADING, whole(item.sap_lang), f"{number(item.sap_lang_per_1000_deals, 2)} per 1,000 deals"],
        ],
        "take": [
            ["Rake", number(take.rake, 2)],
            ["Draw fee", number(take.draw_fee, 2)],
            ["Total", number(take.total, 2)],
            ["Per 1,000 deals per unit bet", number(take.per_1000_deals_per_unit_bet, 3)],
            ["Bet", take.bet],
        ],
        "naturals": naturals,
    }
