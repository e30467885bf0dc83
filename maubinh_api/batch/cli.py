"""The command line: ``python -m maubinh_api.batch {simulate,grade,verify,integrity,room} ...``.

Errors that stop a job (a missing or unreadable file, a wrong schema, an
unknown variant or level in the arguments, an unreachable scheduler) print
one line naming the file, row or field, and exit with status 2 (bad
arguments or input) or 1 (the job failed while running).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from ..rules.errors import RuleError
from ..rules.texts import words
from ..rules.variants import resolve_variant
from ..strategy.levels import Level
from . import grading, players, records, simulate
from .economics import Economics, Timings
from .engine import EngineError, connect, prepare_workers, run, worker_service
from .history import PART_ROWS, HistoryError, variant_spec
from .integrity_command import integrity_command
from .outputs import Stop, fresh, history_pass
from .player_signals import BEGINNER_FOUL_RATE
from .room_command import add_room, room_command
from .timing_signals import HUMAN_LOG_SD

__all__ = ["main"]

PROG: Final = "python -m maubinh_api.batch"
#: The game's name, as the English writes it too (the catalogue's Vietnamese; reports.plots.GAME).
_GAME: Final = words("Mau Binh").vi
#: Hands the HTML report plots (the Parquet output has them all).
REPORT_HANDS: Final = 50_000


def _variant_text(value: str) -> str:
    """The ``--variant`` argument checked and normalised (a preset name or a variant object in JSON)."""
    try:
        spec = variant_spec(value)
        resolve_variant(spec)
    except RuleError as error:
        where = "/".join(map(str, error.path))
        raise Stop(f"--variant{' ' + where if where else ''}: {error.said.en}") from None
    return value.strip() if isinstance(spec, str) else json.dumps(spec, sort_keys=True, ensure_ascii=False)


def _levels(value: str, seats: int) -> tuple[Level, ...]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    allowed = ", ".join(level.value for level in Level)
    for name in names:
        if name not in {level.value for level in Level}:
            raise Stop(f"--levels: unknown level {name!r}; the levels are {allowed}")
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise Stop(f"--levels: {len(names)} levels for {seats} seats; give one level or one per seat")
    return tuple(Level(name) for name in names)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=f"Hand histories and rule economics for {_GAME}, on Dask (this machine, or a cluster).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="{simulate,grade,verify,integrity,room}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="run on this Dask cluster (default: this machine, every core)"
    )
    common.add_argument("--workers", type=int, help="local worker processes (default: one per core)")
    common.add_argument("--no-progress", action="store_true", help="no progress bar")

    sim = commands.add_parser(
        "simulate",
        parents=[common],
        help="deal, play (bots) and settle seeded tables; write a hand history and the variant's economics",
        description="Deal N seeded tables, let bots of the chosen levels set the hands, settle them, and write "
        "the hand history (the format `grade` reads) and the variant's economics, with an HTML report.",
    )
    sim.add_argument("--deals", type=int, default=1000, help="tables to deal (default 1,000)")
    sim.add_argument("--seats", type=int, default=4, choices=(2, 3, 4), help="players per table (default 4)")
    sim.add_argument(
        "--levels",
        default="club",
        help="bot level of every seat, or one per seat: beginner,casual,club,expert,best (default club)",
    )
    sim.add_argument("--variant", default="classic", help="a preset name or a variant object in JSON")
    sim.add_argument("--compare", metavar="VARIANT", help="play the same deals under this variant too")
    sim.add_argument("--players-per-seat", type=int, default=1, help="distinct players taking turns at each seat")
    sim.add_argument("--bet", default="1", help="the unit bet (default 1)")
    sim.add_argument("--seed", type=int, default=1, help="the seed (same seed, same deals and plays)")
    sim.add_argument(
        "--deals-per-part",
        type=int,
        default=simulate.DEALS_PER_PART,
        help=f"deals per task, and per seeded stream (default {simulate.DEALS_PER_PART}; part of the seed)",
    )
    sim.add_argument("--history-format", choices=simulate.HISTORY_FORMATS, default="parquet")
    sim.add_argument("--out", type=Path, default=Path("simulation"), help="output directory (default ./simulation)")

    grade = commands.add_parser(
        "grade",
        parents=[common],
        help="grade every row of a hand history; per hand and per player Parquet, and an HTML report",
        description="Grade every row of a hand history (JSON Lines or Parquet, a file or a directory) with the "
        "analysis; write one row per hand and one per player as Parquet, the skipped rows, and an HTML report.",
    )
    grade.add_argument("history", type=Path, help="a .jsonl or .parquet file, or a directory of them")
    grade.add_argument("--out", type=Path, default=Path("graded"), help="output directory (default ./graded)")
    grade.add_argument("--rows-per-part", type=int, default=PART_ROWS, help="rows per task (default 2,000)")

    _add_verify(commands)
    _add_integrity(commands, common)
    add_room(commands, common)
    return parser


def _add_integrity(commands: Any, common: argparse.ArgumentParser) -> None:
    """The ``integrity`` command's arguments."""
    check = commands.add_parser(
        "integrity",
        parents=[common],
        help="look for chip dumping and collusion in a hand history: Parquet per pair and per player, an HTML report",
        description="Value every row of a hand history once, settle each table pair by pair, and test every pair "
        "for money beyond what the cards and their usual play explain and every player for fouls beyond a "
        "beginner's, play beyond an expert's and decision times too regular for a person; write pairs.parquet, "
        "players.parquet, summary.json and report.html (ranked by evidence). A flag is a reason to look at the "
        "hands, not proof.",
    )
    check.add_argument("history", type=Path, help="a .jsonl or .parquet file, or a directory of them")
    check.add_argument("--out", type=Path, default=Path("integrity"), help="output directory (default ./integrity)")
    check.add_argument("--rows-per-part", type=int, default=PART_ROWS, help="rows per task (default 2,000)")
    check.add_argument(
        "--foul-rate", type=float, default=BEGINNER_FOUL_RATE,
        help=f"the share of hands your weakest honest players foul (default {BEGINNER_FOUL_RATE}, the beginner bot's)",
    )  # fmt: skip
    check.add_argument(
        "--human-time-spread", type=float, default=HUMAN_LOG_SD,
        help=f"the least spread of a person's decision times, in logs (default {HUMAN_LOG_SD}: a quarter either way)",
    )  # fmt: skip
    check.add_argument(
        "--sharing", action="store_true",
        help="also test each pair at tables of 3 or 4 for setting its hands by each other's cards (slow: each such "
        "hand is valued again against drawn opponents)",
    )  # fmt: skip
    check.add_argument(
        "--peeking", action="store_true",
        help="also test each player for setting its hands by the other seats' cards (slow: each hand where a seat "
        "left its own best play is valued again against the others' cards and drawn opponents)",
    )  # fmt: skip


def _add_verify(commands: Any) -> None:
    """The ``verify`` command's arguments."""
    verify = commands.add_parser(
        "verify",
        help="check a file of hand records offline: every link, deal and receipt; name the first broken one",
        description="Check a JSON Lines file of hand records (openapi.yaml's HandRecord, oldest first) with the "
        "deployment's key set: each record's link to its table's previous one, its deal's proof and its "
        "settlement's receipt. Exit 0 when all hold, 1 at the first that does not (named), 2 on unreadable input.",
    )
    verify.add_argument("records", type=Path, help="a .jsonl file of hand records")
    verify.add_argument("--keys", type=Path, help="the key set (GET /.well-known/jwks.json) saved as a file")
    verify.add_argument("--tenant", help="refuse a deal or receipt not issued to this tenant")
    verify.add_argument(
        "--head", action="append", default=[], metavar="TABLE=DIGEST",
        help="the digest published for a table's newest record (repeatable)",
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "verify":
            return _verify(args)
        if args.command == "integrity":
            return integrity_command(args)
        if args.command == "room":
            return room_command(args)
        return _grade(args)
    except (Stop, HistoryError, EngineError) as error:
        status = error.status if isinstance(error, Stop) else (2 if isinstance(error, HistoryError) else 1)
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return status


def _verify(args: argparse.Namespace) -> int:
    heads = {}
    for given in args.head:
        table, equals, digest = given.partition("=")
        if not equals or not table or not digest.startswith("sha256:"):
            raise Stop(f"--head {given!r} is not TABLE=sha256:DIGEST")
        heads[table] = digest
    return records.verify_file(args.records, args.keys, tenant=args.tenant, heads=heads)


def _simulate(args: argparse.Namespace) -> int:
    from .reports import simulate_report  # noqa: PLC0415 - matplotlib loads only when a report is drawn

    _check_counts(args)
    levels = _levels(args.levels, args.seats)
    texts = [_variant_text(args.variant)]
    if args.compare:
        texts.append(_variant_text(args.compare))
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    fresh(out, "history", "compare", "economics.json", "report.html")
    started = time.perf_counter()
    reports: list[Economics] = []
    tables = tuple(simulate.Table(text, levels, args.players_per_seat, args.bet) for text in texts)
    with connect(args.scheduler, args.workers) as client:
        ready = time.perf_counter()
        prepare_workers(client, functools.partial(simulate.warm_up, tables))
        warmed = time.perf_counter()
        for number, table in enumerate(tables):
            history = (out / "history") if number == 0 else (out / "compare" / "history")
            parts = [
                simulate.SimulatePart(
                    index=index,
                    first_deal=first,
                    deals=min(args.deals_per_part, args.deals - first),
                    seed=args.seed,
                    table=table,
                    output=str(history.resolve()),
                    history_format=args.history_format,
                )
                for index, first in enumerate(range(0, args.deals, args.deals_per_part))
            ]
            label = f"simulate {table.variant.name}" + (" (compare)" if number else "")
            results = run(client, simulate.simulate_part, parts, description=label, progress=not args.no_progress)
            reports.append(simulate.economics(table, results))
        working = time.perf_counter() - warmed
    elapsed = time.perf_counter() - started
    timings = Timings(round(elapsed, 3), round(warmed - ready, 3), round(working, 3))
    timed = [report.timed(timings) for report in reports]
    document = [report.to_json() for report in timed]
    (out / "economics.json").write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "report.html").write_text(simulate_report(timed), encoding="utf-8")
    for report in timed:
        print(
            f"{report.variant}: {report.deals:,} deals of {report.seats} seats; points per player per deal "
            f"sd {report.points.sd:.2f}; scoops {report.scoops_per_1000_pairs:.1f} per 1,000 pairs; "
            f"house {report.house_take.per_1000_deals_per_unit_bet:.2f} per 1,000 deals per unit bet"
        )
    print(f"history: {out / 'history'}; economics: {out / 'economics.json'}; report: {out / 'report.html'}")
    print(f"{args.deals * len(texts):,} deals in {elapsed:.1f} s")
    return 0


def _check_counts(args: argparse.Namespace) -> None:
    """``simulate``'s counts and bet, each refused with its option named."""
    if args.deals < 1:
        raise Stop("--deals must be at least 1")
    if args.deals_per_part < 1:
        raise Stop("--deals-per-part must be at least 1")
    if args.players_per_seat < 1:
        raise Stop("--players-per-seat must be at least 1")
    try:
        if not float(args.bet) > 0:
            raise ValueError
    except ValueError:
        raise Stop(f"--bet must be a positive number, not {args.bet!r}") from None


def _grade(args: argparse.Namespace) -> int:
    outputs = ("hands", "players.parquet", "summary.json", "report.html")
    results, timed = history_pass(args, grading.grade_part, grading.warm_up, "grade", outputs)
    out: Path = args.out
    elapsed = timed["elapsed_s"]
    timing = {key: round(value, 3) for key, value in timed.items()}
    counted = grading.counts(results)
    summary = _write_grades(args, out, results, {**counted, **timing})
    print(
        f"{counted['rows_read']:,} rows read, {counted['rows_graded']:,} graded, {counted['rows_skipped']:,} skipped; "
        f"{summary['players']:,} players, {len(summary['flagged'])} flagged as too strong"
    )
    print(f"hands: {out / 'hands'}; players: {out / 'players.parquet'}; report: {out / 'report.html'}")
    if counted["rows_skipped"]:
        print(f"skipped rows: {out / 'errors.jsonl'}")
    print(f"graded in {elapsed:.1f} s")
    if counted["rows_graded"] == 0:
        raise Stop(f"{args.history}: no row could be graded (see {out / 'errors.jsonl'})")
    return 0


def _write_grades(
    args: argparse.Namespace, out: Path, results: list[grading.PartResult], figures: dict[str, Any]
) -> dict[str, Any]:
    """players.parquet, summary.json and report.html of a grading run; the summary."""
    import pandas as pd  # noqa: PLC0415
    import pyarrow.parquet as pq  # noqa: PLC0415

    from .reports import grade_report  # noqa: PLC0415 - matplotlib loads only when a report is drawn

    rows = players.player_rows(grading.merge(results))
    table = pd.DataFrame(rows, columns=list(players.PLAYER_COLUMNS))
    table.to_parquet(out / "players.parquet", index=False)
    flagged = [row["player_id"] for row in rows if row["too_strong"]]
    # Every graded hand's group and loss (five columns of the hands files): each variant, table size
    # and theme of the history is drawn against its own yardsticks.
    files = sorted((out / "hands").glob("part-*.parquet"))
    columns = ["player_id", "variant", "opponents", "theme", "ev_loss"]
    every = pd.concat([pq.read_table(file, columns=columns).to_pandas() for file in files], ignore_index=True)
    groups = every.groupby(["variant", "opponents", "theme"]).size() if len(every) else pd.Series(dtype=int)
    first_errors = [error for result in sorted(results, key=lambda item: item.index) for error in result.first_errors]
    summary: dict[str, Any] = {
        "input": str(args.history),
        **{key: figures[key] for key in ("rows_read", "rows_graded", "rows_skipped")},
        "players": len(rows),
        "flagged": flagged,
        "flag_rule": players.flag_rule(),
        "yardsticks": players.yardsticks(
            {(str(v), int(o), str(t)): int(n) for (v, o, t), n in groups.items()}, worker_service().yardsticks
        ),
        "errors": first_errors[:50],
        **{key: figures[key] for key in ("elapsed_s", "warm_up_s", "work_s")},
        "scheduler": args.scheduler or "local",
        "worker_peak_rss_mb": round(max((result.peak_rss_mb for result in results), default=0.0), 1),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    sample = _hand_sample(files)
    hands = sample if sample is not None else pd.DataFrame(columns=list(grading.HAND_COLUMNS))
    page = grade_report(hands, table, summary, players.group_tables(every, flagged))
    (out / "report.html").write_text(page, encoding="utf-8")
    return summary


def _hand_sample(files: Sequence[Path]) -> Any:
    """The first ``REPORT_HANDS`` graded hands (the report's histogram), or None when there are none."""
    import pandas as pd  # noqa: PLC0415
    import pyarrow.parquet as pq  # noqa: PLC0415

    sample = []
    taken = 0
    for file in files:
        if taken >= REPORT_HANDS:
            break
        frame = pq.read_table(file).to_pandas()
        sample.append(frame.head(REPORT_HANDS - taken))
        taken += len(sample[-1])
    return pd.concat(sample, ignore_index=True) if sample else None
