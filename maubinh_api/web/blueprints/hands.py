"""Classifying chi."""

from __future__ import annotations

from typing import Any, Final

from flask import Blueprint, Response
from marshmallow import ValidationError

from ...rules.cards import Card
from ...rules.chi import CHI_SIZES, check_chi, classify
from ...rules.errors import CardError
from ..cached_answers import cached_json, sorted_cards
from ..costs import per_item
from ..loading import variant_of
from ..operations import declare
from ..presenters import classified_chi_json, variant_json
from ..problems import located
from ..schemas import ClassifyBatchRequest, ClassifyRequest

blueprint = Blueprint("hands", __name__, url_prefix="/v1/hands")
_schema = ClassifyRequest()
_batch_schema = ClassifyBatchRequest()


#: The schema's own reading of a variant, which the quick read below uses.
_VARIANT: Final = _schema.fields["variant"]


def read_one_chi(body: dict[str, Any]) -> dict[str, Any] | None:
    """The most common request, ``{"cards": [3 or 5 cards], "variant": ...}``, read without the
    rest of the schema (the variant by the schema's own field); None (use the schema) for anything
    else, so errors are always the schema's."""
    cards = body.get("cards")
    if not isinstance(cards, list) or len(cards) not in CHI_SIZES or not body.keys() <= {"cards", "variant"}:
        return None
    try:
        parsed = [Card.parse(card) for card in cards]
        variant = _VARIANT.deserialize(body["variant"]) if "variant" in body else None
    except (CardError, ValidationError):
        return None
    return {"cards": parsed} if variant is None else {"cards": parsed, "variant": variant}


@blueprint.post("/classify")
@declare("classifyHands", schema=_schema, quick_read=read_one_chi)
def classify_hands(data: dict[str, Any]) -> Response:
    """One chi (``cards``), classified."""
    variant = variant_of(data)
    wheel = variant.rules.wheel
    reference = variant_json(variant)
    cards = data["cards"]
    with located("cards"):
        check_chi(cards)
    return cached_json(
        "classify",
        {"cards": sorted_cards(cards), "variant": reference},
        lambda: classified_chi_json(classify(cards, wheel)) | {"variant": reference},
    )


@blueprint.post("/classify/batch")
@declare("classifyBatch", cost=per_item("hands", "chi"), schema=_batch_schema, batch="hands")
def classify_batch(data: dict[str, Any]) -> Response:
    """A batch of chi (``hands``), classified, all or none."""
    variant = variant_of(data)
    wheel = variant.rules.wheel
    reference = variant_json(variant)
    hands = data["hands"]
    for index, cards in enumerate(hands):
        with located("hands", index):
            check_chi(cards)
    return cached_json(
        "classify-batch",
        {"hands": [sorted_cards(cards) for cards in hands], "variant": reference},
        lambda: {"results": [classified_chi_json(classify(cards, wheel)) for cards in hands], "variant": reference},
    )
