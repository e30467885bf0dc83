"""Tenants through the HTTP layer: costs spent against each tenant's own limits,
429 with Retry-After and the RateLimit fields, /v1/usage, failing open, and
per-tenant metrics."""

from __future__ import annotations

import json
import re
import time

import pytest

from maubinh_api import create_app
from maubinh_api.infra.tenants import key_digest
from maubinh_api.web.services import services_of
from tests.support.budgets import freeze_budgets

A_KEY = "key-of-platform-a-0123456789"
B_KEY = "key-of-platform-b-0123456789"
SCRAPER_KEY = "key-of-the-scraper-0123456789"
CLASSIFY = "/v1/hands/classify"
CHI = ["As", "Kd", "Qh"]


def tenants_file(tmp_path, a_limits='["10/minute"]'):
    path = tmp_path / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: platform-a\n    key_sha256: "{key_digest(A_KEY)}"\n    limits: {a_limits}\n'
        f'  - name: platform-b\n    key_sha256: "{key_digest(B_KEY)}"\n    limits: ["1000/minute"]\n'
        f'  - name: scraper\n    key_sha256: "{key_digest(SCRAPER_KEY)}"\n    scopes: ["metrics"]\n'
    )
    return path


@pytest.fixture
def app(tmp_path):
    app = create_app({"tenants_file": tenants_file(tmp_path), "cache_bytes": 0})
    freeze_budgets(app)  # no unit comes back while a test counts them
    return app


@pytest.fixture
def api(app, checked_client):
    return checked_client(app)


def as_tenant(key):
    return {"X-API-Key": key}


def test_a_batch_costs_its_items_and_the_answer_says_what_is_left(api):
    response = api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 4}, headers=as_tenant(A_KEY))
    assert response.status_code == 200
    # 10 units a minute, 4 spent by this batch of 4 chi.
    assert response.headers["RateLimit-Policy"] == '"10/minute";q=10;w=60'
    assert re.fullmatch(r'"10/minute";r=6;t=\d+', response.headers["RateLimit"])
    single = api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY))
    assert re.fullmatch(r'"10/minute";r=5;t=\d+', single.headers["RateLimit"])


def test_over_the_limit_is_a_429_with_a_true_retry_after_and_the_refusal_spends_nothing(app, api):
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 8}, headers=as_tenant(A_KEY)).status_code == 200
    refused = api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 3}, headers=as_tenant(A_KEY))
    assert refused.status_code == 429
    assert refused.mimetype == "application/problem+json"
    # 10 a minute is a unit back every 6 s: 2 are left, the third of 3 is back in 6 s.
    assert refused.headers["Retry-After"] == "6"
    # Nothing may be spent until then, and all 10 are back 48 s after the 8 were spent.
    assert refused.headers["RateLimit"] == '"10/minute";r=0;t=48'
    body = refused.get_json()
    assert body["type"] == "urn:maubinh:problem:too-many-requests"
    assert body["detail"] == (
        "'platform-a' has 2 of its 10/minute units left and this request costs 3; it fits in 6 s"
        " (this refusal spent nothing)"
    )
    # Until then the tenant waits as a whole: a request that would fit is refused at once ("early").
    again = api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 2}, headers=as_tenant(A_KEY))
    assert again.status_code == 429 and "came back before the time it was given" in again.get_json()["detail"]
    services_of(app).budgets.clock.now += 6  # the same request, when told
    answered = api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 3}, headers=as_tenant(A_KEY))
    assert answered.status_code == 200 and answered.headers["RateLimit"] == '"10/minute";r=0;t=60'


def test_one_tenant_spending_its_budget_leaves_the_other_untouched(api):
    for _ in range(10):
        api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY))
    assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 429
    answer = api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(B_KEY))
    assert answer.status_code == 200
    assert re.fullmatch(r'"1000/minute";r=999;t=\d+', answer.headers["RateLimit"])


def test_a_request_larger_than_a_whole_limit_is_told_it_never_fits_and_how_to_split_it(api):
    refused = api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 11}, headers=as_tenant(A_KEY))
    # 422, not 413: generic HTTP middleware reads a 413 as a body too large and may trim it.
    assert refused.status_code == 422 and "Retry-After" not in refused.headers  # waiting would not help
    problem = refused.get_json()
    assert problem["type"] == "urn:maubinh:problem:cost-over-limit"
    assert "costs 11 units, more than 'platform-a''s whole limit of 10/minute" in problem["detail"]
    assert (
        "parts of at most 10 units" in problem["detail"]
        and "what reading it cost (1 unit) is spent" in problem["detail"]
    )
    assert (
        api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 9}, headers=as_tenant(A_KEY)).status_code == 200
    )  # the refusal spent its reading alone: 9 units were left


def test_a_bad_request_costs_its_reading(api):
    """Its chi are not counted (nothing of a body is computed on before it is validated), but reading it
    is paid: a refused request is never free to send again."""
    bad = api.post(CLASSIFY + "/batch", json={"hands": [["Zz", "Kd", "Qh"]] * 3}, headers=as_tenant(A_KEY))
    assert bad.status_code == 422
    assert re.fullmatch(r'"10/minute";r=9;t=\d+', bad.headers["RateLimit"])


def test_usage_answers_the_callers_own_budget_and_costs_a_unit(api):
    api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 3}, headers=as_tenant(A_KEY))
    for _ in range(2):
        usage = api.get("/v1/usage", headers=as_tenant(A_KEY)).get_json()
    assert usage["tenant"] == "platform-a" and usage["scopes"] == ["api"]
    [window] = usage["limits"]
    # 3 chi, then a unit for each reading of the budget (the second's answer counts both).
    assert (window["limit"], window["quota"], window["window_seconds"], window["remaining"]) == ("10/minute", 10, 60, 5)
    assert api.get("/v1/usage", headers=as_tenant(B_KEY)).get_json()["limits"][0]["remaining"] == 999


def test_usage_without_keys_is_the_anonymous_tenant(checked_client):
    open_api = checked_client(create_app({"cache_bytes": 0}))
    assert open_api.get("/v1/usage").get_json() == {"tenant": "anonymous", "scopes": ["api"], "limits": []}
    assert "RateLimit" not in open_api.post(CLASSIFY, json={"cards": CHI}).headers


def test_scopes_open_only_their_paths(api):
    assert api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).status_code == 200
    assert api.get("/metrics", headers=as_tenant(A_KEY)).status_code == 403
    assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(SCRAPER_KEY)).status_code == 403
    assert api.get("/metrics").status_code == 401


def test_wrong_keys_from_one_address_are_limited(tmp_path, checked_client):
    app = create_app({"tenants_file": tenants_file(tmp_path), "auth_failure_limit": "3/minute"})
    api = checked_client(app)
    statuses = [
        api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant("guess-0123456789abc")).status_code for _ in range(4)
    ]
    assert statuses == [401, 401, 401, 429]
    assert (
        api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 200
    )  # a right key still works


def test_with_redis_down_requests_are_answered_uncounted(tmp_path, checked_client):
    # Nothing listens on port 9: every Redis call fails at once.
    app = create_app(
        {"tenants_file": tenants_file(tmp_path), "limits_redis_url": "redis://127.0.0.1:9/0", "cache_bytes": 0}
    )
    api = checked_client(app)
    before = metric(api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).text, "maubinh_limiter_failures_total")
    for _ in range(12):  # past platform-a's 10 a minute: nothing counts them
        assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 200
    after = metric(api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).text, "maubinh_limiter_failures_total")
    assert after > before


def test_requests_and_costs_are_counted_per_tenant(api):
    api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 4}, headers=as_tenant(A_KEY))
    api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(B_KEY))
    text = api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).text
    # The batch is an operation of its own (since 0.6.0): A's 4 units are counted under it.
    batch = {"operation": "hands.classify_batch", "status": "200"}
    single = {"operation": "hands.classify_hands", "status": "200"}
    assert metric(text, "maubinh_tenant_cost_units_total", tenant="platform-a", **batch) >= 4
    assert metric(text, "maubinh_tenant_requests_total", tenant="platform-b", **single) >= 1
    assert A_KEY not in text and key_digest(A_KEY) not in text


def metric(text, name, **labels):
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.split("}")[0])) if "{" in line else {}
        if line.split("{")[0].split(" ")[0] == name and all(found.get(k) == v for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_oversized_and_broken_bodies_never_fail_the_limiter_open(api):
    """A 413 or a 422 is the request's own fault: the store is healthy, the limits keep counting."""
    failures = metric(api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).text, "maubinh_limiter_failures_total")
    oversized = json.dumps({"hands": [CHI] * 80_000})  # about 1.4 MB, over the 1 MiB a body may have
    for _ in range(3):
        assert (
            api.post(CLASSIFY, data=oversized, content_type="application/json", headers=as_tenant(A_KEY)).status_code
            == 413
        )
        assert (
            api.post(CLASSIFY, data=b"{", content_type="application/json", headers=as_tenant(A_KEY)).status_code == 400
        )
    after = metric(api.get("/metrics", headers=as_tenant(SCRAPER_KEY)).text, "maubinh_limiter_failures_total")
    assert after == failures
    # Each of the six cost its unit (a body that does not read costs what was read: nothing, here);
    # 10 a minute, so 4 are left and a fifth request is refused: still counting, not open.
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 4}, headers=as_tenant(A_KEY)).status_code == 200
    assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 429


def test_reading_a_large_body_costs_a_unit_per_4_kib_whatever_it_holds(tmp_path, checked_client):
    app = create_app({"tenants_file": tenants_file(tmp_path, a_limits='["1000/minute"]'), "cache_bytes": 0})
    api = checked_client(app)
    junk = json.dumps({"cards": CHI, "padding": "x" * 200, "variant": "classic"})  # one unit: small
    api.post(CLASSIFY, data=junk, content_type="application/json", headers=as_tenant(A_KEY))
    spaced = '{"cards": ["As", "Kd", "Qh"]' + " " * 100_000 + "}"  # 100,029 bytes of nothing much
    answer = api.post(CLASSIFY, data=spaced, content_type="application/json", headers=as_tenant(A_KEY))
    assert answer.status_code == 200
    # 1 unit for the first (a 422), then ceil(100,029 / 4,096) = 25 units: 1000 - 26 left.
    assert re.fullmatch(r'"1000/minute";r=974;t=\d+', answer.headers["RateLimit"])


def test_a_client_that_waits_its_retry_after_is_answered(tmp_path, checked_client):
    app = create_app({"tenants_file": tenants_file(tmp_path, a_limits='["4/2 second"]'), "cache_bytes": 0})
    api = checked_client(app)
    for attempt in range(3):  # whatever the moment in the window the budget ran out at
        refused = None
        for _ in range(10):  # spend until refused (4 units per 2 s: within a few requests)
            answer = api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY))
            if answer.status_code == 429:
                refused = answer
                break
        assert refused is not None, attempt
        time.sleep(int(refused.headers["Retry-After"]))
        assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 200, attempt


def test_a_bad_request_whose_reading_does_not_fit_is_a_429_and_is_answered_when_told(app, api):
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 10}, headers=as_tenant(A_KEY)).status_code == 200
    bad = {"hands": [["Zz", "Kd", "Qh"]]}
    refused = api.post(CLASSIFY + "/batch", json=bad, headers=as_tenant(A_KEY))
    # Nothing left to pay its reading with: not a free 422, a 429 that says when it is read.
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "6"
    services_of(app).budgets.clock.now += 6
    assert api.post(CLASSIFY + "/batch", json=bad, headers=as_tenant(A_KEY)).status_code == 422


def test_every_request_with_a_key_counts_and_a_tenant_told_to_wait_gets_nothing(app, api):
    for path in ("/v1/usage", "/v1/variants", "/v1/enumerations", "/v1/no-such-thing"):
        before = api.get("/v1/usage", headers=as_tenant(B_KEY)).get_json()["limits"][0]["remaining"]
        api.get(path, headers=as_tenant(B_KEY))
        after = api.get("/v1/usage", headers=as_tenant(B_KEY)).get_json()["limits"][0]["remaining"]
        assert before - after == 2, path  # its unit, and the second usage's
    # 10 a minute: a batch of 9 after 2 units is refused, and then even the budget's reading waits.
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 2}, headers=as_tenant(A_KEY)).status_code == 200
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 9}, headers=as_tenant(A_KEY)).status_code == 429
    for path in ("/v1/usage", "/v1/variants"):
        waiting = api.get(path, headers=as_tenant(A_KEY))
        assert waiting.status_code == 429 and "came back before the time it was given" in waiting.get_json()["detail"]


def test_a_header_refused_before_the_body_is_read_still_counts(app, api):
    """An unknown model or a request id that is none is a 400 found before any work: it pays its
    reading (it paid nothing before, and a tenant sending 1,400 a second took a core), and a
    tenant told to wait gets its 429 first."""
    refusals = ({"X-Model-Version": "model-0000000000000000"}, {"X-Request-ID": "not an id"})
    for headers in refusals:
        before = api.get("/v1/usage", headers=as_tenant(B_KEY)).get_json()["limits"][0]["remaining"]
        assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(B_KEY) | headers).status_code == 400
        after = api.get("/v1/usage", headers=as_tenant(B_KEY)).get_json()["limits"][0]["remaining"]
        assert before - after == 2, headers  # its reading, and the second usage's unit
    assert api.post(CLASSIFY + "/batch", json={"hands": [CHI] * 10}, headers=as_tenant(A_KEY)).status_code == 200
    assert api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY)).status_code == 429
    for headers in refusals:
        waiting = api.post(CLASSIFY, json={"cards": CHI}, headers=as_tenant(A_KEY) | headers)
        assert waiting.status_code == 429, headers
