"""A call of the strategy as the service observes it, written once for every view that values hands:
its time in ``maubinh_solver_seconds`` (by objective) and, on a traced request, a span of its own
naming the preset and what it computes (never a card)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from ..infra.metrics import observe_solver
from ..infra.tracing import current
from ..rules.variants import Variant

__all__ = ["kernel_call"]


@contextmanager
def kernel_call(span: str, variant: Variant, objective: str) -> Iterator[None]:
    """Time the block as ``objective`` (a call that raises is not counted) and, on a traced
    request, trace it as the span ``kernel <span>``."""
    started = time.perf_counter()
    trace = current()
    attributes = {"maubinh.variant.preset": variant.name, "maubinh.kernel.objective": objective}
    with nullcontext() if trace is None else trace.child(f"kernel {span}", attributes):
        yield
    observe_solver(objective, time.perf_counter() - started)
