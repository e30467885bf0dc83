"""``grade``: every row of a hand history graded by the analysis.

Each partition (:mod:`maubinh_api.batch.history`) is graded by one task,
which writes its hands to ``hands/part-NNNNN.parquet`` and its skipped rows
to ``errors/part-NNNNN.jsonl`` and returns per-player sums.  The client merges
the sums in partition order into one row per player
(:mod:`maubinh_api.batch.players`), so memory stays bounded whatever the
history's size and the numbers do not depend on the cluster.
"""

from __future__ import annotations

import json
import math
import resource
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..rules.naturals import NaturalHand
from ..rules.variants import PRESET_NAMES, preset
from ..service.hands import HandService
from ..strategy.analysis import Grade, Verdict
from ..strategy.drills import Theme
from ..strategy.level_reference import LossReference
from ..strategy.levels import Level
from .engine import warm_arrow, worker_memory, worker_service
from .history import Part, Row, check_row, read_part

__all__ = [
    "HAND_COLUMNS",
    "PartResult",
    "PlayerSums",
    "RowCounts",
    "add_hand",
    "checked_rows",
    "grade_part",
    "grade_rows",
    "warm_up",
]

#: Columns of ``hands/*.parquet``.
HAND_COLUMNS: Final = (
    "deal_id",
    "player_id",
    "file",
    "row",
    "variant",
    "fingerprint",
    "opponents",
    "theme",
    "declare_natural",
    "ev",
    "best_ev",
    "ev_loss",
    "verdict",
    "fouled",
    "natural",
    "natural_missed",
    "table_id",
    "hand_number",
    "decision_ms",
)
LEVELS: Final = tuple(Level)
VERDICTS: Final = tuple(Verdict)


@dataclass
class PlayerSums:
    """What a player's hands add up to in one partition; sums merge exactly
    (integers) or in partition order (floats)."""

    hands: int = 0
    loss: float = 0.0
    loss_squared: float = 0.0
    fouls: int = 0
    naturals_held: int = 0
    naturals_missed: int = 0
    verdicts: list[int] = field(default_factory=lambda: [0] * len(VERDICTS))
    #: per level, over these hands: the sum of its mean loss and of its variance,
    #: and of its chance of setting the best play and that chance's variance
    level_mean: list[float] = field(default_factory=lambda: [0.0] * len(LEVELS))
    level_variance: list[float] = field(default_factory=lambda: [0.0] * len(LEVELS))
    level_best: list[float] = field(default_factory=lambda: [0.0] * len(LEVELS))
    level_best_variance: list[float] = field(default_factory=lambda: [0.0] * len(LEVELS))

    def add(self, other: PlayerSums) -> None:
        self.hands += other.hands
        self.loss += other.loss
        self.loss_squared += other.loss_squared
        self.fouls += other.fouls
        self.naturals_held += other.naturals_held
        self.naturals_missed += other.naturals_missed
        self.verdicts = [mine + theirs for mine, theirs in zip(self.verdicts, other.verdicts, strict=True)]
        for name in ("level_mean", "level_variance", "level_best", "level_best_variance"):
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(self, name, [first + second for first, second in zip(mine, theirs, strict=True)])


@dataclass
class RowCounts:
    """A partition's rows: read, graded, skipped (every skipped row is in its errors file, the first
    few also here)."""

    rows_read: int = 0
    rows_graded: int = 0
    rows_skipped: int = 0
    first_errors: list[dict[str, Any]] = field(default_factory=list)


@dataclass(kw_only=True)
class PartResult(RowCounts):
    """One partition's outcome."""

    index: int
    players: dict[str, PlayerSums] = field(default_factory=dict)
    peak_rss_mb: float = 0.0  #: the worker process's peak resident memory after this part


#: Skipped rows each partition reports back to the client (all of them go to errors/).
_FIRST_ERRORS: Final = 50


def _natural_key(natural: NaturalHand | None) -> str | None:
    return None if natural is None else natural.key


def warm_up() -> None:
    """Load every preset's model and level yardsticks (of every theme), and Arrow (run on each
    worker before the job: a history's variants are known only once it is read)."""
    warm_arrow()
    worker_memory()
    service = worker_service()
    service.warm_up([preset(name) for name in PRESET_NAMES], (1, 2, 3))
    for name in PRESET_NAMES:
        for opponents in (1, 2, 3):
            for theme in Theme:
                service.yardsticks(name, opponents, theme)


def grade_part(task: tuple[Part, str]) -> PartResult:
    """Grade one partition, writing its hands and skipped rows under the output directory."""
    import pyarrow as pa  # noqa: PLC0415 - loaded in the worker
    import pyarrow.parquet as pq  # noqa: PLC0415

    worker_memory()
    service = worker_service()
    part, output = task
    result = PartResult(index=part.index)
    columns: dict[str, list[Any]] = {name: [] for name in HAND_COLUMNS}
    errors_path = Path(output) / "errors" / f"part-{part.index:05d}.jsonl"
    checked = checked_rows(part, errors_path, result)
    for (number, row), graded in zip(checked, grade_rows(service, [row for _, row in checked]), strict=True):
        result.rows_graded += 1
        for name, value in _hand_values(part.path, number, row, graded).items():
            columns[name].append(value)
        sums = result.players.setdefault(row.player_id, PlayerSums())
        add_hand(sums, graded, service.yardsticks(row.variant.name, row.seats - 1, row.theme))  # a drill: its theme's
    table = pa.table({name: columns[name] for name in HAND_COLUMNS}, schema=_schema(pa))
    hands_path = Path(output) / "hands" / f"part-{part.index:05d}.parquet"
    hands_path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, hands_path)
    result.peak_rss_mb = peak_rss_mb()
    return result


def checked_rows(part: Part, errors_path: Path, counts: RowCounts) -> list[tuple[int, Row]]:
    """The partition's valid rows with their row numbers; every other row is counted in ``counts``
    and written to ``errors_path`` (JSON Lines: the file, the row, the field, the problem)."""
    errors_path.parent.mkdir(parents=True, exist_ok=True)
    checked: list[tuple[int, Row]] = []
    with errors_path.open("w", encoding="utf-8") as errors:
        for number, record, unreadable in read_part(part):
            counts.rows_read += 1
            problem: tuple[str, str] | None = ("row", unreadable) if unreadable else None
            row = None
            if record is not None:
                row, problem = check_row(record)
            if row is None:
                assert problem is not None
                found = {"file": part.path, "row": number, "field": problem[0], "detail": problem[1]}
                errors.write(json.dumps(found, ensure_ascii=False) + "\n")
                counts.rows_skipped += 1
                if len(counts.first_errors) < _FIRST_ERRORS:
                    counts.first_errors.append(found)
                continue
            checked.append((number, row))
    return checked


def _hand_values(path: str, number: int, row: Row, graded: Grade) -> dict[str, Any]:
    """One graded hand's row of ``hands/*.parquet``."""
    return {
        "deal_id": row.deal_id,
        "player_id": row.player_id,
        "file": path,
        "row": number,
        "variant": row.variant.name,
        "fingerprint": row.variant.fingerprint,
        "opponents": row.seats - 1,
        "theme": row.theme.value,
        "declare_natural": row.declare_natural,
        "ev": graded.ev,
        "best_ev": graded.best_ev,
        "ev_loss": graded.ev_loss,
        "verdict": graded.verdict.value,
        "fouled": graded.fouled,
        "natural": _natural_key(graded.natural),
        "natural_missed": graded.natural_missed,
        "table_id": row.table_id,
        "hand_number": row.hand_number,
        "decision_ms": row.decision_ms,
    }


def grade_rows(service: HandService, rows: list[Row]) -> list[Grade]:
    """Every row's grade, in order: the rows of one variant and table size
    graded together (one kernel call for all of them)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for index, row in enumerate(rows):
        groups.setdefault((row.variant.fingerprint, row.seats - 1), []).append(index)
    grades: list[Grade | None] = [None] * len(rows)
    for (_, opponents), indices in groups.items():
        variant = rows[indices[0]].variant
        played = [(rows[index].arrangement, rows[index].declare_natural) for index in indices]
        for index, graded in zip(indices, service.grade_all(played, variant, opponents=opponents), strict=True):
            grades[index] = graded
    return [graded for graded in grades if graded is not None]


def add_hand(sums: PlayerSums, graded: Grade, reference: Mapping[Level, LossReference]) -> None:
    """One graded hand into its player's sums."""
    sums.hands += 1
    sums.loss += graded.ev_loss
    sums.loss_squared += graded.ev_loss**2
    sums.fouls += graded.fouled
    sums.naturals_held += graded.natural is not None
    sums.naturals_missed += graded.natural_missed
    sums.verdicts[VERDICTS.index(graded.verdict)] += 1
    for place, level in enumerate(LEVELS):
        known = reference[level]
        sums.level_mean[place] += known.mean
        sums.level_variance[place] += known.sd**2
        sums.level_best[place] += known.best_share
        sums.level_best_variance[place] += known.best_share * (1 - known.best_share)


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MB.

    Linux's ``VmHWM`` (the peak of this program's own memory) where there is
    one: ``ru_maxrss`` also counts the memory of the process that forked this
    one, as it was at the fork (Linux keeps it across ``exec``), so a Dask
    worker's would include its nanny's, the client process's."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def _schema(pa: Any) -> Any:
    return pa.schema(
        [
            ("deal_id", pa.string()),
            ("player_id", pa.string()),
            ("file", pa.string()),
            ("row", pa.int64()),
            ("variant", pa.string()),
            ("fingerprint", pa.string()),
            ("opponents", pa.int8()),
            ("theme", pa.string()),
            ("declare_natural", pa.bool_()),
            ("ev", pa.float64()),
            ("best_ev", pa.float64()),
            ("ev_loss", pa.float64()),
            ("verdict", pa.string()),
            ("fouled", pa.bool_()),
            ("natural", pa.string()),
            ("natural_missed", pa.bool_()),
            ("table_id", pa.string()),
            ("hand_number", pa.int64()),
            ("decision_ms", pa.float64()),
        ]
    )


def merge(results: list[PartResult]) -> dict[str, PlayerSums]:
    """Per-player sums over every partition, added in partition order."""
    players: dict[str, PlayerSums] = {}
    for result in sorted(results, key=lambda item: item.index):
        for player, sums in result.players.items():
            players.setdefault(player, PlayerSums()).add(sums)
    return players


def counts(results: list[PartResult]) -> Mapping[str, int]:
    """Rows read, graded and skipped over every partition."""
    return {
        "rows_read": sum(result.rows_read for result in results),
        "rows_graded": sum(result.rows_graded for result in results),
        "rows_skipped": sum(result.rows_skipped for result in results),
    }


def interval(mean: float, sd: float, hands: int) -> tuple[float, float]:
    """A 95% interval of a mean loss (normal approximation; the mean of many hands)."""
    if hands < 2:
        return (math.nan, math.nan)
    half = 1.959964 * sd / math.sqrt(hands)
    return (max(0.0, mean - half), mean + half)
