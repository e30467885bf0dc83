"""Classifying chi."""

from __future__ import annotations

from flask import Blueprint, Response

from ...rules.hands import check_chi, classify
from ..answers import cached_json, sorted_cards
from ..params import load, variant_of
from ..presenters import hand_json, variant_json
from ..problems import located
from ..schemas import ClassifyRequest

blueprint = Blueprint("hands", __name__, url_prefix="/v1/hands")
_schema = ClassifyRequest()


@blueprint.post("/classify")
def classify_hands() -> Response:
    """One chi (``cards``) or up to 1,000 (``hands``), classified."""
    data = load(_schema)
    variant = variant_of(data)
    wheel = variant.rules.wheel
    reference = variant_json(variant)
    if "cards" in data:
        cards = data["cards"]
        with located("cards"):
            check_chi(cards)
        return cached_json(
            "classify",
            {"cards": sorted_cards(cards), "variant": reference},
            lambda: hand_json(classify(cards, wheel)) | {"variant": reference},
        )
    hands = data["hands"]
    for index, cards in enumerate(hands):
        with located("hands", index):
            check_chi(cards)
    return cached_json(
        "classify-batch",
        {"hands": [sorted_cards(cards) for cards in hands], "variant": reference},
        lambda: {"results": [hand_json(classify(cards, wheel)) for cards in hands], "variant": reference},
    )
