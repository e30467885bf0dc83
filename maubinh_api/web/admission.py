"""Admission of requests once their body is validated: a place at once per process with a share per
tenant, then their cost, and the kernel in turns.

:func:`take_bodies` gives every view whose operation declares a body schema (``@declare(schema=...)``)
its body: read, checked and admitted (:func:`admit`) before the view runs, which is passed the
loaded body. Admission works out the request's cost from the validated body
(:mod:`~maubinh_api.web.costs`), takes a place, and spends the cost:

- **Requests that value hands** (optimal, analysis, play, drills) take one of ``heavy_slots +
  heavy_queue`` places of their process, at most ``per_tenant`` of them one tenant's (on an open
  deployment, whose callers are all the anonymous tenant, any of them); beyond that,
  a 503 at once, so that waiting requests cannot take every thread and one tenant cannot take every
  place.  Their hands are valued in turns (:mod:`~maubinh_api.service.kernel_turns`): at most
  ``heavy_slots`` hands at once per process, and a long request lets any request waiting go first at
  each of its hands, so a heavy slot is held for a hand at a time.  A hand that finds no turn within
  ``heavy_wait`` seconds is a 503 with ``Retry-After``.
- **A large batch of a cheap operation** (``BATCH`` units or more: 1,000 chi classified, 200 tables
  settled) is cheap per item but holds tens of megabytes while it is answered, so these take one of
  ``batch_slots`` per process (the worker's memory stays under its bound whatever its traffic), with
  the same queue and share per tenant.

A request takes its place before it spends its cost: one refused for want of a place pays only
what reading it cost, and one refused for its cost (429, 422) gives its place back at once.
"""

from __future__ import annotations

import functools
import math
import threading
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Final

from flask import Flask, Response, request

from ..infra.metrics import OVERLOADED
from ..infra.problem_types import BUSY
from ..rules.texts import words
from ..service.hands import HandService
from ..service.kernel_turns import Turns, TurnTimeout
from .access import Charges
from .body import json_object
from .context import ANONYMOUS, context
from .costs import cost_of
from .deprecations import note_deprecated
from .loading import hand_service
from .operations import Operation, operation_of
from .problems import Problem

__all__ = ["BATCH", "Places", "admit", "places_of", "register_admission", "take_bodies"]

#: Units from which a request of a cheap operation is a large batch.
BATCH: Final = 50


class Places:
    """``places`` requests at once per process, at most ``per_tenant`` of them one tenant's, and of
    those at most ``slots`` running (waiting no more than ``wait`` seconds for one; with ``slots``
    None they all run, taking turns at the kernel instead)."""

    def __init__(self, places: int, per_tenant: int, wait: float, slots: int | None = None) -> None:
        self._places = self._free = places
        self._per_tenant = per_tenant
        self._held: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._running = threading.BoundedSemaphore(slots) if slots is not None else None
        self._wait = wait

    def enter(self, tenant: str) -> None:
        """Take a place (and a slot), or raise the 503 that says why not."""
        with self._lock:
            # An open deployment's callers are all one tenant: there is nobody to keep a place for.
            share = self._per_tenant if tenant != ANONYMOUS else self._places
            if self._free <= 0 or self._held[tenant] >= share:
                raise _busy(0.0, tenant)
            self._free -= 1
            self._held[tenant] += 1
        if self._running is not None and not self._running.acquire(timeout=self._wait):
            self._give_up(tenant)
            raise _busy(self._wait, tenant)

    def leave(self, tenant: str) -> None:
        if self._running is not None:
            self._running.release()
        self._give_up(tenant)

    def _give_up(self, tenant: str) -> None:
        with self._lock:
            self._free += 1
            self._held[tenant] -= 1
            if not self._held[tenant]:
                del self._held[tenant]


def register_admission(
    app: Flask, turns: Turns, *, slots: int, queue: int, per_tenant: int, wait: float, batch_slots: int = 2
) -> dict[str, Places]:
    """Keep the places of requests that value hands (``slots`` + ``queue``, their hands valued in
    ``turns``) and of large batches of cheap operations (``batch_slots`` + ``queue``); give each back,
    and any turn, when its request ends."""

    @app.errorhandler(TurnTimeout)
    def _no_turn(error: TurnTimeout) -> Response:
        return _busy(error.waited, context().tenant_name).response()

    @app.teardown_request
    def _end_turn(_error: BaseException | None) -> None:
        turns.end()

    places = {
        "heavy": Places(slots + queue, per_tenant, wait),
        "batch": Places(batch_slots + queue, per_tenant, wait, slots=batch_slots),
    }
    app.extensions[_PLACES] = places
    return places


#: Where an application keeps its places (Flask's own room for what its parts keep), for
#: :func:`places_of` alone: the views are given theirs by :func:`take_bodies`.
_PLACES: Final = "maubinh.places"


def places_of(app: Flask) -> Mapping[str, Places]:
    """The places of ``app`` by kind ("heavy", "batch"), for a caller outside a request (a test, a
    bench) that holds some."""
    places: Mapping[str, Places] = app.extensions[_PLACES]
    return places


def take_bodies(app: Flask, charges: Charges, places: Mapping[str, Places]) -> None:
    """Give each registered view that declares a body schema its body (register the views first)."""
    for endpoint, view in list(app.view_functions.items()):
        operation = operation_of(view)
        if operation is not None and operation.schema is not None:
            app.view_functions[endpoint] = _taking_body(view, operation, charges, places)


def _taking_body(
    view: Callable[..., Any], operation: Operation, charges: Charges, places: Mapping[str, Places]
) -> Callable[..., Any]:
    """``view`` called with its request's body once read, checked against its operation's schema
    and admitted; the units it reserved and did not use (``context().unused``) given back after."""
    schema, quick_read = operation.schema, operation.quick_read
    assert schema is not None  # take_bodies wraps only the views with a schema

    @functools.wraps(view)  # the declaration goes with it (``view.operation``)
    def taking_body(**route_values: Any) -> Any:
        try:
            body = json_object()
            note_deprecated(body)
            quick = quick_read(body) if quick_read is not None else None
            data: dict[str, Any] = quick if quick is not None else schema.load(body)
        except Exception:  # a request refused before its work pays what reading it cost, no more
            charges.pay_reading()
            raise
        admit(data, hand_service(), charges, places)
        answer = view(data, **route_values)
        unused = context().unused
        if unused:
            charges.give_back(unused)
        return answer

    return taking_body


def admit(body: Mapping[str, Any], service: HandService, charges: Charges, places: Mapping[str, Places]) -> None:
    """A validated request's admission: its place first (a heavy request's, or a large batch's,
    given back when the request ends; none free is a 503 that pays only the request's reading),
    then its whole cost (``service`` says which tables its tenant has built), never less than its
    reading: refused (429), it spends nothing and gives its place back."""
    found = context()
    operation = found.operation
    if operation is None or operation.cost is None:
        raise LookupError(f"{request.endpoint} reads a body but declares no cost")
    values_hands = operation.values(body)
    units = max(cost_of(operation.cost, values_hands, body, service), charges.reading())
    kind = "heavy" if values_hands else "batch" if units >= BATCH else None
    if kind is None:
        charges.spend(units)
        return
    place, tenant = places[kind], found.tenant_name
    try:
        place.enter(tenant)
    except Problem:
        charges.pay_reading()
        raise
    try:
        charges.spend(units)
    except BaseException:
        place.leave(tenant)
        raise
    found.release = lambda: place.leave(tenant)


def _busy(waited: float, tenant: str) -> Problem:
    OVERLOADED.labels(tenant=tenant).inc()
    retry = max(1, math.ceil(waited))
    return Problem(
        503,
        words("the service is busy with other heavy requests; try again in {retry} s", retry=retry),
        headers={"Retry-After": str(retry)},
        kind=BUSY,
    )
