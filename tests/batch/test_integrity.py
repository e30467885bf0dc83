"""``batch integrity`` on simulated rooms (``batch/rooms.py``): the planted dumper's pair and the
dumper named, an honest room flagging no one, the same figures wherever the partitions cut a
deal's rows, and a hand with a seat missing kept out and counted."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from maubinh_api.batch.cli import main
from maubinh_api.batch.engine import worker_service
from maubinh_api.batch.rooms import Role, Room, RoomPart, RoomPlayer, room_part
from maubinh_api.strategy.levels import Level

#: Hands a room deals: the dumper sits heads-up with its partner in about a tenth of them (150),
#: and fouls about half of those on purpose: some 75 hands paying its partner every chi and the scoop.
HANDS = 1500
LEVELS = (Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT)
HONEST = tuple(RoomPlayer(f"p{number:02d}", LEVELS[number % 4]) for number in range(10))


def _write_room(path, room, seed):
    service = worker_service()
    with path.open("w", encoding="utf-8") as handle:
        for first in range(0, HANDS, 250):
            for row in room_part(RoomPart(first // 250, first, 250, seed, room), service):
                handle.write(json.dumps(row) + "\n")
    return path


def _check(history, out, *extra):
    assert main(["integrity", str(history), "--out", str(out), "--workers", "2", "--no-progress", *extra]) == 0
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return summary, pd.read_parquet(out / "pairs.parquet"), pd.read_parquet(out / "players.parquet")


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    directory = tmp_path_factory.mktemp("rooms")
    dumper = RoomPlayer("d1", Level.CLUB, Role.DUMPER, partner="p00")
    planted = _write_room(directory / "planted.jsonl", Room("classic", (*HONEST, dumper), together=0.1), seed=11)
    honest = _write_room(directory / "honest.jsonl", Room("classic", HONEST), seed=12)
    return directory, planted, honest


def test_the_planted_pair_and_the_dumper_are_flagged_and_no_one_else(rooms):
    directory, planted, _honest = rooms
    summary, pairs, players = _check(planted, directory / "planted")
    assert [(row["first"], row["second"], row["paid_to"]) for row in summary["flagged_pairs"]] == [("d1", "p00", "p00")]
    assert [row["player_id"] for row in summary["flagged_players"]] == ["d1"]
    # Every check the history can have was run, but sharing and peeking, which are asked for (--sharing, --peeking).
    assert [check["check"] for check in summary["checks_skipped"]] == ["sharing", "peeking"]
    pair = pairs.set_index(["first", "second"]).loc[("d1", "p00")]
    # The money went the partner's way beyond the cards, and the dumper played worse than usual there.
    assert pair["z_money"] < 0 and pair["z_play"] < 0 and pair["fouls_first"] > pair["fouls_second"]
    assert len(pair["evidence"].split()) == 5
    assert players.set_index("player_id").loc["d1", "dumping"]
    # Every honest pair met often enough to be tested (a pair of 11 players meets in about 1 hand
    # in 9 at four seats: some 150 hands), and the report's findings name the planted two alone.
    assert summary["pairs"] == 55 and summary["pairs_tested"] == 55
    page = (directory / "planted" / "report.html").read_text(encoding="utf-8")
    findings = page.split('id="findings"', 1)[1].split("</section>", 1)[0].split("<tbody>", 1)[1]
    named = [row.split("<td>", 1)[1].split("</td>", 1)[0] for row in findings.split("<tr")[1:]]
    assert sorted(named) == ["d1", "d1 and p00"]


def test_an_honest_room_flags_no_pair_and_no_player(rooms):
    directory, _planted, honest = rooms
    summary, pairs, players = _check(honest, directory / "honest")
    assert summary["flagged_pairs"] == [] and summary["flagged_players"] == []
    assert summary["pairs_tested"] == 45  # every pair of 10 players
    # Under honest play the statistics are centred: their mean over 45 pairs is within 3 standard
    # errors of 0 for a standard normal (3 / sqrt(45) = 0.45).
    assert abs(pairs["z_money"].mean()) < 0.45 and abs(pairs["z_play"].mean()) < 0.45
    assert not players["dumping"].any() and not players["too_strong"].any()


def test_a_deal_cut_by_the_partitions_is_settled_whole(rooms):
    directory, planted, _honest = rooms
    whole, whole_pairs, _ = _check(planted, directory / "whole")
    # 7 rows a part: most of the room's hands (2 or 4 rows each) straddle a cut.
    cut, cut_pairs, _ = _check(planted, directory / "cut", "--rows-per-part", "7")
    assert cut["hands"] == whole["hands"] == HANDS and cut["hands_kept_out"] == {}
    counts = ["first", "second", "hands", "heads_up", "points", "fouls_first", "fouls_second", "flagged"]
    assert cut_pairs[counts].equals(whole_pairs[counts])
    for column in ("money", "z_money", "z_play"):  # sums of reals added in another order
        assert all(
            math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
            for a, b in zip(cut_pairs[column], whole_pairs[column], strict=True)
        )


def test_a_hand_with_a_seat_missing_is_kept_out_and_counted(rooms, tmp_path):
    _directory, planted, _honest = rooms
    lines = planted.read_text(encoding="utf-8").splitlines(keepends=True)
    missing = json.loads(lines[0])
    untimed = [{key: value for key, value in json.loads(line).items() if key != "decision_ms"} for line in lines[1:]]
    short = tmp_path / "short.jsonl"
    short.write_text("".join(json.dumps(row) + "\n" for row in untimed), encoding="utf-8")
    summary, _pairs, players = _check(short, tmp_path / "out")
    assert summary["hands"] == HANDS - 1 and summary["hands_kept_out"] == {"seat_missing": 1}
    # Without decision times the timing check is skipped, and the summary says why.
    assert summary["checks_skipped"][0] == {"check": "timing", "why": "no row of the history has decision_ms"}
    assert [check["check"] for check in summary["checks_skipped"]] == ["timing", "sharing", "peeking"]  # not asked
    assert (players["timed_hands"] == 0).all() and not players["too_regular"].any()
    [example] = summary["kept_out_examples"]
    assert example["deal_id"] == missing["deal_id"] and example["reason"] == "seat_missing"
    assert summary["rows_graded"] == len(lines) - 1  # its other seats are still valued
