"""The hostile-tenant suite, in process: each finding of the probe of issue 36 (five tenants against
one deployment) as a test that the service before it failed.  The front's findings, which need nginx
and gunicorn, are tests/test_hostile_front.py."""

from __future__ import annotations

import json
import threading
import time

import pytest

from maubinh_api import create_app
from maubinh_api.infra.limit_store import SQLiteLimits
from maubinh_api.infra.tenants import key_digest
from maubinh_api.rules.variants import preset, resolve_variant
from maubinh_api.strategy.drills import Theme, tries
from maubinh_api.web.costs import TABLES_UNITS
from maubinh_api.web.services import services_of
from tests.support.budgets import freeze_budgets

A_KEY = "key-of-the-hostile-platform-0123"
B_KEY = "key-of-the-light-platform-01234"
SMALL_KEY = "key-of-the-small-platform-01234"
OPS_KEY = "key-of-the-operator-0123456789"
HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
#: The probe's worst body: 40,000 nestings of twelve empty arrays (1 MB) beside a valid theme.
PAD = b'{"theme": "random", "pad": [' + b",".join([b"[[[[[[[[[[[[]]]]]]]]]]]]"] * 40_000) + b"]}"
#: Every natural of the online preset paying 500: no chi play comes near declaring one.
RICH = {
    "preset": "online",
    "overrides": {"naturals": dict.fromkeys(preset("online").rules.naturals, 500)},
}


def tenants_text() -> str:
    return (
        "tenants:\n"
        f'  - name: hostile\n    key_sha256: "{key_digest(A_KEY)}"\n    limits: ["100000/minute"]\n'
        f'  - name: light\n    key_sha256: "{key_digest(B_KEY)}"\n    limits: ["100000/minute"]\n'
        f'  - name: small\n    key_sha256: "{key_digest(SMALL_KEY)}"\n    limits: ["20/second"]\n'
        f'  - name: operator\n    key_sha256: "{key_digest(OPS_KEY)}"\n    scopes: ["metrics"]\n'
    )


@pytest.fixture
def tenants_path(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text(tenants_text())
    return path


@pytest.fixture
def app(tenants_path):
    app = create_app({"tenants_file": tenants_path, "cache_bytes": 0})
    freeze_budgets(app)  # no unit comes back while a test counts them
    return app


@pytest.fixture
def api(app, checked_client):
    return checked_client(app)


def key(name: str) -> dict[str, str]:
    return {"X-API-Key": name}


def remaining(response) -> int:
    return int(response.headers["RateLimit"].split("r=")[1].split(";")[0])


# --------------------------------------------------------------------------- 1. work that costs nothing


@pytest.mark.parametrize("theme", [[], {}, [1], {"a": 1}, 2.5, None, True])
def test_an_unhashable_or_wrong_theme_is_a_422_naming_it_never_a_500(api, theme, caplog):
    response = api.post("/v1/drills", json={"theme": theme}, headers=key(A_KEY))
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/theme"
    assert "Traceback" not in caplog.text and "unhandled error" not in caplog.text


def test_a_body_refused_for_its_cost_spends_what_is_left_and_the_next_one_waits(api):
    """A megabyte costs 256 units to read, more than the whole of 20 a second: the 422 empties the
    limit, so the same body sent again is a 429 with a wait, not another free refusal."""
    megabyte = json.dumps({"hands": [["As", "Kd", "Qh"]] * 40_000, "pad": "x" * 200}).encode()[: 1024 * 1024]
    first = api.post("/v1/hands/classify/batch", data=megabyte, content_type="application/json", headers=key(SMALL_KEY))
    assert first.status_code == 422 and first.get_json()["type"] == "urn:maubinh:problem:cost-over-limit"
    assert "reading it spent all that was left of the limit" in first.get_json()["detail"]
    assert remaining(first) == 0
    again = api.post("/v1/hands/classify/batch", data=megabyte, content_type="application/json", headers=key(SMALL_KEY))
    assert again.status_code == 429 and int(again.headers["Retry-After"]) >= 1


def test_the_worst_body_is_refused_from_its_bytes_and_pays_its_reading(api):
    before = remaining(api.get("/v1/variants", headers=key(A_KEY)))
    refused = api.post("/v1/drills", data=PAD, content_type="application/json", headers=key(A_KEY))
    assert refused.status_code == 422
    assert "the body holds 480,003 values" in refused.get_json()["detail"]  # counted before any parsing
    assert remaining(refused) == before - 245  # 1,000,026 bytes read: a unit per 4 KiB, rounded up


def test_a_malformed_body_spends_its_reading(api):
    """Refusing is work too: a 400 or a 422 spends its reading, so a tenant cannot send them for free."""
    before = remaining(api.get("/v1/variants", headers=key(A_KEY)))
    broken = api.post("/v1/hands/classify", data=b'{"cards": [', content_type="application/json", headers=key(A_KEY))
    bad = api.post("/v1/hands/classify", json={"cards": ["Zz", "Kd", "Qh"]}, headers=key(A_KEY))
    assert (broken.status_code, bad.status_code) == (400, 422)
    assert remaining(bad) == before - 2


# --------------------------------------------------------------------------- 3. every unit about the same time


def test_a_search_that_finds_too_few_values_no_more_than_it_reserved_and_pays_it(api):
    response = api.post("/v1/drills", json={"theme": "natural_call", "count": 5, "variant": RICH}, headers=key(A_KEY))
    assert response.status_code == 422 and "in 480 hands" in response.get_json()["detail"]  # 30 × (2 × 5 + 6)
    before = 100_000 - 1  # the variant listing below costs a unit
    after = remaining(api.get("/v1/variants", headers=key(A_KEY)))
    assert before - after == tries(Theme.NATURAL_CALL, 5) + TABLES_UNITS  # every hand it valued, and the tables


def test_another_tenants_optimal_is_answered_while_a_long_search_runs(app, checked_client):
    """The search values its hands one turn at a time: another tenant's hands go between them, and
    are answered long before the search ends (before, the search held the heavy slot for seconds and
    the other tenant's requests waited 2 s for a 503)."""
    long_done = threading.Event()
    searched: list[int] = []

    def search() -> None:
        client = checked_client(app)
        body = {"theme": "natural_call", "count": 5, "variant": RICH}
        searched.append(client.post("/v1/drills", json=body, headers=key(A_KEY)).status_code)
        long_done.set()

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.05)
    client = checked_client(app)
    answered = []
    for number in range(5):
        cards = [*HAND[number:], *HAND[:number]]
        answered.append(client.post("/v1/arrangements/optimal", json={"cards": cards}, headers=key(B_KEY)).status_code)
    finished_first = not long_done.is_set()
    thread.join()
    assert answered == [200] * 5 and searched == [422]
    assert finished_first  # B's five hands were answered while A's 384 were still being valued


# --------------------------------------------------------------------------- 4. no tenant learns another's variants


def test_a_variant_another_tenant_played_is_built_anew_and_paid_for(app, checked_client):
    client = checked_client(app)
    variant = {"preset": "online", "overrides": {"rake": "0.031"}}
    for _ in range(4):
        assert (
            client.post(
                "/v1/arrangements/optimal", json={"cards": HAND, "variant": variant}, headers=key(B_KEY)
            ).status_code
            == 200
        )
    service = services_of(app).models.service(None)
    resolved = resolve_variant(variant)
    assert service.for_owner("light").holds_tables(resolved)
    assert not service.for_owner("hostile").holds_tables(resolved)  # B's tables are B's
    before = remaining(client.get("/v1/variants", headers=key(A_KEY)))
    first = client.post("/v1/arrangements/optimal", json={"cards": HAND, "variant": variant}, headers=key(A_KEY))
    second = client.post("/v1/arrangements/optimal", json={"cards": HAND[::-1], "variant": variant}, headers=key(A_KEY))
    assert before - remaining(first) == 1 + TABLES_UNITS  # as for a variant nobody ever played
    assert remaining(first) - remaining(second) == 1


def test_a_tenants_new_variants_put_away_only_its_own_tables(app, checked_client):
    client = checked_client(app)
    service = services_of(app).models.service(None)
    kept = {"preset": "classic", "overrides": {"scoop_multiplier": 5}}
    client.post("/v1/arrangements/optimal", json={"cards": HAND, "variant": kept}, headers=key(B_KEY))
    for number in range(40):  # more than the store holds for everyone
        fresh = {"preset": "classic", "overrides": {"scoop_multiplier": 6 + number}}
        client.post("/v1/arrangements/optimal", json={"cards": HAND, "variant": fresh}, headers=key(A_KEY))
    assert service.for_owner("light").holds_tables(resolve_variant(kept))
    assert service.model.store.held("hostile") == service.model.store.per_owner


# --------------------------------------------------------------------------- 5. readiness in general words


def test_anonymous_readiness_names_no_path_line_tenant_or_count(app, tenants_path, checked_client):
    client = checked_client(app)
    tenants_path.write_text(tenants_text() + f'  - name: hostile\n    key_sha256: "{key_digest("x" * 20)}"\n')
    services_of(app).tenants.refresh(now=time.monotonic() + 5)
    app.extensions.pop("maubinh.readiness", None)
    anonymous = client.get("/readyz").get_json()
    text = json.dumps(anonymous)
    for secret in (str(tenants_path), "tenants.yaml", "line", "hostile", "light", "tenants[", "4 tenants"):
        assert secret not in text, secret
    assert anonymous["checks"]["tenants"].startswith("the last good tenants file serves")
    operator = client.get("/readyz", headers=key(OPS_KEY)).get_json()  # the metrics scope: the details
    assert (
        "line 14" in operator["checks"]["tenants"] and "'hostile' is already the name" in operator["checks"]["tenants"]
    )
    wrong = client.get("/readyz", headers=key(A_KEY)).get_json()  # an api key is not an operator's
    assert wrong == anonymous


def test_readiness_is_worked_out_at_most_once_a_second(app, checked_client, monkeypatch):
    client = checked_client(app)
    calls = []
    service = services_of(app).models.service(None)
    original = type(service).readiness
    monkeypatch.setattr(type(service), "readiness", lambda self, names: calls.append(1) or original(self, names))
    app.extensions.pop("maubinh.readiness", None)
    for _ in range(50):
        assert client.get("/readyz").status_code == 200
    assert len(calls) == 1


# --------------------------------------------------------------------------- 6. the counts where they cannot be evicted


def test_the_caches_redis_alone_never_holds_the_counts(tenants_path):
    app = create_app({"tenants_file": tenants_path, "redis_url": "redis://127.0.0.1:9/0"})
    assert isinstance(services_of(app).budgets.store, SQLiteLimits)


# --------------------------------------------------------------------------- 7. no tenant evicts another's


def test_another_tenants_answers_do_not_push_a_tenants_out(tenants_path, checked_client):
    app = create_app({"tenants_file": tenants_path, "cache_bytes": 64 * 1024, "tenant_cache_bytes": 16 * 1024})
    client = checked_client(app)
    body = {
        "bet": "10",
        "players": [
            {"id": "a", "arrangement": {"back": HAND[:5], "middle": HAND[5:10], "front": HAND[10:]}},
            {"id": "b", "forfeit": True},
        ],
    }
    assert client.post("/v1/settlements", json=body, headers=key(B_KEY)).headers["X-Cache"] == "miss"
    for number in range(300):  # far more than the whole cache
        flood = {**body, "bet": str(number + 1)}
        client.post("/v1/settlements", json=flood, headers=key(A_KEY))
    assert client.post("/v1/settlements", json=body, headers=key(B_KEY)).headers["X-Cache"] == "hit-local"


def test_another_tenants_fresh_variants_do_not_push_a_tenants_remembered_ones_out(api):
    mine = {"preset": "online", "overrides": {"rake": "0.0123"}}
    settled = api.post(
        "/v1/settlements",
        json={"bet": "10", "variant": mine, "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]},
        headers=key(B_KEY),
    )
    fingerprint = settled.get_json()["variant"]["fingerprint"]
    for batch in range(6):  # 1,200 variants, each a table of forfeits: more than a tenant's 1,000
        tables = [
            {
                "bet": "1",
                "variant": {"preset": "online", "overrides": {"rake": f"0.{batch * 200 + number + 1:04}"}},
                "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}],
            }
            for number in range(200)
        ]
        assert api.post("/v1/settlements/batch", json={"tables": tables}, headers=key(A_KEY)).status_code == 200
    found = api.get(f"/v1/variants/{fingerprint}", headers=key(B_KEY))
    assert found.status_code == 200 and found.get_json()["overrides"] == {"rake": "0.0123"}


# --------------------------------------------------------------------------- 10. open endpoints, names in answers


def test_wrong_keys_from_many_addresses_are_limited_for_the_instance(tenants_path, checked_client):
    app = create_app(
        {"tenants_file": tenants_path, "auth_failure_limit": "30/minute", "auth_failure_limit_total": "40/minute"}
    )
    client = checked_client(app)
    statuses = []
    for address in range(20):  # 20 addresses, 3 wrong keys each: within each address's own limit
        for _ in range(3):
            environ = {"REMOTE_ADDR": f"10.0.0.{address}"}
            answer = client.post(
                "/v1/hands/classify", json={"cards": HAND[:3]}, headers=key("guess-0123456789abc"), environ_base=environ
            )
            statuses.append(answer.status_code)
    assert statuses[:40] == [401] * 40 and set(statuses[40:]) == {429}
    assert client.post("/v1/hands/classify", json={"cards": HAND[:3]}, headers=key(B_KEY)).status_code == 200


def test_no_answer_names_an_internal_file(api):
    for path in ("/v1/variants", "/v1/variants/online", "/v1/variants/classic", "/v1/variants/extended"):
        text = api.get(path, headers=key(B_KEY)).get_data(as_text=True)
        assert ".txt" not in text and ".toml" not in text, path


def test_the_api_description_is_read_once(app, checked_client, tmp_path):
    client = checked_client(app)
    first = client.get("/openapi.yaml")
    settings = services_of(app).settings
    assert settings.openapi_path.is_file()
    again = client.get("/openapi.yaml", headers={"If-None-Match": first.headers["ETag"].strip('"')})
    assert again.status_code == 304 and again.get_data() == b""


def test_a_redirect_never_names_the_host_a_client_sent(api):
    for path in ("/docs//etc/passwd", "/docs/"):
        answer = api.get(path, headers={"Host": "evil.example"})
        assert "evil.example" not in answer.headers.get("Location", "")
        assert b"evil.example" not in answer.get_data()
