"""What the reports show, read once from the runs' outputs into typed, frozen summaries.

``grade`` writes ``summary.json`` (counts, the flag rule, each variant and table size's level
yardsticks, the first skipped rows) beside its Parquet tables; ``simulate``'s economics are
typed where they are computed (:mod:`maubinh_api.batch.economics`).  The readers here are
forgiving: a missing figure becomes NaN (shown as a dash) and a missing section an empty one, so
that a report of an odd or partial run still renders; nothing past them looks a key up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from ...rules.labels import keys
from ...strategy.levels import Level
from ..fields import as_float, mapping

__all__ = ["GradeSummary", "LevelLine", "SkippedRow", "Yardstick"]

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
    #: the drill theme of the hands (``random``: deals as a table deals them; summaries written before
    #: themes were told apart are of random hands)
    theme: str = "random"

    @property
    def title(self) -> str:
        """The group in words ("classic, 3 opponents"), empty when not said."""
        if self.variant is None:
            return ""
        opponents = "" if self.opponents is None else f", {self.opponents} opponent{'s' if self.opponents != 1 else ''}"
        theme = "" if self.theme == "random" else f", {self.theme} drills"
        return f"{self.variant}{opponents}{theme}"

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
                    theme=str(group.get("theme") or "random"),
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
