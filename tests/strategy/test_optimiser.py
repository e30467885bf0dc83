"""The optimiser: exhaustive, legal, deterministic, and exactly the argmax.

The rules: docs/rules.md, "The optimal arrangement"."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maubinh_api.rules.arrangement import foul_reasons
from maubinh_api.rules.cards import DECK, parse_cards
from maubinh_api.rules.chi import Category, classify, front_beats_middle
from maubinh_api.rules.evaluator import Evaluator
from maubinh_api.rules.ordered_splits import BACK, FIVES, FRONT, MIDDLE, THREES
from maubinh_api.rules.variants import PRESET_NAMES, preset, resolve_variant
from maubinh_api.strategy.optimiser import Objective, optimise
from maubinh_api.strategy.reference import bank_field, exact_values, screen_values
from maubinh_api.strategy.splits import hand_indices
from tests.support.model import MODEL


def every_ordered_split(cards, variant):
    """Scores and classes of all 72,072 ordered splits, and which are legal,
    computed directly from the split tables (not the optimiser's own walk)."""
    indices = np.array(sorted(card.index for card in cards))
    evaluator = Evaluator.for_wheel(variant.rules.wheel)
    five = evaluator.evaluate5(indices[FIVES]).astype(np.int64)
    three = evaluator.evaluate3(indices[THREES]).astype(np.int64)
    back, middle, front = five[BACK], five[MIDDLE], three[FRONT]
    legal = (back > middle) | ((back == middle) & (not variant.rules.foul_on_equal))
    legal &= ~(front > (middle & ~0xFF))  # docs/rules.md, "Chi categories" R2: the front may not beat the middle
    return indices, back, middle, front, legal


def test_stats_count_every_legal_split():
    cards = parse_cards(["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"])
    solution = optimise(cards, preset("classic"), MODEL)
    assert solution.splits == 72_072
    assert solution.legal == int(every_ordered_split(cards, preset("classic"))[4].sum())


# --- strongest (docs/rules.md, "The optimal arrangement"), against a plain enumeration of the ordered splits

#: Categories formed by one rank: the pair, the trips, the quads, a full house's trips.
ONE_FORMING_RANK = {Category.PAIR, Category.TRIPS, Category.FULL_HOUSE, Category.QUADS}

#: Every ordered split of positions 0-12 as (back, middle, front) position tuples.
ORDERED_SPLITS = [
    (back, tuple(p for p in range(13) if p not in back and p not in front), front)
    for front in itertools.combinations(range(13), 3)
    for back in itertools.combinations([p for p in range(13) if p not in front], 5)
]


def core(hand):
    """The chi's category and the ranks that form it (docs/rules.md, "The optimal arrangement").

    A strength is (category order, ranks that decide ties, most important
    first), so a prefix of it keeps the forming ranks: one rank for a pair,
    trips, quads or full house (its trips), two for two pair; every rank of a
    high-card hand, straight, flush or straight flush (the wheel already
    placed by the variant's ``wheel``).  Two chi of one category have equally
    long cores; different categories differ in the first element."""
    if hand.category in ONE_FORMING_RANK:
        return hand.strength[:2]
    if hand.category is Category.TWO_PAIR:
        return hand.strength[:3]
    return hand.strength


def strongest_key(back, middle, front):
    """Higher is stronger: the three cores, back first, then what only fills
    the chi: the front's full strength, the middle's, the back's."""
    return (core(back), core(middle), core(front), front.strength, middle.strength, back.strength)


def reference_strongest(cards, rules):
    """The strongest key over every legal ordered split: plain Python over
    classify, not the optimiser's tables."""
    chi = {
        positions: classify([cards[p] for p in positions], rules.wheel)
        for size in (3, 5)
        for positions in itertools.combinations(range(13), size)
    }
    cores = {positions: core(hand) for positions, hand in chi.items()}
    best = None
    for back_at, middle_at, front_at in ORDERED_SPLITS:
        if best is not None and cores[back_at] < best[0]:
            continue  # cannot beat the best so far, legal or not
        back, middle, front = chi[back_at], chi[middle_at], chi[front_at]
        if back.score < middle.score or (rules.foul_on_equal and back.score == middle.score):
            continue  # a foul (docs/rules.md, "Binh lủng (foul)"): the back weaker than (or equal to) the middle
        if front_beats_middle(front, middle):
            continue
        key = strongest_key(back, middle, front)
        if best is None or key > best:
            best = key
    return best


def answer_key(choice):
    shown = choice.arrangement
    return strongest_key(shown.back, shown.middle, shown.front)


# The example, and a wheel: A-2-3-4-5 and 2-3-4-5-6 are both in the hand.
EXAMPLE = "2s 2h 2d Kc Kd Qs Qh Jc Jd 8h 7c 5s 3h"
WHEEL = "As 2d 3c 4h 5s 6d Kc Kh 9s 9d Jc 8h Qs"


@pytest.mark.parametrize(
    ("variant", "hands"),
    [
        (preset("classic"), 150),
        (preset("extended"), 100),  # wheel: second
        (resolve_variant({"preset": "classic", "overrides": {"foul_on_equal": True}}), 50),
    ],
    ids=["classic", "extended", "foul-on-equal"],
)
def test_strongest_is_the_best_legal_split_by_forming_ranks_then_front_middle_back(variant, hands):
    rng = random.Random(f"strongest-{variant.name}-{variant.rules.foul_on_equal}")
    deals = [parse_cards(EXAMPLE.split()), parse_cards(WHEEL.split())]
    deals += [rng.sample(DECK, 13) for _ in range(hands)]
    for cards in deals:
        solution = optimise(cards, variant, MODEL, objective=Objective.STRONGEST, top=3)
        assert answer_key(solution.best) == reference_strongest(cards, variant.rules), cards
        assert solution.legal == int(every_ordered_split(cards, variant)[4].sum())
        keys = [answer_key(choice) for choice in (solution.best, *solution.alternatives)]
        assert keys == sorted(set(keys), reverse=True)  # distinct, strongest first


def arranged(choice):
    return [sorted(str(card) for card in hand.cards) for _, hand in choice.arrangement]


def test_strongest_keeps_the_high_pairs_for_the_middle():
    # Full house 2-2-2 with K-K in the back leaves Q-Q-J-J for the middle; with J-J
    # in the back the middle holds K-K-Q-Q.  Both backs are "full house of 2s", so the
    # middle decides: two pair K and Q beats Q and J, though 2-2-2-K-K is the stronger back.
    solution = optimise(parse_cards(EXAMPLE.split()), preset("classic"), MODEL, objective=Objective.STRONGEST, top=10)
    answers = [arranged(choice) for choice in (solution.best, *solution.alternatives)]
    # The best: the front takes 8 7 5 (its high cards decide before the middle's kicker).
    assert answers[0] == [["2d", "2h", "2s", "Jc", "Jd"], ["3h", "Kc", "Kd", "Qh", "Qs"], ["5s", "7c", "8h"]]
    example = [["2d", "2h", "2s", "Jc", "Jd"], ["8h", "Kc", "Kd", "Qh", "Qs"], ["3h", "5s", "7c"]]
    beaten = [["2d", "2h", "2s", "Kc", "Kd"], ["8h", "Jc", "Jd", "Qh", "Qs"], ["3h", "5s", "7c"]]
    assert example in answers
    assert beaten not in answers[: answers.index(example) + 1]


def test_strongest_follows_the_wheel():
    # A-2-3-4-5 or 2-3-4-5-6 in the back: with wheel "low" the 6-high straight is
    # the stronger and the ace is left for the front; with "second" the wheel ranks
    # just below the ace-high straight, so it goes in the back and the 6 is left over.
    cards = parse_cards(WHEEL.split())
    low = optimise(cards, preset("classic"), MODEL, objective=Objective.STRONGEST, top=1).best
    second = optimise(cards, preset("extended"), MODEL, objective=Objective.STRONGEST, top=1).best
    assert arranged(low)[0] == ["2d", "3c", "4h", "5s", "6d"]
    assert "As" in arranged(low)[2]
    assert arranged(second)[0] == ["2d", "3c", "4h", "5s", "As"]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_without_a_bank_ev_is_the_maximum_of_the_screening_values_of_all_legal_splits(name):
    # bank=None is the builders' optimiser: the closed form over every split.
    variant = preset(name)
    tables = MODEL.with_bank(None).tables(variant)
    classes = tables.classes
    rng = random.Random(f"ev-{name}")
    for _ in range(30):
        cards = rng.sample(DECK, 13)
        _, back, middle, front, legal = every_ordered_split(cards, variant)
        chi = (
            np.searchsorted(classes.scores5, back[legal]),
            np.searchsorted(classes.scores5, middle[legal]),
            np.searchsorted(classes.scores3, front[legal]),
        )
        values = screen_values(tables, *chi, opponents=3)
        solution = optimise(cards, variant, MODEL.with_bank(None), top=1)
        if solution.declare_natural:
            continue
        assert solution.best.ev == pytest.approx(float(values.max()), abs=1e-9)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_ev_is_within_a_hair_of_the_best_exact_value_of_all_legal_splits(name):
    # The answer is the best of a shortlist valued exactly against the hand's
    # field; valuing every distinct legal split exactly, none may beat it by
    # more than 0.05 points per opponent (on 12 hands per preset; measured
    # shortfalls are 0 on nearly every hand), and its number is its exact value.
    variant = preset(name)
    tables = MODEL.tables(variant)
    classes = tables.classes
    rng = random.Random(f"exact-{name}")
    for _ in range(12):
        cards = rng.sample(DECK, 13)
        _, back, middle, front, legal = every_ordered_split(cards, variant)
        keys = np.unique(np.stack([back[legal], middle[legal], front[legal]]), axis=1)
        chi = (
            np.searchsorted(classes.scores5, keys[0]),
            np.searchsorted(classes.scores5, keys[1]),
            np.searchsorted(classes.scores3, keys[2]),
        )
        field = bank_field(tables, hand_indices(cards), 3)
        values = exact_values(field, chi)
        solution = optimise(cards, variant, MODEL, top=1)
        if solution.declare_natural:
            continue
        best = solution.best.arrangement
        own = (
            np.searchsorted(classes.scores5, [best.back.score]),
            np.searchsorted(classes.scores5, [best.middle.score]),
            np.searchsorted(classes.scores3, [best.front.score]),
        )
        assert solution.best.ev == pytest.approx(float(exact_values(field, own)[0]), abs=1e-9)
        assert solution.best.ev >= float(values.max()) - 0.05


def test_alternatives_are_distinct_legal_and_in_order():
    rng = random.Random("alternatives")
    for _ in range(40):
        cards = rng.sample(DECK, 13)
        solution = optimise(cards, preset("online"), MODEL, top=10)
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
    first = optimise(cards, variant, MODEL, objective=objective)
    second = optimise(shuffled, variant, MODEL, objective=objective)
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
    loose = optimise(cards, preset("classic"), MODEL, objective=Objective.STRONGEST, top=10)
    tight = optimise(cards, strict, MODEL, objective=Objective.STRONGEST, top=10)
    assert tight.legal < loose.legal
    for choice in (tight.best, *tight.alternatives):
        assert choice.arrangement.back.score != choice.arrangement.middle.score


def test_a_split_natural_is_declared_and_shown():
    # Three flushes: 3 spades, 5 hearts, 5 diamonds (pays 3 in classic).
    cards = parse_cards(["2s", "5s", "9s", "5h", "6h", "8h", "Th", "Kh", "4d", "7d", "Jd", "Qd", "Ad"])
    solution = optimise(cards, preset("classic"), MODEL)
    assert solution.natural.key == "three_flushes"
    assert solution.declare_natural
    # 3 from every opponent without a natural; the few holding a higher one
    # (dragon, six pairs, five pairs + trips) take theirs instead.
    assert 2.5 < solution.best.ev < 3.0
    shown = solution.best.arrangement
    assert [len({card.suit for card in hand.cards}) for _, hand in shown] == [1, 1, 1]


def test_a_declared_split_natural_is_not_offered_again_as_an_alternative():
    # Three flushes (hearts A Q 9 4 3, diamonds K T 9 8 4, clubs 7 6 4), declared under
    # classic (payout 3).  Played as a normal hand the same layout is the second-best
    # split by expected points, so it must not come back among the alternatives.
    cards = parse_cards(["3h", "Qh", "Td", "4h", "9d", "8d", "7c", "6c", "9h", "Kd", "Ah", "4c", "4d"])
    solution = optimise(cards, preset("classic"), MODEL, top=10)
    assert (solution.natural.key, solution.declare_natural) == ("three_flushes", True)
    answers = [solution.best, *solution.alternatives]
    assert len(answers) == 10  # top: the best and nine alternatives
    strengths = {tuple(hand.strength for _, hand in choice.arrangement) for choice in answers}
    assert len(strengths) == 10


def test_a_dragon_is_declared_and_no_natural_in_2_4():
    cards = parse_cards(["2h", "3s", "4h", "5d", "6h", "7c", "8h", "9h", "Th", "Jc", "Qs", "Kd", "Ad"])
    assert optimise(cards, preset("classic"), MODEL).declare_natural
    solution = optimise(cards, preset("chinese-poker-2-4"), MODEL)
    assert (solution.natural, solution.declare_natural) == (None, False)


def test_a_natural_worth_less_than_the_hand_is_reported_but_not_declared():
    # Quads A and pairs K Q J T: six pairs by R4, and quads in the back are worth
    # 8 a position under the online bonuses: far more than a six-pairs payout cut to 1.
    cards = parse_cards(["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Qs", "Qh", "Js", "Jh", "Ts", "Th", "2c"])
    solution = optimise(
        cards, resolve_variant({"preset": "online", "overrides": {"naturals": {"six_pairs": 1}}}), MODEL
    )
    assert solution.natural.key == "six_pairs"
    assert solution.best.ev > 1
    assert not solution.declare_natural


def test_expected_points_matches_a_direct_enumeration_of_position_outcomes():
    """With independent positions (exponents 1), the closed form equals the
    expectation over the 27 win/tie/lose outcomes of the three positions."""
    from maubinh_api.strategy.odds import OddsTables, build_odds

    for name in PRESET_NAMES:
        variant = preset(name)
        tables = OddsTables(**{**_fields(shipped_tables(name)), "scoop_exponent": 1.0, "scooped_exponent": 1.0})
        odds = build_odds(variant.rules, tables)
        model = MODEL.with_bank(None).with_odds(odds).tables(variant)
        rules = variant.rules
        rng = np.random.default_rng(3)
        high = rng.integers(0, len(odds.classes.scores5), 50)
        low = rng.integers(0, len(odds.classes.scores5), 50)
        front = rng.integers(0, len(odds.classes.scores3), 50)
        for opponents in (1, 3):
            closed = screen_values(model, high, low, front, opponents=opponents)
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
                assert closed[i] == pytest.approx(expected, rel=1e-9, abs=1e-9), (name, opponents, i)


def shipped_tables(name):
    from maubinh_api.strategy.odds import load_tables

    return load_tables(name)


def _fields(tables):
    return {field: getattr(tables, field) for field in tables.__dataclass_fields__}
