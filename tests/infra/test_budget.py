"""Budgets in memory: spent in full or not at all, and a spent tenant refused without its cost read."""

from __future__ import annotations

import threading
import time

from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from maubinh_api.infra import budget
from maubinh_api.infra.budget import Budgets, sweep

TEN = (parse("10/minute"),)
TEXTS = ("10/minute",)


def test_a_cost_is_spent_whole_or_not_at_all():
    budgets = Budgets()
    assert budgets.spend("a", TEN, TEXTS, 7).allowed
    refused = budgets.spend("a", TEN, TEXTS, 4)  # 3 left
    assert not refused.allowed and refused.cost == 4 and refused.retry_after >= 1
    [window] = refused.windows
    assert (window.text, window.amount, window.seconds, window.remaining) == ("10/minute", 10, 60, 3)
    assert budgets.spend("a", TEN, TEXTS, 3).windows[0].remaining == 0  # the 3 were still there
    assert budgets.spend("b", TEN, TEXTS, 10).allowed  # another tenant has its own budget


def test_a_tenant_spent_to_the_last_unit_is_refused_without_its_cost_worked_out():
    budgets = Budgets()
    budgets.spend("a", TEN, TEXTS, 10)
    assert not budgets.spend("a", TEN, TEXTS, 1).allowed  # learns that nothing is left

    def cost() -> int:
        raise AssertionError("the body of a refused request must not be read")

    refused = budgets.spend("a", TEN, TEXTS, cost)
    assert not refused.allowed and refused.cost is None and refused.retry_after >= 1


def test_several_limits_are_each_spent_and_the_tightest_refuses():
    budgets = Budgets()
    limits = (parse("5/second"), parse("8/minute"))
    texts = ("5/second", "8/minute")
    assert budgets.spend("a", limits, texts, 5).allowed
    refused = budgets.spend("a", limits, texts, 4)  # the second is full, the minute has 3
    assert not refused.allowed
    assert [window.remaining for window in refused.windows] == [0, 3]


def test_without_limits_everything_is_allowed_and_nothing_counted():
    decision = Budgets().spend("a", (), (), 10**6)
    assert decision.allowed and decision.windows == ()


def test_an_unreachable_store_answers_uncounted():
    budgets = Budgets("redis://127.0.0.1:9/0", timeout=0.05, retry_after=60)
    first = budgets.spend("a", TEN, TEXTS, 100)
    assert first.allowed and not first.counted
    assert budgets.spend("a", TEN, TEXTS, 100).allowed  # left alone for 60 s: no new attempt, still open


def test_a_refusal_before_the_previous_ones_retry_after_is_early(monkeypatch):
    budgets = Budgets()
    budgets.spend("a", TEN, TEXTS, 10)
    first = budgets.spend("a", TEN, TEXTS, 1)
    assert not first.allowed and not first.early  # told when to come back for the first time
    again = budgets.spend("a", TEN, TEXTS, 1)
    assert not again.allowed and again.early  # came back before that
    assert not budgets.spend("b", TEN, TEXTS, 1).early  # allowed, and another caller's own memory
    # A caller that waited its Retry-After out is not early, even when refused again: the clock
    # of this process's memory moves past the moment it was told (the window itself is a minute).
    told = again.retry_after
    real = budget.time.monotonic
    monkeypatch.setattr(budget.time, "monotonic", lambda: real() + told + 0.5)
    later = budgets.spend("a", TEN, TEXTS, 1)
    assert not later.allowed and not later.early


def test_the_memory_store_is_swept_by_one_thread_not_a_timer_per_change():
    budgets = Budgets()
    budgets.spend("a", TEN, TEXTS, 1)
    threads = threading.active_count()
    for tenant in range(200):  # every spend changes a count: the library's own timer would start again
        budgets.spend(f"t{tenant}", TEN, TEXTS, 1)
        time.sleep(0.0001)
    assert threading.active_count() <= threads


def test_a_sweep_drops_only_the_counts_whose_windows_have_passed():
    store = MemoryStorage()
    limiter = SlidingWindowCounterRateLimiter(store)
    for tenant in range(5):
        limiter.hit(TEN[0], f"t{tenant}")
    assert sweep(store, now=time.time()) == 0  # the minute windows are all live
    # A count lives two windows (the library's rule: the current one, then as the previous one).
    assert sweep(store, now=time.time() + 2 * 60 + 1) == 5
    assert not store.storage and not store.expirations
