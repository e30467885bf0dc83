"""Classifying chi."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ...rules.hands import classify
from ..params import load, variant_of
from ..presenters import hand_json, variant_json
from ..problems import located
from ..schemas import ClassifyRequest

blueprint = Blueprint("hands", __name__, url_prefix="/v1/hands")
_schema = ClassifyRequest()


@blueprint.post("/classify")
def classify_hands() -> dict[str, Any]:
    """One chi (``cards``) or up to 1,000 (``hands``), classified."""
    data = load(_schema)
    variant = variant_of(data)
    wheel = variant.rules.wheel
    if "cards" in data:
        with located("cards"):
            hand = classify(data["cards"], wheel)
        return hand_json(hand) | {"variant": variant_json(variant)}
    results = []
    for index, cards in enumerate(data["hands"]):
        with located("hands", index):
            results.append(hand_json(classify(cards, wheel)))
    return {"results": results, "variant": variant_json(variant)}
