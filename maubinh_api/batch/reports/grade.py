"""The report of ``grade``: counts, the flag rule and each variant's yardsticks, the flagged players,
plots, the per-player table and the skipped rows (templates/grade.html.j2)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

import pandas as pd
from markupsafe import Markup

from ...rules.texts import words
from ..fields import as_float
from .formats import number, p_value, share, whole
from .plots import FOUL, GAME, NATURAL, VERDICTS, Plot, loss_histogram, player_comparison, plot_style, verdict_chart
from .rendering import render, text
from .summaries import GradeSummary, Yardstick

__all__ = ["GroupKey", "grade_report"]

#: A variant, a table size and a theme of the history: (variant name, opponents, drill theme).
GroupKey = tuple[str, int, str]

MAX_ERRORS: Final = 50
MAX_PLAYER_ROWS: Final = 500
_PLAYER_HEAD: Final = ("Player", "Hands", "Mean loss", "95% interval", "Plays like", "z vs expert", "p‑value")
_FOULS: Final = f"Fouls ({FOUL})"
#: What the report is, in Vietnamese (chấm bài ...).
_GRADING: Final = words("{game} hand grading", game=GAME).vi
_VERDICT_HEAD: Final = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder", _FOULS)
_NAV: Final = (
    ("flag-rule", "Flag rule"),
    ("flagged", "Flagged players"),
    ("plots", "Plots"),
    ("players", "All players"),
    ("skipped", "Skipped rows"),
)
_FLAG: Final = Markup('<span class="flag" title="flagged as too strong">⚑</span> {}')


def grade_report(
    hands: pd.DataFrame,
    players: pd.DataFrame,
    summary: Mapping[str, object],
    groups: Mapping[GroupKey, pd.DataFrame] | None = None,
) -> str:
    """The HTML report of ``grade``.

    ``hands`` may be a sample of the graded hands (the plots say so); ``players`` is the whole
    per-player table; ``summary`` is ``summary.json``'s content.  A history of several variants or
    table sizes has a yardstick for each, and each is drawn against its own players: ``groups``
    holds, per (variant, opponents, theme), each player's figures over that group's hands alone.
    """
    run = GradeSummary.of(summary)
    # A missing flag (NaN) is not a flag: astype(bool) would make it one.
    players = players.assign(too_strong=players["too_strong"].eq(True))
    players = players.sort_values(["mean_ev_loss", "player_id"], kind="stable").reset_index(drop=True)
    flagged = players[players["too_strong"]].sort_values(["z_vs_expert", "player_id"], kind="stable")
    with plot_style():
        plots = [
            loss_histogram(hands, run.rows_graded),
            *_comparisons(players, run.yardsticks, groups),
            verdict_chart(players, hands),
        ]
    shown = players.head(MAX_PLAYER_ROWS)
    errors = run.errors
    context: dict[str, Any] = {
        "title": f"{GAME} hand grading report",
        "heading": f"Hand grading report ({_GRADING})",
        "lead": Markup("Input <code>{}</code> · graded in {} s on {}").format(
            text(run.input), number(run.elapsed_s, 1), text(run.scheduler)
        ),
        "nav": _NAV,
        "counts": _counts(run, players, len(flagged)),
        "compared": _compared(run.yardsticks),
        "rule": run.flag_rule,
        "yardsticks": [_yardstick_table(yardstick, len(run.yardsticks)) for yardstick in run.yardsticks],
        "flagged_head": [*_PLAYER_HEAD, _FOULS, "Best plays"],
        "flagged": [
            [*_player_cells(row), whole(row["fouls"]), f"{whole(row['best'])} ({share(row['best'], row['hands'])})"]
            for _, row in flagged.iterrows()
        ],
        "plots": plots,
        "players_head": [*_PLAYER_HEAD, "Naturals held / missed", *_VERDICT_HEAD],
        "players": [_all_player_cells(row) for _, row in shown.iterrows()],
        "player_classes": ["flagged" if bool(row["too_strong"]) else "" for _, row in shown.iterrows()],
        "players_total": len(players),
        "errors": [[whole(error.row), error.field, error.detail] for error in errors[:MAX_ERRORS]],
        "more_errors": len(errors) - MAX_ERRORS,
        "no_errors": "No row was skipped."
        if not run.rows_skipped
        else f"{whole(run.rows_skipped)} rows were skipped; no details were recorded.",
    }
    return render("grade.html.j2", context)


def _counts(run: GradeSummary, players: pd.DataFrame, flagged: int) -> list[dict[str, object]]:
    def total(column: str) -> str:
        return whole(players[column].sum()) if len(players) else "0"

    skipped = run.rows_skipped
    counts = [
        ("Rows read", whole(run.rows_read), False),
        ("Hands graded", whole(run.rows_graded), False),
        ("Rows skipped", whole(skipped), bool(skipped > 0)),
        ("Players", whole(run.players if not math.isnan(run.players) else len(players)), False),
        ("Flagged as too strong", f"{flagged:,}", flagged > 0),
        (_FOULS, total("fouls"), False),
        (f"Naturals held ({NATURAL})", total("naturals_held"), False),
        ("Naturals missed", total("naturals_missed"), False),
    ]
    return [{"name": name, "value": value, "alert": alert} for name, value, alert in counts]


def _compared(yardsticks: Sequence[Yardstick]) -> str:
    """What each player's mean loss is held against, in words."""
    if len(yardsticks) > 1:
        return (
            "the expert bot's mean loss on the same variants and table sizes, hand by hand (the tables give "
            "each variant and table size of this history)"
        )
    expert = yardsticks[0].level("expert") if yardsticks else None
    if expert is None:
        return "the expert bot's mean loss"
    return f"the expert bot's mean loss of {number(expert.mean)} points per hand (spread {number(expert.sd)} per hand)"


def _yardstick_table(yardstick: Yardstick, groups: int) -> dict[str, object]:
    caption = "Reference: the loss of each bot level"
    if yardstick.title and groups > 1:
        caption += f" in {yardstick.title} ({whole(yardstick.hands)} hands)"
    elif yardstick.title:
        caption += f" ({yardstick.title})"
    return {
        "caption": caption,
        "rows": [[line.level, number(line.mean), number(line.sd)] for line in yardstick.levels],
    }


def _comparisons(
    players: pd.DataFrame, yardsticks: Sequence[Yardstick], groups: Mapping[GroupKey, pd.DataFrame] | None
) -> list[Plot]:
    """The players against the levels: one plot, or one per variant and table size of the history."""
    if len(yardsticks) <= 1 or groups is None:
        return [player_comparison(players, yardsticks[0].levels if yardsticks else ())]
    plots = []
    for index, yardstick in enumerate(yardsticks):
        key = (yardstick.variant or "", yardstick.opponents or 0, yardstick.theme)
        group = groups.get(key, players.head(0))
        plots.append(player_comparison(group, yardstick.levels, group=yardstick.title, key=str(index)))
    return plots


def _player_cells(row: pd.Series) -> list[str]:
    return [
        str(row["player_id"]),
        whole(row["hands"]),
        number(row["mean_ev_loss"]),
        f"{number(row['ci_low'])} – {number(row['ci_high'])}",
        str(row["plays_like"]),
        number(row["z_vs_expert"], 2),
        p_value(row["p_value"]),
    ]


def _all_player_cells(row: pd.Series) -> list[object]:
    cells: list[object] = list(_player_cells(row))
    if bool(row["too_strong"]):  # a mark in the text, not only the row's colour
        cells[0] = _FLAG.format(text(cells[0]))
    return [
        *cells,
        f"{whole(row['naturals_held'])} / {whole(row['naturals_missed'])}",
        *(whole(row[verdict]) for verdict in VERDICTS if verdict != "foul"),
        f"{whole(row['fouls'])} ({number(100 * as_float(row['foul_rate']), 1)}%)",
    ]
