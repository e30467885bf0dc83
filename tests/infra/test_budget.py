"""Budgets: spent in full or not at all, a Retry-After that holds whichever worker and store answers,
a refusal that spends nothing, a store failure only when the store fails, and a cost larger than a
whole limit told it never fits."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from limits import parse

from maubinh_api.infra import budget
from maubinh_api.infra.budget import Budgets
from maubinh_api.infra.limit_store import TOLERANCE, Rate, RedisLimits, SQLiteLimits, whole_seconds
from tests.support.servers import redis_server

TEN = (parse("10/minute"),)
TEXTS = ("10/minute",)


class Clock:
    """A clock that moves only when told: the store's moments and the budgets' memory run on it."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def budgets(tmp_path, clock) -> Budgets:
    return Budgets(SQLiteLimits(tmp_path / "counts.sqlite", clock=clock), clock=clock)


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory) -> Iterator[str]:
    with redis_server(tmp_path_factory.mktemp("redis"), ["--save", "", "--appendonly", "no"]) as redis:
        yield redis.url


def test_a_cost_is_spent_whole_or_not_at_all_and_a_refusal_spends_nothing(budgets, clock):
    assert budgets.spend("a", TEN, TEXTS, 7).allowed
    refused = budgets.spend("a", TEN, TEXTS, 4)  # 3 left
    assert not refused.allowed and refused.cost == 4 and not refused.early
    [window] = refused.windows
    assert (window.text, window.amount, window.seconds, window.remaining) == ("10/minute", 10, 60, 3)
    # A unit comes back every 6 s: the 4th of 4 units fits 6 s from now.
    assert refused.retry_after == 6
    clock.now += 6
    assert budgets.spend("a", TEN, TEXTS, 4).allowed  # nothing of the refusal's was spent


def test_units_come_back_steadily_and_all_of_them_within_the_window(budgets, clock):
    assert budgets.spend("a", TEN, TEXTS, 10).allowed
    [window] = budgets.windows("a", TEN, TEXTS)
    assert (window.remaining, window.reset_in) == (0, 60)  # all back 60 s after the last was spent
    clock.now += 15  # a unit every 6 s: two and a half back
    [window] = budgets.windows("a", TEN, TEXTS)
    assert (window.remaining, window.reset_in) == (2, 45)
    clock.now += 45
    [window] = budgets.windows("a", TEN, TEXTS)
    assert (window.remaining, window.reset_in) == (10, 0)


def test_another_tenant_has_a_budget_of_its_own(budgets):
    assert budgets.spend("a", TEN, TEXTS, 10).allowed
    assert budgets.spend("b", TEN, TEXTS, 10).allowed


def test_after_a_refusal_the_tenant_waits_as_a_whole_and_the_room_left_is_still_there(budgets, clock):
    budgets.spend("a", TEN, TEXTS, 7)
    refused = budgets.spend("a", TEN, TEXTS, 4)
    assert not refused.allowed
    early = budgets.spend("a", TEN, TEXTS, 3)  # would fit, but the tenant was told to wait
    assert not early.allowed and early.early and early.retry_after == refused.retry_after  # the same moment
    clock.now += refused.retry_after
    assert budgets.spend("a", TEN, TEXTS, 4).allowed  # the same request, when told


def test_another_worker_refuses_the_tenant_until_the_time_it_was_told(tmp_path, clock):
    path = tmp_path / "counts.sqlite"
    first = Budgets(SQLiteLimits(path, clock=clock), clock=clock)
    second = Budgets(SQLiteLimits(path, clock=clock), clock=clock)  # another worker: no memory of the refusal
    assert first.spend("a", TEN, TEXTS, 7).allowed
    refused = first.spend("a", TEN, TEXTS, 4)
    clock.now += refused.retry_after - 0.5
    late = second.spend("a", TEN, TEXTS, 1)  # 1 unit would fit by now, but the store keeps the wait told
    assert not late.allowed and late.early and late.retry_after == 1 and late.cost is None
    clock.now += 0.5
    assert second.spend("a", TEN, TEXTS, 4).allowed


def test_two_processes_opening_one_file_spend_one_budget(tmp_path, clock):
    path = tmp_path / "counts.sqlite"
    first, second, third = (Budgets(SQLiteLimits(path, clock=clock), clock=clock) for _ in range(3))
    assert first.spend("a", TEN, TEXTS, 6).allowed
    assert second.spend("a", TEN, TEXTS, 4).allowed
    assert not third.spend("a", TEN, TEXTS, 1).allowed  # all 10 spent, whoever asks


def test_several_limits_are_each_spent_and_the_tightest_refuses(budgets):
    limits = (parse("5/second"), parse("8/minute"))
    texts = ("5/second", "8/minute")
    assert budgets.spend("a", limits, texts, 5).allowed
    refused = budgets.spend("a", limits, texts, 4)  # the second is empty, the minute has 3
    assert not refused.allowed
    assert [window.remaining for window in refused.windows] == [0, 3]
    # The minute gives a unit back every 7.5 s: the 4th unit in 7.5 s, so 8 whole seconds.
    assert refused.retry_after == 8


def test_without_limits_everything_is_allowed_and_nothing_counted(budgets):
    decision = budgets.spend("a", (), (), 10**6)
    assert decision.allowed and decision.windows == ()


def test_a_cost_over_a_whole_limit_never_fits_and_is_not_told_to_wait(budgets):
    decision = budgets.spend("a", TEN, TEXTS, 11)
    assert not decision.allowed and decision.exceeds is not None and decision.exceeds.text == "10/minute"
    assert decision.retry_after == 0
    assert budgets.spend("a", TEN, TEXTS, 10).allowed  # nothing spent, and not an early caller


def test_drained_a_limit_is_empty_and_the_tenant_waits_for_one_unit(budgets, clock):
    assert budgets.spend("a", TEN, TEXTS, 3).allowed
    drained = budgets.spend("a", TEN, TEXTS, 300, drain=True)
    assert drained.exceeds is not None and budgets.windows("a", TEN, TEXTS)[0].remaining == 0
    early = budgets.spend("a", TEN, TEXTS, 1)
    assert early.early and early.retry_after == 6  # one unit back in 6 s
    clock.now += 6
    assert budgets.spend("a", TEN, TEXTS, 1).allowed


def test_reserved_units_are_given_back_and_never_beyond_a_whole_limit(budgets):
    limits, texts = (parse("100/minute"),), ("100/minute",)
    assert budgets.spend("a", limits, texts, 30).allowed
    budgets.give_back("a", limits, 20)
    assert budgets.windows("a", limits, texts)[0].remaining == 90
    budgets.give_back("a", limits, 500)  # more than was spent: the limit is whole, not more
    assert budgets.windows("a", limits, texts)[0].remaining == 100
    assert not budgets.spend("a", limits, texts, 101).allowed


def test_an_unreachable_redis_answers_uncounted_and_is_counted_as_a_failure():
    before = budget.LIMITER_FAILURES._value.get()
    budgets = Budgets(budget.budget_store("redis://127.0.0.1:9/0", timeout=0.05), retry_after=60)
    first = budgets.spend("a", TEN, TEXTS, 100)
    assert first.allowed and not first.counted
    assert budgets.spend("a", TEN, TEXTS, 100).allowed  # left alone for 60 s: no new attempt, still open
    assert budget.LIMITER_FAILURES._value.get() == before + 1


def test_a_caller_back_before_its_retry_after_is_early_from_memory_without_the_store(budgets, clock):
    budgets.spend("a", TEN, TEXTS, 10)
    first = budgets.spend("a", TEN, TEXTS, 1)
    assert not first.allowed and not first.early and first.retry_after == 6  # told when to come back
    clock.now += 5.5

    class Unreachable:
        def __getattr__(self, name):
            raise AssertionError("an early caller must be refused from memory")

    store, budgets.store = budgets.store, Unreachable()
    again = budgets.early("a")
    assert again is not None and not again.allowed and again.early and again.retry_after == 1  # half a second left
    assert budgets.early("b") is None  # another tenant's own memory
    budgets.store = store
    clock.now += 0.5
    assert budgets.early("a") is None
    assert budgets.spend("a", TEN, TEXTS, 1).allowed  # came back when told: answered


def test_whole_seconds_are_enough_within_half_the_tolerance():
    for wait in (0.0, 0.1, 1.0, 1.999, 47.0, 3.0 + TOLERANCE / 4, 3.0 + TOLERANCE):
        told = whole_seconds(wait)
        assert told >= 1 and told >= wait - TOLERANCE / 2 and (told == 1 or told - 1 < wait - TOLERANCE / 2)
    assert whole_seconds(3.0 + TOLERANCE) == 4


def _stores(kind: str, path: Path, clock: Clock, redis_url: str, prefix: str) -> tuple[Budgets, Budgets]:
    """Two workers' budgets over one store of ``kind`` (two connections to it, each with its memory)."""
    if kind == "sqlite":
        return tuple(Budgets(SQLiteLimits(path, clock=clock), clock=clock) for _ in range(2))  # type: ignore[return-value]
    return tuple(Budgets(RedisLimits(redis_url, prefix=prefix, clock=clock), clock=clock) for _ in range(2))  # type: ignore[return-value]


_LIMIT = st.tuples(st.integers(1, 60), st.sampled_from([1, 2, 6, 60, 3600, 86400]))
_PREFIXES = itertools.count()


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    limits=st.lists(_LIMIT, min_size=1, max_size=3, unique_by=lambda limit: limit[1]),
    steps=st.lists(
        st.tuples(st.floats(0, 30, allow_nan=False), st.integers(1, 8) | st.integers(1, 60), st.booleans()),
        min_size=1,
        max_size=14,
    ),
    start=st.floats(0, 86400, allow_nan=False),
)
def test_a_client_that_honours_every_retry_after_is_never_refused_twice(  # noqa: PLR0917 - hypothesis's draws
    tmp_path_factory, redis_url, kind, limits, steps, start
):
    """Any limits (per second, minute, hour, day; several at once), any costs at any moments, the
    requests reaching either of two workers: whenever a request is refused with Retry-After r, the
    same request sent again r seconds later is answered; any request sent before then, to either
    worker, is refused; and the store alone would have refused the same request a second before
    (r is the least whole number of seconds that is enough)."""
    clock = Clock(1_800_000_000.0 + start)
    path = tmp_path_factory.mktemp("budget") / "counts.sqlite"
    workers = _stores(kind, path, clock, redis_url, f"property-{next(_PREFIXES)}:")
    items = tuple(parse(f"{amount}/{seconds} second") for amount, seconds in limits)
    texts = tuple(f"{amount}/{seconds}second" for amount, seconds in limits)
    smallest = min(amount for amount, _ in limits)
    for index, (pause, cost, elsewhere) in enumerate(steps):
        clock.now += pause
        worker = workers[index % 2]
        decision = worker.spend("a", items, texts, cost)
        if decision.exceeds is not None:
            assert cost > smallest
            continue
        if decision.allowed:
            continue
        assert not decision.early  # the client honoured every earlier Retry-After
        told, refused_at = decision.retry_after, clock.now
        assert 1 <= told <= max(seconds for _, seconds in limits) + 1
        # What each limit owed when it refused: the same request fits once every limit has room.
        rates = tuple(Rate(amount, seconds) for amount, seconds in limits)
        owed = worker.store.standing("a", rates).owed
        wait = max(debt + cost * rate.interval - rate.seconds for debt, rate in zip(owed, rates, strict=True))
        assert told - 1 < wait <= told + TOLERANCE / 2  # a second less would not have been enough
        # Any request before the time told is refused, whichever worker it reaches (the other has no memory of it).
        clock.now = refused_at + told - min(0.5, told / 2)
        other = workers[(index + int(elsewhere)) % 2]
        assert not other.spend("a", items, texts, 1).allowed
        clock.now = refused_at + told
        assert other.spend("a", items, texts, cost).allowed, (decision, told)


def test_the_two_stores_answer_alike(tmp_path, redis_url, clock):
    """The SQLite store and the Redis script run one algorithm: the same calls, the same answers."""
    sqlite = SQLiteLimits(tmp_path / "counts.sqlite", clock=clock)
    redis = RedisLimits(redis_url, prefix="alike:", clock=clock)
    rates = (Rate(12, 6), Rate(100, 3600))
    calls = [("spend", 5), ("spend", 5), ("spend", 5), ("wait", 1.3), ("spend", 5), ("back", 3), ("spend", 4)]
    calls += [("wait", 7), ("drain", 500), ("spend", 1), ("wait", 0.6), ("spend", 1)]
    for action, amount in calls:
        if action == "wait":
            clock.now += amount
            continue
        answers = []
        for store in (sqlite, redis):
            if action == "back":
                store.give_back("a", rates, int(amount))
                answers.append(store.standing("a", rates))
            else:
                answers.append(store.spend("a", rates, int(amount), drain=action == "drain"))
        first, second = answers
        assert (first.allowed, first.early, first.told) == (second.allowed, second.early, second.told), action
        assert all(math.isclose(x, y, abs_tol=1e-6) for x, y in zip(first.owed, second.owed, strict=True)), action


@pytest.mark.parametrize(
    ("policy", "general", "detailed"),
    [
        ("noeviction", "redis", "redis"),
        ("allkeys-lru", "redis (may evict)", "redis, maxmemory-policy allkeys-lru: cached answers can evict"),
    ],
)
def test_readiness_says_when_the_counts_redis_may_evict_them(tmp_path, policy, general, detailed):
    with redis_server(tmp_path, ["--save", "", "--appendonly", "no", "--maxmemory-policy", policy]) as redis:
        store = budget.budget_store(redis.url)
        assert budget.store_report(store, detailed=False) == general
        assert budget.store_report(store, detailed=True).startswith(detailed)
    assert budget.store_report(SQLiteLimits(tmp_path / "counts.sqlite"), detailed=True) == "instance file"


def test_the_service_refuses_to_start_on_a_counts_redis_that_evicts_unless_told_it_may(tmp_path):
    from maubinh_api.infra.config import ConfigError

    with redis_server(tmp_path, ["--save", "", "--appendonly", "no", "--maxmemory-policy", "allkeys-lru"]) as redis:
        store = budget.budget_store(redis.url)
        with pytest.raises(ConfigError, match="maxmemory-policy allkeys-lru: it may evict the rate-limit counts"):
            budget.refuse_an_evicting_store(store, evictable=False)
        budget.refuse_an_evicting_store(store, evictable=True)  # the operator said so
    budget.refuse_an_evicting_store(budget.budget_store(redis.url), evictable=False)  # down: checked later
