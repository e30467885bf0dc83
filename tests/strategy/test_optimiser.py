"""The optimiser (RULES §10): exhaustive, legal, deterministic, and exactly the argmax."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maubinh_api.rules.arrangement import foul_reasons
from maubinh_api.rules.cards import DECK, parse_cards
from maubinh_api.rules.evaluator import Evaluator
from maubinh_api.rules.splits import BACK, FIVES, FRONT, MIDDLE, THREES
from maubinh_api.rules.variants import PRESET_NAMES, preset, resolve_variant
from maubinh_api.strategy.odds import odds_for
from maubinh_api.strategy.optimiser import Objective, expected_points, optimise


def every_ordered_split(cards, variant):
    """Scores and classes of all 72,072 ordered splits, and which are legal,
    computed directly from the split tables (not the optimiser's own walk)."""
    indices = np.array(sorted(card.index for card in cards))
    evaluator = Evaluator.for_wheel(variant.rules.wheel)
    five = evaluator.evaluate5(indices[FIVES]).astype(np.int64)
    three = evaluator.evaluate3(indices[THREES]).astype(np.int64)
    back, middle, front = five[BACK], five[MIDDLE], three[FRONT]
    legal = (back > middle) | ((back == middle) & (not variant.rules.foul_on_equal))
    legal &= ~(front > (middle & ~0xFF))  # RULES §3 R2: the front may not beat the middle
    return indices, back, middle, front, legal


def test_stats_count_every_legal_split():
    cards = parse_cards(["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"])
    solution = optimise(cards, preset("classic"))
    assert solution.splits == 72_072
    assert solution.legal == int(every_ordered_split(cards, preset("classic"))[4].sum())


@pytest.mark.parametrize("name", ["classic", "extended"])
def test_strongest_is_the_lexicographic_maximum_of_all_legal_splits(name):
    variant = preset(name)
    rng = random.Random(f"strongest-{name}")
    for _ in range(150):
        cards = rng.sample(DECK, 13)
        _, back, middle, front, legal = every_ordered_split(cards, variant)
        best = max(zip(back[legal].tolist(), middle[legal].tolist(), front[legal].tolist(), strict=True))
        solution = optimise(cards, variant, objective=Objective.STRONGEST, top=1)
        shown = solution.best.arrangement
        assert (shown.back.score, shown.middle.score, shown.front.score) == best
        if solution.legal != int(legal.sum()):
            pytest.fail(f"legal count {solution.legal} != {int(legal.sum())}")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_ev_is_the_maximum_of_the_expected_points_of_all_legal_splits(name):
    variant = preset(name)
    odds = odds_for(variant)
    classes = odds.classes
    rng = random.Random(f"ev-{name}")
    for _ in range(60):
        cards = rng.sample(DECK, 13)
        _, back, middle, front, legal = every_ordered_split(cards, variant)
        chi = (
            np.searchsorted(classes.scores5, back[legal]),
            np.searchsorted(classes.scores5, middle[legal]),
            np.searchsorted(classes.scores3, front[legal]),
        )
        values = expected_points(odds, variant.rules, chi, opponents=3)
        solution = optimise(cards, variant, top=1)
        if solution.declare_natural:
            continue
        assert solution.best.ev == pytest.approx(float(values.max()), abs=1e-5)


def test_alternatives_are_distinct_legal_and_in_order():
    rng = random.Random("alternatives")
    for _ in range(40):
        cards = rng.sample(DECK, 13)
        solution = optimise(cards, preset("online"), top=10)
        choices = [solution.best, *solution.alternatives]
        if solution.declare_natural:
            choices = choices[1:]
        assert 1 <= len(choices) <= 10
        strengths = [
            (c.arrangement.back.strength, c.arrangement.middle.strength, c.arrangement.front.strength) for c in choices
        ]
        assert len(set(strengths)) == len(strengths)
        values = [choice.ev for choice in choices]
        assert values == sorted(values, reverse=True)
        for choice in choices:
            assert foul_reasons(choice.arrangement, preset("online").rules) == ()


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK), st.sampled_from(PRESET_NAMES), st.sampled_from(list(Objective)), st.randoms())
def test_same_cards_in_any_order_give_the_same_answer_and_never_a_foul(deck, name, objective, rnd):
    cards = list(deck[:13])
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    variant = preset(name)
    first = optimise(cards, variant, objective=objective)
    second = optimise(shuffled, variant, objective=objective)
    assert first == second
    for choice in (first.best, *first.alternatives):
        if choice is first.best and first.declare_natural:
            continue
        assert foul_reasons(choice.arrangement, variant.rules) == ()
        assert sorted(card.index for card in choice.arrangement.cards) == sorted(card.index for card in cards)


def test_foul_on_equal_never_answers_equal_back_and_middle():
    strict = resolve_variant({"preset": "classic", "overrides": {"foul_on_equal": True}})
    # Two equal five-card hands are available: A K 9 7 3 twice.
    cards = parse_cards(["As", "Kd", "9h", "7c", "3s", "Ah", "Kc", "9d", "7s", "3c", "2s", "4d", "5h"])
    loose = optimise(cards, preset("classic"), objective=Objective.STRONGEST, top=10)
    tight = optimise(cards, strict, objective=Objective.STRONGEST, top=10)
    assert tight.legal < loose.legal
    for choice in (tight.best, *tight.alternatives):
        assert choice.arrangement.back.score != choice.arrangement.middle.score


def test_a_split_natural_is_declared_and_shown():
    # Three flushes: 3 spades, 5 hearts, 5 diamonds (pays 3 in classic).
    cards = parse_cards(["2s", "5s", "9s", "5h", "6h", "8h", "Th", "Kh", "4d", "7d", "Jd", "Qd", "Ad"])
    solution = optimise(cards, preset("classic"))
    assert solution.natural.key == "three_flushes"
    assert solution.declare_natural
    assert solution.best.ev == 3.0
    shown = solution.best.arrangement
    assert [len({card.suit for card in hand.cards}) for _, hand in shown] == [1, 1, 1]


def test_a_dragon_is_declared_and_no_natural_in_2_4():
    cards = parse_cards(["2h", "3s", "4h", "5d", "6h", "7c", "8h", "9h", "Th", "Jc", "Qs", "Kd", "Ad"])
    assert optimise(cards, preset("classic")).declare_natural
    solution = optimise(cards, preset("chinese-poker-2-4"))
    assert (solution.natural, solution.declare_natural) == (None, False)


def test_a_natural_worth_less_than_the_hand_is_reported_but_not_declared():
    # Quads A and pairs K Q J T: six pairs by R4, and quads in the back are worth
    # 8 a position under the online bonuses: far more than a six-pairs payout cut to 1.
    cards = parse_cards(["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Qs", "Qh", "Js", "Jh", "Ts", "Th", "2c"])
    solution = optimise(cards, resolve_variant({"preset": "online", "overrides": {"naturals": {"six_pairs": 1}}}))
    assert solution.natural.key == "six_pairs"
    assert solution.best.ev > 1
    assert not solution.declare_natural


def test_expected_points_matches_a_direct_enumeration_of_position_outcomes():
    """With independent positions (exponents 1), the closed form equals the
    expectation over the 27 win/tie/lose outcomes of the three positions."""
    from maubinh_api.strategy.odds import OddsTables, build_odds

    for name in PRESET_NAMES:
        variant = preset(name)
        shipped = odds_for(variant)
        tables = OddsTables(**{**_fields(shipped_tables(name)), "scoop_exponent": 1.0, "scooped_exponent": 1.0})
        odds = build_odds(variant.rules, tables)
        rules = variant.rules
        rng = np.random.default_rng(3)
        high = rng.integers(0, len(odds.classes.scores5), 50)
        low = rng.integers(0, len(odds.classes.scores5), 50)
        front = rng.integers(0, len(odds.classes.scores3), 50)
        for opponents in (1, 3):
            closed = expected_points(odds, rules, (high, low, front), opponents=opponents)
            for i in range(50):
                positions = [(odds.back, high[i]), (odds.middle, low[i]), (odds.front, front[i])]
                expected = 0.0
                for outcome in itertools.product((1, 0, -1), repeat=3):
                    chance, total = 1.0, 0.0
                    for (table, c), result in zip(positions, outcome, strict=True):
                        if result == 1:
                            chance *= table.win[c]
                            total += table.value[c]
                        elif result == 0:
                            chance *= table.tie[c]
                        else:
                            chance *= table.lose[c]
                            total -= table.loss_value[c] / table.lose[c] if table.lose[c] else 0.0
                    total += rules.majority_bonus * np.sign(sum(outcome))
                    if abs(sum(outcome)) == 3:
                        total *= rules.scoop_multiplier
                        if rules.sap_lang and opponents + 1 >= rules.sap_lang_min_players:
                            # every other opponent scooped the same way, independently
                            same = np.prod([t.win[c] if outcome[0] == 1 else t.lose[c] for t, c in positions])
                            total += (rules.sap_lang_multiplier - 1) * total * same ** (opponents - 1)
                    expected += chance * total
                expected = (1 - odds.natural_rate) * expected - odds.natural_cost
                assert closed[i] == pytest.approx(expected, rel=1e-4, abs=1e-4), (name, opponents, i)
        assert shipped is not None


def shipped_tables(name):
    from maubinh_api.strategy.odds import load_tables

    return load_tables(name)


def _fields(tables):
    return {field: getattr(tables, field) for field in tables.__dataclass_fields__}
