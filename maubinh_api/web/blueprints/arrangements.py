"""Checking a 13-card arrangement."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ...rules.arrangement import Arrangement, bonuses, foul_reasons
from ...rules.naturals import detect
from ...rules.optimiser import Objective, optimise
from ..params import load, variant_of
from ..presenters import arrangement_json, bonus_json, foul_reason_json, natural_json, solution_json, variant_json
from ..problems import located
from ..schemas import OptimalRequest, ValidateRequest

blueprint = Blueprint("arrangements", __name__, url_prefix="/v1/arrangements")
_validate_schema = ValidateRequest()
_optimal_schema = OptimalRequest()


@blueprint.post("/validate")
def validate_arrangement() -> dict[str, Any]:
    """Classify the three chi, say whether the arrangement is fouled and why,
    list the bonus entries it would earn, and name its natural, if any."""
    data = load(_validate_schema)
    variant = variant_of(data)
    with located("arrangement"):
        arrangement = Arrangement.from_cards(**data["arrangement"], wheel=variant.rules.wheel)
    reasons = foul_reasons(arrangement, variant.rules)
    return {
        "fouled": bool(reasons),
        "reasons": [foul_reason_json(reason) for reason in reasons],
        "chi": arrangement_json(arrangement),
        "bonuses": [] if reasons else [bonus_json(bonus) for bonus in bonuses(arrangement, variant.rules)],
        "natural": natural_json(detect(arrangement.cards, variant.rules)),
        "variant": variant_json(variant),
    }


@blueprint.post("/optimal")
def optimal_arrangement() -> dict[str, Any]:
    """The best arrangement of 13 cards (or of up to 100 hands), with the next
    best distinct ones and each one's expected points per opponent."""
    data = load(_optimal_schema)
    variant = variant_of(data)
    options = {
        "objective": Objective(data["objective"]),
        "top": data["top"],
        "opponents": data["opponents"],
    }
    if "cards" in data:
        with located("cards"):
            solution = optimise(data["cards"], variant, **options)
        return solution_json(solution) | {"variant": variant_json(variant)}
    results = []
    for index, cards in enumerate(data["hands"]):
        with located("hands", index):
            results.append(solution_json(optimise(cards, variant, **options)))
    return {"results": results, "variant": variant_json(variant)}
