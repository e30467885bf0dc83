"""Checking a 13-card arrangement, and finding the best one."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response

from ...infra.metrics import SOLVER_DURATION
from ...rules.arrangement import Arrangement, bonuses, foul_reasons
from ...rules.cards import Card, check_hand
from ...rules.naturals import detect
from ...rules.variants import Variant
from ...strategy.optimiser import Objective, optimise
from ..answers import cached_json, sorted_cards
from ..params import load, variant_of
from ..presenters import (
    arrangement_json,
    bonus_json,
    foul_reason_json,
    natural_json,
    solution_json,
    variant_json,
)
from ..problems import located
from ..schemas import OptimalRequest, ValidateRequest

blueprint = Blueprint("arrangements", __name__, url_prefix="/v1/arrangements")
_validate_schema = ValidateRequest()
_optimal_schema = OptimalRequest()


@blueprint.post("/validate")
def validate_arrangement() -> Response:
    """Classify the three chi, say whether the arrangement is fouled and why,
    list the bonus entries it would earn, and name its natural, if any."""
    data = load(_validate_schema)
    variant = variant_of(data)
    with located("arrangement"):
        arrangement = Arrangement.from_cards(**data["arrangement"], wheel=variant.rules.wheel)
    reference = variant_json(variant)

    def answer() -> dict[str, Any]:
        reasons = foul_reasons(arrangement, variant.rules)
        return {
            "fouled": bool(reasons),
            "reasons": [foul_reason_json(reason) for reason in reasons],
            "chi": arrangement_json(arrangement),
            "bonuses": [] if reasons else [bonus_json(bonus) for bonus in bonuses(arrangement, variant.rules)],
            "natural": natural_json(detect(arrangement.cards, variant.rules)),
            "variant": reference,
        }

    material = {position.value: sorted_cards(hand.cards) for position, hand in arrangement} | {"variant": reference}
    return cached_json("validate", material, answer)


@blueprint.post("/optimal")
def optimal_arrangement() -> Response:
    """The best arrangement of 13 cards (or of up to 100 hands), with the next
    best distinct ones and each one's expected points per opponent."""
    data = load(_optimal_schema)
    variant = variant_of(data)
    reference = variant_json(variant)
    options = {"objective": Objective(data["objective"]), "top": data["top"], "opponents": data["opponents"]}
    material: dict[str, Any] = {"variant": reference} | {key: str(value) for key, value in options.items()}
    if "cards" in data:
        cards = data["cards"]
        with located("cards"):
            check_hand(cards)
        material["cards"] = sorted_cards(cards)
        return cached_json("optimal", material, lambda: _solve(cards, variant, options) | {"variant": reference})
    hands = data["hands"]
    for index, cards in enumerate(hands):
        with located("hands", index):
            check_hand(cards)
    material["hands"] = [sorted_cards(cards) for cards in hands]
    return cached_json(
        "optimal-batch",
        material,
        lambda: {"results": [_solve(cards, variant, options) for cards in hands], "variant": reference},
    )


def _solve(cards: Sequence[Card], variant: Variant, options: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    solution = optimise(cards, variant, **options)
    SOLVER_DURATION.labels(objective=options["objective"].value).observe(time.perf_counter() - started)
    return solution_json(solution)
