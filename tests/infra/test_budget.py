"""Budgets: spent in full or not at all, a Retry-After that is true, a store failure only when the
store fails, and a cost larger than a whole limit told it never fits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import parse
from limits.strategies import SlidingWindowCounterRateLimiter

from maubinh_api.infra import budget
from maubinh_api.infra.budget import Budgets, seconds_until_fits, whole_seconds
from maubinh_api.infra.limit_store import SQLiteStorage

TEN = (parse("10/minute"),)
TEXTS = ("10/minute",)


class Clock:
    """A clock that moves only when told: the store's windows and the budgets' memory run on it."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def budgets(tmp_path, clock) -> Budgets:
    return Budgets(SQLiteStorage(path=tmp_path / "counts.sqlite", clock=clock, wrap_exceptions=True), clock=clock)


def test_a_cost_is_spent_whole_or_not_at_all(budgets):
    assert budgets.spend("a", TEN, TEXTS, 7).allowed
    refused = budgets.spend("a", TEN, TEXTS, 4)  # 3 left
    assert not refused.allowed and refused.cost == 4 and refused.retry_after >= 1
    [window] = refused.windows
    assert (window.text, window.amount, window.seconds, window.remaining) == ("10/minute", 10, 60, 3)


def test_another_tenant_has_a_budget_of_its_own(budgets, clock):
    assert budgets.spend("a", TEN, TEXTS, 10).allowed
    assert budgets.spend("b", TEN, TEXTS, 10).allowed


def test_after_a_refusal_the_tenant_waits_as_a_whole_and_the_room_left_is_still_there(budgets, clock):
    budgets.spend("a", TEN, TEXTS, 7)
    refused = budgets.spend("a", TEN, TEXTS, 4)
    assert not refused.allowed
    early = budgets.spend("a", TEN, TEXTS, 3)  # would fit, but the tenant was told to wait
    assert not early.allowed and early.early and early.retry_after == refused.retry_after  # the same moment
    clock.now += refused.retry_after
    assert budgets.spend("a", TEN, TEXTS, 3).allowed  # the 3 left were still there


def test_two_processes_opening_one_file_spend_one_budget(tmp_path, clock):
    path = tmp_path / "counts.sqlite"
    first = Budgets(SQLiteStorage(path=path, clock=clock), clock=clock)
    second = Budgets(SQLiteStorage(path=path, clock=clock), clock=clock)  # another worker's connection
    third = Budgets(SQLiteStorage(path=path, clock=clock), clock=clock)
    assert first.spend("a", TEN, TEXTS, 6).allowed
    assert not second.spend("a", TEN, TEXTS, 5).allowed  # only 4 left, whoever asks
    assert third.spend("a", TEN, TEXTS, 4).allowed  # (the second now makes "a" wait as a whole)
    assert not first.spend("a", TEN, TEXTS, 1).allowed


def test_several_limits_are_each_spent_and_the_tightest_refuses(budgets):
    limits = (parse("5/second"), parse("8/minute"))
    texts = ("5/second", "8/minute")
    assert budgets.spend("a", limits, texts, 5).allowed
    refused = budgets.spend("a", limits, texts, 4)  # the second is full, the minute has 3
    assert not refused.allowed
    assert [window.remaining for window in refused.windows] == [0, 3]


def test_without_limits_everything_is_allowed_and_nothing_counted(budgets):
    decision = budgets.spend("a", (), (), 10**6)
    assert decision.allowed and decision.windows == ()


def test_a_cost_over_a_whole_limit_never_fits_and_is_not_told_to_wait(budgets):
    decision = budgets.spend("a", TEN, TEXTS, 11)
    assert not decision.allowed and decision.exceeds is not None and decision.exceeds.text == "10/minute"
    assert decision.retry_after == 0
    assert budgets.spend("a", TEN, TEXTS, 10).allowed  # nothing spent, and not an early caller


def test_an_unreachable_redis_answers_uncounted_and_is_counted_as_a_failure():
    before = budget.LIMITER_FAILURES._value.get()
    budgets = Budgets(budget.budget_store("redis://127.0.0.1:9/0", timeout=0.05), retry_after=60)
    first = budgets.spend("a", TEN, TEXTS, 100)
    assert first.allowed and not first.counted
    assert budgets.spend("a", TEN, TEXTS, 100).allowed  # left alone for 60 s: no new attempt, still open
    assert budget.LIMITER_FAILURES._value.get() == before + 1


def test_what_the_cost_raises_is_the_requests_own_and_not_a_store_failure(budgets):
    before = budget.LIMITER_FAILURES._value.get()

    class Oversized(Exception):
        pass

    def cost() -> int:
        raise Oversized  # a 413 while reading the body, say

    with pytest.raises(Oversized):
        budgets.spend("a", TEN, TEXTS, cost)
    assert budget.LIMITER_FAILURES._value.get() == before
    assert budgets.spend("a", TEN, TEXTS, 10).allowed  # still counting: not failed open


def test_a_caller_back_before_its_retry_after_is_early_and_its_cost_is_not_read(budgets, clock):
    clock.now = 1_800_000_000.0  # a multiple of 60: a minute window starts
    budgets.spend("a", TEN, TEXTS, 10)
    first = budgets.spend("a", TEN, TEXTS, 1)
    assert not first.allowed and not first.early  # told when to come back for the first time
    # All 10 spent at the start of a minute window: one unit fits again at any moment after 60 s,
    # so the refusal said 61 s.
    assert first.retry_after == 61

    def cost() -> int:
        raise AssertionError("the body of an early caller must not be read")

    clock.now += 60.5
    again = budgets.spend("a", TEN, TEXTS, cost)
    assert not again.allowed and again.early and again.retry_after == 1  # half a second was left
    assert not budgets.spend("b", TEN, TEXTS, 1).early  # another tenant's own memory
    clock.now += 0.5
    assert budgets.spend("a", TEN, TEXTS, 1).allowed  # came back when told: answered


def test_the_windows_say_what_is_left_and_when_all_of_it_is_back(budgets, clock):
    clock.now = 1_800_000_000.0  # a multiple of 60: a minute window starts
    budgets.spend("a", TEN, TEXTS, 4)
    [window] = budgets.windows("a", TEN, TEXTS)
    # 4 spent in this window: it counts for this minute and, fading, for the next (120 s).
    assert (window.remaining, window.reset_in) == (6, 120)


@settings(max_examples=300, deadline=None)
@given(
    amount=st.integers(1, 50),
    seconds=st.sampled_from([1, 2, 10, 60]),
    steps=st.lists(st.tuples(st.floats(0, 90, allow_nan=False), st.integers(1, 50)), min_size=1, max_size=12),
    start=st.floats(0, 3600, allow_nan=False),
)
def test_a_client_that_waits_its_retry_after_exactly_is_answered(tmp_path_factory, amount, seconds, steps, start):
    """Any limit, any costs at any moments: whenever a request is refused with Retry-After r, the
    same request sent again r seconds later fits, and just before r - 1 seconds it would not have
    (the Retry-After is the shortest whole number of seconds that is enough)."""
    clock = Clock(1_800_000_000.0 + start)
    path = tmp_path_factory.mktemp("budget") / "counts.sqlite"
    budgets = Budgets(SQLiteStorage(path=path, clock=clock), clock=clock)
    probe = SlidingWindowCounterRateLimiter(SQLiteStorage(path=path, clock=clock))  # reads, spends nothing
    item = parse(f"{amount}/{seconds} second")
    limits, texts = (item,), (f"{amount}/{seconds} second",)
    for pause, cost in steps:
        clock.now += pause
        decision = budgets.spend("a", limits, texts, cost)
        if decision.allowed or decision.exceeds is not None:
            assert decision.allowed == (cost <= amount)
            continue
        told = decision.retry_after
        assert told >= 1
        refused_at = clock.now
        # 2 µs before r - 1: whole_seconds keeps a microsecond's margin for the store's float arithmetic.
        clock.now = refused_at + told - 1 - 2e-6
        assert not probe.test(item, "a", cost=cost), f"Retry-After {told} was longer than needed"
        clock.now = refused_at + told
        assert budgets.spend("a", limits, texts, cost).allowed, (decision, clock.now)


def test_seconds_until_fits_against_the_stores_own_answer(tmp_path, clock):
    """The formula agrees with the store: one tick before the time it gives the store refuses,
    one tick after it accepts (20/minute, spent in two windows)."""
    store = SQLiteStorage(path=tmp_path / "counts.sqlite", clock=clock)
    item = parse("20/minute")
    clock.now = 1_800_000_000.0 + 50  # 50 s into a window
    assert store.acquire_sliding_window_entry(item.key_for("a"), 20, 60, 15)
    clock.now += 20  # 10 s into the next window
    assert store.acquire_sliding_window_entry(item.key_for("a"), 20, 60, 5)
    state = store.get_sliding_window(item.key_for("a"), 60)
    wait = seconds_until_fits(state, 20, 60, 6)
    assert 0 < wait < 60
    clock.now += wait - 0.01
    assert not store.acquire_sliding_window_entry(item.key_for("a"), 20, 60, 6)
    clock.now += 0.02
    assert store.acquire_sliding_window_entry(item.key_for("a"), 20, 60, 6)


def test_whole_seconds_are_strictly_more_by_at_least_a_microsecond():
    for seconds in (0.0, 0.1, 1.0, 1.999, 47.0, 2.9999995):
        told = whole_seconds(seconds)
        assert told >= seconds + 1e-6 and told - 1 < seconds + 1e-6 and told >= 1
    assert whole_seconds(2.9999995) == 4  # within a microsecond of 3: 3 might be a hair too short


@pytest.mark.parametrize(
    ("policy", "general", "detailed"),
    [
        ("noeviction", "redis", "redis"),
        ("allkeys-lru", "redis (may evict)", "redis, maxmemory-policy allkeys-lru: cached answers can evict"),
    ],
)
def test_readiness_says_when_the_counts_redis_may_evict_them(tmp_path, policy, general, detailed):
    from tests.support.servers import redis_server

    with redis_server(tmp_path, ["--save", "", "--appendonly", "no", "--maxmemory-policy", policy]) as redis:
        store = budget.budget_store(redis.url)
        assert budget.store_report(store, detailed=False) == general
        assert budget.store_report(store, detailed=True).startswith(detailed)
    assert budget.store_report(SQLiteStorage(path=tmp_path / "counts.sqlite"), detailed=True) == "instance file"


def test_the_service_refuses_to_start_on_a_counts_redis_that_evicts_unless_told_it_may(tmp_path):
    from maubinh_api.infra.config import ConfigError
    from tests.support.servers import redis_server

    with redis_server(tmp_path, ["--save", "", "--appendonly", "no", "--maxmemory-policy", "allkeys-lru"]) as redis:
        store = budget.budget_store(redis.url)
        with pytest.raises(ConfigError, match="maxmemory-policy allkeys-lru: it may evict the rate-limit counts"):
            budget.refuse_an_evicting_store(store, evictable=False)
        budget.refuse_an_evicting_store(store, evictable=True)  # the operator said so
    budget.refuse_an_evicting_store(budget.budget_store(redis.url), evictable=False)  # down: checked later
