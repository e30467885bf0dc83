"""A frozen clock for an app's budgets, so that a test counts units without their coming back.

A limit gives its units back steadily (``100000/minute``: one every 0.6 ms), so a test that counts
what a request spent reads the budget at a moment of its own choosing: :func:`freeze_budgets`
stops the budgets' clock (moving it is the test's: :attr:`Clock.now`)."""

from __future__ import annotations

from flask import Flask

from maubinh_api.web.services import services_of


class Clock:
    """A clock that moves only when told."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def freeze_budgets(app: Flask, now: float = 1_800_000_000.0) -> Clock:
    """Stop the clock of ``app``'s budgets (their store, the instance's file, and each process's
    memory of the waits it told) at ``now``; the clock."""
    clock = Clock(now)
    budgets = services_of(app).budgets
    budgets.clock = clock
    budgets.store.clock = clock  # type: ignore[union-attr]
    return clock
