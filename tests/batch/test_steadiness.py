"""Play too steady for its level (batch/steadiness.py): the levels themselves, and players between
two of them, are within chance; a program that gives up a level's mean loss on every hand is
flagged, in the pass's outputs and the report's words; yardsticks of another model skip the check
and say why."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest

from maubinh_api.batch import steadiness
from maubinh_api.batch.engine import worker_service
from maubinh_api.batch.rooms import Role, Room, RoomPart, RoomPlayer, room_part
from maubinh_api.batch.steadiness import MIN_STEADY_HANDS, load_yardsticks, steadiness_signals
from maubinh_api.batch.sums import RunningSums
from maubinh_api.service.level_yardsticks import measure_random
from maubinh_api.strategy.levels import Level

from .integrity_runs import integrity_run

CELL = ("classic", 3)


def _sums(values):
    found = RunningSums()
    for value in values:
        found.add(value)
    return found


@pytest.fixture(scope="module")
def played():
    """Each level's losses on 1,500 classic hands at tables of four, dealt apart from the yardsticks'
    (another seed): what honest players of each level give up."""
    return measure_random(("classic", 3, 424_242, 1500))


def test_the_shipped_yardsticks_are_the_shipped_models():
    # A model rebuilt (make odds, bank or levels) without make steadiness would skip the check.
    yardsticks = load_yardsticks()
    assert yardsticks.model == worker_service().model.version
    assert set(yardsticks.levels) == {level.value for level in Level}
    assert min(yardsticks.hands.values()) >= 40_000


def test_each_level_is_within_chance(played):
    # 1,500 hands of each human level: its spread against its own yardstick is a standard normal draw
    # (|z| < 3.0 has chance 99.7% each; these draws give -0.6 to 0.9), far from the flag's 3.9.
    yardsticks = load_yardsticks()
    for level in ("expert", "club", "casual", "beginner"):
        found = steadiness_signals({CELL: _sums(played[level])}, yardsticks, tested=20)
        assert abs(found["z_steady"]) < 3.0 and not found["too_steady"], (level, found)


def test_a_player_between_two_levels_is_within_chance(played):
    # Club on odd hands, casual on even ones: a mix of neighbours, whose spread is the null's.
    mixed = [played["club" if number % 2 else "casual"][number] for number in range(1500)]
    found = steadiness_signals({CELL: _sums(mixed)}, load_yardsticks(), tested=20)
    assert abs(found["z_steady"]) < 3.0 and not found["too_steady"], found
    # Expert and beginner in turn (not neighbours) spread more than any neighbouring mix: z above 0.
    far = [played["expert" if number % 2 else "beginner"][number] for number in range(1500)]
    assert steadiness_signals({CELL: _sums(far)}, load_yardsticks(), tested=20)["z_steady"] > 0


def test_a_player_who_gives_up_the_same_on_every_hand_is_flagged(played):
    # The club level's mean loss, give or take a tenth, on every hand: the spread of a club player's
    # losses is about 0.4 (points², a few costly slips), this one's 0.003.
    mean = float(np.mean(played["club"]))
    rng = np.random.default_rng(3)
    steady = list(np.clip(mean + rng.uniform(-0.1, 0.1, size=600), 0, None))
    found = steadiness_signals({CELL: _sums(steady)}, load_yardsticks(), tested=20)
    assert found["too_steady"] and found["spread_ratio"] < 0.05, found
    # Under the fewest hands tested, the same play is not flagged, however steady.
    few = steadiness_signals({CELL: _sums(steady[: MIN_STEADY_HANDS - 1])}, load_yardsticks(), tested=20)
    assert not few["too_steady"] and few["z_steady"] < -3


def test_cells_the_yardsticks_do_not_know_or_too_few_hands_are_quiet():
    yardsticks = load_yardsticks()
    assert steadiness_signals({("no-such-preset", 3): _sums([0.1] * 300)}, yardsticks, tested=1)["steady_hands"] == 0
    found = steadiness_signals({}, yardsticks, tested=1)
    assert found["p_steady"] == 1.0 and not found["too_steady"]


def _steady_room(hands):
    """The rows of a room of eight honest players and a steady program claiming club (seed 5)."""
    levels = (Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT)
    players = tuple(RoomPlayer(f"p{number:02d}", levels[number % 4]) for number in range(8))
    room = Room("classic", (*players, RoomPlayer("r01", Level.CLUB, Role.STEADY)))
    return room_part(RoomPart(0, 0, hands, 5, room), worker_service())


@pytest.fixture(scope="module")
def steady_rows():
    # 2,000 hands at tables of four among nine players: the program sits at about 4/9 of them (near
    # 890 hands), where its z is near -0.15 per root hand against club's spread: about -4.5.
    return _steady_room(2000)


def test_integrity_flags_the_steady_program_and_no_honest_player(tmp_path, steady_rows):
    out = integrity_run(steady_rows, tmp_path)
    people = pd.read_parquet(out / "players.parquet").set_index("player_id")
    assert people.loc["r01", "too_steady"], people.loc["r01"]
    assert not people.drop("r01")["too_steady"].any()
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [row["player_id"] for row in summary["flagged_players"]] == ["r01"]
    assert summary["flagged_players"][0]["signals"] == ["too_steady"]
    assert "steadiness" not in [check["check"] for check in summary["checks_skipped"]]
    assert "play too steady for its level" in (out / "report.html").read_text(encoding="utf-8")


def test_yardsticks_of_another_model_skip_the_check_and_say_why(tmp_path, monkeypatch, steady_rows):
    other = dataclasses.replace(load_yardsticks(), model="model-0000000000000000")
    monkeypatch.setattr(steadiness, "load_yardsticks", lambda: other)
    out = integrity_run(steady_rows[:400], tmp_path)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    [skipped] = [check for check in summary["checks_skipped"] if check["check"] == "steadiness"]
    assert "model-0000000000000000" in skipped["why"] and "make steadiness" in skipped["why"]
    assert not pd.read_parquet(out / "players.parquet")["too_steady"].any()
