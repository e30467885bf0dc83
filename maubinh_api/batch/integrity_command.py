"""``python -m maubinh_api.batch integrity HISTORY --out DIR``: the fair-play checks of a history.

The pass (``batch/integrity.py``) runs on Dask and returns the history's sums; this turns them into
``pairs.parquet`` (one row per pair that sat together, ``pair_signals.PAIR_COLUMNS``),
``players.parquet`` (``grade``'s per-player table and the dumping figures), ``summary.json`` (the
counts, the rules, the flagged) and ``report.html``, and prints what was flagged.
"""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from . import integrity, pair_signals, peeking, player_signals, players, seating, steadiness, timing_signals
from .engine import run, worker_service
from .grading import warm_up
from .history import Part
from .outputs import Stop, history_pass
from .pairs import Pair, PairSums
from .sums import RunningSums

__all__ = ["integrity_command"]


def integrity_command(args: argparse.Namespace) -> int:
    if not 0 < args.foul_rate < 1:
        raise Stop("--foul-rate must be between 0 and 1")
    if not args.human_time_spread > 0:
        raise Stop("--human-time-spread must be more than 0")
    outputs = ("pairs.parquet", "players.parquet", "summary.json", "report.html")
    planned = _Planned(integrity.CardChecks(sharing=args.sharing, peeking=args.peeking), not args.no_progress)
    task = functools.partial(integrity.integrity_part, checks=planned.checks)
    results, timing = history_pass(args, task, warm_up, "integrity", outputs, plan=planned.plan)
    sums = integrity.merged(results, checks=planned.checks)
    out: Path = args.out
    summary = _write(args, out, sums, timing)
    elapsed, working = timing["elapsed_s"], timing["work_s"]
    counts = sums.counts
    print(
        f"{counts.rows_read:,} rows read, {counts.rows_graded:,} valued, {counts.rows_skipped:,} skipped; "
        f"{sums.hands:,} tables settled; {summary['pairs']:,} pairs ({summary['pairs_tested']:,} tested), "
        f"{summary['players']:,} players; flagged: {len(summary['flagged_pairs'])} pairs, "
        f"{len(summary['flagged_players'])} players"
    )
    for row in summary["flagged_pairs"]:
        gain = _GAINS.get(row["signal"], f"to {row['paid_to']}")
        print(f"  pair {row['first']} and {row['second']}: p {_pair_evidence(row):.2g}, {gain}")
    for row in summary["flagged_players"]:
        print(f"  player {row['player_id']}: {', '.join(row['signals'])}")
    print(f"pairs: {out / 'pairs.parquet'}; players: {out / 'players.parquet'}; report: {out / 'report.html'}")
    print(f"checked in {elapsed:.1f} s ({counts.rows_graded / max(working, 1e-9):,.0f} hands a second)")
    if counts.rows_graded == 0:
        raise Stop(f"{args.history}: no row could be valued (see {out / 'errors.jsonl'})")
    return 0


@dataclass
class _Planned:
    """The pass's checks; with sharing, the pairs it weighs, counted by a first pass over the rows."""

    checks: integrity.CardChecks
    progress: bool

    def plan(self, client: Any, tasks: list[Any]) -> Callable[[tuple[Part, str]], integrity.IntegrityPart]:
        if self.checks.sharing:
            counts = run(client, integrity.pairs_met, tasks, description="pairs", progress=self.progress)
            self.checks = replace(self.checks, sharing_pairs=integrity.sharing_pairs(counts))
        return functools.partial(integrity.integrity_part, checks=self.checks)


def pair_table(sums: integrity.IntegritySums) -> list[dict[str, Any]]:
    """One row per pair (in pair order), each with its statistics and flag."""
    pairs: dict[Pair, PairSums] = {}
    for (pair, _seats), at_size in sorted(sums.pairs.items()):
        pairs[pair] = pairs[pair].merged(at_size) if pair in pairs else at_size
    usual = pair_signals.UsualPlay.of(pairs)
    tested = sum(pair_sums.hands >= pair_signals.MIN_PAIR_HANDS for pair_sums in pairs.values())
    seats = seating.Seats(sums.seating)
    rows = []
    for pair in sorted(pairs):
        row = pair_signals.pair_row(pair, pairs[pair], usual, tested=tested)
        row.update(seating.seating_row(pair, pairs[pair].sittings, seats))
        row["seated_flag"] = row["seated_flag"] and sums.tabled > 0  # no tables: no sittings to count
        if row["seated_flag"] and not row["flagged"]:
            row.update(flagged=True, signal="seating", paid_to=None)
        rows.append(row)
    return rows


def player_table(
    sums: integrity.IntegritySums,
    foul_rate: float = player_signals.BEGINNER_FOUL_RATE,
    time_spread: float = timing_signals.HUMAN_LOG_SD,
) -> list[dict[str, Any]]:
    """``grade``'s per-player rows, each with the dumping, timing, steadiness and peeking figures and flags."""
    rows = players.player_rows(sums.players)
    yardsticks = _steady_yardsticks()
    steady = sum(steadiness.steady_hands(cells) >= steadiness.MIN_STEADY_HANDS for cells in sums.losses.values())
    tested = sum(row["hands"] >= players.FLAG_MIN_HANDS for row in rows)
    timed = sum(times.hands >= timing_signals.MIN_TIMED_HANDS for times in sums.timing.values())
    peeked = sum(found.hands >= peeking.MIN_PEEKED_HANDS for found in sums.peeking.values())
    for row in rows:
        player = row["player_id"]
        row.update(player_signals.player_signals(sums.players[player], tested=tested, foul_rate=foul_rate))
        times = sums.timing.get(player, RunningSums())
        row.update(timing_signals.timing_signals(times, tested=timed, spread=time_spread))
        if yardsticks is None:  # measured for another model: not tested (checks_skipped says why)
            quiet = {"spread_ratio": float("nan"), "z_steady": float("nan"), "p_steady": 1.0, "too_steady": False}
            row.update(steady_hands=steadiness.steady_hands(sums.losses.get(player, {})), **quiet)
        else:
            row.update(steadiness.steadiness_signals(sums.losses.get(player, {}), yardsticks, tested=steady))
        row.update(peeking.peeking_signals(sums.peeking.get(player, peeking.PeekSums()), tested=peeked))
    return rows


def _write(
    args: argparse.Namespace, out: Path, sums: integrity.IntegritySums, timing: dict[str, float]
) -> dict[str, Any]:
    """pairs.parquet, players.parquet, summary.json and report.html; the summary."""
    import pandas as pd  # noqa: PLC0415

    from .reports.integrity import integrity_report  # noqa: PLC0415 - loads the templates only when drawn

    pairs, people = pair_table(sums), player_table(sums, args.foul_rate, args.human_time_spread)
    pair_columns = [*pair_signals.PAIR_COLUMNS, *seating.SEATING_COLUMNS]
    pd.DataFrame(pairs, columns=pair_columns).to_parquet(out / "pairs.parquet", index=False)
    columns = [
        *players.PLAYER_COLUMNS,
        *player_signals.PLAYER_SIGNAL_COLUMNS,
        *timing_signals.TIMING_COLUMNS,
        *steadiness.STEADINESS_COLUMNS,
        *peeking.PEEKING_COLUMNS,
    ]
    pd.DataFrame(people, columns=columns).to_parquet(out / "players.parquet", index=False)
    counts = sums.counts
    summary: dict[str, Any] = {
        "input": str(args.history),
        "rows_read": counts.rows_read,
        "rows_graded": counts.rows_graded,
        "rows_skipped": counts.rows_skipped,
        "hands": sums.hands,
        "hands_kept_out": dict(sorted(sums.skipped.items())),
        "kept_out_examples": sums.first_skipped,
        "players": len(people),
        "pairs": len(pairs),
        "pairs_tested": sum(row["tested"] for row in pairs),
        "min_pair_hands": pair_signals.MIN_PAIR_HANDS,
        "flagged_pairs": [
            {key: row[key] for key in _FLAGGED_PAIR_FIELDS}
            for row in sorted(pairs, key=_pair_evidence)
            if row["flagged"]
        ],
        "flagged_players": _flagged_players(people),
        "checks_skipped": _skipped_checks(sums, pairs, integrity.CardChecks(args.sharing, args.peeking)),
        "pair_rule": pair_signals.pair_rule(),
        "seating_rule": seating.seating_rule(),
        "player_rule": player_signals.player_rule(args.foul_rate),
        "strong_rule": players.flag_rule(),
        "timing_rule": timing_signals.timing_rule(args.human_time_spread),
        "steadiness_rule": steadiness.steadiness_rule(),
        "peeking_rule": peeking.peeking_rule(),
        "errors": counts.first_errors[:50],
        **{key: round(value, 3) for key, value in timing.items()},
        "scheduler": args.scheduler or "local",
        "worker_peak_rss_mb": round(sums.peak_rss_mb, 1),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "report.html").write_text(integrity_report(pairs, people, summary), encoding="utf-8")
    return summary


def _skipped_checks(
    sums: integrity.IntegritySums, pairs: list[dict[str, Any]], checks: integrity.CardChecks
) -> list[dict[str, str]]:
    """The checks this history could not have, and why (docs/batch.md, "Fair play")."""
    skipped = []
    if not sums.hands:
        skipped.append({"check": "pairs", "why": "no hand has all its seats in the history (see hands_kept_out)"})
    elif not any(row["tested"] for row in pairs):
        why = f"no pair sat together for {pair_signals.MIN_PAIR_HANDS} hands, the fewest a pair is tested on"
        skipped.append({"check": "pairs", "why": why})
    if not sums.timing:
        skipped.append({"check": "timing", "why": "no row of the history has decision_ms"})
    yardsticks = steadiness.load_yardsticks()
    if _steady_yardsticks() is None:
        why = (
            f"its yardsticks were measured with {yardsticks.model}, this pass values with "
            f"{worker_service().model.version} (make steadiness measures them again)"
        )
        skipped.append({"check": "steadiness", "why": why})
    elif not any(steadiness.steady_hands(cells) >= steadiness.MIN_STEADY_HANDS for cells in sums.losses.values()):
        why = f"no player had {steadiness.MIN_STEADY_HANDS} hands on random deals (drills are not tested)"
        skipped.append({"check": "steadiness", "why": why})
    if not checks.sharing:
        why = "not asked for (--sharing: each hand at a table of 3 or 4 valued again against drawn opponents)"
        skipped.append({"check": "sharing", "why": why})
    elif not any(row["shared_hands"] >= pair_signals.MIN_PAIR_HANDS for row in pairs):
        why = f"no pair sat together at tables of 3 or 4 for {pair_signals.MIN_PAIR_HANDS} hands"
        skipped.append({"check": "sharing", "why": why})
    if not sums.tabled:
        why = "no hand names its table and its number there (table_id, hand_number): sittings cannot be counted"
        skipped.append({"check": "seating", "why": why})
    if not checks.peeking:
        why = "not asked for (--peeking: each hand valued again against the other seats' cards and drawn opponents)"
        skipped.append({"check": "peeking", "why": why})
    elif not any(found.hands >= peeking.MIN_PEEKED_HANDS for found in sums.peeking.values()):
        why = f"no player had {peeking.MIN_PEEKED_HANDS} hands weighed (a chi play at a table settled whole)"
        skipped.append({"check": "peeking", "why": why})
    return skipped


#: What a flagged pair gained, by its signal, when it is not money to one of them.
_GAINS = {"sharing": "sharing their cards", "seating": "sitting together"}
#: What summary.json says of each flagged pair.
_FLAGGED_PAIR_FIELDS = (
    "first",
    "second",
    "hands",
    "p_value",
    "signal",
    "paid_to",
    "z_money",
    "z_play",
    "z_sharing",
    "sittings",
    "expected_sittings",
    "p_seating",
)
#: Each player flag and the column of its p-value.
_PLAYER_FLAGS = (
    ("dumping", "p_fouls"),
    ("too_strong", "p_value"),
    ("too_regular", "p_too_regular"),
    ("too_steady", "p_steady"),
    ("peeking", "p_peeking"),
)


def _steady_yardsticks() -> steadiness.SteadyYardsticks | None:
    """The steadiness yardsticks, when they were measured with the model this pass values with."""
    yardsticks = steadiness.load_yardsticks()
    return yardsticks if yardsticks.model == worker_service().model.version else None


def _pair_evidence(row: dict[str, Any]) -> float:
    """The p-value a flagged pair is ranked by: its seating's when only seating flags it."""
    return float(row["p_seating"] if row["signal"] == "seating" else row["p_value"])


def _flagged_players(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    flagged = []
    for row in rows:
        signals = [flag for flag, _column in _PLAYER_FLAGS if row[flag]]
        if signals:
            p_value = min(row[column] for flag, column in _PLAYER_FLAGS if row[flag])
            flagged.append({"player_id": row["player_id"], "signals": signals, "p_value": p_value})
    return sorted(flagged, key=lambda row: (row["p_value"], row["player_id"]))
