"""Grading a history: each hand as the analysis grades it; players summed and judged."""

from __future__ import annotations

import json
import math
import multiprocessing
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from maubinh_api.batch import grading, players
from maubinh_api.batch.history import check_row, parts_of
from maubinh_api.rules.cards import parse_cards
from maubinh_api.strategy.level_reference import loss_reference
from maubinh_api.strategy.levels import Level
from tests.support.model import analyse_hand

ROWS = [
    # A sound hand, set well (two pairs at the back, a pair in the middle).
    {
        "deal_id": "d1",
        "player_id": "ann",
        "variant": "classic",
        "back": "As Ad Kc Kd 7h",
        "middle": "9s 9h 8c 5d 3c",
        "front": "Qs Jh 2s",
    },
    # The same cards fouled: the middle (two pairs) beats the back (one pair).
    {
        "deal_id": "d2",
        "player_id": "ann",
        "variant": "classic",
        "back": "9s 9h 8c 5d 3c",
        "middle": "As Ad Kc Kd 7h",
        "front": "Qs Jh 2s",
    },
    # Six pairs (lục phé bôn) played as chi and not declared: a missed natural.
    {
        "deal_id": "d3",
        "player_id": "bob",
        "variant": "online",
        "back": "2s 2h 3s 3h 4c",
        "middle": "5s 5h 6s 6h 4d",
        "front": "7s 7h 8c",
        "declare_natural": False,
        "seats": 2,
    },
    # The same declared.
    {
        "deal_id": "d4",
        "player_id": "bob",
        "variant": "online",
        "back": "2s 2h 3s 3h 4c",
        "middle": "5s 5h 6s 6h 4d",
        "front": "7s 7h 8c",
        "seats": 2,
    },
    # Unreadable rows: skipped, reported, the others graded.
    {
        "deal_id": "d5",
        "player_id": "bob",
        "variant": "classic",
        "back": "As Ad Kc Kd 7h",
        "middle": "9s 9h 8c 5d Zz",
        "front": "Qs Jh 2s",
    },
]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    directory = tmp_path_factory.mktemp("grade")
    history = directory / "history.jsonl"
    lines = [json.dumps(row) for row in ROWS]
    lines.insert(3, "[1, 2]")  # line 4: not an object
    history.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [part] = parts_of(history)
    result = grading.grade_part((part, str(directory / "out")))
    hands = pq.read_table(directory / "out" / "hands" / "part-00000.parquet").to_pylist()
    errors = [json.loads(line) for line in (directory / "out" / "errors" / "part-00000.jsonl").read_text().splitlines()]
    return result, hands, errors


def test_every_row_is_read_and_the_bad_ones_are_counted(graded):
    result, hands, errors = graded
    assert (result.rows_read, result.rows_graded, result.rows_skipped) == (6, 4, 2)
    assert [hand["row"] for hand in hands] == [1, 2, 3, 5]
    assert [(error["row"], error["field"]) for error in errors] == [(4, "row"), (6, "middle/4")]
    assert "Zz" in errors[1]["detail"]


def test_each_hand_is_graded_as_the_analysis_grades_it(graded):
    _, hands, _ = graded
    for hand, source in zip(hands, [ROWS[0], ROWS[1], ROWS[2], ROWS[3]], strict=True):
        row, _ = check_row(source)
        expected = analyse_hand(
            row.arrangement, row.variant, declare_natural=row.declare_natural, opponents=row.seats - 1
        )
        assert hand["ev"] == expected.ev
        assert hand["ev_loss"] == expected.ev_loss
        assert hand["best_ev"] == expected.best.ev
        assert hand["verdict"] == expected.verdict.value
        assert hand["fouled"] == (expected.fouled and not (row.declare_natural and expected.natural))


def test_fouls_and_missed_naturals_are_marked(graded):
    _, hands, _ = graded
    assert [hand["verdict"] for hand in hands][1] == "foul"
    assert [hand["natural"] for hand in hands] == [None, None, "six_pairs", "six_pairs"]
    assert [hand["natural_missed"] for hand in hands] == [False, False, True, False]
    assert hands[3]["ev_loss"] == 0.0


def test_player_sums_carry_each_hands_yardstick(graded):
    result, hands, _ = graded
    bob = result.players["bob"]
    assert bob.hands == 2 and bob.naturals_held == 2 and bob.naturals_missed == 1
    # Bob played heads-up online: each hand adds the online, one-opponent yardstick.
    reference = loss_reference("online", 1)[Level.CLUB]
    place = grading.LEVELS.index(Level.CLUB)
    assert bob.level_mean[place] == pytest.approx(2 * reference.mean)
    assert bob.level_variance[place] == pytest.approx(2 * reference.sd**2)
    assert bob.level_best[place] == pytest.approx(2 * reference.best_share)
    assert bob.loss == pytest.approx(sum(hand["ev_loss"] for hand in hands if hand["player_id"] == "bob"))


def test_a_practice_runs_hand_carries_its_themes_yardstick(tmp_path):
    # A practice run's export names its drills' theme: the hand is held to the levels on that theme's
    # drills (what the playground's review judges the run by), not to their losses on random deals.
    history = tmp_path / "practice.jsonl"
    history.write_text(json.dumps({**ROWS[0], "player_id": "you", "theme": "foul_trap"}) + "\n", encoding="utf-8")
    [part] = parts_of(history)
    result = grading.grade_part((part, str(tmp_path / "out")))
    [hand] = pq.read_table(tmp_path / "out" / "hands" / "part-00000.parquet").to_pylist()
    assert hand["theme"] == "foul_trap"
    you = result.players["you"]
    themed, random_deals = loss_reference("classic", 3, "foul_trap"), loss_reference("classic", 3)
    for place, level in enumerate(grading.LEVELS):
        assert you.level_mean[place] == pytest.approx(themed[level].mean)
        assert you.level_best[place] == pytest.approx(themed[level].best_share)
    assert themed[Level.CASUAL].mean != random_deals[Level.CASUAL].mean


def test_a_hand_keeps_its_table_its_place_and_its_time(tmp_path):
    # hands/*.parquet carries what the integrity checks group by: the table, the hand's place, the time.
    history = tmp_path / "seated.jsonl"
    seated = {**ROWS[0], "table_id": "t-3", "hand_number": 12, "decision_ms": 4200}
    history.write_text(json.dumps(seated) + "\n" + json.dumps(ROWS[1]) + "\n", encoding="utf-8")
    [part] = parts_of(history)
    grading.grade_part((part, str(tmp_path / "out")))
    first, second = pq.read_table(tmp_path / "out" / "hands" / "part-00000.parquet").to_pylist()
    assert (first["table_id"], first["hand_number"], first["decision_ms"]) == ("t-3", 12, 4200.0)
    assert (second["table_id"], second["hand_number"], second["decision_ms"]) == (None, None, None)


# Levels in grading.LEVELS order (beginner, casual, club, expert, best): a made-up yardstick.
MEANS = (1.0, 0.4, 0.15, 0.05, 0.0)
SDS = (1.5, 0.8, 0.4, 0.2, 0.0)
SHARES = (0.2, 0.35, 0.5, 0.8, 1.0)  # how often each sets the best play


def _sums(losses, level_means, level_sds, shares=SHARES):
    sums = grading.PlayerSums()
    for loss in losses:
        sums.hands += 1
        sums.loss += loss
        sums.loss_squared += loss * loss
        sums.verdicts[0] += loss == 0.0  # grading.VERDICTS[0] is best
        for place, (mean, sd, share) in enumerate(zip(level_means, level_sds, shares, strict=True)):
            sums.level_mean[place] += mean
            sums.level_variance[place] += sd * sd
            sums.level_best[place] += share
            sums.level_best_variance[place] += share * (1 - share)
    return sums


def test_the_verdicts_are_in_the_order_the_sums_count_them():
    assert grading.VERDICTS[0].value == "best"


def test_a_perfect_player_with_volume_is_flagged_with_its_statistics():
    [row] = players.player_rows({"solver": _sums([0.0] * 400, MEANS, SDS)})
    # z_loss = (0 - 0.05) / (0.2 / sqrt(400)) = -5;
    # z_best = (1 - 0.8) / (sqrt(0.8 * 0.2) / sqrt(400)) = 0.2 / 0.02 = 10.
    assert row["z_vs_expert"] == pytest.approx(-5.0)
    assert row["z_best_vs_expert"] == pytest.approx(10.0)
    # The smaller one-sided p, doubled: P(Z > 10) * 2.
    assert row["p_value"] == pytest.approx(math.erfc(10 / math.sqrt(2)))
    assert row["too_strong"] and row["plays_like"] == "best"


def test_a_near_perfect_player_who_never_finds_the_very_best_is_flagged_on_the_loss():
    # A solver with a slightly different model: loses 0.005 a hand, never exactly best.
    [row] = players.player_rows({"near": _sums([0.005] * 400, MEANS, SDS)})
    # z_loss = (0.005 - 0.05) / 0.01 = -4.5 < -3.891; z_best = (0 - 0.8) / 0.02 = -40.
    assert row["z_vs_expert"] == pytest.approx(-4.5)
    assert row["too_strong"]


def test_an_expert_is_not_flagged():
    # 80% best plays, the rest losing 0.25: mean 0.05, the expert's exactly.
    [row] = players.player_rows({"human": _sums([0.0] * 320 + [0.25] * 80, MEANS, SDS)})
    assert row["z_vs_expert"] == pytest.approx(0.0, abs=1e-9)
    assert row["z_best_vs_expert"] == pytest.approx(0.0, abs=1e-9)
    assert not row["too_strong"] and row["plays_like"] == "expert"


def test_few_hands_are_never_flagged():
    [row] = players.player_rows({"lucky": _sums([0.0] * 20, MEANS, SDS)})
    # z_best = 0.2 / (0.4 / sqrt(20)) = 2.2 and z_loss = -1.1: and 20 hands are under the minimum anyway.
    assert not row["too_strong"]


def test_the_level_named_is_the_nearest_in_its_own_standard_errors():
    losses = [0.0, 0.3] * 200  # mean 0.15 and half the hands best: the club level's
    [row] = players.player_rows({"p": _sums(losses, MEANS, SDS)})
    assert row["plays_like"] == "club"
    assert row["mean_ev_loss"] == pytest.approx(0.15) and row["best_share"] == 0.5
    # sample sd of 400 values alternating 0 and 0.3: 0.15 * sqrt(400 / 399)
    assert row["sd_ev_loss"] == pytest.approx(0.15 * math.sqrt(400 / 399))
    half = 1.959964 * row["sd_ev_loss"] / 20
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((0.15 - half, 0.15 + half))
    assert not row["too_strong"]


def test_partials_merge_in_partition_order_whatever_order_they_arrive():
    first, second = grading.PartResult(index=0), grading.PartResult(index=1)
    first.players["p"] = _sums([0.1, 0.2], MEANS, SDS)
    second.players["p"] = _sums([0.3], MEANS, SDS)
    assert grading.merge([second, first])["p"] == grading.merge([first, second])["p"]
    assert grading.merge([first, second])["p"].hands == 3


def test_the_parsed_cards_are_the_rows_cards(graded):
    _, hands, _ = graded
    row, _ = check_row(ROWS[0])
    assert set(row.arrangement.back.cards) == set(parse_cards(["As", "Ad", "Kc", "Kd", "7h"]))
    assert hands[0]["variant"] == "classic" and hands[0]["opponents"] == 3


def _child_peak(queue: Any) -> None:
    queue.put(grading.peak_rss_mb())


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc reports a program's own peak")
def test_a_workers_peak_memory_is_its_own_not_its_parents():
    """A Dask worker is started by fork and exec from the process that runs the
    cluster; ``ru_maxrss`` would count that process's memory at the fork.  The
    parent here holds 400 MB (every page touched); the child imports the
    grading code only, far less than that."""
    held = bytearray(400 << 20)
    held[::4096] = b"\x01" * (len(held) // 4096)  # one byte a page: all of it resident
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    child = context.Process(target=_child_peak, args=(queue,))
    child.start()
    peak = queue.get(timeout=60)
    child.join(timeout=60)
    assert 0 < peak < 300, peak
    assert grading.peak_rss_mb() >= 400  # and the parent's own peak counts what it holds
    del held
