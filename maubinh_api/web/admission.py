"""Admission of expensive requests: a few at a time per process, and a bounded wait.

Optimising, analysing and playing hands run the strategy's kernel for a
millisecond or more per hand, a batch for up to a few hundred milliseconds.
Each worker process runs at most ``heavy_slots`` of them at once (one per
core it has, by default one); the threads left serve the cheap operations
(classify, validate, settle, variants) meanwhile, so that a platform sending
heavy batches cannot make every other platform wait behind them.  At most
``heavy_queue`` heavy requests wait for a slot (more are answered 503 at
once, so that waiting heavy requests cannot take every thread), and a heavy
request that finds no slot free within ``heavy_wait`` seconds is answered 503
with ``Retry-After`` instead of queueing: the client learns at once that the
service is busy, and no request waits for tens of seconds.

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
from .problems import BUSY, Problem

#: The endpoints that run the kernel (see openapi.yaml: optimal, analysis, play).
HEAVY: Final = frozenset(
    {"arrangements.optimal_arrangement", "arrangements.analyse_arrangement", "arrangements.play_hand"}
)


def register_admission(app: Flask, slots: int, wait: float, queue: int) -> None:
    """Hold one of ``slots`` for each heavy request, with at most ``queue`` waiting
    and none for more than ``wait`` seconds."""
    semaphore = threading.BoundedSemaphore(slots)
    waiting = threading.BoundedSemaphore(slots + queue)  # running or waiting

    @app.before_request
    def _admit_heavy() -> None:
        if request.endpoint not in HEAVY:
            return
        if not waiting.acquire(blocking=False):
            raise _busy(0.0)
        if not semaphore.acquire(timeout=wait):
            waiting.release()
            raise _busy(wait)
        g.heavy_slot = True

    @app.teardown_request
    def _release(_error: BaseException | None) -> None:
        if g.pop("heavy_slot", False):
            semaphore.release()
            waiting.release()


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
