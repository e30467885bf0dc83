"""Classification and comparison of chi (docs/rules.md, "Chi categories")."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from maubinh_api.rules.cards import DECK, parse_cards
from maubinh_api.rules.chi import (
    Category,
    Wheel,
    category_of,
    classify,
    classify_indices,
    compare,
    front_beats_middle,
    unpack,
)
from maubinh_api.rules.errors import CardCountError, DuplicateCardError
from maubinh_api.rules.evaluator import Evaluator

from . import reference

# The textbook distribution of the C(52, 5) = 2,598,960 five-card hands.
FIVE_CARD_COUNTS = {
    "high_card": 1_302_540,
    "pair": 1_098_240,
    "two_pair": 123_552,
    "trips": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full_house": 3_744,
    "quads": 624,
    "straight_flush": 36,
    "royal_flush": 4,
}
# C(52, 3) = 22,100 three-card hands: 52 trips (13 ranks x C(4,3)), 3,744 pairs
# (13 x C(4,2) x 48 kickers), the rest high card.
THREE_CARD_COUNTS = {"high_card": 18_304, "pair": 3_744, "trips": 52}


def as_reference(cards):
    return [(int(card.rank), card.suit.value) for card in cards]


def cards_of(text):
    return parse_cards(text.split())


@pytest.fixture(scope="module")
def all_five_card_hands():
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


@pytest.mark.parametrize("wheel", list(Wheel))
def test_every_five_card_hand_is_classified_with_the_known_distribution(all_five_card_hands, wheel):
    scores = Evaluator.for_wheel(wheel).evaluate5(all_five_card_hands)
    assert len(scores) == 2_598_960
    by_order = Counter((scores >> 20).tolist())
    # Royal flushes share the straight-flush order; tell them apart by the top two ranks.
    royal = int(np.count_nonzero((scores >> 12) == (8 << 8 | 14 << 4 | 13)))
    assert royal == FIVE_CARD_COUNTS["royal_flush"]
    expected_by_order = Counter()
    for key, count in FIVE_CARD_COUNTS.items():
        expected_by_order[Category.from_key(key).order] += count
    assert by_order == expected_by_order


@pytest.mark.slow
def test_every_five_card_hand_classified_one_by_one_matches_the_distribution_and_the_fast_path(
    all_five_card_hands,
):
    scores = Evaluator.for_wheel(Wheel.LOW).evaluate5(all_five_card_hands)
    counts: Counter[str] = Counter()
    mismatches = 0
    for row, hand in enumerate(itertools.combinations(DECK, 5)):
        classified = classify(hand)
        counts[classified.category.key] += 1
        mismatches += classified.score != scores[row]
    assert counts == FIVE_CARD_COUNTS
    assert mismatches == 0


@pytest.mark.parametrize("wheel", list(Wheel))
def test_every_three_card_hand_is_classified_with_the_known_distribution(wheel):
    hands = list(itertools.combinations(DECK, 3))
    counts = Counter(classify(hand, wheel).category.key for hand in hands)
    assert len(hands) == 22_100
    assert counts == THREE_CARD_COUNTS
    fast = Evaluator.for_wheel(wheel).evaluate3(np.array([[card.index for card in hand] for hand in hands]))
    assert fast.tolist() == [classify(hand, wheel).score for hand in hands]


@pytest.mark.parametrize("wheel", list(Wheel))
def test_ordering_of_200000_random_five_card_pairs_agrees_with_the_reference(wheel):
    rng = random.Random(f"five-{wheel}")
    evaluator = Evaluator.for_wheel(wheel)
    pairs = 200_000
    firsts = np.array([rng.sample(range(52), 5) for _ in range(pairs)], dtype=np.uint8)
    seconds = np.array([rng.sample(range(52), 5) for _ in range(pairs)], dtype=np.uint8)
    ours = np.sign(evaluator.evaluate5(firsts).astype(np.int64) - evaluator.evaluate5(seconds))
    disagreements = 0
    outcomes = Counter()
    for i in range(pairs):
        a = reference.key(_ref(firsts[i]), wheel.value)
        b = reference.key(_ref(seconds[i]), wheel.value)
        theirs = (a > b) - (a < b)
        outcomes[theirs] += 1
        disagreements += theirs != ours[i]
    assert disagreements == 0
    assert outcomes[0] > 0  # ties (equal ranks, other suits) were exercised too


def _ref(indices):
    return as_reference(DECK[int(index)] for index in indices)


def test_ordering_of_random_three_card_pairs_and_front_against_middle_agrees_with_the_reference():
    rng = random.Random("three")
    disagreements = 0
    front_wins = 0
    for _ in range(100_000):
        first, second = rng.sample(DECK, 3), rng.sample(DECK, 3)
        a, b = classify(first), classify(second)
        ka, kb = reference.key(as_reference(first), "low"), reference.key(as_reference(second), "low")
        disagreements += compare(a, b) != (ka > kb) - (ka < kb)
        middle = rng.sample(DECK, 5)
        ours = front_beats_middle(a, classify(middle))
        disagreements += ours != reference.front_beats_middle(as_reference(first), as_reference(middle))
        front_wins += ours
    assert disagreements == 0
    assert front_wins > 0


@pytest.mark.parametrize(
    ("front", "middle", "front_wins"),
    [
        ("Kh Kd Qc", "Ks Kc Js 9d 2c", True),  # pair of kings: front kicker Q beats middle's J
        ("Kh Kd Qc", "Ks Kc Qs 9d 2c", False),  # kickers equal: the middle wins the tie (R2)
        ("Kh Kd 2c", "Ks Kc 2s 9d 3c", False),  # middle's highest kicker 9 beats the front's 2
        ("Ah Kd Qc", "As Kc Qs 3d 2c", False),  # high cards equal card by card: the middle wins
        ("Ah Kd Qc", "As Kc Js 9d 8c", True),  # front's third card Q beats J
        ("2h 2d 2c", "As Ac Ks Kd Qc", True),  # trips beat two pair
        ("9h 9d 9c", "Ts Tc Td 2d 3c", False),  # trips by rank
        ("Ah Ad Ac", "2s 3c 4s 5d 6c", False),  # any straight beats trips
    ],
)
def test_front_against_middle(front, middle, front_wins):
    assert front_beats_middle(classify(cards_of(front)), classify(cards_of(middle))) is front_wins


@pytest.mark.parametrize(
    ("cards", "key", "strength"),
    [
        ("As Ks Qs Js Ts", "royal_flush", (8, 14, 13, 12, 11, 10)),
        ("9h 8h 7h 6h 5h", "straight_flush", (8, 9, 8, 7, 6, 5)),
        ("7s 7h 7d 7c 2d", "quads", (7, 7, 2, 0, 0, 0)),
        ("Qs Qh Qd 9c 9d", "full_house", (6, 12, 9, 0, 0, 0)),
        ("Ad Jd 8d 4d 2d", "flush", (5, 14, 11, 8, 4, 2)),
        ("Ts 9h 8d 7c 6d", "straight", (4, 10, 9, 8, 7, 6)),
        ("5s 5h 5d Kc 2d", "trips", (3, 5, 13, 2, 0, 0)),
        ("Js Jh 4d 4c Ad", "two_pair", (2, 11, 4, 14, 0, 0)),
        ("8s 8h Ad Kc 2d", "pair", (1, 8, 14, 13, 2, 0)),
        ("As Jh 8d 4c 2d", "high_card", (0, 14, 11, 8, 4, 2)),
        ("Qs Qh Qd", "trips", (3, 12, 0, 0)),
        ("Qs Qh 3d", "pair", (1, 12, 3, 0)),
        ("As 2h 3d", "high_card", (0, 14, 3, 2)),  # A-2-3 is no straight as a chi
        ("As Ks Qs", "high_card", (0, 14, 13, 12)),  # nor a flush
    ],
)
def test_categories_and_strengths(cards, key, strength):
    hand = classify(cards_of(cards))
    assert hand.category.key == key
    assert hand.strength == strength


def test_wheel_knob_moves_a_to_5_between_lowest_and_second_best():
    wheel, six_high, king_high, broadway = (
        cards_of("Ah 2d 3c 4s 5h"),
        cards_of("2h 3d 4c 5s 6h"),
        cards_of("9h Td Jc Qs Kh"),
        cards_of("Th Jd Qc Ks Ah"),
    )
    assert compare(classify(wheel, Wheel.LOW), classify(six_high, Wheel.LOW)) < 0
    assert classify(wheel, Wheel.LOW).strength == (4, 5, 4, 3, 2, 1)
    assert classify(wheel, Wheel.SECOND).strength == (4, 14, 5, 4, 3, 2)
    assert compare(classify(wheel, Wheel.SECOND), classify(king_high, Wheel.SECOND)) > 0
    assert compare(classify(wheel, Wheel.SECOND), classify(broadway, Wheel.SECOND)) < 0
    assert compare(classify(wheel, Wheel.SECOND), classify(six_high, Wheel.SECOND)) > 0


def test_wheel_knob_applies_to_straight_flushes_too():  # ruling R1
    wheel = cards_of("Ah 2h 3h 4h 5h")
    king_high = cards_of("9d Td Jd Qd Kd")
    assert compare(classify(wheel, Wheel.LOW), classify(king_high, Wheel.LOW)) < 0
    assert compare(classify(wheel, Wheel.SECOND), classify(king_high, Wheel.SECOND)) > 0
    assert classify(wheel, Wheel.SECOND).category is Category.STRAIGHT_FLUSH


def test_suits_never_break_ties():
    assert compare(classify(cards_of("As Kd 9h 7c 3s")), classify(cards_of("Ah Kc 9d 7s 3c"))) == 0


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.randoms())
def test_card_order_does_not_matter(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert classify(cards) == classify(shuffled)


@pytest.mark.parametrize(
    ("cards", "en", "vi"),
    [
        ("Kh Kd 9s 9c 2c", "Two pair, Kings and Nines", "Thú K và 9"),
        ("6h 6d 6s 9c 9d", "Full house, Sixes over Nines", "Cù lũ 6-9"),
        ("Ah 2d 3c 4s 5h", "Straight, Ace to Five", "Sảnh A-5"),
        ("Th Jd Qc Ks Ah", "Straight, Ten to Ace", "Sảnh 10-A"),
        ("Ah Kh Qh Jh Th", "Royal flush", "Thùng phá sảnh lớn"),
        ("Qs Qd 7c", "Pair of Queens", "Đôi Q"),
        ("As 9d 7c", "Ace high", "Mậu thầu A"),
    ],
)
def test_descriptions(cards, en, vi):
    hand = classify(cards_of(cards))
    assert (hand.description.en, hand.description.vi) == (en, vi)


def test_a_chi_has_3_or_5_distinct_cards():
    with pytest.raises(CardCountError, match="3 or 5 cards, not 4"):
        classify(cards_of("As Ks Qs Js"))
    with pytest.raises(DuplicateCardError, match="card As appears twice"):
        classify([*cards_of("As Ks Qs"), *cards_of("Js As")])


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.sampled_from(list(Wheel)))
def test_a_score_gives_back_its_strength_and_category(cards, wheel):
    for chi in (cards, cards[:3]):
        hand = classify(chi, wheel)
        assert unpack(hand.score, len(chi)) == hand.strength
        assert category_of(hand.strength) is hand.category


def test_every_straight_flush_from_the_ace_is_royal_and_the_second_wheel_is_not():
    royal = classify(parse_cards(["As", "Ks", "Qs", "Js", "Ts"]))
    wheel = classify(parse_cards(["Ah", "2h", "3h", "4h", "5h"]), Wheel.SECOND)
    assert category_of(royal.strength) is Category.ROYAL_FLUSH
    assert category_of(wheel.strength) is Category.STRAIGHT_FLUSH  # (8, 14, 5, 4, 3, 2): from the ace, not royal


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.sampled_from(list(Wheel)))
def test_a_chi_from_its_sorted_indices_is_the_chi_from_its_cards(cards, wheel):
    # The strategy builds its answers' chi from a sorted hand's indices: the same hand, laid out alike.
    for chi in (cards, cards[:3]):
        assert classify_indices(tuple(sorted(card.index for card in chi)), wheel) == classify(chi, wheel)
