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
from maubinh_api.service.hands import HandService
from maubinh_api.service.level_yardsticks import build
from maubinh_api.strategy.analysis import grade_all
from maubinh_api.strategy.bank import load_bank
from maubinh_api.strategy.bots import play
from maubinh_api.strategy.kernel import active_kernel, kernel_named
from maubinh_api.strategy.level_reference import loss_reference
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import Model, shipped_model
from maubinh_api.strategy.odds import odds_for
from maubinh_api.strategy.optimiser import Objective, optimise
from maubinh_api.strategy.valuation import value_hand
from tests.support.model import MODEL, analyse_hand, grade_hand

CLASSIC = preset("classic")
SERVICE = HandService(shipped_model(active_kernel()))
graded_play = SERVICE.graded_play
bot_play = SERVICE.bot_play


@pytest.fixture(scope="module")
def deals():
    rng = random.Random(7)
    return [rng.sample(DECK, 13) for _ in range(4)]


@pytest.mark.parametrize("level", list(Level))
def test_a_graded_play_is_the_play_then_its_grade(deals, level):
    for seed, cards in enumerate(deals):
        valuation = value_hand(cards, CLASSIC, MODEL, opponents=2)
        alone = play(valuation, level, seed)
        alone_grade = grade_hand(alone.arrangement, CLASSIC, declare_natural=alone.declare_natural, opponents=2)
        together = graded_play(cards, CLASSIC, level, seed, opponents=2)
        assert together.play == alone
        assert together.judgement == alone_grade


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
    analyst = SERVICE.analyst(CLASSIC, opponents=3)
    found = [analyst.analyse(way, True) for way in ways]
    assert len(valued) == 1  # two ways to set one hand: one valuation
    assert found == [analyse_hand(way, CLASSIC, opponents=3) for way in ways]


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


class _Counting:
    """A source that counts what it was asked for and answers from the shipped files."""

    def __init__(self, source):
        self.source = source
        self.asked = []

    def __call__(self, *args):
        self.asked.append(args)
        return self.source(*args)


class _SpyKernel:
    """The reference kernel, counting the hands and batches it is handed."""

    def __init__(self):
        self.inner = kernel_named("reference")
        self.name = "reference"
        self.calls = 0

    def hand(self, *args, **kwargs):
        self.calls += 1
        return self.inner.hand(*args, **kwargs)

    def best_splits(self, *args, **kwargs):
        self.calls += 1
        return self.inner.best_splits(*args, **kwargs)


def test_every_sequence_computes_with_the_model_it_was_given(deals):
    # The composition root chooses the kernel and the data: every sequence must use them, and
    # answer what the strategy's own defaults (the shipped files, the compiled kernel) answer.
    kernel, bank, odds, yardsticks = _SpyKernel(), _Counting(load_bank), _Counting(odds_for), _Counting(loss_reference)
    service = HandService(Model(kernel=kernel, bank=bank, odds=odds, yardsticks=yardsticks))
    cards = deals[2]
    valuation = service.value(cards, CLASSIC, opponents=3)
    assert valuation.exact == value_hand(sorted(cards, key=lambda card: card.index), CLASSIC, MODEL).exact
    solution = service.optimal(cards, CLASSIC, objective=Objective.EV, top=2, opponents=3)
    assert solution == optimise(cards, CLASSIC, MODEL, top=2)
    strongest = service.optimal(cards, CLASSIC, objective=Objective.STRONGEST, top=1, opponents=3)
    assert strongest == optimise(cards, CLASSIC, MODEL, objective=Objective.STRONGEST, top=1)
    played = service.graded_play(cards, CLASSIC, Level.CASUAL, 5, opponents=3)
    assert played.judgement == graded_play(cards, CLASSIC, Level.CASUAL, 5, opponents=3).judgement
    ways = [(played.play.arrangement, True), (solution.best.arrangement, False)]
    assert service.grade_all(ways, CLASSIC, opponents=3) == grade_all(ways, CLASSIC, MODEL, opponents=3)
    assert service.yardsticks("classic", 2) == loss_reference("classic", 2)
    # Three valuations (value, ev, the play), the strongest's preparation and one batch of
    # grades: five calls of the kernel, each with the bank and odds of the model.
    assert kernel.calls == 5
    assert bank.asked == [("classic",)] * 5
    assert odds.asked == [(CLASSIC,)] * 5
    assert yardsticks.asked == [("classic", 2)]


def test_readiness_loads_each_presets_odds_and_bank():
    bank, odds = _Counting(load_bank), _Counting(odds_for)
    service = HandService(Model(kernel=kernel_named("reference"), bank=bank, odds=odds, yardsticks=loss_reference))
    assert service.readiness(["classic", "online"]) == {"odds": "ok", "bank": "ok"}
    assert bank.asked == [("classic",), ("online",)]
    assert odds.asked == [(preset("classic"),), (preset("online"),)]


def test_a_tenants_service_is_made_once_and_kept_apart_from_every_other_tenants():
    # Each request asks for its tenant's service: the same one every time (no per-request cost),
    # one per tenant (each keeps its own shelf of tables), and the memo bounded by OWNERS_KEPT.
    service = HandService(shipped_model(active_kernel()))
    first = service.for_owner("platform-a")
    assert service.for_owner("platform-a") is first
    assert first.model.owner == "platform-a"
    other = service.for_owner("platform-b")
    assert other is not first and other.model.owner == "platform-b"
    assert service.for_owner(service.model.owner) is service
    for number in range(hands.OWNERS_KEPT):
        service.for_owner(f"tenant-{number}")
    assert service.for_owner("platform-a") is not first  # forgotten past the bound, made again
