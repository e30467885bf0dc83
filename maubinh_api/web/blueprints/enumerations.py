"""``GET /v1/enumerations``: every enumeration of the API with its labels, from the code itself.

A client (the playground among them) reads the keys a request may send and the words to show
for them here, instead of typing them in again: a code added to the service reaches it."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ...rules.arrangement import FoulCode, Position, bonus_label
from ...rules.chi import Category, Wheel
from ...rules.knobs import BONUS_KEYS, Knob, NaturalVsNatural, TableLimit
from ...rules.labels import LabelledCode
from ...rules.naturals import Natural
from ...rules.outcomes import MultiplierKind, NaturalOutcomeReason, PositionReason, SapLang
from ...strategy.analysis import Verdict
from ...strategy.bots import Style
from ...strategy.drills import Difficulty, Theme
from ...strategy.levels import Level
from ...strategy.optimiser import Objective
from ..cached_answers import revalidated
from ..operations import declare
from ..presenters import enumeration, labelled

blueprint = Blueprint("enumerations", __name__, url_prefix="/v1/enumerations")


def _all(codes: type[LabelledCode]) -> list[dict[str, Any]]:
    return [labelled(code) for code in codes]


def enumerations_json() -> dict[str, Any]:
    """Each enumeration's members, in the code's order, as ``{key, label: {en, vi}}``."""
    return {
        "levels": _all(Level),
        "styles": _all(Style),
        "verdicts": _all(Verdict),
        "objectives": _all(Objective),
        "positions": [enumeration(position.value, position.label) for position in Position],
        "categories": [enumeration(category.key, category.label) for category in Category],
        "naturals": _all(Natural),
        "foul_reasons": _all(FoulCode),
        "position_reasons": _all(PositionReason),
        "multipliers": _all(MultiplierKind),
        "natural_outcome_reasons": _all(NaturalOutcomeReason),
        "sap_lang_results": _all(SapLang),
        "drill_themes": _all(Theme),
        "difficulties": _all(Difficulty),
        "knobs": _all(Knob),
        # The knobs whose values come from a fixed set: the choices, and the keys the maps (and the
        # table limits) may hold.
        "knob_values": {
            "wheel": _all(Wheel),
            "natural_vs_natural": _all(NaturalVsNatural),
            "bonuses": [enumeration(key, bonus_label(key)) for key in BONUS_KEYS],
            "naturals": _all(Natural),
            "table": _all(TableLimit),
        },
    }


@blueprint.get("")
@declare("listEnumerations")
def list_enumerations() -> Response:
    """Every enumeration the API uses, with its English and Vietnamese labels."""
    return revalidated(jsonify(enumerations_json()))
