"""Checking a 13-card arrangement."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ...rules.arrangement import Arrangement, bonuses, foul_reasons
from ...rules.naturals import detect
from ..params import load, variant_of
from ..presenters import arrangement_json, bonus_json, foul_reason_json, natural_json, variant_json
from ..problems import located
from ..schemas import ValidateRequest

blueprint = Blueprint("arrangements", __name__, url_prefix="/v1/arrangements")
_validate_schema = ValidateRequest()


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
