"""Settling tables: one, or a batch of them settled all or none."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

import orjson
from flask import Blueprint, Response
from marshmallow import ValidationError

from ...infra.metrics import SETTLEMENTS
from ...rules.arrangement import Arrangement
from ...rules.errors import ErrorCode, RuleError, pointer
from ...rules.money import parse_bet
from ...rules.table import Seat, check_table
from ...rules.variants import Variant
from ...service.foul_costs import foul_costs
from ...service.settling import settle_table
from ..cached_answers import sorted_cards
from ..context import context
from ..costs import SETTLE_BATCH, SETTLE_ONE, foul_cost_seats
from ..loading import hand_service, resolve, settings
from ..operations import declare
from ..presenters import settlement_json, variant_json
from ..problems import InvalidValue, Problem, errors_from_marshmallow, located
from ..receipted_answers import receipted_json
from ..schemas import SettlementBatchRequest, SettlementRequest

T = TypeVar("T")

blueprint = Blueprint("settlements", __name__, url_prefix="/v1/settlements")
_table_schema = SettlementRequest()
_batch_schema = SettlementBatchRequest()


@dataclass(frozen=True)
class _Table:
    """A table read and checked, ready to settle."""

    variant: Variant
    bet: Decimal
    seats: tuple[Seat, ...]
    foul_cost: bool = False  #: whether each fouled seat's cost is asked for

    def material(self) -> dict[str, Any]:
        """The table in canonical form, for the cache key (a table that asks no foul cost keeps the
        key it had before ``foul_cost`` was)."""
        asked = {"foul_cost": True} if self.foul_cost else {}
        return asked | {
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
        settlement = settle_table(self.seats, self.variant, self.bet)
        if not self.foul_cost:
            return settlement_json(settlement)
        return settlement_json(settlement, foul_costs(hand_service(), self.seats, self.variant, settlement))


def _asks_foul_cost(body: Mapping[str, Any]) -> bool:
    return foul_cost_seats(body) > 0


def _batch_asks_foul_cost(body: Mapping[str, Any]) -> bool:
    return any(foul_cost_seats(table) > 0 for table in body["tables"])


@blueprint.post("")
@declare("settleTable", cost=SETTLE_ONE, values_hands=_asks_foul_cost, schema=_table_schema)
def settle_one(data: dict[str, Any]) -> Response:
    """Settle one table of 2-4 players."""
    table = _read(data, settings().default_variant)
    fingerprints = [table.variant.fingerprint]
    return _given_back(
        [table],
        receipted_json(
            "settlement", table.material(), table.settle, operation="settleTable", fingerprints=fingerprints
        ),
    )


@blueprint.post("/batch")
@declare("settleTables", cost=SETTLE_BATCH, values_hands=_batch_asks_foul_cost, schema=_batch_schema, batch="tables")
def settle_batch(data: dict[str, Any]) -> Response:
    """Settle a batch of tables, all or none: like every batch, one bad table fails the request
    with a 422 naming every offending value of every table."""
    tables = _tables(data)
    return _given_back(
        tables,
        receipted_json(
            "settlement-batch",
            [table.material() for table in tables],
            lambda: {"results": [table.settle() for table in tables]},
            operation="settleTables",
            fingerprints=[table.variant.fingerprint for table in tables],
        ),
    )


def _given_back(tables: Sequence[_Table], answer: Response) -> Response:
    """``answer``, the units its foul costs reserved and did not use given back: a unit was reserved
    for each player of a table that asked (:data:`~maubinh_api.web.costs.SETTLE_ONE`), one is kept
    for each fouled seat valued (counted in the answer, which may come from the cache)."""
    reserved = sum(len(table.seats) for table in tables if table.foul_cost)
    if reserved:
        found = orjson.loads(answer.get_data())
        settled = found.get("results", [found])
        valued = sum(player.get("foul_cost") is not None for table in settled for player in table["players"])
        context().unused = reserved - valued
    return answer


def _tables(data: dict[str, Any]) -> list[_Table]:
    """A batch's tables, each read as one table is (under the batch's variant unless it names its
    own), or one 422 naming every offending value of every table."""
    default = data.get("variant", settings().default_variant)
    if "variant" in data:
        with located("variant"):
            resolve(default)  # a bad batch default is the request's fault, not a table's
    tables: list[_Table] = []
    errors: list[InvalidValue] = []
    for index, raw in enumerate(data["tables"]):
        try:
            tables.append(_read(_table_schema.load(raw), default))
        except ValidationError as error:
            errors.extend(errors_from_marshmallow(error.messages, ("tables", index)))
        except Problem as raised:
            errors.extend(raised.relocated(pointer(("tables", index))).errors or [])
            if not raised.errors:  # a table refused as a whole still names its place
                errors.append(InvalidValue(pointer(("tables", index)), raised.detail, ErrorCode.INVALID_VALUE))
    if errors:
        raise Problem.invalid(errors)
    return tables


def _read(data: Mapping[str, Any], default_variant: object) -> _Table:
    """The table a loaded body holds; a 422 names every bad value of it, not only the first."""
    with located("variant"):
        variant = resolve(data.get("variant", default_variant))
    faults: list[InvalidValue] = []
    bet = _gathered(faults, ("bet",), lambda: parse_bet(data["bet"], variant.rules.amount_decimals))
    seats = []
    for index, player in enumerate(data["players"]):
        arrangement = None
        if "arrangement" in player:
            chi: dict[str, Any] = player["arrangement"]
            arrangement = _gathered(
                faults, ("players", index, "arrangement"), functools.partial(_arranged, chi, variant)
            )
        seats.append(Seat(id=player["id"], arrangement=arrangement, declare_natural=player["declare_natural"]))
    if faults:
        raise Problem.invalid(faults)
    assert bet is not None
    with located("players"):
        check_table(seats)
    return _Table(variant=variant, bet=bet, seats=tuple(seats), foul_cost=data["foul_cost"])


def _arranged(chi: dict[str, Any], variant: Variant) -> Arrangement:
    return Arrangement.from_cards(**chi, wheel=variant.rules.wheel)


def _gathered(faults: list[InvalidValue], where: tuple[str | int, ...], step: Callable[[], T]) -> T | None:
    """``step()``, or None with its rule error added to ``faults`` at ``where``."""
    try:
        return step()
    except RuleError as error:
        faults.append(InvalidValue.of(error.at(*where)))
        return None
