"""Each operation of the service declared once, on its view: its operationId, the scope a key needs,
what it costs, whether it values hands (a heavy request: admission gives it a place of its own and
it may build a variant's tables; an operation that values hands only when its body asks says so with
a test of the body), its request schema (the view is then given its body, read,
checked and admitted) and the list a batch of it holds.

Access (which scope), the costs and admission read the declaration of the view Flask routed a
request to; ``tests/web/test_operations.py`` holds openapi.yaml's ``x-cost``, ``security`` and each
batch's ``maxItems`` to these declarations, so a limit changed here is changed everywhere or fails.

    @blueprint.post("/classify/batch")
    @declare("classifyBatch", cost=per_item("hands", "chi"), schema=_batch_schema, batch="hands")
    def classify_batch(data: dict[str, Any]) -> Response: ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from marshmallow import Schema

from .costs import TABLES_NOTE, Cost, flat

__all__ = ["HEAVY", "LIGHT", "ONE", "Operation", "declare", "operation_of"]

#: The cost of most operations: one unit.
ONE: Final = flat()

View = TypeVar("View", bound=Callable[..., Any])
QuickRead = Callable[[dict[str, Any]], dict[str, Any] | None]
#: Whether a validated body asks for hands to be valued (a settlement's ``foul_cost``).
BodyTest = Callable[[Mapping[str, Any]], bool]


#: An operation's class for the latency objectives (docs/operations.md, "Objectives"): heavy when it
#: values hands or takes a batch, light otherwise.
HEAVY, LIGHT = "heavy", "light"


@dataclass(frozen=True)
class Operation:
    """One operation as the service declares it (openapi.yaml states the same)."""

    operation_id: str
    #: The scope a key needs ("api", "metrics"), or None for an open operation.
    scope: str | None = "api"
    #: What a request costs; None for an operation outside the limits (open, or the metrics scope).
    cost: Cost | None = ONE
    #: Whether it values hands: a heavy request, which may build its variant's tables; a test of the
    #: body for an operation that values them only when asked (its latency class stays light).
    values_hands: bool | BodyTest = False
    #: The schema its body is read with, and the list of items a batch holds in it.
    schema: Schema | None = None
    batch: str | None = None
    #: A reader of the commonest valid body, quicker than the schema: the body read, or None for
    #: the schema to read it (so that every error is the schema's).
    quick_read: QuickRead | None = None

    @property
    def batch_max(self) -> int | None:
        """The most items a batch takes (its schema's limit), or None for a single request."""
        if self.batch is None or self.schema is None:
            return None
        limit: int = self.schema.fields[self.batch].max_length  # type: ignore[attr-defined]
        return limit

    @property
    def latency_class(self) -> str:
        """``heavy`` or ``light``: which latency objective it is held to."""
        return HEAVY if self.values_hands is True or self.batch is not None else LIGHT

    def values(self, body: Mapping[str, Any]) -> bool:
        """Whether this validated ``body`` has hands valued."""
        return self.values_hands(body) if callable(self.values_hands) else self.values_hands

    @property
    def x_cost(self) -> str | None:
        """The cost as openapi.yaml's ``x-cost`` states it."""
        if self.cost is None:
            return None
        return f"{self.cost.text} ({TABLES_NOTE})" if self.values_hands is not False else self.cost.text


def declare(
    operation_id: str,
    *,
    scope: str | None = "api",
    cost: Cost | None = ONE,
    values_hands: bool | BodyTest = False,
    schema: Schema | None = None,
    batch: str | None = None,
    quick_read: QuickRead | None = None,
) -> Callable[[View], View]:
    """Declare the view's operation (put under its route, so that Flask registers the view it
    returns). A view that declares a ``schema`` is called with its body, read, checked against the
    schema and admitted (:func:`~maubinh_api.web.admission.take_bodies`)."""
    if batch is not None and (schema is None or batch not in schema.fields):
        raise ValueError(f"{operation_id}: the batch list {batch!r} is not a field of its schema")
    cost = cost if scope == "api" else None
    operation = Operation(operation_id, scope, cost, values_hands, schema, batch, quick_read)

    def declared(view: View) -> View:
        view.operation = operation  # type: ignore[attr-defined]
        return view

    return declared


def operation_of(view: object) -> Operation | None:
    """The declaration of a view (None: no view, or a view of another package, such as the
    documentation's)."""
    found: Operation | None = getattr(view, "operation", None)
    return found
