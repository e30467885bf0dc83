"""Optional API keys: /v1/* (and /metrics with its own keys); health and docs stay open."""

from __future__ import annotations

import pytest

from maubinh_api import create_app
from maubinh_api.infra.config import ConfigError, Settings
from maubinh_api.infra.tenants import TenantDirectory, unnamed_tenants

KEY = "k3y-for-platform-one"
OTHER = "k3y-for-platform-two"
METRICS_KEY = "scraper-key-0123456789"
CLASSIFY = "/v1/hands/classify"
BODY = {"cards": ["As", "Kd", "Qh"]}


@pytest.fixture
def guarded(checked_client):
    return checked_client(create_app({"api_keys": (KEY, OTHER), "metrics_keys": (METRICS_KEY,)}))


def test_without_keys_configured_everything_is_open(client):
    assert client.post(CLASSIFY, json=BODY).status_code == 200
    assert client.get("/metrics").status_code == 200


@pytest.mark.parametrize(
    "headers",
    [{"Authorization": f"Bearer {KEY}"}, {"Authorization": f"bearer {OTHER}"}, {"X-API-Key": KEY}],
)
def test_a_configured_key_opens_v1(guarded, headers):
    assert guarded.post(CLASSIFY, json=BODY, headers=headers).status_code == 200


@pytest.mark.parametrize(
    ("headers", "detail"),
    [
        ({}, "needs an API key"),
        ({"Authorization": "Bearer wrong-key-0000000000"}, "not valid"),
        ({"Authorization": f"Basic {KEY}"}, "needs an API key"),
        ({"X-API-Key": KEY[:-1]}, "not valid"),
    ],
)
def test_v1_without_a_valid_key_is_a_401_problem(guarded, headers, detail):
    for response in (guarded.post(CLASSIFY, json=BODY, headers=headers), guarded.get("/v1/variants", headers=headers)):
        assert response.status_code == 401
        assert response.mimetype == "application/problem+json"
        assert detail in response.get_json()["detail"]
        assert response.headers["WWW-Authenticate"] == 'Bearer realm="maubinh-api"'
        assert response.headers["X-Request-ID"]


def test_a_key_without_the_scope_is_a_403_that_says_so(guarded):
    # The metrics key is known, but does not open the API (nor an API key /metrics).
    for response, scope in (
        (guarded.post(CLASSIFY, json=BODY, headers={"X-API-Key": METRICS_KEY}), "'api'"),
        (guarded.get("/metrics", headers={"X-API-Key": KEY}), "'metrics'"),
    ):
        assert response.status_code == 403
        assert response.mimetype == "application/problem+json"
        assert f"scope {scope}" in response.get_json()["detail"]


def test_health_readiness_description_and_docs_stay_open(guarded):
    for path in ("/healthz", "/readyz", "/openapi.yaml", "/docs/"):
        assert guarded.get(path).status_code == 200, path


def test_metrics_have_their_own_keys(guarded):
    assert guarded.get("/metrics").status_code == 401
    assert guarded.get("/metrics", headers={"Authorization": "Bearer wrong-key-0000000000"}).status_code == 401
    assert guarded.get("/metrics", headers={"X-API-Key": METRICS_KEY}).status_code == 200


def test_keys_come_from_a_list_or_a_file(tmp_path):
    assert Settings.from_env({"MAUBINH_API_KEYS": f"{KEY}, {OTHER}"}).api_keys == (KEY, OTHER)
    keys = tmp_path / "keys.txt"
    keys.write_text(f"# platform keys\n{KEY}\n\n{OTHER}\n")
    assert Settings.from_env({"MAUBINH_API_KEYS": str(keys)}).api_keys == (KEY, OTHER)
    with pytest.raises(ConfigError, match="at least 16 characters"):
        Settings.from_env({"MAUBINH_API_KEYS": "short"})


def test_every_key_is_compared():
    directory = TenantDirectory(None, unnamed_tenants((KEY, OTHER), ()))
    assert directory.find(OTHER) is not None
    assert directory.find(KEY + "x") is None
    assert directory.find("") is None
