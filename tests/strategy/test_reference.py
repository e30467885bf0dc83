"""The reference kernel's field settles an arrangement against each opponent exactly as the settlement engine does."""

from __future__ import annotations

import random
from decimal import Decimal

import numpy as np
import pytest

from maubinh_api.rules.arrangement import Arrangement, Position
from maubinh_api.rules.cards import DECK, parse_cards
from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.knobs import NATURAL_KEYS
from maubinh_api.rules.naturals import detect
from maubinh_api.rules.settlement import Seat, settle
from maubinh_api.rules.variants import PRESET_NAMES, preset, resolve_variant
from maubinh_api.strategy.bank import load_bank
from maubinh_api.strategy.reference import (
    bank_field,
    exact_values,
    field_of,
    fouled_sums,
    natural_sum,
    pair_totals,
)
from maubinh_api.strategy.splits import hand_indices, random_legal_arrangement
from tests.support.model import MODEL


def _classes(arrangement: Arrangement, tables) -> tuple[np.ndarray, ...]:
    classes = tables.classes
    return (
        np.array([np.searchsorted(classes.scores5, arrangement.back.score)]),
        np.array([np.searchsorted(classes.scores5, arrangement.middle.score)]),
        np.array([np.searchsorted(classes.scores3, arrangement.front.score)]),
    )


def _heads_up(mine: Arrangement, theirs: Arrangement, variant, *, declare=(False, False)) -> int:
    seats = [Seat("me", mine, declare_natural=declare[0]), Seat("them", theirs, declare_natural=declare[1])]
    return settle(seats, variant, Decimal(1)).players[0].points


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_pair_totals_match_the_settlement_engine_heads_up(name):
    # 300 random legal pairs per preset, both sides set at random (so bonuses,
    # ties, scoops and the majority unit all occur); heads-up, so sập làng is off.
    variant = preset(name)
    tables = MODEL.tables(variant)
    rng = random.Random(name)
    for _ in range(300):
        deck = rng.sample(DECK, 26)
        mine = random_legal_arrangement(deck[:13], variant, rng)
        theirs = random_legal_arrangement(deck[13:], variant, rng)
        field = field_of([(theirs, None)], tables, opponents=1)
        points = pair_totals(field, _classes(mine, tables))[0, 0]
        assert points == _heads_up(mine, theirs, variant)
        assert exact_values(field, _classes(mine, tables))[0] == points


def test_strong_hands_earn_their_bonuses_and_scoops():
    # Back quads, middle full house, front trips against a weak hand, classic:
    # 4 (back.quads) + 2 (middle.full_house) + 3 (front.trips) = 9, scooped x3 = 27.
    variant = preset("classic")
    mine = Arrangement.from_cards(
        back=parse_cards(["As", "Ad", "Ah", "Ac", "2c"]),
        middle=parse_cards(["Ks", "Kd", "Kh", "3c", "3d"]),
        front=parse_cards(["Qs", "Qd", "Qh"]),
        wheel=Wheel.LOW,
    )
    theirs = Arrangement.from_cards(
        back=parse_cards(["Js", "Jd", "9h", "7c", "5c"]),
        middle=parse_cards(["Ts", "8d", "6h", "4c", "2d"]),
        front=parse_cards(["9s", "7d", "5h"]),
        wheel=Wheel.LOW,
    )
    tables = MODEL.tables(variant)
    field = field_of([(theirs, None)], tables, opponents=1)
    assert pair_totals(field, _classes(mine, tables))[0, 0] == 27 == _heads_up(mine, theirs, variant)


def test_a_fouled_hand_and_a_natural_score_as_the_engine_says():
    variant = preset("online")
    tables = MODEL.tables(variant)
    rng = random.Random(5)
    for _ in range(100):
        deck = rng.sample(DECK, 26)
        good = random_legal_arrangement(deck[13:], variant, rng)
        legal = random_legal_arrangement(deck[:13], variant, rng)
        if legal.back.score == legal.middle.score:
            continue
        fouled = Arrangement.from_cards(
            back=legal.middle.cards, middle=legal.back.cards, front=legal.front.cards, wheel=Wheel.LOW
        )
        field = field_of([(good, None)], tables, opponents=1)
        assert fouled_sums(field)[0] == _heads_up(fouled, good, variant)
    # Six pairs (online pays 18) against a hand without a natural.
    six = parse_cards(["2s", "2d", "3s", "3d", "4s", "4d", "5s", "5d", "6s", "6d", "7s", "7d", "9c"])
    natural = detect(six, variant.rules)
    assert natural is not None and natural.key == "six_pairs"
    arrangement = Arrangement.from_cards(back=six[:5], middle=six[5:10], front=six[10:], wheel=Wheel.LOW)
    others = [card for card in DECK if card not in six][:13]
    theirs = random_legal_arrangement(others, variant, rng)
    field = field_of([(theirs, None)], tables, opponents=1)
    points = natural_sum(field, NATURAL_KEYS.index(natural.key), natural.payout)
    assert points == 18 == _heads_up(arrangement, theirs, variant, declare=(True, False))


def test_the_field_holds_none_of_the_players_cards_and_follows_the_variant():
    cards = parse_cards(["As", "Ks", "Qs", "Js", "Ts", "9h", "9d", "9c", "8c", "7c", "2d", "2c", "3h"])
    bank = load_bank("classic")
    rows = bank.survivors(cards)
    held = {card.index for card in cards}
    assert not any(held & set(bank.deals.cards[row].tolist()) for row in rows[:500].tolist())
    # Expected share C(39,13)/C(52,13) = 0.01279; 400,000 deals -> about 5,117 (sd 71).
    assert abs(len(rows) - 0.01279 * bank.size) < 6 * 71
    # Values follow the variant's bonus table: none in chinese-poker-2-4, so every
    # position an opponent wins is worth 1; classic's back quads are worth 4.
    field = bank_field(MODEL.tables(preset("chinese-poker-2-4")), hand_indices(cards), opponents=1)
    assert field.size == len(rows)
    assert {int(value) for column in field.values for value in np.unique(column)} == {1}
    bigger = MODEL.tables(resolve_variant({"preset": "classic", "overrides": {"bonuses": {"back.quads": 20}}}))
    field = bank_field(bigger, hand_indices(cards), opponents=1)
    quads = np.array([category.key == "quads" for category in bigger.classes.categories5])
    assert np.all(field.values[0][quads[field.back]] == 20)
    assert np.any(quads[field.back])


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("opponents", [1, 3])
def test_the_fast_expectation_equals_settling_every_opponent(name, opponents):
    # exact_values() sums what each position wins and loses and counts the
    # sweeps instead of settling each pair; on real fields (naturals, bonuses,
    # sập làng at 4 seats) and 40 random legal arrangements per hand it must
    # give the mean of the pair totals (the opponents who declare a natural
    # take its payout).
    variant = preset(name)
    tables = MODEL.tables(variant)
    rng = random.Random(f"{name}{opponents}")
    for _ in range(6):
        cards = rng.sample(DECK, 13)
        field = bank_field(tables, hand_indices(cards), opponents)
        played = [random_legal_arrangement(cards, variant, rng) for _ in range(40)]
        chi = tuple(
            np.array([np.searchsorted(scores, arrangement[position].score) for arrangement in played])
            for scores, position in (
                (tables.classes.scores5, Position.BACK),
                (tables.classes.scores5, Position.MIDDLE),
                (tables.classes.scores3, Position.FRONT),
            )
        )
        slow = (pair_totals(field, chi).sum(axis=1) - field.natural_total) / field.size
        fast = exact_values(field, chi)
        np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-9)
