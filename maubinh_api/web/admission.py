"""Admission of expensive requests: a few at a time per process, and a bounded wait.

Optimising, analysing and playing hands run the strategy's kernel for a
millisecond or more per hand, a batch for up to a few hundred milliseconds.
Each worker process runs at most ``heavy_slots`` of them at once (one per
core it has, by default one); the threads left serve the cheap operations
(classify, validate, settle, variants) meanwhile, so that a platform sending
heavy batches cannot make every other platform wait behind them.

A large batch of a cheap operation (``BATCH`` units or more: 1,000 chi
classified, 200 tables settled) is cheap per item but holds tens of megabytes
while it is answered, so these take one of ``batch_slots`` per process too:
sixteen threads all settling 200 tables would otherwise hold 300 MB at once
(bench/memory.py), and the worker's memory would follow its traffic instead of
staying under its bound.

At most ``queue`` requests wait for a slot of each kind (more are answered 503
at once, so that waiting requests cannot take every thread), and one that finds
no slot free within ``wait`` seconds is answered 503 with ``Retry-After``
instead of queueing: the client learns at once that the service is busy, and no
request waits for tens of seconds.

The kernel releases the GIL while it computes, so a cheap request on another
thread runs meanwhile; and only one heavy request per process uses the kernel
at a time.
"""

from __future__ import annotations

import math
import threading
from typing import Final

from flask import Flask, g, request

from ..infra.metrics import OVERLOADED
from .access import TENANT_KEY
from .body import json_object
from .costs import cost_of
from .problems import BUSY, Problem

#: The endpoints that run the kernel (see openapi.yaml: optimal, analysis, play, drills).
HEAVY: Final = frozenset(
    {
        "arrangements.optimal_arrangement",
        "arrangements.optimal_batch",
        "arrangements.analyse_arrangement",
        "arrangements.analyse_batch",
        "arrangements.play_hand",
        "drills.deal_drills",
    }
)
#: Units from which a request of a cheap operation is a large batch.
BATCH: Final = 50


class Gate:
    """``slots`` requests at once, at most ``queue`` more waiting, none for more than ``wait`` seconds."""

    def __init__(self, slots: int, wait: float, queue: int) -> None:
        self._running = threading.BoundedSemaphore(slots)
        self._present = threading.BoundedSemaphore(slots + queue)  # running or waiting
        self._wait = wait

    def enter(self) -> None:
        """Take a slot, or raise the 503 that says why not."""
        if not self._present.acquire(blocking=False):
            raise _busy(0.0)
        if not self._running.acquire(timeout=self._wait):
            self._present.release()
            raise _busy(self._wait)

    def leave(self) -> None:
        self._running.release()
        self._present.release()


def register_admission(app: Flask, slots: int, wait: float, queue: int, *, batch_slots: int = 2) -> None:
    """Hold one of ``slots`` for each heavy request and one of ``batch_slots`` for each large batch
    of a cheap operation, with at most ``queue`` waiting for each and none for more than ``wait``
    seconds."""
    heavy = Gate(slots, wait, queue)
    batches = Gate(batch_slots, wait, queue)

    @app.before_request
    def _admit() -> None:
        endpoint = request.endpoint
        if endpoint in HEAVY:
            gate = heavy
        elif _units() >= BATCH:
            gate = batches
        else:
            return
        gate.enter()
        g.gate = gate

    @app.teardown_request
    def _release(_error: BaseException | None) -> None:
        gate: Gate | None = g.pop("gate", None)
        if gate is not None:
            gate.leave()


def _units() -> int:
    """The request's cost: as the limits counted it, or counted now (a deployment without limits)."""
    cost: int | None = g.get("cost")
    return cost if cost is not None else cost_of(request.endpoint, json_object)


def _busy(waited: float) -> Problem:
    OVERLOADED.labels(tenant=request.environ.get(TENANT_KEY) or "anonymous").inc()
    retry = max(1, math.ceil(waited))
    return Problem(
        503,
        f"the service is busy with other heavy requests; try again in {retry} s",
        vi=f"dịch vụ đang bận với các yêu cầu nặng khác; hãy thử lại sau {retry} giây",
        headers={"Retry-After": str(retry)},
        kind=BUSY,
    )
