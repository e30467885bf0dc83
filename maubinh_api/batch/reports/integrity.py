"""The report of ``integrity``: counts, the findings ranked by evidence, what each signal tests,
the pairs, and the hands and rows that could not be used (templates/integrity.html.j2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from markupsafe import Markup

from ...rules.texts import words
from .formats import number, p_value, whole
from .plots import FOUL, GAME
from .rendering import render, text

__all__ = ["integrity_report"]

MAX_PAIR_ROWS: Final = 200
_NAV: Final = (
    ("findings", "Findings"),
    ("signals", "What is tested"),
    ("pairs", "Pairs"),
    ("kept-out", "Hands kept out"),
    ("skipped", "Skipped rows"),
)
_FINDINGS_HEAD: Final = ("Who", "What", "p‑value", "Hands", "Hands to look at")
_PAIRS_HEAD: Final = (
    "First", "Second", "Hands", "Heads‑up", "Money per hand", "z money", "Play gap per hand", "z play",
    "z sharing (hands weighed)", "p‑value", "Fouls (first / second)", "Sittings (chance)",
)  # fmt: skip
#: What the report is, in Vietnamese (kiểm tra gian lận ...).
_TITLE: Final = words("{game} fair-play checks", game=GAME).vi


def integrity_report(
    pairs: Sequence[Mapping[str, Any]], players: Sequence[Mapping[str, Any]], summary: Mapping[str, Any]
) -> str:
    """The HTML report: ``pairs`` and ``players`` are the rows of ``pairs.parquet`` and
    ``players.parquet``, ``summary`` is ``summary.json``'s content."""
    ranked = sorted(pairs, key=lambda row: (row["p_value"], row["first"], row["second"]))
    shown = ranked[:MAX_PAIR_ROWS]
    findings = sorted(
        [_pair_finding(row) for row in pairs if row["flagged"]] + _player_findings(players),
        key=lambda finding: (finding[0], finding[1]),
    )
    context: dict[str, Any] = {
        "title": f"{GAME} fair-play report",
        "heading": f"Fair-play report ({_TITLE})",
        "lead": Markup("Input <code>{}</code> · checked in {} s on {}").format(
            text(summary["input"]), number(summary["elapsed_s"], 1), text(summary["scheduler"])
        ),
        "nav": _NAV,
        "counts": _counts(summary, len(findings)),
        "findings_head": _FINDINGS_HEAD,
        "findings": [cells for _p, _who, cells in findings],
        "pair_rule": summary["pair_rule"],
        "player_rule": summary["player_rule"],
        "strong_rule": summary["strong_rule"],
        "timing_rule": summary["timing_rule"],
        "steadiness_rule": summary["steadiness_rule"],
        "peeking_rule": summary["peeking_rule"],
        "seating_rule": summary["seating_rule"],
        "pairs_head": _PAIRS_HEAD,
        "pairs": [_pair_cells(row) for row in shown],
        "pair_classes": ["flagged" if row["flagged"] else "" for row in shown],
        "pairs_total": len(pairs),
        "min_hands": summary["min_pair_hands"],
        "kept_out": [[reason, whole(count)] for reason, count in sorted(summary["hands_kept_out"].items())],
        "kept_out_examples": [
            [hand["deal_id"], hand["reason"], hand["detail"]] for hand in summary["kept_out_examples"]
        ],
        "errors": [[whole(error["row"]), error["field"], error["detail"]] for error in summary["errors"]],
        "checks_skipped": [[check["check"], check["why"]] for check in summary["checks_skipped"]],
    }
    return render("integrity.html.j2", context)


def _pair_finding(row: Mapping[str, Any]) -> tuple[float, str, list[object]]:
    who = f"{row['first']} and {row['second']}"
    if row["signal"] == "seating":
        what = (
            f"sat together at {whole(row['sittings'])} sittings where seating at random gives "
            f"{number(row['expected_sittings'], 1)}; money and play between them are within chance"
        )
        return row["p_seating"], who, [who, what, p_value(row["p_seating"]), whole(row["hands"]), row["evidence"]]
    if row["signal"] == "sharing":
        what = (
            f"set their hands better by each other's cards than by their own, at tables of 3 or 4 "
            f"(z sharing {number(row['z_sharing'], 1)} over {whole(row['shared_hands'])} hands weighed)"
        )
        return row["p_value"], who, [who, what, p_value(row["p_value"]), whole(row["hands"]), row["evidence"]]
    payer = row["second"] if row["paid_to"] == row["first"] else row["first"]
    what = (
        f"{payer} paid {row['paid_to']} {number(abs(row['money_per_hand']), 2)} points a hand beyond the cards and "
        f"their usual play (z money {number(row['z_money'], 1)}, z play {number(row['z_play'], 1)}); fouls in their "
        f"hands together: {row['first']} {whole(row['fouls_first'])}, {row['second']} {whole(row['fouls_second'])}"
    )
    hands = f"{whole(row['hands'])} ({whole(row['heads_up'])} heads‑up)"
    return row["p_value"], who, [who, what, p_value(row["p_value"]), hands, row["evidence"]]


def _player_findings(players: Sequence[Mapping[str, Any]]) -> list[tuple[float, str, list[object]]]:
    found = []
    for row in players:
        if row["dumping"]:
            what = (
                f"fouls more often than a beginner: {whole(row['fouls'])} fouls ({FOUL}) in {whole(row['hands'])} "
                f"hands (its mean loss is {number(row['z_vs_beginner'], 1)} standard errors from a beginner's)"
            )
            found.append((row["p_fouls"], row["player_id"], [row["player_id"], what, p_value(row["p_fouls"]),
                                                               whole(row["hands"]), "—"]))  # fmt: skip
        if row["too_regular"]:
            what = (
                f"decision times too regular for a person: spread {number(row['time_spread'], 3)} in logs over "
                f"{whole(row['timed_hands'])} timed hands"
            )
            found.append((row["p_too_regular"], row["player_id"], [row["player_id"], what,
                          p_value(row["p_too_regular"]), whole(row["hands"]), "—"]))  # fmt: skip
        if row["too_steady"]:
            what = (
                f"play too steady for its level: the variance of its losses is {number(row['spread_ratio'], 2)} of the "
                f"levels' at its mean loss (z steady {number(row['z_steady'], 1)} over "
                f"{whole(row['steady_hands'])} hands on random deals)"
            )
            found.append((row["p_steady"], row["player_id"], [row["player_id"], what, p_value(row["p_steady"]),
                          whole(row["hands"]), "—"]))  # fmt: skip
        if row["peeking"]:
            what = (
                f"set its hands better by the other seats' cards than by its own (z peeking "
                f"{number(row['z_peeking'], 1)} over {whole(row['peeked_hands'])} hands weighed)"
            )
            found.append((row["p_peeking"], row["player_id"], [row["player_id"], what, p_value(row["p_peeking"]),
                          whole(row["hands"]), row["peeking_evidence"] or "—"]))  # fmt: skip
        if row["too_strong"]:
            what = f"too strong for a person (z vs expert {number(row['z_vs_expert'], 1)})"
            found.append((row["p_value"], row["player_id"], [row["player_id"], what, p_value(row["p_value"]),
                                                             whole(row["hands"]), "—"]))  # fmt: skip
    return found


def _pair_cells(row: Mapping[str, Any]) -> list[object]:
    return [
        row["first"],
        row["second"],
        whole(row["hands"]),
        whole(row["heads_up"]),
        number(row["money_per_hand"], 2),
        number(row["z_money"], 2),
        number(row["play_gap_per_hand"], 3),
        number(row["z_play"], 2),
        f"{number(row['z_sharing'], 2)} ({whole(row['shared_hands'])})" if row["shared_hands"] else "—",
        p_value(row["p_value"]) if row["tested"] else "not tested",
        f"{whole(row['fouls_first'])} / {whole(row['fouls_second'])}",
        f"{whole(row['sittings'])} ({number(row['expected_sittings'], 1)})",
    ]


def _counts(summary: Mapping[str, Any], findings: int) -> list[dict[str, object]]:
    kept_out = sum(summary["hands_kept_out"].values())
    counts = [
        ("Rows read", whole(summary["rows_read"]), False),
        ("Hands valued", whole(summary["rows_graded"]), False),
        ("Rows skipped", whole(summary["rows_skipped"]), summary["rows_skipped"] > 0),
        ("Tables settled", whole(summary["hands"]), False),
        ("Hands kept out", whole(kept_out), kept_out > 0),
        ("Players", whole(summary["players"]), False),
        ("Pairs tested", f"{whole(summary['pairs_tested'])} of {whole(summary['pairs'])}", False),
        ("Findings", whole(findings), findings > 0),
    ]
    return [{"name": name, "value": value, "alert": alert} for name, value, alert in counts]
