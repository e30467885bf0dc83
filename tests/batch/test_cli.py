"""The batch command line: help, one-line errors, and the analysis proving itself end to end."""

from __future__ import annotations

import json
import shutil

import pandas as pd
import pytest

from maubinh_api.batch.cli import main
from maubinh_api.strategy.level_reference import loss_reference
from maubinh_api.strategy.levels import Level
from tests.support.servers import free_port

# The proof: seats of known levels, graded blind.  600 four-seat deals give each
# seat 600 hands.  With the yardsticks of strategy/levels.json the closest pair
# of levels (expert and club: mean loss 0.063 and 0.157, best play 80% and 66%
# of hands) is about 4.6 standard errors apart at that volume, and the others
# further (docs/batch.md works it out), so chance names a wrong level less
# than once in 100,000 runs.
PROOF_DEALS = 600
PROOF_LEVELS = "beginner,casual,club,expert"
# A second, heads-up table: a ``best`` seat (a solver) and a beginner (4.5
# standard errors from casual over 200 hands).
SOLVER_DEALS = 200


@pytest.fixture(scope="module")
def proof(tmp_path_factory):
    directory = tmp_path_factory.mktemp("proof")
    history = directory / "history"
    for name, deals, seats, levels, seed in (
        ("humans", PROOF_DEALS, "4", PROOF_LEVELS, "5"),
        ("solver", SOLVER_DEALS, "2", "best,beginner", "6"),
    ):
        status = main(
            [
                "simulate",
                "--deals",
                str(deals),
                "--seats",
                seats,
                "--levels",
                levels,
                "--seed",
                seed,
                "--variant",
                "classic",
                "--out",
                str(directory / name),
                "--workers",
                "2",
                "--no-progress",
            ]
        )
        assert status == 0
        history.mkdir(exist_ok=True)
        for part in sorted((directory / name / "history").iterdir()):
            shutil.copy(part, history / f"{name}-{part.name}")
    status = main(["grade", str(history), "--out", str(directory / "graded"), "--workers", "2", "--no-progress"])
    assert status == 0
    players = pd.read_parquet(directory / "graded" / "players.parquet").set_index("player_id")
    return directory, players


def test_grading_names_each_seats_level(proof):
    _, players = proof
    named = players["plays_like"].to_dict()
    # Player ids say the level the seat was dealt (s<seat>-<level>); the heads-up
    # table's beginner sits at seat 2.
    assert named == {player: player.split("-")[1] for player in named}
    assert len(named) == 6


def test_the_solver_and_only_the_solver_is_flagged(proof):
    _, players = proof
    assert players.index[players["too_strong"]].tolist() == ["s1-best"]
    assert players.loc["s1-best", "mean_ev_loss"] == 0.0
    # Heads-up, the expert bot sets the best play on 81% of hands; over 200 hands
    # the solver's 100% is (1 - 0.81) / sqrt(0.81 * 0.19 / 200) = 6.8 standard errors above it.
    assert players.loc["s1-best", "z_best_vs_expert"] > 3.891
    assert players.loc["s1-best", "best_share"] == 1.0


def test_the_outputs_are_there_and_agree(proof):
    directory, players = proof
    graded = directory / "graded"
    summary = json.loads((graded / "summary.json").read_text())
    hands = pd.read_parquet(graded / "hands")
    assert summary["rows_read"] == summary["rows_graded"] == len(hands) == 4 * PROOF_DEALS + 2 * SOLVER_DEALS
    assert summary["rows_skipped"] == 0 and (graded / "errors.jsonl").read_text() == ""
    assert summary["flagged"] == ["s1-best"]
    per_player = hands.groupby("player_id")["ev_loss"].mean()
    assert per_player.to_dict() == pytest.approx(players["mean_ev_loss"].to_dict())
    page = (graded / "report.html").read_text()
    assert "s1-best" in page and "<svg" in page
    assert "https://" not in page.split("<svg")[0]


def test_each_table_size_is_drawn_against_its_own_yardsticks(proof):
    # The proof's history mixes four-seat and heads-up tables: each is held to its own levels.
    directory, _ = proof
    graded = directory / "graded"
    summary = json.loads((graded / "summary.json").read_text())
    groups = [(group["variant"], group["opponents"], group["hands"]) for group in summary["yardsticks"]]
    assert groups == [("classic", 3, 4 * PROOF_DEALS), ("classic", 1, 2 * SOLVER_DEALS)]  # the largest first
    for group in summary["yardsticks"]:
        reference = loss_reference(group["variant"], group["opponents"])
        assert group["levels"] == {
            level.value: {"mean": line.mean, "sd": line.sd, "best_share": line.best_share}
            for level, line in reference.items()
        }
    heads_up, four_seats = (loss_reference("classic", opponents)[Level.EXPERT].mean for opponents in (1, 3))
    assert heads_up != four_seats  # so the page below shows which it used
    page = (graded / "report.html").read_text()
    rule = page.split('<section id="flag-rule">')[1].split("</section>")[0]
    for title, hands, mean in (("classic, 3 opponents", "2,400", four_seats), ("classic, 1 opponent", "400", heads_up)):
        table = rule.split(f"each bot level in {title} ({hands} hands)</caption>")[1].split("</table>")[0]
        assert f'<tr><td>expert</td><td class="num">{mean:.3f}</td>' in table
        assert (
            f'aria-label="Mean loss per hand of each player with its 95% interval, against the bot levels ({title})"'
            in page
        )
    # Four players sat at the four-seat tables, two heads-up: each plot draws its own.
    assert "for all 4 players on their classic, 3 opponents hands" in page
    assert "for all 2 players on their classic, 1 opponent hands" in page


def test_simulate_writes_economics_and_a_report(proof):
    directory, _ = proof
    [economics] = json.loads((directory / "humans" / "economics.json").read_text())
    assert economics["deals"] == PROOF_DEALS and economics["seats"] == 4
    assert economics["levels"] == PROOF_LEVELS.split(",")
    assert sum(economics["points"]["histogram"]["counts"]) == 4 * PROOF_DEALS
    # Beginners foul now and then; the others almost never.
    assert economics["fouls_by_level"]["beginner"]["fouls"] > 0
    assert economics["fouls_by_level"]["expert"]["fouls"] == 0
    assert "<svg" in (directory / "humans" / "report.html").read_text()


def test_compare_plays_the_same_deals_under_both_variants(tmp_path):
    out = tmp_path / "compare"
    status = main(
        [
            "simulate",
            "--deals",
            "20",
            "--levels",
            "club",
            "--variant",
            "classic",
            "--compare",
            "online",
            "--out",
            str(out),
            "--workers",
            "1",
            "--no-progress",
            "--history-format",
            "jsonl",
        ]
    )
    assert status == 0
    first, second = json.loads((out / "economics.json").read_text())
    assert (first["variant"], second["variant"]) == ("classic", "online")
    dealt = [
        [{key: row[key] for key in ("deal_id", "player_id")} for row in map(json.loads, path.read_text().splitlines())]
        for path in (out / "history" / "part-00000.jsonl", out / "compare" / "history" / "part-00000.jsonl")
    ]
    assert dealt[0] == dealt[1]
    assert second["house_take"]["total"] > 0 == first["house_take"]["total"]
    assert "Variant against variant" in (out / "report.html").read_text()


@pytest.mark.parametrize("command", ["simulate", "grade", "integrity"])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert "--scheduler" in shown and "--out" in shown


def _error(capsys, argv):
    status = main(argv)
    lines = capsys.readouterr().err.strip().splitlines()
    return status, lines


def test_a_missing_history_is_one_line_naming_it(tmp_path, capsys):
    missing = tmp_path / "nowhere.jsonl"
    status, lines = _error(capsys, ["grade", str(missing), "--out", str(tmp_path / "out")])
    assert status == 2
    assert lines == [f"python -m maubinh_api.batch grade: error: {missing}: no such file or directory"]


def test_a_wrong_schema_is_one_line_naming_the_file_and_column(tmp_path, capsys):
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "h.parquet"
    pq.write_table(pa.Table.from_pylist([{"deal_id": "d", "player_id": "p", "cards": "As"}]), path)
    status, lines = _error(capsys, ["grade", str(path), "--out", str(tmp_path / "out")])
    assert status == 2 and len(lines) == 1
    assert str(path) in lines[0] and "missing column(s) variant, back, middle, front" in lines[0]


def test_a_history_without_a_gradable_row_fails_and_says_where_the_errors_are(tmp_path, capsys):
    path = tmp_path / "h.jsonl"
    path.write_text('{"deal_id": "d1"}\nnot json\n', encoding="utf-8")
    status = main(["grade", str(path), "--out", str(tmp_path / "out"), "--workers", "1", "--no-progress"])
    captured = capsys.readouterr()
    assert status == 2
    assert "2 rows read, 0 graded, 2 skipped" in captured.out
    assert "no row could be graded" in captured.err
    errors = [json.loads(line) for line in (tmp_path / "out" / "errors.jsonl").read_text().splitlines()]
    assert [(error["row"], error["field"]) for error in errors] == [(1, "back"), (2, "row")]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--variant", "poker"], "--variant: unknown preset 'poker'"),
        (["--variant", '{"preset": "classic", "overrides": {"rake": "2"}}'], "--variant overrides/rake:"),
        (["--levels", "club,grandmaster"], "--levels: unknown level 'grandmaster'"),
        (["--levels", "club,best"], "--levels: 2 levels for 4 seats"),
        (["--deals", "0"], "--deals must be at least 1"),
        (["--bet", "free"], "--bet must be a positive number"),
    ],
)
def test_bad_simulate_arguments_are_one_line(tmp_path, capsys, argv, words):
    status, lines = _error(capsys, ["simulate", "--out", str(tmp_path / "out"), *argv])
    assert status == 2 and len(lines) == 1
    assert words in lines[0]


def test_an_unreachable_scheduler_is_one_line_and_a_failure(tmp_path, capsys):
    address = f"tcp://127.0.0.1:{free_port()}"
    status, lines = _error(capsys, ["simulate", "--deals", "1", "--scheduler", address, "--out", str(tmp_path)])
    assert status == 1 and len(lines) == 1
    assert f"cannot reach the Dask scheduler at {address}" in lines[0]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--foul-rate", "0"], "--foul-rate must be between 0 and 1"),
        (["--foul-rate", "1.5"], "--foul-rate must be between 0 and 1"),
        (["--human-time-spread", "0"], "--human-time-spread must be more than 0"),
        (["--rows-per-part", "0"], "--rows-per-part must be at least 1"),
    ],
)
def test_bad_integrity_arguments_are_one_line_naming_the_option(tmp_path, capsys, argv, words):
    history = tmp_path / "history.jsonl"
    history.write_text("{}\n", encoding="utf-8")
    status, lines = _error(capsys, ["integrity", str(history), "--out", str(tmp_path / "out"), *argv])
    assert status == 2 and len(lines) == 1
    assert words in lines[0]


def test_integrity_on_a_history_of_which_no_row_reads_fails_and_says_where_the_errors_are(tmp_path, capsys):
    history = tmp_path / "history.jsonl"
    history.write_text('{"deal_id": "d1"}\n', encoding="utf-8")
    status = main(["integrity", str(history), "--out", str(tmp_path / "out"), "--workers", "1", "--no-progress"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and lines[-1].endswith(f"no row could be valued (see {tmp_path / 'out' / 'errors.jsonl'})")
