"""What a request costs in its tenant's limits: one unit per thing it asks for.

One unit per chi classified, arrangement validated or analysed, hand
optimised or played, table settled; the other operations (variants, usage)
cost one unit each.  A batch costs its items, counted from the body as sent
(bounded by the batch's own maximum), so a request that will be refused
costs what it asked for too: retrying bad requests is not free.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from .problems import Problem

__all__ = ["COSTS", "cost_of"]


def _items(name: str, most: int) -> Callable[[Mapping[str, Any]], int]:
    """A batch's count of ``name`` items when the body has them, else 1 (a single request)."""

    def cost(body: Mapping[str, Any]) -> int:
        items = body.get(name)
        return min(max(len(items), 1), most) if isinstance(items, list) else 1

    return cost


#: endpoint -> its cost, from the body (openapi.yaml states each operation's cost as ``x-cost``).
COSTS: Final[dict[str, Callable[[Mapping[str, Any]], int]]] = {
    "hands.classify_hands": _items("hands", 1000),
    "arrangements.validate_arrangement": lambda _body: 1,
    "arrangements.optimal_arrangement": _items("hands", 100),
    "arrangements.analyse_arrangement": _items("arrangements", 100),
    "arrangements.play_hand": lambda _body: 1,
    "settlements.settle_one": lambda _body: 1,
    "settlements.settle_batch": _items("tables", 200),
}


def cost_of(endpoint: str | None, read_body: Callable[[], Mapping[str, Any]]) -> int:
    """The cost of the current request (1 for an operation without a body or a body that does not read)."""
    rule = COSTS.get(endpoint or "")
    if rule is None:
        return 1
    try:
        return rule(read_body())
    except Problem:  # unreadable: the view answers the problem; the request still costs a unit
        return 1
