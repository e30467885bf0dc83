"""Early retries: a caller refused with 429 that comes back before its Retry-After waits for
the next 429, a few callers at a time, and a caller that honours Retry-After never does."""

from __future__ import annotations

import time

from maubinh_api import create_app
from maubinh_api.infra.budget import Decision
from maubinh_api.web.retry_hold import RetryHold

from .test_limits import A_KEY, B_KEY, CHI, CLASSIFY, SCRAPER_KEY, as_tenant, metric, tenants_file

EARLY = Decision(False, (), retry_after=1, early=True)


def test_only_early_refusals_pause_and_never_past_their_retry_after():
    pauses: list[float] = []
    hold = RetryHold(0.5, 4, sleep=pauses.append)
    assert hold.hold(EARLY, "a") == {}  # waited in this thread: nothing for the front
    assert hold.hold(Decision(False, (), retry_after=1), "a") == {}  # a first refusal: at once
    assert hold.hold(Decision(True, ()), "a") == {}
    RetryHold(5.0, 4, sleep=pauses.append).hold(EARLY, "a")
    assert pauses == [0.5, 1.0]  # 5 s asked, the Retry-After said 1 s


def test_paused_answers_hold_at_most_their_slots():
    pauses: list[float] = []

    def nested(seconds: float) -> None:
        pauses.append(seconds)
        hold.hold(EARLY, "b")  # a second early retry while the first waits: answered at once

    hold = RetryHold(0.5, 1, sleep=nested)
    hold.hold(EARLY, "a")
    assert pauses == [0.5]  # the nested one found no slot free and did not wait
    hold.hold(EARLY, "a")
    assert pauses == [0.5, 0.5]  # the slot was free again for the outer one, and only for it


def test_no_slots_or_no_pause_means_answered_at_once():
    def never(_seconds: float) -> None:
        raise AssertionError("must not sleep")

    assert RetryHold(0.5, 0, sleep=never).hold(EARLY, "a") == {}  # sync workers: one thread, none held
    assert RetryHold(0.0, 8, sleep=never).hold(EARLY, "a") == {}


def test_behind_the_front_an_early_refusal_is_handed_to_nginx_and_no_thread_waits():
    def never(_seconds: float) -> None:
        raise AssertionError("must not sleep: nginx holds it")

    hold = RetryHold(0.5, 8, front=True, sleep=never)
    assert hold.hold(EARLY, "platform-a") == {"X-Accel-Redirect": "/_front/held/platform-a/1"}
    assert hold.hold(EARLY, "address:2001:db8::7") == {"X-Accel-Redirect": "/_front/held/address:2001:db8::7/1"}
    assert hold.hold(EARLY, "weird name/..") == {"X-Accel-Redirect": "/_front/held/weird-name-../1"}
    assert hold.hold(Decision(False, (), retry_after=3), "platform-a") == {}  # not early: answered as it is


def test_a_tenant_ignoring_retry_after_waits_for_its_429s(tmp_path, checked_client):
    app = create_app(
        {"tenants_file": tenants_file(tmp_path), "cache_bytes": 0, "retry_hold": 0.3, "retry_hold_slots": 2}
    )
    api = checked_client(app)
    before = held(api, "platform-a")
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 10}, headers=as_tenant(A_KEY)).status_code == 200
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 429
        timings.append(time.perf_counter() - started)
    assert timings[0] < 0.3 <= min(timings[1:])  # told once at once, then paused 0.3 s each time
    started = time.perf_counter()
    assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(B_KEY)).status_code == 200
    assert time.perf_counter() - started < 0.3  # the other platform is not held
    assert held(api, "platform-a") == before + 2


def test_wrong_keys_sent_again_and_again_wait_too(tmp_path, checked_client):
    settings = {"tenants_file": tenants_file(tmp_path), "auth_failure_limit": "1/minute"}
    api = checked_client(create_app({**settings, "retry_hold": 0.3, "retry_hold_slots": 1}))
    guess = as_tenant("guess-0123456789abc")
    before = held(api, "unauthenticated")
    assert [api.post(CLASSIFY, json={"cards": CHI}, headers=guess).status_code for _ in range(2)] == [401, 429]
    started = time.perf_counter()
    assert api.post(CLASSIFY, json={"cards": CHI}, headers=guess).status_code == 429
    assert time.perf_counter() - started >= 0.3
    assert held(api, "unauthenticated") == before + 1


def held(api, tenant):
    scraped = api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).text
    return metric(scraped, "maubinh_held_retries_total", tenant=tenant)
