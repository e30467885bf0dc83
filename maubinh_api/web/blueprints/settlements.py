"""Settling tables: one, or a batch of them settled all or none."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from flask import Blueprint, Response
from marshmallow import ValidationError

from ...infra.metrics import SETTLEMENTS
from ...rules.arrangement import Arrangement
from ...rules.errors import pointer
from ...rules.money import parse_bet
from ...rules.settlement import settle
from ...rules.table import Seat, check_table
from ...rules.variants import Variant
from ..answers import cached_json, sorted_cards
from ..params import load, resolve, settings
from ..presenters import settlement_json, variant_json
from ..problems import Fault, Problem, errors_from_marshmallow, located
from ..schemas import SettlementBatchRequest, SettlementRequest

blueprint = Blueprint("settlements", __name__, url_prefix="/v1/settlements")
_table_schema = SettlementRequest()
_batch_schema = SettlementBatchRequest()


@dataclass(frozen=True)
class _Table:
    """A table read and checked, ready to settle."""

    variant: Variant
    bet: Decimal
    seats: tuple[Seat, ...]

    def material(self) -> dict[str, Any]:
        """The table in canonical form, for the cache key."""
        return {
            "variant": variant_json(self.variant),
            "bet": f"{self.bet:f}",
            "players": [
                {
                    "id": seat.id,
                    "declare_natural": seat.declare_natural,
                    "hand": None
                    if seat.arrangement is None
                    else {position.value: sorted_cards(hand.cards) for position, hand in seat.arrangement},
                }
                for seat in self.seats
            ],
        }

    def settle(self) -> dict[str, Any]:
        SETTLEMENTS.labels(variant=self.variant.name).inc()
        return settlement_json(settle(self.seats, self.variant, self.bet))


@blueprint.post("")
def settle_one() -> Response:
    """Settle one table of 2-4 players."""
    table = _read(load(_table_schema), settings().default_variant)
    return cached_json("settlement", table.material(), table.settle)


@blueprint.post("/batch")
def settle_batch() -> Response:
    """Settle up to 200 tables, all or none: like every batch, one bad table
    fails the request with a 422 naming every offending value of every table."""
    data = load(_batch_schema)
    default = data.get("variant", settings().default_variant)
    if "variant" in data:
        with located("variant"):
            resolve(default)  # a bad batch default is the request's fault, not a table's
    tables: list[_Table] = []
    errors: list[Fault] = []
    for index, raw in enumerate(data["tables"]):
        try:
            tables.append(_read(_table_schema.load(raw), default))
        except ValidationError as error:
            errors.extend(errors_from_marshmallow(error.messages, ("tables", index)))
        except Problem as raised:
            errors.extend(raised.relocated(pointer(("tables", index))).errors or [])
            if not raised.errors:  # a table refused as a whole still names its place
                errors.append(Fault(pointer(("tables", index)), raised.detail, raised.detail_vi))
    if errors:
        raise Problem.invalid(errors)
    material = [table.material() for table in tables]
    return cached_json("settlement-batch", material, lambda: {"results": [table.settle() for table in tables]})


def _read(data: Mapping[str, Any], default_variant: object) -> _Table:
    with located("variant"):
        variant = resolve(data.get("variant", default_variant))
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
        check_table(seats)
    return _Table(variant=variant, bet=bet, seats=tuple(seats))
