"""The answers' building blocks: a chi's value is built once per distinct score and says what the hand says."""

from __future__ import annotations

import random

import numpy as np

from maubinh_api.rules.cards import DECK
from maubinh_api.rules.chi import Wheel, classify
from maubinh_api.rules.evaluator import Evaluator
from maubinh_api.web.presenters import classified_chi_json, warm_chi_values


def test_every_chi_value_is_built_once_before_any_request():
    # 7,462 distinct five-card values and 455 three-card ones under each wheel setting; the second
    # wheel ranks two values differently (the straight and the straight flush A-2-3-4-5).
    distinct = set()
    for wheel in Wheel:
        evaluator = Evaluator.for_wheel(wheel)
        fives = np.concatenate([evaluator.multiset5, evaluator.flush5])
        distinct |= {(score, 5) for score in fives[fives >= 0].tolist()}
        distinct |= {(score, 3) for score in evaluator.multiset3.tolist()}
    assert len(distinct) == 7_462 + 455 + 2
    assert warm_chi_values() == len(distinct)


def test_a_chi_answer_says_what_its_hand_says():
    rng = random.Random(27)
    for _ in range(2_000):
        wheel = rng.choice(list(Wheel))
        hand = classify(rng.sample(DECK, rng.choice((3, 5))), wheel)
        category = hand.category
        assert classified_chi_json(hand) == {
            "cards": [str(card) for card in hand.cards],
            "category": {"key": category.key, "label": {"en": category.label.en, "vi": category.label.vi}},
            "description": {"en": hand.description.en, "vi": hand.description.vi},
            "strength": list(hand.strength),
        }
