"""What a request costs in its tenant's limits: what it asks for, and at least its reading.

A unit is about what one hand optimised, one arrangement analysed or one hand of a drill
search costs a worker, 1 to 2 ms at the most (``make bench-unit-cost`` prints each
request shape's time per unit); a request is priced once its body is read and validated
(:func:`cost_of`): one unit per chi classified, arrangement validated or analysed, hand
optimised or played, table settled; a drills request reserves the most hands its search
may value (:func:`~maubinh_api.strategy.drills.tries`) and is given back those it did not
value; the other operations one.  An operation that values hands under a variant with
overrides pays ``TABLES_UNITS`` more when the tenant's tables of that variant are not built
yet (building them is its first request's work; ``OWN_ROWS_UNITS`` when the hand bank's rows must be
built for it too).

Whatever it asks for, a request costs at least its **reading**: a unit per
``BYTES_PER_UNIT`` bytes of body, at least one (:func:`reading_cost`).  That is all a request
refused before its work pays (a body refused as malformed, too large or too costly, a 503 for
want of a place), so that such a body is never free to send again; no valid request's reading
comes near its items (a batch of 1,000 chi is about 32 KB for its 1,000 units), but a megabyte
of fields no operation reads costs 256 units, not one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..rules.table import MAX_PLAYERS
from ..rules.variants import Variant, preset
from ..service.hands import HandService
from ..strategy.drills import RESERVE, TRIES_PER_DRILL, UNITS, Theme, tries

__all__ = [
    "BYTES_PER_UNIT",
    "DRILLS",
    "OWN_ROWS_UNITS",
    "SETTLE_BATCH",
    "SETTLE_ONE",
    "TABLES_NOTE",
    "TABLES_UNITS",
    "Cost",
    "cost_of",
    "flat",
    "foul_cost_seats",
    "per_item",
    "reading_cost",
    "tables_units",
]

#: Bytes of body read per unit of cost.
BYTES_PER_UNIT: Final = 4096
#: What building a variant's tables for a tenant costs (about 3 ms: odds, scoring, kernel tables, their native copy).
TABLES_UNITS: Final = 3
#: What building them costs when the variant's ``wheel`` or ``sap_lang`` differs from its preset's: the
#: hand bank's rows are built for it too (3 to 6 MB; about 9 ms in all).
OWN_ROWS_UNITS: Final = 6


def reading_cost(length: int) -> int:
    """The units of reading a body of ``length`` bytes (at least one: every request is work).

    >>> reading_cost(0), reading_cost(4096), reading_cost(4097), reading_cost(1024 * 1024)
    (1, 1, 2, 256)
    """
    return max(1, -(-length // BYTES_PER_UNIT))


@dataclass(frozen=True)
class Cost:
    """What a validated request asks for, in units (``units``), and how openapi.yaml states it
    (``text``, its ``x-cost``)."""

    units: Callable[[Mapping[str, Any]], int]
    text: str


def flat(units: int = 1, note: str = "") -> Cost:
    """The same ``units`` whatever the body; ``note`` follows the count in the spec's words.

    >>> flat().text, flat(1, " (one table)").text
    ('1 unit', '1 unit (one table)')
    """
    return Cost(lambda _body: units, f"{units} unit{'' if units == 1 else 's'}{note}")


def per_item(name: str, noun: str) -> Cost:
    """A batch's unit per item of its ``name`` list (a ``noun``), as validated.

    >>> per_item("tables", "table").text
    'one unit per table in `tables`'
    """

    def units(body: Mapping[str, Any]) -> int:
        return len(body[name])

    return Cost(units, f"one unit per {noun} in `{name}`")


def _drills(body: Mapping[str, Any]) -> int:
    """The most candidate hands the search may value, reserved (what it did not value is given back)."""
    return tries(Theme(body["theme"]), body["count"])


#: A drills request: it reserves the most hands its search may value.
DRILLS: Final = Cost(
    _drills,
    "one unit per hand the search values: it reserves the most it may value, its theme's units times "
    f"({TRIES_PER_DRILL} × `count` + {RESERVE}) ("
    + ", ".join(f"{theme.value} {UNITS[theme]}" for theme in Theme)
    + "), and gives back what it did not value",
)


def foul_cost_seats(table: object) -> int:
    """The seats a table's ``foul_cost`` reserves a unit for: each player's (at most a table's 4;
    a batch's tables are costed before each is read, so a table is taken as sent).

    >>> foul_cost_seats({"foul_cost": True, "players": [{}, {}, {}]}), foul_cost_seats({"players": [{}, {}]})
    (3, 0)
    """
    if not isinstance(table, Mapping) or table.get("foul_cost") is not True:
        return 0
    players = table.get("players")
    return min(len(players), MAX_PLAYERS) if isinstance(players, list) else 0


def _settle_one(body: Mapping[str, Any]) -> int:
    return 1 + foul_cost_seats(body)


def _settle_batch(body: Mapping[str, Any]) -> int:
    return sum(1 + foul_cost_seats(table) for table in body["tables"])


_FOUL_COST_NOTE = (
    "and one more per player of a table whose `foul_cost` is true (a fouled seat's best legal play is "
    "valued), given back for each player who did not foul"
)
#: A settlement: a unit for the table, and one per fouled seat whose cost it asks for.
SETTLE_ONE: Final = Cost(_settle_one, f"1 unit (one table), {_FOUL_COST_NOTE}")
#: A batch of settlements: the same for each table.
SETTLE_BATCH: Final = Cost(_settle_batch, f"one unit per table in `tables`, {_FOUL_COST_NOTE}")
#: What the spec adds to the cost of an operation that values hands (:func:`cost_of`).
TABLES_NOTE: Final = (
    f"{TABLES_UNITS} more under a variant with overrides whose tables the tenant has not built yet, {OWN_ROWS_UNITS}"
    " when it changes its preset's `wheel` or `sap_lang`"
)


def tables_units(variant: Variant) -> int:
    """What building ``variant``'s tables costs: more when its hand bank's rows cannot be its preset's.

    >>> from maubinh_api.rules.variants import resolve_variant
    >>> tables_units(resolve_variant({"preset": "classic", "overrides": {"scoop_multiplier": 3}}))
    3
    >>> tables_units(resolve_variant({"preset": "classic", "overrides": {"wheel": "second"}}))
    6
    """
    rules, own = variant.rules, preset(variant.name).rules
    return TABLES_UNITS if (rules.wheel, rules.sap_lang) == (own.wheel, own.sap_lang) else OWN_ROWS_UNITS


def cost_of(cost: Cost, values_hands: bool, body: Mapping[str, Any], service: HandService) -> int:
    """The units of a validated request for the caller ``service`` serves: ``cost``'s, and
    ``TABLES_UNITS`` more when it values hands under a variant whose tables that caller has not
    built (a body that names no variant plays the default preset, whose are)."""
    units = cost.units(body)
    if values_hands:
        variant = body.get("variant")
        if isinstance(variant, Variant) and not service.holds_tables(variant):
            units += tables_units(variant)
    return units
