"""Drills: seeded hands chosen so that a decision matters, by theme, for a player to practise on
(each graded afterwards by ``POST /v1/arrangements/analysis``)."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Blueprint, Response

from ...rules.variants import Variant
from ...strategy.drills import Theme, tries
from ...strategy.levels import Level
from ..cached_answers import cached_unless_drawn
from ..context import context
from ..costs import DRILLS
from ..kernel_calls import kernel_call
from ..loading import hand_service, seed_of, variant_of
from ..operations import declare
from ..presenters import drills_json, variant_json, yardsticks_json
from ..schemas import DrillsRequest

blueprint = Blueprint("drills", __name__, url_prefix="/v1/drills")
_drills_schema = DrillsRequest()


@blueprint.post("")
@declare("dealDrills", cost=DRILLS, values_hands=True, schema=_drills_schema)
def deal_drills(data: dict[str, Any]) -> Response:
    """``count`` drills of a theme under the variant, the same for the same seed."""
    variant = variant_of(data)
    theme, level = Theme(data["theme"]), Level(data["level"])
    asked = {"theme": theme.value, "count": data["count"], "seed": seed_of(data), "level": level.value}
    asked |= {"opponents": data["opponents"], "variant": variant_json(variant)}
    response = cached_unless_drawn("seed" in data, "drills", asked, lambda: _drills(asked, variant))
    # The search reserved the most hands it could value; it pays those it valued (the same for the
    # same request, cached or not), and a search that found too few (a 422) paid them all.
    context().unused = tries(theme, data["count"]) - orjson.loads(response.get_data())["tried"]
    return response


def _drills(asked: dict[str, Any], variant: Variant) -> dict[str, Any]:
    """The drills ``asked`` for (the request's canonical form), with the yardsticks a run of them
    is judged by: the levels on this theme's drills (random deals' for the random theme)."""
    service = hand_service()
    theme, opponents = Theme(asked["theme"]), asked["opponents"]
    with kernel_call("drills", variant, "drills"):
        found = service.drills(
            theme, asked["count"], asked["seed"], variant, opponents=opponents, level=Level(asked["level"])
        )
    yardsticks = yardsticks_json(service.yardsticks(variant.name, opponents, theme))
    return drills_json(found) | {"yardsticks": yardsticks, "variant": asked["variant"]}
