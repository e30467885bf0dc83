"""The service layer's sequences: each computes a hand's valuation once and gives what the
steps it stands for give when run one by one (the views, the batch tool and the yardsticks
rely on that)."""

from __future__ import annotations

import random

import pytest

from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.variants import preset
from maubinh_api.service import hands
from maubinh_api.service.hands import Analyst, analysed_play, bot_play, graded_play
from maubinh_api.service.level_yardsticks import build
from maubinh_api.strategy.analysis import analyse, grade
from maubinh_api.strategy.bots import Level, play
from maubinh_api.strategy.valuation import value_hand

CLASSIC = preset("classic")


@pytest.fixture(scope="module")
def deals():
    rng = random.Random(7)
    return [rng.sample(DECK, 13) for _ in range(4)]


@pytest.mark.parametrize("level", list(Level))
def test_a_graded_play_is_the_play_then_its_grade(deals, level):
    for seed, cards in enumerate(deals):
        valuation = value_hand(cards, CLASSIC, opponents=2)
        alone = play(cards, CLASSIC, level, seed, opponents=2, valuation=valuation)
        alone_grade = grade(alone.arrangement, CLASSIC, declare_natural=alone.declare_natural, opponents=2)
        together = graded_play(cards, CLASSIC, level, seed, opponents=2)
        assert together.play == alone
        assert together.judgement == alone_grade
        # The analysis /play answers agrees with the grade the yardsticks are measured from.
        analysed = analysed_play(cards, CLASSIC, level, seed, opponents=2)
        assert (analysed.judgement.ev, analysed.judgement.ev_loss) == (
            together.judgement.ev,
            together.judgement.ev_loss,
        )


def test_the_order_the_cards_come_in_changes_nothing(deals):
    cards = deals[0]
    assert (
        bot_play(cards, CLASSIC, Level.CLUB, 3, opponents=3)[1]
        == bot_play(list(reversed(cards)), CLASSIC, Level.CLUB, 3, opponents=3)[1]
    )


def test_an_analyst_values_thirteen_cards_once(deals, monkeypatch):
    cards = deals[1]
    ways = [
        Arrangement.from_cards(back=cards[:5], middle=cards[5:10], front=cards[10:], wheel=CLASSIC.rules.wheel),
        Arrangement.from_cards(back=cards[5:10], middle=cards[:5], front=cards[10:], wheel=CLASSIC.rules.wheel),
    ]
    valued = []
    real = hands.value_hand
    monkeypatch.setattr(hands, "value_hand", lambda *args, **kwargs: valued.append(1) or real(*args, **kwargs))
    analyst = Analyst(CLASSIC, opponents=3)
    found = [analyst.analyse(way, True) for way in ways]
    assert len(valued) == 1  # two ways to set one hand: one valuation
    assert found == [analyse(way, CLASSIC, opponents=3) for way in ways]


def test_the_yardsticks_builder_measures_every_preset_size_and_level():
    # Three hands a cell: a smoke run of `make levels`, seeded, so twice is the same table.
    table = build(hands=3, seed=11, workers=1)
    assert table == build(hands=3, seed=11, workers=1)
    for preset_name, sizes in table["presets"].items():
        assert set(sizes) == {"1", "2", "3"}, preset_name
        for rows in sizes.values():
            assert set(rows) == {level.value for level in Level}
            assert rows["best"]["mean"] == 0.0 and rows["best"]["best_share"] == 1.0  # the best loses nothing
            assert all(row["hands"] == 3 for row in rows.values())
