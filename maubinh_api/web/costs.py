"""What a request costs in its tenant's limits: reading it, then what it asks for.

A unit is about what one hand optimised, one arrangement analysed or one hand of a drill
search costs a worker, 1 to 2 ms at the most (``make bench-fairness`` prints each
operation's time per unit); a request pays in two steps:

1. **Reading**, before its body is parsed: a unit per ``BYTES_PER_UNIT`` bytes of body,
   at least one (:func:`reading_cost`).  It is spent whatever follows, so that a body
   refused as malformed, too large or too costly is never free to send again; one whose
   reading alone costs more than a whole limit spends what is left of it and is refused.
2. **What it asks for**, once the body is validated (:func:`cost_of`), less what reading
   it spent: one unit per chi classified, arrangement validated or analysed, hand
   optimised or played, table settled; a drills request reserves the most hands its
   search may value (:func:`~maubinh_api.strategy.drills.tries`) and is given back those
   it did not value; the other operations one.  An operation that values hands under a
   variant with overrides pays ``TABLES_UNITS`` more when the tenant's tables of that
   variant are not built yet (building them is its first request's work).

No valid request's reading comes near its items (a batch of 1,000 chi is about 32 KB for
its 1,000 units), but a megabyte of fields no operation reads costs 256 units, not one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..rules.variants import Variant
from ..service.hands import HandService
from ..strategy.drills import Theme, tries

__all__ = ["BYTES_PER_UNIT", "COSTS", "TABLES_UNITS", "VALUES_HANDS", "cost_of", "reading_cost"]

#: Bytes of body read per unit of cost.
BYTES_PER_UNIT: Final = 4096
#: What building a variant's tables for a tenant costs (about 3 ms: odds, scoring, kernel tables, their native copy).
TABLES_UNITS: Final = 3


def reading_cost(length: int) -> int:
    """The units of reading a body of ``length`` bytes (at least one: every request is work).

    >>> reading_cost(0), reading_cost(4096), reading_cost(4097), reading_cost(1024 * 1024)
    (1, 1, 2, 256)
    """
    return max(1, -(-length // BYTES_PER_UNIT))


def _items(name: str) -> Callable[[Mapping[str, Any]], int]:
    """A batch's count of ``name`` items, as validated."""

    def cost(body: Mapping[str, Any]) -> int:
        return len(body[name])

    return cost


def _one(_body: Mapping[str, Any]) -> int:
    return 1


def _drills(body: Mapping[str, Any]) -> int:
    """The most candidate hands the search may value, reserved (what it did not value is given back)."""
    return tries(Theme(body["theme"]), body["count"])


#: endpoint -> its cost, from the validated body (openapi.yaml states each operation's cost as ``x-cost``).
COSTS: Final[dict[str, Callable[[Mapping[str, Any]], int]]] = {
    "hands.classify_hands": _one,
    "hands.classify_batch": _items("hands"),
    "arrangements.validate_arrangement": _one,
    "arrangements.validate_batch": _items("arrangements"),
    "arrangements.optimal_arrangement": _one,
    "arrangements.optimal_batch": _items("hands"),
    "arrangements.analyse_arrangement": _one,
    "arrangements.analyse_batch": _items("arrangements"),
    "arrangements.play_hand": _one,
    "settlements.settle_one": _one,
    "settlements.settle_batch": _items("tables"),
    "drills.deal_drills": _drills,
}
#: The operations that value hands, and so build the tables of the variant they are asked under.
VALUES_HANDS: Final = frozenset(
    {
        "arrangements.optimal_arrangement",
        "arrangements.optimal_batch",
        "arrangements.analyse_arrangement",
        "arrangements.analyse_batch",
        "arrangements.play_hand",
        "drills.deal_drills",
    }
)


def cost_of(endpoint: str | None, body: Mapping[str, Any], service: HandService) -> int:
    """The units of a validated request to ``endpoint`` for the caller ``service`` serves (the
    tables it has built; a body that names no variant plays the default preset, whose are)."""
    rule = COSTS.get(endpoint or "")
    units = 1 if rule is None else rule(body)
    if endpoint in VALUES_HANDS:
        variant = body.get("variant")
        if isinstance(variant, Variant) and not service.holds_tables(variant):
            units += TABLES_UNITS
    return units
