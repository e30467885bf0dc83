"""Budgets in memory: spent in full or not at all, and a spent tenant refused without its cost read."""

from __future__ import annotations

from limits import parse

from maubinh_api.infra.budget import Budgets

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
