"""Settling tables: one, or a batch in which each table stands alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint
from marshmallow import ValidationError

from ...rules.arrangement import Arrangement
from ...rules.errors import pointer
from ...rules.money import parse_bet
from ...rules.settlement import Seat, Settlement, settle
from ...rules.variants import resolve_variant
from ..params import load, settings
from ..presenters import settlement_json
from ..problems import Problem, errors_from_marshmallow, located
from ..schemas import SettlementBatchRequest, SettlementRequest

blueprint = Blueprint("settlements", __name__, url_prefix="/v1/settlements")
_table_schema = SettlementRequest()
_batch_schema = SettlementBatchRequest()


@blueprint.post("")
def settle_one() -> dict[str, Any]:
    """Settle one table of 2-4 players."""
    data = load(_table_schema)
    return settlement_json(_settle(data, settings().default_variant))


@blueprint.post("/batch")
def settle_batch() -> dict[str, Any]:
    """Settle up to 200 tables; a bad table gets its own error entry."""
    data = load(_batch_schema)
    default = data.get("variant", settings().default_variant)
    if "variant" in data:
        with located("variant"):
            resolve_variant(default)  # a bad batch default is the request's fault, not a table's
    results = []
    for index, table in enumerate(data["tables"]):
        try:
            settlement = _settle(_table_schema.load(table), default)
        except ValidationError as error:
            problem = Problem.invalid(errors_from_marshmallow(error.messages, ("tables", index)))
        except Problem as raised:
            problem = raised.relocated(pointer(("tables", index)))
        else:
            results.append({"index": index, "status": 200, "settlement": settlement_json(settlement)})
            continue
        results.append({"index": index, "status": problem.status, "problem": problem.body()})
    settled = sum(result["status"] == 200 for result in results)
    return {"results": results, "settled": settled, "failed": len(results) - settled}


def _settle(data: Mapping[str, Any], default_variant: object) -> Settlement:
    with located("variant"):
        variant = resolve_variant(data.get("variant", default_variant))
    with located("bet"):
        bet = parse_bet(data["bet"], variant.rules.amount_decimals)
    seats = []
    for index, player in enumerate(data["players"]):
        arrangement = None
        if "arrangement" in player:
            with located("players", index, "arrangement"):
                arrangement = Arrangement.from_cards(**player["arrangement"], wheel=variant.rules.wheel)
        seats.append(Seat(id=player["id"], arrangement=arrangement, declare_natural=player["declare_natural"]))
    with located("players"):
        return settle(seats, variant, bet)
