"""One tenant learns nothing of another's requests: not from the cache (X-Cache, or the time a
cached answer saves), the variants remembered, usage, errors or metrics."""

from __future__ import annotations

import pytest

from maubinh_api import create_app
from maubinh_api.infra.tenants import key_digest

A_KEY = "key-of-platform-a-0123456789"
B_KEY = "key-of-platform-b-0123456789"
PROMETHEUS_KEY = "key-of-prometheus-0123456789"
HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
OPTIMAL = "/v1/arrangements/optimal"


def tenants(tmp_path, *, prometheus: bool = False):
    path = tmp_path / "tenants.yaml"
    text = (
        "tenants:\n"
        f'  - name: platform-a\n    key_sha256: "{key_digest(A_KEY)}"\n    limits: ["1000/minute"]\n'
        f'  - name: platform-b\n    key_sha256: "{key_digest(B_KEY)}"\n    limits: ["1000/minute"]\n'
    )
    if prometheus:
        text += f'  - name: prometheus\n    key_sha256: "{key_digest(PROMETHEUS_KEY)}"\n    scopes: ["metrics"]\n'
    path.write_text(text)
    return path


@pytest.fixture
def api(tmp_path, checked_client):
    return checked_client(create_app({"tenants_file": tenants(tmp_path)}))


def test_an_answer_cached_for_one_tenant_is_a_miss_for_another(api):
    first = api.post(OPTIMAL, json={"cards": HAND}, headers={"X-API-Key": A_KEY})
    again = api.post(OPTIMAL, json={"cards": HAND}, headers={"X-API-Key": A_KEY})
    other = api.post(OPTIMAL, json={"cards": HAND}, headers={"X-API-Key": B_KEY})
    assert (first.headers["X-Cache"], again.headers["X-Cache"], other.headers["X-Cache"]) == (
        "miss",
        "hit-local",
        "miss",  # computed again for B: B's time says nothing of A's request either
    )
    assert other.get_json() == first.get_json()  # the same answer, computed for each


def test_a_variant_one_tenant_used_is_not_found_by_another(api):
    variant = {"preset": "online", "overrides": {"rake": "0.03"}}
    answer = api.post(OPTIMAL, json={"cards": HAND, "variant": variant}, headers={"X-API-Key": A_KEY})
    fingerprint = answer.get_json()["variant"]["fingerprint"]
    assert api.get(f"/v1/variants/{fingerprint}", headers={"X-API-Key": A_KEY}).status_code == 200
    hidden = api.get(f"/v1/variants/{fingerprint}", headers={"X-API-Key": B_KEY})
    assert hidden.status_code == 404  # B cannot learn that someone plays with a 3% rake


def test_usage_and_refusals_name_only_the_callers_own_budget(api):
    api.post("/v1/hands/classify/batch", json={"hands": [["As", "Kd", "Qh"]] * 40}, headers={"X-API-Key": A_KEY})
    usage = api.get("/v1/usage", headers={"X-API-Key": B_KEY}).get_json()
    # Untouched by A's 40 units: B's whole limit less the unit of this reading.
    assert usage["tenant"] == "platform-b" and usage["limits"][0]["remaining"] == 999
    assert "platform-a" not in str(usage)


def test_metrics_are_closed_once_tenants_are_configured(api):
    assert api.get("/metrics").status_code == 401
    assert api.get("/metrics", headers={"X-API-Key": A_KEY}).status_code == 403  # an api key, not a metrics one


def test_metrics_open_to_a_key_of_the_metrics_scope(tmp_path, checked_client):
    api = checked_client(create_app({"tenants_file": tenants(tmp_path, prometheus=True)}))
    assert api.get("/metrics", headers={"X-API-Key": PROMETHEUS_KEY}).status_code == 200
    assert api.get("/metrics", headers={"X-API-Key": A_KEY}).status_code == 403


def test_metrics_open_to_anyone_only_when_the_operator_says_so(tmp_path, checked_client):
    api = checked_client(create_app({"tenants_file": tenants(tmp_path), "metrics_open": True}))
    assert api.get("/metrics").status_code == 200


def test_without_any_key_configured_everything_stays_open(client):
    assert client.get("/metrics").status_code == 200
