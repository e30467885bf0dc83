"""What a request costs in its tenant's limits: one unit per thing it asks for, and what it sent.

One unit per chi classified, arrangement validated or analysed, hand
optimised or played, table settled; a drill costs its theme's units (the
hands a drill of the theme takes to find, each valued as a hand optimised);
the other operations (variants, enumerations) cost one unit each.  A batch costs its items, counted from the
body as sent (bounded by the batch's own maximum), so a request that will be
refused costs what it asked for too: retrying bad requests is not free.

Reading a body is work too, whatever it holds: a request costs at least one
unit per ``BYTES_PER_UNIT`` bytes of body read.  No valid request comes near
that (a batch of 1,000 chi is about 40 KB for its 1,000 units), but a
megabyte of fields no operation reads costs 256 units, not one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, Final

from werkzeug.exceptions import RequestEntityTooLarge

from ..strategy.drills import MAX_DRILLS, UNITS, Theme
from .body import bytes_read
from .problems import Problem
from .schemas import DEFAULT_DRILLS

__all__ = ["BYTES_PER_UNIT", "COSTS", "cost_of"]

#: Bytes of body read per unit of cost.
BYTES_PER_UNIT: Final = 4096


def _items(name: str, most: int) -> Callable[[Mapping[str, Any]], int]:
    """A batch's count of ``name`` items as the body sent them (at least 1, at most ``most``)."""

    def cost(body: Mapping[str, Any]) -> int:
        items = body.get(name)
        return min(max(len(items), 1), most) if isinstance(items, list) else 1

    return cost


def _one(_body: Mapping[str, Any]) -> int:
    return 1


def _drills(body: Mapping[str, Any]) -> int:
    """The drills asked for (``DEFAULT_DRILLS`` unless said; at most ``MAX_DRILLS``) times the theme's units per drill
    (the candidate hands a drill of the theme takes to find; 1 for a theme the request misspells).  A count
    sent as ``20.0`` is the 20 drills the schema reads it as."""
    count = body.get("count", DEFAULT_DRILLS)
    if isinstance(count, Decimal) and count.is_finite() and count == count.to_integral_value():
        count = int(count) if count.adjusted() < 4 else MAX_DRILLS  # a huge count is refused, at its most
    count = min(max(count, 1), MAX_DRILLS) if isinstance(count, int) and not isinstance(count, bool) else 1
    theme = body.get("theme")
    return count * (UNITS[Theme(theme)] if theme in UNITS else 1)


#: endpoint -> its cost, from the body (openapi.yaml states each operation's cost as ``x-cost``).
COSTS: Final[dict[str, Callable[[Mapping[str, Any]], int]]] = {
    "hands.classify_hands": _one,
    "hands.classify_batch": _items("hands", 1000),
    "arrangements.validate_arrangement": _one,
    "arrangements.optimal_arrangement": _one,
    "arrangements.optimal_batch": _items("hands", 100),
    "arrangements.analyse_arrangement": _one,
    "arrangements.analyse_batch": _items("arrangements", 100),
    "arrangements.play_hand": _one,
    "settlements.settle_one": _one,
    "settlements.settle_batch": _items("tables", 200),
    "drills.deal_drills": _drills,
}


def cost_of(endpoint: str | None, read_body: Callable[[], Mapping[str, Any]]) -> int:
    """The cost of the current request: its items (1 for an operation without a body, or a
    body that does not read), and at least a unit per ``BYTES_PER_UNIT`` bytes read."""
    rule = COSTS.get(endpoint or "")
    if rule is None:
        return 1
    try:
        items = rule(read_body())
    except (Problem, RequestEntityTooLarge):  # the view answers the problem; reading it still costs
        items = 1
    return max(items, -(-bytes_read() // BYTES_PER_UNIT))
