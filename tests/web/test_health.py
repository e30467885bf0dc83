"""Health, readiness and the served API description."""

from __future__ import annotations

from pathlib import Path

import yaml


def test_healthz(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_readyz(client):
    body = client.get("/readyz").get_json()
    assert body == {
        "status": "ready",
        "checks": {
            "presets": "ok",
            "odds": "ok",
            "bank": "ok",
            "evaluator": "ok",
            "kernel": "compiled",
            "redis": "not configured",
        },
    }


def test_readyz_reports_a_failure_as_503(client, monkeypatch):
    from maubinh_api.web.blueprints import health

    def broken(name):
        raise OSError("preset file missing")

    monkeypatch.setattr(health, "preset", broken)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert "preset file missing" in response.get_json()["detail"]


def test_openapi_document_is_served_as_is(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    repository_copy = (Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8")
    assert response.get_data(as_text=True) == repository_copy
    assert yaml.safe_load(response.get_data(as_text=True))["openapi"] == "3.1.0"


def test_readyz_reports_an_unreachable_redis_without_failing(checked_client):
    from local_servers import free_port

    from maubinh_api import create_app

    client = checked_client(create_app({"redis_url": f"redis://127.0.0.1:{free_port()}/0"}))
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json()["checks"]["redis"] == "unavailable"
