"""The reports' plots: matplotlib figures drawn as inline SVG, with a caption each.

``matplotlib.figure.Figure`` directly, so no pyplot and no GUI backend; glyphs are drawn as paths
with mathtext off, so a player id such as ``$x$`` is shown as typed, and the SVG ids are stable,
so the same inputs give the same bytes.  Each function returns a :class:`Plot`: the SVG element
and its caption, or no SVG and a sentence saying why there is nothing to draw.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

import matplotlib as mpl
import numpy as np
import numpy.typing as npt
import pandas as pd
from markupsafe import Markup, escape
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, NullFormatter

from ...rules.texts import words
from ..economics import Economics
from .formats import number
from .summaries import LevelLine

__all__ = [
    "FOUL",
    "GAME",
    "NATURAL",
    "SAP_LANG",
    "SAP_LANG_HEADING",
    "SCOOP",
    "VERDICTS",
    "Plot",
    "loss_histogram",
    "naturals_plot",
    "player_comparison",
    "plot_style",
    "points_plot",
    "rates_plot",
    "verdict_chart",
]

VERDICTS: Final = ("best", "good", "inaccuracy", "mistake", "blunder", "foul")

# The game's own words, which the reports (written in English) give in Vietnamese: each is the
# catalogue's Vietnamese of its English, or of its name spelt in ASCII where English has none.
#: The game's name, as the pages write it.
GAME: Final = words("Mau Binh").vi
#: An arrangement whose chi are out of order (binh lủng).
FOUL: Final = words("foul").vi
#: A natural (thắng trắng).
NATURAL: Final = words("natural").vi
#: One player winning all three chi against another (sập hầm).
SCOOP: Final = words("scoop").vi
#: A player scooping, or scooped by, every opponent: within a sentence, and opening one.
SAP_LANG: Final = words("sap lang").vi
SAP_LANG_HEADING: Final = words("Sap lang").vi

# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
_BLUE: Final = "#0072B2"
_ORANGE: Final = "#E69F00"
_VERMILLION: Final = "#D55E00"
_GREEN: Final = "#009E73"
_SKY: Final = "#56B4E9"
_VERDICT_COLOURS: Final = {
    "best": _GREEN,
    "good": _SKY,
    "inaccuracy": "#E8D44D",
    "mistake": _ORANGE,
    "blunder": _VERMILLION,
    "foul": "#7A2E5C",
}
# One colour and one hatch per variant: compared variants differ in more than colour.
_VARIANT_STYLES: Final = ((_BLUE, ""), (_ORANGE, "//"))
#: Players drawn against the levels (those with most hands).
MAX_PLOTTED_PLAYERS: Final = 40


@dataclass(frozen=True, slots=True)
class Plot:
    """An inline ``<svg>`` and its caption; without an SVG, the caption says why nothing is drawn."""

    svg: Markup | None
    caption: str


def _no_data(message: str) -> Plot:
    return Plot(None, message)


@contextmanager
def plot_style() -> Iterator[None]:
    """matplotlib settings for one report, restored afterwards (a library must not change global state)."""
    # The settings are a literal in the call, so the type checker sees the keys are rcParams names.
    with mpl.rc_context(
        {
            "svg.hashsalt": "maubinh",  # stable ids, so the same inputs give the same page
            "svg.fonttype": "path",  # glyphs as paths: the plot looks the same in every browser
            "text.parse_math": False,  # a player id like "$x$" is text, not mathtext
            "font.family": "DejaVu Sans",  # bundled with matplotlib, covers Vietnamese
            "font.size": 10,
            "axes.titlesize": 11,
            "axes.titleweight": "bold",
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "axes.axisbelow": True,
            "grid.color": "#dddddd",
            "grid.linewidth": 0.6,
            "legend.frameon": False,
            "figure.facecolor": "white",
        }
    ):
        yield


_SVG_TAG: Final = re.compile(r"<svg\b[^>]*>")
_VIEWBOX: Final = re.compile(r'viewBox="([^"]+)"')


def _svg(figure: Figure, key: str, label: str) -> Markup:
    """The figure as an inline ``<svg>`` element, its ids prefixed with ``key`` so several share a page."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    # Drop the XML prolog and DOCTYPE (an HTML page holds the element, not a document), the metadata
    # (it names matplotlib's website) and the comments (they repeat the labels).
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, flags=re.DOTALL)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    # matplotlib names its groups figure_1, axes_1, …: unique in one SVG, not in a page of several.
    text = re.sub(r'\bid="([^"]+)"', lambda match: f'id="{key}-{match[1]}"', text)
    text = re.sub(r'href="#([^"]+)"', lambda match: f'href="#{key}-{match[1]}"', text)
    text = re.sub(r"url\(#([^)]+)\)", lambda match: f"url(#{key}-{match[1]})", text)
    opening = _SVG_TAG.search(text)
    viewbox = _VIEWBOX.search(opening[0]) if opening else None
    if opening is None or viewbox is None:  # pragma: no cover - matplotlib always writes both
        raise RuntimeError("matplotlib wrote an SVG without a viewBox")
    width_px = float(viewbox[1].split()[2]) * 4 / 3  # points to CSS pixels
    # The HTML parser puts <svg> in the SVG namespace by itself, so the xmlns URLs can go; the width
    # is a maximum, so the plot shrinks on a narrow window instead of overflowing.
    tag = (
        f'<svg role="img" aria-label="{escape(label)}" viewBox="{viewbox[1]}" '
        f'preserveAspectRatio="xMidYMid meet" style="max-width: {width_px:.0f}px">'
    )
    # matplotlib's own SVG, its text drawn as paths: markup to keep as it is.
    return Markup(text[: opening.start()] + tag + text[opening.end() :].rstrip())


def _short(text: str, limit: int = 16) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bar_values(axes: Axes, container: object, labels: Sequence[str], **kwargs: object) -> None:
    axes.bar_label(container, labels=list(labels), padding=3, fontsize=9, color="#222222", **kwargs)  # type: ignore[arg-type]


# --- grade ------------------------------------------------------------------------------------------------------


def loss_histogram(hands: pd.DataFrame, graded: float) -> Plot:
    """How much each hand of ``hands`` (perhaps a sample of the ``graded``) gives away, on a log scale."""
    losses = (
        pd.to_numeric(hands["ev_loss"], errors="coerce").to_numpy(dtype=float) if "ev_loss" in hands else np.array([])
    )
    losses = losses[np.isfinite(losses)]
    if losses.size == 0:
        return _no_data("No graded hand to plot.")
    top = float(losses.max())
    counts, edges = np.histogram(losses, bins=60, range=(0.0, top if top > 0 else 1.0))
    figure = Figure(figsize=(10, 3.6), layout="constrained")
    axes = figure.subplots()
    axes.bar(
        edges[:-1], counts, width=np.diff(edges), align="edge", color=_BLUE, edgecolor="white", linewidth=0.5, log=True
    )
    axes.set_xlim(0, edges[-1])
    axes.set_ylim(bottom=0.6)  # a bin of one hand stays visible on the log scale
    # Plain counts: the default 10^n labels are mathtext, which is off for the sake of player ids.
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _position: f"{value:,.0f}"))
    axes.yaxis.set_minor_formatter(NullFormatter())
    axes.set_xlabel("Loss per hand (points per opponent given away against the best arrangement)")
    axes.set_ylabel("Hands (log scale)")
    axes.set_title("How much each hand gives away")
    svg = _svg(figure, "loss", "Histogram of the loss per hand, log-scaled count")
    zero = float(np.mean(losses <= edges[1])) * 100
    sample = (
        f" These are a sample of {losses.size:,} of the {round(graded):,} graded hands."
        if not math.isnan(graded) and losses.size < graded
        else f" All {losses.size:,} graded hands."
    )
    caption = (
        f"Loss per hand; the count is on a log scale so the rare big losses (blunders, fouls) show. "
        f"{zero:.1f}% of hands lose less than {edges[1]:.2f}; median {np.median(losses):.3f}, "
        f"99th percentile {np.percentile(losses, 99):.3f}, largest {top:.2f}.{sample}"
    )
    return Plot(svg, caption)


def player_comparison(players: pd.DataFrame, levels: Sequence[LevelLine], *, group: str = "", key: str = "") -> Plot:
    """Each player's mean loss with its 95% interval against the levels' lines (those of ``group``,
    a variant and table size, when the history has several)."""
    if players.empty:
        return _no_data(f"No player to compare{' in ' + group if group else ''}.")
    chosen = players.sort_values(["hands", "player_id"], ascending=[False, True], kind="stable").head(
        MAX_PLOTTED_PLAYERS
    )
    chosen = chosen.sort_values(["mean_ev_loss", "player_id"], kind="stable")
    figure = Figure(figsize=(10, 4.8), layout="constrained")
    axes = figure.subplots()
    top, bottom = _draw_players(axes, chosen)
    _draw_levels(axes, levels, top, bottom)
    axes.set_xlim(-0.7, len(chosen) - 0.3)
    axes.set_xticks(
        np.arange(len(chosen)), [_short(str(name)) for name in chosen["player_id"]], rotation=60, ha="right", fontsize=8
    )
    axes.grid(axis="x", visible=False)
    axes.set_ylabel("Mean loss per hand")
    where = f" ({group})" if group else ""
    axes.set_title(f"Players against the bot levels{where}: the {len(chosen)} players with most hands")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9, title="Lower is stronger", title_fontsize=9)
    label = f"Mean loss per hand of each player with its 95% interval, against the bot levels{where}"
    svg = _svg(figure, "players" + (f"-{key}" if key else ""), label)
    subset = (
        f"the {len(chosen)} of {len(players):,} players with most hands"
        if len(players) > len(chosen)
        else f"all {len(chosen)} players"
    )
    hands_of = f" on their {group} hands, against that variant and table size's levels" if group else ""
    caption = (
        f"Mean loss per hand with its 95% interval for {subset}{hands_of}, lowest first. The dashed lines are the "
        "reference loss of each bot level; flagged players are drawn as orange-red diamonds, the others as blue dots."
    )
    return Plot(svg, caption)


def _draw_players(axes: Axes, chosen: pd.DataFrame) -> tuple[float, float]:
    """The players' means and intervals; the top and bottom of what was drawn."""
    mean = chosen["mean_ev_loss"].to_numpy(dtype=float)
    low = np.nan_to_num(mean - chosen["ci_low"].to_numpy(dtype=float), nan=0.0).clip(min=0)
    high = np.nan_to_num(chosen["ci_high"].to_numpy(dtype=float) - mean, nan=0.0).clip(min=0)
    strong = chosen["too_strong"].to_numpy(dtype=bool)
    x = np.arange(len(chosen))
    # Flagged players differ in marker and colour both, so the plot reads in greyscale too.
    for mask, colour, marker, size, name in (
        (~strong, _BLUE, "o", 5, "player (mean, 95% interval)"),
        (strong, _VERMILLION, "D", 7, "flagged too strong (⚑)"),
    ):
        if mask.any():
            axes.errorbar(
                x[mask],
                mean[mask],
                yerr=np.vstack([low[mask], high[mask]]),
                fmt=marker,
                color=colour,
                markersize=size,
                elinewidth=1.3,
                capsize=3,
                label=name,
                zorder=3,
            )
    finite = np.concatenate([mean + high, mean - low])
    finite = finite[np.isfinite(finite)]
    top = float(finite.max()) if finite.size else 1.0
    bottom = min(0.0, float(finite.min()) if finite.size else 0.0)
    return top, bottom


def _draw_levels(axes: Axes, levels: Sequence[LevelLine], top: float, bottom: float) -> None:
    """A line per level; a level far above every player (a beginner) would squash the players into a
    line at the bottom, so such a level is named in the legend instead of drawn."""
    reach = max(top * 1.6, 0.05)
    shown = [line for line in levels if math.isfinite(line.mean) and line.mean <= reach]
    styles = ["--", "-.", ":", (0, (5, 1, 1, 1, 1, 1)), (0, (1, 1))]
    colours = ["#333333", "#6a3d9a", "#1b7837", "#8c510a", "#01665e"]
    for index, line in enumerate(shown):
        axes.axhline(
            line.mean,
            color=colours[index % len(colours)],
            linestyle=styles[index % len(styles)],
            linewidth=1.2,
            label=f"{line.level} bot: {line.mean:.3f}",
            zorder=2,
        )
    for line in levels:
        if line not in shown and math.isfinite(line.mean):
            axes.plot([], [], " ", label=f"{line.level} bot: {line.mean:.3f} (above the chart)")
    upper = max([top, *(line.mean for line in shown)])
    axes.set_ylim(bottom, upper * 1.08 if upper > 0 else 1.0)


def verdict_chart(players: pd.DataFrame, hands: pd.DataFrame) -> Plot:
    """The hands of each verdict: from the per-player counts (every graded hand), else from ``hands``."""
    if not players.empty and all(verdict in players for verdict in VERDICTS):
        counts = np.array([float(players[verdict].sum()) for verdict in VERDICTS])
        scope = "all graded hands"
    elif "verdict" in hands and len(hands):
        tally = hands["verdict"].value_counts()
        counts = np.array([float(tally.get(verdict, 0)) for verdict in VERDICTS])
        scope = f"the {len(hands):,} hands in the sample"
    else:
        return _no_data("No verdict to count.")
    total = counts.sum()
    if total <= 0:
        return _no_data("No verdict to count.")
    figure = Figure(figsize=(10, 3.6), layout="constrained")
    axes = figure.subplots()
    names = ["best", "good", "inaccuracy", "mistake", "blunder", f"foul\n({FOUL})"]
    bars = axes.bar(names, counts, color=[_VERDICT_COLOURS[v] for v in VERDICTS], edgecolor="#333333", linewidth=0.6)
    _bar_values(axes, bars, [f"{count:,.0f} ({100 * count / total:.1f}%)" for count in counts])
    axes.set_ylim(0, counts.max() * 1.15)
    axes.grid(axis="x", visible=False)
    axes.set_ylabel("Hands")
    axes.set_title("Verdicts")
    svg = _svg(figure, "verdicts", "Bar chart of the number of hands with each verdict")
    caption = (
        f"Verdicts over {scope} ({total:,.0f}): best is the best arrangement, then growing losses; "
        f"foul ({FOUL}) is an arrangement whose chi are out of order."
    )
    return Plot(svg, caption)


# --- simulate ---------------------------------------------------------------------------------------------------


def _histogram(item: Economics) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """The points histogram of a variant as (edges, share of player-deals in %), or None if it is unusable."""
    edges = np.asarray(item.points.edges, dtype=float)
    counts = np.asarray(item.points.counts, dtype=float)
    if counts.size == 0 or edges.size != counts.size + 1 or counts.sum() <= 0:
        return None
    return edges, 100 * counts / counts.sum()


def _shown_range(
    economics: Sequence[Economics], histograms: Sequence[tuple[npt.NDArray[np.float64], object] | None]
) -> tuple[float, float, float, float]:
    """The x range to show (left, right) and the full range of the histograms (low, high)."""
    low, high, full_low, full_high = math.inf, -math.inf, math.inf, -math.inf
    for item, histogram in zip(economics, histograms, strict=True):
        if histogram is None:
            continue
        edges = histogram[0]
        percentiles = dict(item.points.percentiles)
        low = min(low, percentiles.get("p1", float(edges[0])))
        high = max(high, percentiles.get("p99", float(edges[-1])))
        full_low, full_high = min(full_low, float(edges[0])), max(full_high, float(edges[-1]))
    # The tails hold a sliver of the deals: the axis ends a quarter of the p1-p99 span beyond them, so the body reads.
    span = max(high - low, 1.0) if math.isfinite(low) and math.isfinite(high) else 0.0
    left = max(full_low, low - 0.25 * span) if math.isfinite(low) else full_low
    right = min(full_high, high + 0.25 * span) if math.isfinite(high) else full_high
    return left, right, full_low, full_high


def _common_bins(
    histograms: Sequence[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]], left: float, right: float
) -> npt.NDArray[np.float64] | None:
    """Wider bins shared by the compared variants, or None if theirs are already coarse enough.

    Points come in whole units and a doubled variant scores only even ones, so two unit-bin outlines
    are comb-like and cross everywhere; merged bins on one grid let the eye compare the shapes.
    """
    native = max(float(np.diff(edges).min()) for edges, _share in histograms)
    target = (right - left) / 45
    if native <= 0 or native >= target:
        return None
    multiple = math.ceil(target / native)
    step = native * (multiple + multiple % 2)  # an even number of units: doubled scores fill every bin alike
    anchor = float(histograms[0][0][0])  # the first variant's edge, so its old bins nest in the new ones
    low = min(float(edges[0]) for edges, _share in histograms)
    high = max(float(edges[-1]) for edges, _share in histograms)
    start = anchor - step * math.ceil((anchor - low) / step)
    return (start + step * np.arange(math.ceil((high - start) / step) + 1)).astype(np.float64)


def points_plot(economics: Sequence[Economics], labels: Sequence[str]) -> Plot:
    """What a player wins or loses in one deal, each variant's distribution (two overlaid when compared)."""
    histograms = [_histogram(item) for item in economics]
    present = [histogram for histogram in histograms if histogram is not None]
    if not present:
        return _no_data("No points histogram to plot.")
    left, right, full_low, full_high = _shown_range(economics, histograms)
    grid = _common_bins(present, left, right) if len(economics) > 1 else None
    figure = Figure(figsize=(10, 4.0), layout="constrained")
    axes = figure.subplots()
    for index, (item, label, histogram) in enumerate(zip(economics, labels, histograms, strict=True)):
        if histogram is not None:
            _draw_points(axes, index, len(economics), histogram, grid=grid, name=f"{label} (SD {item.points.sd:.1f})")
    axes.set_xlim(left, right)
    axes.axvline(0, color="#333333", linewidth=0.8)
    axes.set_xlabel("Points per player per deal (bet units)")
    axes.set_ylabel("Share of player-deals (%)")
    axes.set_title("What a player wins or loses in one deal")
    axes.legend(loc="upper right", fontsize=9)
    svg = _svg(figure, "points", "Distribution of the points per player per deal")
    merged = (
        "" if grid is None else f" Bins are merged to {number(grid[1] - grid[0], 0)} points each for the comparison."
    )
    cut = (
        ""
        if (left <= full_low and right >= full_high)
        else f" The axis is cut to {number(left, 0)} … {number(right, 0)}; the full range is {number(full_low, 1)} … "
        f"{number(full_high, 1)}."
    )
    caption = (
        f"Points a player wins (right of 0) or loses (left) in one deal, as a share of all player-deals.{merged}{cut}"
    )
    return Plot(svg, caption)


def _draw_points(
    axes: Axes,
    index: int,
    count: int,
    histogram: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]],
    *,
    grid: npt.NDArray[np.float64] | None,
    name: str,
) -> None:
    edges, share = histogram
    if grid is not None:
        share = np.histogram((edges[:-1] + edges[1:]) / 2, bins=grid, weights=share)[0]
        edges = grid
    colour, _hatch = _VARIANT_STYLES[index]
    if count == 1:
        axes.bar(
            edges[:-1], share, width=np.diff(edges), align="edge", color=colour, edgecolor="white", linewidth=0.4,
            label=name,
        )  # fmt: skip
    elif index == 0:
        axes.stairs(share, edges, fill=True, color=colour, alpha=0.35, label=name)
        axes.stairs(share, edges, color=colour, linewidth=1.2)
    else:
        # The second variant is an outline on top of the first's filled area: both stay visible.
        axes.stairs(share, edges, color=colour, linewidth=2.0, linestyle="--", label=name)


def naturals_plot(economics: Sequence[Economics], labels: Sequence[str]) -> Plot:
    """Each natural's rate per 1,000 hands, highest natural first, the variants side by side."""
    tables = [{natural.key: natural for natural in item.naturals} for item in economics]
    naturals = sorted({natural for item in economics for natural in item.naturals}, key=lambda n: n.precedence)
    order = list(dict.fromkeys(natural.key for natural in naturals))
    if not order:
        return _no_data(f"No naturals ({NATURAL}) in these variants, so no natural plot.")
    names = {natural.key: natural.label for natural in naturals}
    count = len(economics)
    height = 0.8 / count
    figure = Figure(figsize=(10, 1.2 + 0.32 * len(order) * (1 + 0.6 * (count - 1))), layout="constrained")
    axes = figure.subplots()
    y = np.arange(len(order), dtype=float)
    for index, (table, label) in enumerate(zip(tables, labels, strict=True)):
        colour, hatch = _VARIANT_STYLES[index]
        values = [table[key].per_1000_hands if key in table else math.nan for key in order]
        bars = axes.barh(
            y - 0.4 + height * (index + 0.5),
            np.nan_to_num(values, nan=0.0),
            height=height * 0.92,
            color=colour,
            hatch=hatch,
            edgecolor="white" if not hatch else "#333333",
            linewidth=0.5,
            label=label,
        )
        _bar_values(axes, bars, [f"{value:.3g}" if math.isfinite(value) else "not in variant" for value in values])
    axes.set_yticks(y, [names[key] for key in order], fontsize=9)
    axes.invert_yaxis()  # the highest natural on top, as in the rules
    axes.grid(axis="y", visible=False)
    axes.margins(x=0.15)
    axes.set_xlabel("Per 1,000 hands")
    axes.set_title(f"Naturals ({NATURAL}) per 1,000 hands")
    if count > 1:
        axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9)
    svg = _svg(figure, "naturals", "Horizontal bar chart of naturals per 1,000 hands")
    caption = (
        f"How often each natural ({NATURAL}) is dealt, highest natural first. A hand counts only its highest natural."
    )
    return Plot(svg, caption)


def rates_plot(economics: Sequence[Economics], labels: Sequence[str]) -> Plot:
    """Scoops, sập làng and fouls: one panel each, a bar per variant."""
    panels = [
        (f"Scoops ({SCOOP})", "per 1,000 pairs", [item.scoops_per_1000_pairs for item in economics]),
        (SAP_LANG_HEADING, "per 1,000 deals", [item.sap_lang_per_1000_deals for item in economics]),
        (f"Fouls ({FOUL})", "per 1,000 hands", [item.foul_rate for item in economics]),
    ]
    figure = Figure(figsize=(10, 3.4), layout="constrained")
    for axes, (title, unit, values) in zip(figure.subplots(1, 3), panels, strict=True):
        finite = [value if math.isfinite(value) else 0.0 for value in values]
        styles = _VARIANT_STYLES[: len(values)]
        bars = axes.bar(
            range(len(values)),
            finite,
            color=[colour for colour, _hatch in styles],
            hatch=None,
            edgecolor="#333333",
            linewidth=0.6,
            width=0.6,
        )
        for bar, (_colour, hatch) in zip(bars, styles, strict=True):
            bar.set_hatch(hatch)
        _bar_values(axes, bars, [f"{value:.3g}" if math.isfinite(value) else "—" for value in values])
        axes.set_xticks(range(len(values)), [_short(label, 20) for label in labels])
        axes.set_xlim(-0.7, len(values) - 0.3)
        axes.set_ylim(0, max([*finite, 1e-9]) * 1.2)
        axes.grid(axis="x", visible=False)
        axes.set_title(title)
        axes.set_ylabel(unit)
    svg = _svg(figure, "rates", f"Bar charts of the scoop, {SAP_LANG} and foul rates")
    caption = (
        f"Scoops ({SCOOP}: one player wins all three chi against another) per 1,000 pairs of players; "
        f"{SAP_LANG} (a player scoops, or is scooped by, every opponent) per 1,000 deals; "
        f"fouls ({FOUL}) per 1,000 hands, over every bot level."
    )
    return Plot(svg, caption)
