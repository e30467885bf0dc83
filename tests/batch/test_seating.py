"""Seating (batch/seating.py): a session at one table counts once, the null's expectation is
matchmaking by activity within each pool of tables, and a pair that seeks each other's tables is
flagged while the honest pairs of its room are not."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pandas as pd
import pytest

from maubinh_api.batch.engine import worker_service
from maubinh_api.batch.history import check_row
from maubinh_api.batch.rooms import Role, Room, RoomPart, RoomPlayer, room_part
from maubinh_api.batch.seating import MIN_SITTINGS, SeatingSums, Seats, new_sittings, poisson_upper
from maubinh_api.batch.table_hands import table_hands
from maubinh_api.strategy.levels import Level

from .integrity_runs import integrity_run

LEVELS = (Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT)


def _room_hands(rows):
    found, skipped = table_hands([check_row(row)[0] for row in rows])
    assert not skipped
    return found


def _renumbered(rows, table, numbers):
    """The rows with each deal moved to ``table`` at the given numbers (deal by deal, in order)."""
    deals = list(dict.fromkeys(row["deal_id"] for row in rows))
    place = dict(zip(deals, numbers, strict=True))
    return [row | {"table_id": table, "hand_number": place[row["deal_id"]]} for row in rows]


def test_a_session_at_one_table_is_one_sitting():
    players = (RoomPlayer("a", Level.CLUB), RoomPlayer("b", Level.CLUB))
    rows = room_part(RoomPart(0, 0, 5, 3, Room("classic", players, seats=2)), worker_service())
    # The same two players at one table, hands 7 to 9, then a gap (11 and 12): two sittings.
    hands = _room_hands(_renumbered(rows, "t9", [7, 8, 9, 11, 12]))
    starts = new_sittings(reversed(hands))  # the order hands arrive in does not matter
    assert starts == {hands[0].deal_id, hands[3].deal_id}
    # Without a table or a number, every hand is its own sitting.
    bare = _room_hands([{key: value for key, value in row.items() if key != "table_id"} for row in rows])
    assert new_sittings(bare) == {hand.deal_id for hand in bare}


def test_other_players_at_the_next_hand_start_a_sitting():
    four = tuple(RoomPlayer(f"p{number}", Level.CLUB) for number in range(5))
    rows = room_part(RoomPart(0, 0, 6, 4, Room("classic", four, seats=4)), worker_service())
    hands = _room_hands(_renumbered(rows, "t1", range(6)))
    expected = {hands[0].deal_id}
    for previous, hand in itertools.pairwise(hands):
        if {row.player_id for row in previous.seats} != {row.player_id for row in hand.seats}:
            expected.add(hand.deal_id)
    assert new_sittings(hands) == expected


def _sums(sittings, mates):
    found = SeatingSums()
    for _ in range(sittings):
        found.add(mates)
    return found


def test_the_expected_sittings_are_matchmaking_by_activity_within_each_pool():
    # Heads-up: a and b met 6 times, a and c 4, b and c 2: a sat 10 times, b 8, c 6, 24 seats in all.
    pool = {("hu", "a"): _sums(10, 1), ("hu", "b"): _sums(8, 1), ("hu", "c"): _sums(6, 1)}
    seats = Seats(pool)
    # a's view: 10 other seats, b holds 8 of the 24 - 10 others' = 5.714; b's: 8 x 10 / 16 = 5; mean 5.357.
    assert seats.expected("a", "b") == pytest.approx((10 * 8 / 14 + 8 * 10 / 16) / 2)
    # A pool the pair never shared adds nothing: a at tables of four with d only.
    seats = Seats(pool | {("four", "a"): _sums(5, 3), ("four", "d"): _sums(5, 3)})
    assert seats.expected("a", "b") == pytest.approx((10 * 8 / 14 + 8 * 10 / 16) / 2)
    assert seats.expected("a", "d") == pytest.approx((15 * 5 / 5 + 15 * 5 / 5) / 2)  # in their pool, always
    assert seats.possible_pairs == 6  # a, b, c, d: every two of them, met or not


def test_chance_seating_meets_its_expectation():
    # Eleven players, four at a time chosen at random for 1,800 hands (as a room seats them): the
    # sittings together of every pair, in the null's own standard errors, average 0 and spread less
    # than 1 (the Poisson law the test uses is wider than the binomial the tables follow).
    rng = np.random.default_rng(1)
    sums = {("pool", f"p{number}"): SeatingSums() for number in range(11)}
    together: dict[tuple[str, str], int] = {}
    for _ in range(1800):
        seated = sorted(f"p{int(number)}" for number in rng.choice(11, 4, replace=False))
        for player in seated:
            sums["pool", player].add(3)
        for pair in itertools.combinations(seated, 2):
            together[pair] = together.get(pair, 0) + 1
    seats = Seats(sums)
    z = [(count - seats.expected(*pair)) / math.sqrt(seats.expected(*pair)) for pair, count in together.items()]
    assert abs(float(np.mean(z))) < 0.3 and float(np.std(z)) < 1.0  # measured: 0.00 and 0.68 over 20 such rooms


def test_poisson_upper_is_the_tail_of_the_law():
    # P(X >= 3) at mean 1: 1 - e^-1 (1 + 1 + 1/2)
    assert poisson_upper(3, 1.0) == pytest.approx(1 - math.exp(-1) * 2.5)
    assert poisson_upper(400, 100.0) < 1e-60


def _seeking_room(*, honest, together, hands):
    """The rows of a room of honest players and a pair that seeks a table together (seed 8)."""
    players = tuple(RoomPlayer(f"p{number:02d}", LEVELS[number % 4]) for number in range(honest))
    pair = (
        RoomPlayer("f01a", Level.CLUB, Role.SEEKER, partner="f01b"),
        RoomPlayer("f01b", Level.CLUB, Role.SEEKER, partner="f01a"),
    )
    room = Room("classic", (*players, *pair), together=together)
    return room_part(RoomPart(0, 0, hands, 8, room), worker_service())


def test_integrity_flags_a_pair_that_seeks_each_other_and_no_honest_pair(tmp_path):
    # Twenty honest players and two who sit together at tables of four in 30% of the hands and
    # there play their level (seekers: only their seating shows them): each plays about 0.3 + 0.7 x 4 / 22 = 43% of
    # the hands, and they meet at about 0.3 + 0.7 x 12 / 462 = 32% of them, where seating at random
    # by that activity gives about half as many (3 x 0.43 x 0.43 / (4 - 0.43) = 16%): this seed's pair
    # met 74 times in 300 hands, where chance gives 35.2 (p under 1e-10).
    out = integrity_run(_seeking_room(honest=20, together=0.3, hands=300), tmp_path)
    pairs = pd.read_parquet(out / "pairs.parquet").set_index(["first", "second"])
    sought = pairs.loc[("f01a", "f01b")]
    assert sought["seated_flag"] and sought["sittings"] >= MIN_SITTINGS, sought
    assert sought["sittings"] > 1.5 * sought["expected_sittings"]
    assert not pairs.drop(("f01a", "f01b"))["seated_flag"].any()
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [(row["first"], row["second"]) for row in summary["flagged_pairs"]] == [("f01a", "f01b")]
    assert "seating" not in [check["check"] for check in summary["checks_skipped"]]
    # Their money and play are within chance: the finding is the seating's, in the report's words.
    assert sought["signal"] == "seating" and pd.isna(sought["paid_to"])
    assert "sat together at" in (out / "report.html").read_text(encoding="utf-8")


def test_a_history_without_tables_skips_seating_and_says_why(tmp_path):
    # The same kind of room, its rows without table_id and hand_number: a sitting cannot be told
    # from a hand, so no pair is flagged for seating, and the summary says why.
    rows = _seeking_room(honest=6, together=0.5, hands=200)
    out = integrity_run([{key: value for key, value in row.items() if key not in {"table_id", "hand_number"}}
                    for row in rows], tmp_path)  # fmt: skip
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    [seating] = [check for check in summary["checks_skipped"] if check["check"] == "seating"]
    assert "table_id" in seating["why"]
    pairs = pd.read_parquet(out / "pairs.parquet")
    assert not pairs["seated_flag"].any() and (pairs["sittings"] == pairs["hands"]).all()
