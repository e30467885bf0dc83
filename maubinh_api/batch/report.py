"""Self-contained HTML reports of the batch tool: ``grade`` and ``simulate``.

A report is one HTML file that a person opens in a browser: no script, no
stylesheet, font or image fetched from anywhere, every plot an inline SVG drawn
by matplotlib (``matplotlib.figure.Figure`` directly, so no pyplot and no GUI
backend).  The pages are deterministic: the same inputs give the same bytes,
so a report can be diffed and cached.

- :func:`grade_report` lays out a graded hand history: the counts, the rule
  that flags implausibly strong players, the flagged players, plots of the
  losses and verdicts, the per-player table and the rows that were skipped.
- :func:`simulate_report` lays out the economics of one variant, or of two
  side by side (``--compare``): points, naturals, scoops, sập làng, fouls and
  the house's take.

Every string that comes from the input (player ids, variant names, error
details) goes through :func:`html.escape`; plot labels are drawn as glyph
paths with mathtext off, so a player id such as ``$x$`` is shown as typed.
"""

from __future__ import annotations

import html
import io
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Final

import matplotlib as mpl
import numpy as np
import numpy.typing as npt
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, NullFormatter

from ..rules.naturals import Natural

__all__ = ["grade_report", "simulate_report"]

# The bot levels from weakest to strongest (maubinh_api.strategy.bots); not
# imported, so that rendering a report does not load the strategy.
_LEVEL_ORDER: Final = ("beginner", "casual", "club", "expert", "best")
_VERDICTS: Final = ("best", "good", "inaccuracy", "mistake", "blunder", "foul")

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

_MAX_ERRORS: Final = 50
_MAX_PLAYER_ROWS: Final = 500
_MAX_PLOTTED_PLAYERS: Final = 40


_CSS: Final = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: #1b1f24;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
main { max-width: 1240px; margin: 0 auto; padding: 24px 24px 48px; }
h1 { font-size: 1.7rem; margin: 0 0 4px; }
h2 { font-size: 1.3rem; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid #d0d7de; }
h3 { font-size: 1.05rem; margin: 20px 0 8px; }
p { margin: 8px 0; max-width: 80ch; }
.lead { color: #444c56; margin-top: 0; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em; background: #f3f4f6;
  padding: 1px 4px; border-radius: 3px; overflow-wrap: anywhere; }
nav { margin: 12px 0 4px; font-size: 0.95rem; }
nav a { color: #0b5cad; margin-right: 14px; }
dl.counts { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 10px; margin: 16px 0; }
dl.counts div { border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px; background: #f8fafc; }
dl.counts dt { font-size: 0.8rem; color: #444c56; }
dl.counts dd { margin: 0; font-size: 1.25rem; font-weight: 600; font-variant-numeric: tabular-nums; }
dl.counts div.alert { border-color: #b8410e; background: #fff4ec; }
.rule { border-left: 4px solid #0b5cad; background: #f3f7fc; padding: 8px 14px; margin: 12px 0; }
.scroll { overflow-x: auto; margin: 8px 0 16px; }
table { border-collapse: collapse; font-size: 0.88rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { padding: 4px 8px; border-bottom: 1px solid #e1e4e8; text-align: left; vertical-align: top; }
thead th { background: #e9eef4; border-bottom: 2px solid #b6c2cf; position: sticky; top: 0; }
tbody tr:nth-child(even) { background: #f5f7fa; }
td.num, th.num { text-align: right; }
td.num { white-space: nowrap; }
tr.flagged td { background: #fff0e6; }
tr.flagged td:first-child { border-left: 4px solid #b8410e; font-weight: 600; }
.flag { color: #9a3412; font-weight: 600; white-space: nowrap; }
.pos { color: #1a6b3c; }
.neg { color: #a4281b; }
.note { color: #444c56; font-size: 0.9rem; }
.split { display: grid; grid-template-columns: minmax(0, 3fr) minmax(260px, 2fr); gap: 0 32px; align-items: start; }
@media (max-width: 800px) { .split { grid-template-columns: 1fr; } }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(330px, 1fr)); gap: 4px 24px; }
figure { margin: 18px 0 26px; }
figure svg { display: block; width: 100%; height: auto; }
figcaption { color: #444c56; font-size: 0.9rem; margin-top: 6px; max-width: 95ch; }
footer { margin-top: 40px; color: #57606a; font-size: 0.85rem; }
"""


# --- HTML helpers ----------------------------------------------------------------------------------------------


def _e(value: object) -> str:
    """``value`` as escaped HTML text."""
    return html.escape(str(value), quote=True)


def _float(value: object) -> float:
    """A number from an input field (int, float, Decimal or numeric string); NaN when there is none."""
    if value is None or isinstance(value, bool):
        return math.nan
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return math.nan


def _mapping(value: object) -> Mapping[str, object]:
    """``value`` if it is a mapping, else an empty one (a missing section renders as dashes, not a crash)."""
    return value if isinstance(value, Mapping) else {}


def _num(value: object, digits: int = 3) -> str:
    """A number to ``digits`` decimals with thousands separators; a dash for a missing one."""
    number = _float(value)
    if math.isnan(number):
        return "—"
    return f"{number:,.{digits}f}".replace("-", "−")  # a real minus sign, as wide as a digit


def _int(value: object) -> str:
    number = _float(value)
    return "—" if math.isnan(number) else f"{round(number):,}"


def _signed(value: float, digits: int = 3) -> str:
    if math.isnan(value):
        return "—"
    if round(value, digits) == 0:
        return f"{0:.{digits}f}"
    return f"{value:+,.{digits}f}".replace("-", "−")


def _p_value(value: object) -> str:
    number = _float(value)
    if math.isnan(number):
        return "—"
    return f"{number:.2g}" if number < 0.001 else f"{number:.3f}"


def _page(title: str, heading: str, lead: str, nav: Sequence[tuple[str, str]], body: Iterable[str]) -> str:
    links = "".join(f'<a href="#{anchor}">{_e(text)}</a>' for anchor, text in nav)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title>",
            f"<style>{_CSS}</style>",
            "</head>",
            "<body>",
            "<main>",
            f"<h1>{_e(heading)}</h1>",
            f'<p class="lead">{lead}</p>',
            f'<nav aria-label="Sections">{links}</nav>',
            *body,
            "<footer>Made by maubinh-api's batch tool. This page is self-contained: it loads nothing from the network "
            "and needs no JavaScript.</footer>",
            "</main>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _table(
    head: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    numeric: Sequence[int] = (),
    caption: str = "",
    row_classes: Sequence[str] | None = None,
    label: str = "",
) -> str:
    """An HTML table; ``head`` is plain text, the cells are HTML already escaped."""
    right = set(numeric)
    cells = "".join(
        f'<th scope="col" class="num">{_e(text)}</th>' if i in right else f'<th scope="col">{_e(text)}</th>'
        for i, text in enumerate(head)
    )
    body = []
    for index, row in enumerate(rows):
        tds = "".join(
            f'<td class="num">{cell}</td>' if i in right else f"<td>{cell}</td>" for i, cell in enumerate(row)
        )
        klass = row_classes[index] if row_classes else ""
        body.append(f'<tr class="{klass}">{tds}</tr>' if klass else f"<tr>{tds}</tr>")
    title = f"<caption>{_e(caption)}</caption>" if caption else ""
    aria = f' aria-label="{_e(label)}"' if label else ""
    return (
        f'<div class="scroll"><table{aria}>{title}<thead><tr>{cells}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


# --- Plots -------------------------------------------------------------------------------------------------------


_SVG_TAG: Final = re.compile(r"<svg\b[^>]*>")
_VIEWBOX: Final = re.compile(r'viewBox="([^"]+)"')


@contextmanager
def _plot_style() -> Iterator[None]:
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


def _svg(figure: Figure, key: str, label: str) -> str:
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
        f'<svg role="img" aria-label="{_e(label)}" viewBox="{viewbox[1]}" '
        f'preserveAspectRatio="xMidYMid meet" style="max-width: {width_px:.0f}px">'
    )
    return text[: opening.start()] + tag + text[opening.end() :].rstrip()


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{caption}</figcaption></figure>"


def _no_data(message: str) -> str:
    return f'<p class="note">{_e(message)}</p>'


def _short(text: str, limit: int = 16) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bar_values(axes: Axes, container: object, labels: Sequence[str], **kwargs: object) -> None:
    axes.bar_label(container, labels=list(labels), padding=3, fontsize=9, color="#222222", **kwargs)  # type: ignore[arg-type]


# --- grade ------------------------------------------------------------------------------------------------------


def grade_report(hands: pd.DataFrame, players: pd.DataFrame, summary: Mapping[str, object]) -> str:
    """The HTML report of ``grade``: counts, flag rule, flagged players, plots, per-player table, skipped rows.

    ``hands`` may be a sample of the graded hands (the plots say so); ``players`` is the whole per-player
    table; ``summary`` holds the run's counts, errors, the flag rule and the reference levels.
    """
    # A missing flag (NaN) is not a flag: astype(bool) would make it one.
    players = players.assign(too_strong=players["too_strong"].eq(True))
    players = players.sort_values(["mean_ev_loss", "player_id"], kind="stable").reset_index(drop=True)
    flagged = players[players["too_strong"]].sort_values(["z_vs_expert", "player_id"], kind="stable")
    levels = _levels(summary.get("levels"))
    errors = summary.get("errors")
    error_list = [_mapping(error) for error in errors] if isinstance(errors, list | tuple) else []
    graded = _float(summary.get("rows_graded"))

    counts = [
        ("Rows read", _int(summary.get("rows_read")), False),
        ("Hands graded", _int(graded), False),
        ("Rows skipped", _int(summary.get("rows_skipped")), bool(_float(summary.get("rows_skipped")) > 0)),
        ("Players", _int(summary.get("players", len(players))), False),
        ("Flagged as too strong", f"{len(flagged):,}", len(flagged) > 0),
        ("Fouls (binh lủng)", _int(players["fouls"].sum()) if len(players) else "0", False),
        ("Naturals held (thắng trắng)", _int(players["naturals_held"].sum()) if len(players) else "0", False),
        ("Naturals missed", _int(players["naturals_missed"].sum()) if len(players) else "0", False),
    ]
    cards = "".join(
        f"<div{' class=alert' if alert else ''}><dt>{_e(name)}</dt><dd>{value}</dd></div>"
        for name, value, alert in counts
    )
    lead = (
        f"Input <code>{_e(summary.get('input', ''))}</code> · graded in {_num(summary.get('elapsed_s'), 1)} s "
        f"on {_e(summary.get('scheduler', '—'))}"
    )
    with _plot_style():
        plots = [
            _loss_histogram(hands, graded),
            _player_comparison(players, levels),
            _verdict_chart(players, hands),
        ]
    body = [
        f'<dl class="counts" aria-label="Counts">{cards}</dl>',
        _flag_rule_section(summary, levels),
        _flagged_section(flagged),
        '<section id="plots"><h2>Plots</h2>',
        *plots,
        "</section>",
        _players_section(players),
        _errors_section(error_list, _float(summary.get("rows_skipped"))),
    ]
    nav = [("flag-rule", "Flag rule"), ("flagged", "Flagged players"), ("plots", "Plots")]
    nav += [("players", "All players"), ("skipped", "Skipped rows")]
    return _page("Mậu Binh hand grading report", "Hand grading report (chấm bài Mậu Binh)", lead, nav, body)


def _levels(value: object) -> dict[str, tuple[float, float]]:
    """The reference levels as ``{level: (mean, sd)}``, weakest first."""
    found = {
        str(name): (_float(_mapping(entry).get("mean")), _float(_mapping(entry).get("sd")))
        for name, entry in _mapping(value).items()
    }

    def order(name: str) -> tuple[int, float]:
        return (_LEVEL_ORDER.index(name) if name in _LEVEL_ORDER else -1, -found[name][0])

    return {name: found[name] for name in sorted(found, key=order)}


def _flag_rule_section(summary: Mapping[str, object], levels: Mapping[str, tuple[float, float]]) -> str:
    expert = levels.get("expert")
    compared = (
        f"the expert bot's mean loss of {_num(expert[0])} points per hand (spread {_num(expert[1])} per hand)"
        if expert
        else "the expert bot's mean loss"
    )
    words = (
        "Every hand is graded against the best arrangement of its 13 cards: its <em>loss</em> is how many "
        "points per opponent the arrangement played gives away, on average, compared with the best one "
        "(0 for the best play). Each player's mean loss is compared with "
        f"{compared}. A human who plays exactly as well as the expert bot still averages a little above "
        "or below it by luck; the fewer hands, the more. A player whose mean is so far <em>below</em> the "
        "expert's that expert-level play would almost never produce it over that many hands is flagged as "
        "implausibly strong for a human: most likely a bot or outside help. A flag is a reason to look at "
        "the hands, not proof. Players with few hands are rarely flagged, as their interval is wide."
    )
    rule = _e(summary.get("flag_rule", "")) or "—"
    level_rows = [[_e(name), _num(mean), _num(sd)] for name, (mean, sd) in levels.items()]
    table = (
        _table(
            ["Bot level", "Mean loss per hand", "SD per hand"],
            level_rows,
            numeric=(1, 2),
            caption="Reference: the loss of each bot level",
        )
        if level_rows
        else ""
    )
    return (
        '<section id="flag-rule"><h2>How players are flagged</h2>'
        f'<div class="split"><div><p>{words}</p><p class="rule"><strong>The rule:</strong> {rule}</p></div>'
        f"<div>{table}</div></div></section>"
    )


def _player_cells(row: pd.Series) -> list[str]:
    mean = _float(row["mean_ev_loss"])
    return [
        _e(row["player_id"]),
        _int(row["hands"]),
        _num(mean),
        f"{_num(row['ci_low'])} – {_num(row['ci_high'])}",
        _e(row["plays_like"]),
        _num(row["z_vs_expert"], 2),
        _p_value(row["p_value"]),
    ]


def _flagged_section(flagged: pd.DataFrame) -> str:
    if flagged.empty:
        return '<section id="flagged"><h2>Flagged players</h2><p>No player is flagged as too strong.</p></section>'
    rows = [
        [*_player_cells(row), _int(row["fouls"]), f"{_int(row['best'])} ({_share(row['best'], row['hands'])})"]
        for _, row in flagged.iterrows()
    ]
    head = ["Player", "Hands", "Mean loss", "95% interval", "Plays like", "z vs expert", "p‑value"]
    table = _table(
        [*head, "Fouls (binh lủng)", "Best plays"],
        rows,
        numeric=(1, 2, 3, 5, 6, 7, 8),
        row_classes=["flagged"] * len(rows),
        label="Flagged players",
    )
    return (
        f'<section id="flagged"><h2>Flagged players <span class="flag">⚑ {len(flagged):,}</span></h2>'
        f"<p>Players whose mean loss is implausibly low for a human, most extreme first.</p>{table}</section>"
    )


def _share(part: object, whole: object) -> str:
    total = _float(whole)
    return "—" if not total else f"{100 * _float(part) / total:.1f}%"


def _players_section(players: pd.DataFrame) -> str:
    if players.empty:
        return '<section id="players"><h2>All players</h2><p>No player was graded.</p></section>'
    shown = players.head(_MAX_PLAYER_ROWS)
    rows, classes = [], []
    for _, row in shown.iterrows():
        strong = bool(row["too_strong"])
        cells = _player_cells(row)
        if strong:  # a mark in the text, not only the row's colour
            cells[0] = f'<span class="flag" title="flagged as too strong">⚑</span> {cells[0]}'
        rows.append(
            [
                *cells,
                f"{_int(row['naturals_held'])} / {_int(row['naturals_missed'])}",
                *(_int(row[verdict]) for verdict in _VERDICTS if verdict != "foul"),
                f"{_int(row['fouls'])} ({_num(100 * _float(row['foul_rate']), 1)}%)",
            ]
        )
        classes.append("flagged" if strong else "")
    head = ["Player", "Hands", "Mean loss", "95% interval", "Plays like", "z vs expert", "p‑value"]
    head += ["Naturals held / missed", "Best", "Good", "Inaccuracy", "Mistake", "Blunder", "Fouls (binh lủng)"]
    table = _table(
        head, rows, numeric=(1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13), row_classes=classes, label="All players"
    )
    note = (
        f'<p class="note">Showing the first {_MAX_PLAYER_ROWS:,} of {len(players):,} players, by mean loss '
        "(the lowest first); the full table is in the run's per-player output.</p>"
        if len(players) > _MAX_PLAYER_ROWS
        else ""
    )
    return (
        '<section id="players"><h2>All players</h2>'
        "<p>Sorted by mean loss per hand, the strongest first. Mean loss is in points per opponent per hand; "
        "“plays like” names the bot level the player's play is closest to; ⚑ marks a player flagged as too strong. "
        "The verdict columns count hands; a foul (binh lủng) is an arrangement whose chi are out of order.</p>"
        f"{note}{table}</section>"
    )


def _errors_section(errors: Sequence[Mapping[str, object]], skipped: float) -> str:
    if not errors:
        text = "No row was skipped." if not skipped else f"{_int(skipped)} rows were skipped; no details were recorded."
        return f'<section id="skipped"><h2>Skipped rows</h2><p>{text}</p></section>'
    rows = [
        [_int(error.get("row")), _e(error.get("field", "")), _e(error.get("detail", ""))]
        for error in errors[:_MAX_ERRORS]
    ]
    more = len(errors) - _MAX_ERRORS
    note = f'<p class="note">… and {more:,} more skipped rows not shown.</p>' if more > 0 else ""
    table = _table(["Row", "Field", "Problem"], rows, numeric=(0,), label="Skipped rows")
    return (
        '<section id="skipped"><h2>Skipped rows</h2>'
        "<p>Rows of the input that could not be graded (row numbers count from the input's first line).</p>"
        f"{table}{note}"
        "</section>"
    )


def _loss_histogram(hands: pd.DataFrame, graded: float) -> str:
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
        f" These are a sample of {losses.size:,} of the {_int(graded)} graded hands."
        if not math.isnan(graded) and losses.size < graded
        else f" All {losses.size:,} graded hands."
    )
    caption = (
        f"Loss per hand; the count is on a log scale so the rare big losses (blunders, fouls) show. "
        f"{zero:.1f}% of hands lose less than {edges[1]:.2f}; median {np.median(losses):.3f}, "
        f"99th percentile {np.percentile(losses, 99):.3f}, largest {top:.2f}.{sample}"
    )
    return _figure(svg, _e(caption))


def _player_comparison(players: pd.DataFrame, levels: Mapping[str, tuple[float, float]]) -> str:
    if players.empty:
        return _no_data("No player to compare.")
    chosen = players.sort_values(["hands", "player_id"], ascending=[False, True], kind="stable").head(
        _MAX_PLOTTED_PLAYERS
    )
    chosen = chosen.sort_values(["mean_ev_loss", "player_id"], kind="stable")
    mean = chosen["mean_ev_loss"].to_numpy(dtype=float)
    low = np.nan_to_num(mean - chosen["ci_low"].to_numpy(dtype=float), nan=0.0).clip(min=0)
    high = np.nan_to_num(chosen["ci_high"].to_numpy(dtype=float) - mean, nan=0.0).clip(min=0)
    strong = chosen["too_strong"].to_numpy(dtype=bool)
    x = np.arange(len(chosen))

    figure = Figure(figsize=(10, 4.8), layout="constrained")
    axes = figure.subplots()
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
    # A level far above every player (a beginner) would squash the players into a line at the bottom,
    # so such a level is named in the legend instead of drawn.
    reach = max(top * 1.6, 0.05)
    shown = {name: level for name, level in levels.items() if math.isfinite(level[0]) and level[0] <= reach}
    styles = ["--", "-.", ":", (0, (5, 1, 1, 1, 1, 1)), (0, (1, 1))]
    colours = ["#333333", "#6a3d9a", "#1b7837", "#8c510a", "#01665e"]
    for index, (name, (level_mean, _sd)) in enumerate(shown.items()):
        axes.axhline(
            level_mean,
            color=colours[index % len(colours)],
            linestyle=styles[index % len(styles)],
            linewidth=1.2,
            label=f"{name} bot: {level_mean:.3f}",
            zorder=2,
        )
    for name, (level_mean, _sd) in levels.items():
        if name not in shown and math.isfinite(level_mean):
            axes.plot([], [], " ", label=f"{name} bot: {level_mean:.3f} (above the chart)")
    upper = max([top, *(level[0] for level in shown.values())])
    axes.set_ylim(bottom, upper * 1.08 if upper > 0 else 1.0)
    axes.set_xlim(-0.7, len(chosen) - 0.3)
    axes.set_xticks(x, [_short(str(name)) for name in chosen["player_id"]], rotation=60, ha="right", fontsize=8)
    axes.grid(axis="x", visible=False)
    axes.set_ylabel("Mean loss per hand")
    axes.set_title(f"Players against the bot levels: the {len(chosen)} players with most hands")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9, title="Lower is stronger", title_fontsize=9)
    svg = _svg(figure, "players", "Mean loss per hand of each player with its 95% interval, against the bot levels")
    subset = (
        f"the {len(chosen)} of {len(players):,} players with most hands"
        if len(players) > len(chosen)
        else f"all {len(chosen)} players"
    )
    caption = (
        f"Mean loss per hand with its 95% interval for {subset}, lowest first. The dashed lines are the "
        "reference loss of each bot level; flagged players are drawn as orange-red diamonds, the others as blue dots."
    )
    return _figure(svg, _e(caption))


def _verdict_chart(players: pd.DataFrame, hands: pd.DataFrame) -> str:
    # The per-player counts cover every graded hand; ``hands`` may be a sample, so it is only the fallback.
    if not players.empty and all(verdict in players for verdict in _VERDICTS):
        counts = np.array([float(players[verdict].sum()) for verdict in _VERDICTS])
        scope = "all graded hands"
    elif "verdict" in hands and len(hands):
        tally = hands["verdict"].value_counts()
        counts = np.array([float(tally.get(verdict, 0)) for verdict in _VERDICTS])
        scope = f"the {len(hands):,} hands in the sample"
    else:
        return _no_data("No verdict to count.")
    total = counts.sum()
    if total <= 0:
        return _no_data("No verdict to count.")
    figure = Figure(figsize=(10, 3.6), layout="constrained")
    axes = figure.subplots()
    names = ["best", "good", "inaccuracy", "mistake", "blunder", "foul\n(binh lủng)"]
    bars = axes.bar(names, counts, color=[_VERDICT_COLOURS[v] for v in _VERDICTS], edgecolor="#333333", linewidth=0.6)
    _bar_values(axes, bars, [f"{count:,.0f} ({100 * count / total:.1f}%)" for count in counts])
    axes.set_ylim(0, counts.max() * 1.15)
    axes.grid(axis="x", visible=False)
    axes.set_ylabel("Hands")
    axes.set_title("Verdicts")
    svg = _svg(figure, "verdicts", "Bar chart of the number of hands with each verdict")
    caption = (
        f"Verdicts over {scope} ({total:,.0f}): best is the best arrangement, then growing losses; "
        "foul (binh lủng) is an arrangement whose chi are out of order."
    )
    return _figure(svg, _e(caption))


# --- simulate ---------------------------------------------------------------------------------------------------


def simulate_report(economics: Sequence[Mapping[str, object]]) -> str:
    """The HTML report of ``simulate``: the economics of one variant, or two compared (``--compare``).

    Each mapping is one variant's economics as ``simulate`` computes them (points, naturals, scoops,
    sập làng, fouls by level, house take). With two, the page adds a table of the differences B − A.
    """
    if not 1 <= len(economics) <= 2:
        raise ValueError(f"simulate_report takes one or two variants, not {len(economics)}")
    names = [str(item.get("variant", "?")) for item in economics]
    labels = names if len(economics) == 1 else [f"{letter}: {name}" for letter, name in zip("AB", names, strict=False)]
    overview = _overview_section(economics, labels)
    with _plot_style():
        plots = [
            _points_plot(economics, labels),
            _naturals_plot(economics, labels),
            _rates_plot(economics, labels),
        ]
    sections = [
        _variant_section(item, label, index) for index, (item, label) in enumerate(zip(economics, labels, strict=True))
    ]
    body = [overview, '<section id="plots"><h2>Plots</h2>', *plots, "</section>", *sections]
    nav = [("overview", "Overview"), ("plots", "Plots")]
    nav += [(f"variant-{index}", f"Variant {label}") for index, label in enumerate(labels)]
    title = " against ".join(names)
    lead = (
        "Simulated deals played by bots: what a player wins or loses per deal, how often naturals (thắng trắng), "
        "scoops (sập hầm), sập làng and fouls (binh lủng) happen, and what the house takes."
    )
    return _page(f"Mậu Binh rule economics: {title}", f"Rule economics: {title}", _e(lead), nav, body)


def _natural_rate(item: Mapping[str, object]) -> float:
    """Naturals per 1,000 hands, all naturals together (a hand holds at most one, so the rates add up)."""
    rates = [_float(_mapping(entry).get("per_1000_hands")) for entry in _mapping(item.get("naturals")).values()]
    return float(np.nansum(rates)) if rates else 0.0


def _foul_rate(item: Mapping[str, object]) -> float:
    """Fouls per 1,000 hands over every level."""
    entries = [_mapping(entry) for entry in _mapping(item.get("fouls_by_level")).values()]
    hands = sum(_float(entry.get("hands")) for entry in entries)
    fouls = sum(_float(entry.get("fouls")) for entry in entries)
    return 1000 * fouls / hands if hands and not math.isnan(hands) else math.nan


def _metrics(item: Mapping[str, object]) -> list[tuple[str, float, int]]:
    """The headline figures of one variant: (name, value, decimals)."""
    points = _mapping(item.get("points"))
    return [
        ("Points per player per deal: mean", _float(points.get("mean")), 3),
        ("Points per player per deal: SD", _float(points.get("sd")), 3),
        ("Scoops (sập hầm) per 1,000 pairs", _float(_mapping(item.get("scoops")).get("per_1000_pairs")), 2),
        ("Sập làng per 1,000 deals", _float(_mapping(item.get("sap_lang")).get("per_1000_deals")), 2),
        ("Naturals (thắng trắng) per 1,000 hands", _natural_rate(item), 3),
        ("Fouls (binh lủng) per 1,000 hands", _foul_rate(item), 3),
        (
            "House take per 1,000 deals per unit bet",
            _float(_mapping(item.get("house_take")).get("per_1000_deals_per_unit_bet")),
            3,
        ),
    ]


_COUNTS: Final = (("Deals", "deals"), ("Players per table", "seats"), ("Hands", "hands"))


def _overview_section(economics: Sequence[Mapping[str, object]], labels: Sequence[str]) -> str:
    figures = [_metrics(item) for item in economics]
    if len(economics) == 2:
        # Comparing: one table with both variants and their differences, rather than the same figures twice.
        table = _difference_table(economics, figures, labels)
    else:
        rows = [[name, _int(economics[0].get(key))] for name, key in _COUNTS]
        rows += [[_e(name), _num(value, digits)] for name, value, digits in figures[0]]
        table = _table(["Figure", labels[0]], rows, numeric=(1,), label="Overview")
    return f'<section id="overview"><h2>Overview</h2>{table}</section>'


def _difference_table(
    economics: Sequence[Mapping[str, object]],
    figures: Sequence[Sequence[tuple[str, float, int]]],
    labels: Sequence[str],
) -> str:
    first, second = economics
    rows = [[name, _int(first.get(key)), _int(second.get(key)), "", ""] for name, key in _COUNTS]
    for (name, a, digits), (_name, b, _digits) in zip(*figures, strict=True):
        difference = b - a
        change = 100 * difference / abs(a) if a and not math.isnan(a) else math.nan
        sign = "pos" if difference > 0 else "neg" if difference < 0 else ""
        rows.append(
            [
                _e(name),
                _num(a, digits),
                _num(b, digits),
                f'<span class="{sign}">{_signed(difference, digits)}</span>',
                _signed(change, 1) + "%" if not math.isnan(change) else "—",
            ]
        )
    table = _table(
        ["Figure", labels[0], labels[1], "Difference (B − A)", "Change"],
        rows,
        numeric=(1, 2, 3, 4),
        label="Variant against variant",
    )
    return (
        '<h3 id="difference">Variant against variant (B − A)</h3>'
        "<p>Each figure of B minus the same figure of A; a positive difference means B has more of it, "
        "and the change is the difference as a share of A.</p>"
        f"{table}"
    )


def _natural_label(key: str) -> str:
    try:
        natural = Natural.from_key(key)
    except KeyError:
        return key.replace("_", " ")
    return f"{natural.label_en} — {natural.label_vi}"


def _natural_order(key: str) -> tuple[int, str]:
    try:
        return (Natural.from_key(key).precedence, key)
    except KeyError:
        return (len(Natural), key)


def _variant_section(item: Mapping[str, object], label: str, index: int) -> str:
    points = _mapping(item.get("points"))
    percentiles = _mapping(points.get("percentiles"))
    seat_levels = item.get("levels")
    seat_text = ", ".join(str(level) for level in seat_levels) if isinstance(seat_levels, Sequence) else "—"
    meta = (
        f"Fingerprint <code>{_e(item.get('fingerprint', '—'))}</code> · {_int(item.get('deals'))} deals at "
        f"{_int(item.get('seats'))}\u2011player tables · {_int(item.get('hands'))} hands · "
        f"seats played by: {_e(seat_text)}"
    )
    point_rows = [["Mean", _num(points.get("mean"))], ["SD", _num(points.get("sd"))]]
    point_rows += [[_e(name), _num(value, 1)] for name, value in percentiles.items()]
    by_level = [
        [
            _e(level),
            _int(_mapping(entry).get("hands")),
            _num(_mapping(entry).get("mean")),
            _num(_mapping(entry).get("sd")),
        ]
        for level, entry in _mapping(item.get("points_by_level")).items()
    ]
    naturals = _mapping(item.get("naturals"))
    natural_rows = [
        [
            _e(_natural_label(key)),
            _int(_mapping(naturals[key]).get("count")),
            _num(_mapping(naturals[key]).get("per_1000_hands"), 3),
        ]
        for key in sorted(naturals, key=_natural_order)
    ]
    if natural_rows:
        total = sum(_float(_mapping(entry).get("count")) for entry in naturals.values())
        natural_rows.append(
            [
                "<strong>All naturals</strong>",
                f"<strong>{_int(total)}</strong>",
                f"<strong>{_num(_natural_rate(item), 3)}</strong>",
            ]
        )
    scoops, sap_lang, take = (
        _mapping(item.get("scoops")),
        _mapping(item.get("sap_lang")),
        _mapping(item.get("house_take")),
    )
    event_rows = [
        ["Scoops (sập hầm)", _int(scoops.get("count")), f"{_num(scoops.get('per_1000_pairs'), 2)} per 1,000 pairs"],
        ["Sập làng", _int(sap_lang.get("count")), f"{_num(sap_lang.get('per_1000_deals'), 2)} per 1,000 deals"],
    ]
    take_rows = [
        ["Rake", _num(take.get("rake"), 2)],
        ["Draw fee", _num(take.get("draw_fee"), 2)],
        ["Total", _num(take.get("total"), 2)],
        ["Per 1,000 deals per unit bet", _num(take.get("per_1000_deals_per_unit_bet"), 3)],
        ["Bet", _e(take.get("bet", "—"))],
    ]
    foul_rows = [
        [
            _e(level),
            _int(_mapping(entry).get("hands")),
            _int(_mapping(entry).get("fouls")),
            _num(1000 * _float(_mapping(entry).get("rate")), 3),
        ]
        for level, entry in _mapping(item.get("fouls_by_level")).items()
    ]
    tables = [
        _table(["Points per player per deal", "Value"], point_rows, numeric=(1,)),
        _table(["Points by bot level", "Hands", "Mean", "SD"], by_level, numeric=(1, 2, 3)),
        _table(["Fouls (binh lủng) by level", "Hands", "Fouls", "Per 1,000 hands"], foul_rows, numeric=(1, 2, 3)),
        _table(["Event", "Count", "Rate"], event_rows, numeric=(1, 2)),
        _table(["House take", "Amount"], take_rows, numeric=(1,)),
    ]
    naturals_table = (
        _table(["Natural (thắng trắng)", "Count", "Per 1,000 hands"], natural_rows, numeric=(1, 2))
        if natural_rows
        else "<p>This variant has no naturals (thắng trắng).</p>"
    )
    return (
        f'<section id="variant-{index}"><h2>Variant {_e(label)}</h2><p>{meta}</p>'
        f'<div class="grid"><div>{"".join(tables[:3])}</div><div>{"".join(tables[3:])}{naturals_table}</div></div>'
        "</section>"
    )


def _histogram(item: Mapping[str, object]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """The points histogram of a variant as (edges, share of player-deals in %), or None if it is unusable."""
    histogram = _mapping(_mapping(item.get("points")).get("histogram"))
    edges = np.asarray(histogram.get("edges", []), dtype=float)
    counts = np.asarray(histogram.get("counts", []), dtype=float)
    if counts.size == 0 or edges.size != counts.size + 1 or counts.sum() <= 0:
        return None
    return edges, 100 * counts / counts.sum()


def _shown_range(
    economics: Sequence[Mapping[str, object]], histograms: Sequence[tuple[npt.NDArray[np.float64], object] | None]
) -> tuple[float, float, float, float]:
    """The x range to show (left, right) and the full range of the histograms (low, high)."""
    low, high, full_low, full_high = math.inf, -math.inf, math.inf, -math.inf
    for item, histogram in zip(economics, histograms, strict=True):
        if histogram is None:
            continue
        edges = histogram[0]
        percentiles = _mapping(_mapping(item.get("points")).get("percentiles"))
        low = min(low, _float(percentiles.get("p1", edges[0])))
        high = max(high, _float(percentiles.get("p99", edges[-1])))
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


def _points_plot(economics: Sequence[Mapping[str, object]], labels: Sequence[str]) -> str:
    histograms = [_histogram(item) for item in economics]
    present = [histogram for histogram in histograms if histogram is not None]
    if not present:
        return _no_data("No points histogram to plot.")
    left, right, full_low, full_high = _shown_range(economics, histograms)
    grid = _common_bins(present, left, right) if len(economics) > 1 else None
    figure = Figure(figsize=(10, 4.0), layout="constrained")
    axes = figure.subplots()
    for index, (item, label, histogram) in enumerate(zip(economics, labels, histograms, strict=True)):
        if histogram is None:
            continue
        edges, share = histogram
        if grid is not None:
            share = np.histogram((edges[:-1] + edges[1:]) / 2, bins=grid, weights=share)[0]
            edges = grid
        colour, _hatch = _VARIANT_STYLES[index]
        sd = _float(_mapping(item.get("points")).get("sd"))
        name = f"{label} (SD {sd:.1f})"
        if len(economics) == 1:
            axes.bar(
                edges[:-1],
                share,
                width=np.diff(edges),
                align="edge",
                color=colour,
                edgecolor="white",
                linewidth=0.4,
                label=name,
            )
        elif index == 0:
            axes.stairs(share, edges, fill=True, color=colour, alpha=0.35, label=name)
            axes.stairs(share, edges, color=colour, linewidth=1.2)
        else:
            # The second variant is an outline on top of the first's filled area: both stay visible.
            axes.stairs(share, edges, color=colour, linewidth=2.0, linestyle="--", label=name)
    axes.set_xlim(left, right)
    axes.axvline(0, color="#333333", linewidth=0.8)
    axes.set_xlabel("Points per player per deal (bet units)")
    axes.set_ylabel("Share of player-deals (%)")
    axes.set_title("What a player wins or loses in one deal")
    axes.legend(loc="upper right", fontsize=9)
    svg = _svg(figure, "points", "Distribution of the points per player per deal")
    merged = "" if grid is None else f" Bins are merged to {_num(grid[1] - grid[0], 0)} points each for the comparison."
    cut = (
        ""
        if (left <= full_low and right >= full_high)
        else f" The axis is cut to {_num(left, 0)} … {_num(right, 0)}; the full range is {_num(full_low, 1)} … "
        f"{_num(full_high, 1)}."
    )
    caption = (
        f"Points a player wins (right of 0) or loses (left) in one deal, as a share of all player-deals.{merged}{cut}"
    )
    return _figure(svg, _e(caption))


def _naturals_plot(economics: Sequence[Mapping[str, object]], labels: Sequence[str]) -> str:
    tables = [_mapping(item.get("naturals")) for item in economics]
    keys = sorted({key for table in tables for key in table}, key=_natural_order)
    if not keys:
        return _no_data("No naturals (thắng trắng) in these variants, so no natural plot.")
    count = len(economics)
    height = 0.8 / count
    figure = Figure(figsize=(10, 1.2 + 0.32 * len(keys) * (1 + 0.6 * (count - 1))), layout="constrained")
    axes = figure.subplots()
    y = np.arange(len(keys), dtype=float)
    for index, (table, label) in enumerate(zip(tables, labels, strict=True)):
        colour, hatch = _VARIANT_STYLES[index]
        values = [_float(_mapping(table[key]).get("per_1000_hands")) if key in table else math.nan for key in keys]
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
    axes.set_yticks(y, [_natural_label(key) for key in keys], fontsize=9)
    axes.invert_yaxis()  # the highest natural on top, as in the rules
    axes.grid(axis="y", visible=False)
    axes.margins(x=0.15)
    axes.set_xlabel("Per 1,000 hands")
    axes.set_title("Naturals (thắng trắng) per 1,000 hands")
    if count > 1:
        axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9)
    svg = _svg(figure, "naturals", "Horizontal bar chart of naturals per 1,000 hands")
    caption = (
        "How often each natural (thắng trắng) is dealt, highest natural first. A hand counts only its highest natural."
    )
    return _figure(svg, _e(caption))


def _rates_plot(economics: Sequence[Mapping[str, object]], labels: Sequence[str]) -> str:
    panels = [
        (
            "Scoops (sập hầm)",
            "per 1,000 pairs",
            [_float(_mapping(item.get("scoops")).get("per_1000_pairs")) for item in economics],
        ),
        (
            "Sập làng",
            "per 1,000 deals",
            [_float(_mapping(item.get("sap_lang")).get("per_1000_deals")) for item in economics],
        ),
        ("Fouls (binh lủng)", "per 1,000 hands", [_foul_rate(item) for item in economics]),
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
    svg = _svg(figure, "rates", "Bar charts of the scoop, sập làng and foul rates")
    caption = (
        "Scoops (sập hầm: one player wins all three chi against another) per 1,000 pairs of players; "
        "sập làng (a player scoops, or is scooped by, every opponent) per 1,000 deals; "
        "fouls (binh lủng) per 1,000 hands, over every bot level."
    )
    return _figure(svg, _e(caption))
