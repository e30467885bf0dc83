"""Drills: seeded hands chosen so that a decision matters, by theme, for a player to practise on
(each graded afterwards by ``POST /v1/arrangements/analysis``)."""

from __future__ import annotations

import secrets
from typing import Any

import orjson
from flask import Blueprint, Response

from ...strategy.drills import Theme, tries
from ...strategy.levels import Level
from ..cached_answers import cached_json, fresh_json
from ..costs import DRILLS
from ..kernel_calls import kernel_call
from ..loading import hand_service, load, variant_of
from ..operations import declare
from ..presenters import drills_json, variant_json, yardsticks_json
from ..schemas import DrillsRequest
from ..services import services

blueprint = Blueprint("drills", __name__, url_prefix="/v1/drills")
_drills_schema = DrillsRequest()


@blueprint.post("")
@declare("dealDrills", cost=DRILLS, values_hands=True, schema=_drills_schema)
def deal_drills() -> Response:
    """``count`` drills of a theme under the variant, the same for the same seed."""
    data = load()
    variant = variant_of(data)
    reference = variant_json(variant)
    theme = Theme(data["theme"])
    level = Level(data["level"])
    count: int = data["count"]
    opponents: int = data["opponents"]
    seeded = "seed" in data
    seed: int = data["seed"] if seeded else secrets.randbits(53)  # exact as a JSON number anywhere

    def answer() -> dict[str, Any]:
        service = hand_service()
        with kernel_call("drills", variant, "drills"):
            found = service.drills(theme, count, seed, variant, opponents=opponents, level=level)
        # The levels on this theme's drills (random deals' for the random theme): what a run of them is judged by.
        yardsticks = yardsticks_json(service.yardsticks(variant.name, opponents, theme))
        return drills_json(found) | {"yardsticks": yardsticks, "variant": reference}

    if not seeded:  # a drawn seed: no other request can share this answer
        response = fresh_json(answer())
    else:
        material = {
            "theme": theme.value,
            "count": count,
            "seed": seed,
            "level": level.value,
            "opponents": opponents,
            "variant": reference,
        }
        response = cached_json("drills", material, answer)
    # The search reserved the most hands it could value; it pays those it valued (the same for the
    # same request, cached or not), and a search that found too few (a 422) paid them all.
    tried: int = orjson.loads(response.get_data())["tried"]
    services().charges.give_back(tries(theme, count) - tried)
    return response
