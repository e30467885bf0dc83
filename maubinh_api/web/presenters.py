"""JSON forms of domain objects: the answers' building blocks.

Each function maps one domain value to the dictionary openapi.yaml
describes; views compose them and never shape JSON themselves.
"""

from __future__ import annotations

from typing import Any

from ..rules.arrangement import Arrangement, Bonus, FoulReason
from ..rules.hands import Hand
from ..rules.variants import Variant


def hand_json(hand: Hand) -> dict[str, Any]:
    """A classified chi (``Hand`` in openapi.yaml)."""
    return {
        "cards": [str(card) for card in hand.cards],
        "category": hand.category.key,
        "label": {"en": hand.category.label_en, "vi": hand.category.label_vi},
        "description": {"en": hand.description_en, "vi": hand.description_vi},
        "strength": list(hand.strength),
    }


def variant_json(variant: Variant) -> dict[str, Any]:
    """The ``variant`` member of every answer."""
    return {"name": variant.name, "fingerprint": variant.fingerprint, "overridden": list(variant.overridden)}


def variant_summary_json(variant: Variant) -> dict[str, Any]:
    """A preset in the list of ``GET /v1/variants``."""
    return {
        "name": variant.name,
        "title": variant.title,
        "description": variant.description,
        "sources": list(variant.sources),
        "fingerprint": variant.fingerprint,
    }


def variant_detail_json(variant: Variant) -> dict[str, Any]:
    """One preset, every knob resolved (``GET /v1/variants/{name}``)."""
    return variant_summary_json(variant) | {"rules": variant.rules.canonical()}


def arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    """The three chi, classified."""
    return {position.value: hand_json(hand) for position, hand in arrangement}


def foul_reason_json(reason: FoulReason) -> dict[str, str]:
    """One reason an arrangement is fouled."""
    return {"code": reason.code, "detail": reason.detail_en, "detail_vi": reason.detail_vi}


def bonus_json(bonus: Bonus) -> dict[str, Any]:
    """One bonus-table entry."""
    return {
        "position": bonus.position.value,
        "key": bonus.key,
        "value": bonus.value,
        "label": {"en": bonus.label_en, "vi": bonus.label_vi},
    }
