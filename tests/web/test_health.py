"""Health, readiness and the served API description."""

from __future__ import annotations

from pathlib import Path

import pytest
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
            "limits": "instance file",
            "tenants": "not configured",
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


def test_openapi_document_is_served_with_its_own_origin_first(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    repository_copy = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))
    served = yaml.safe_load(response.get_data(as_text=True))
    # /docs ("Try it out") calls the first server: the origin that served the document, where it is.
    assert served["servers"][0]["url"] == "/"
    assert served["servers"][1:] == repository_copy["servers"]
    assert {**served, "servers": repository_copy["servers"]} == repository_copy


def test_readyz_reports_an_unreachable_redis_without_failing(checked_client):
    from maubinh_api import create_app
    from tests.support.servers import free_port

    client = checked_client(create_app({"redis_url": f"redis://127.0.0.1:{free_port()}/0"}))
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json()["checks"]["redis"] == "unavailable"


def test_without_the_compiled_kernel_the_service_refuses_to_start_unless_the_reference_is_chosen(monkeypatch):
    import sys

    from maubinh_api import create_app, strategy
    from maubinh_api.strategy.kernel import KernelUnavailable, kernel_named

    # as if never built: not importable, and not on the package
    monkeypatch.setitem(sys.modules, "maubinh_api.strategy.compiled_kernel", None)
    monkeypatch.delattr(strategy, "compiled_kernel", raising=False)
    monkeypatch.delenv("MAUBINH_KERNEL", raising=False)
    kernel_named.cache_clear()
    try:
        with pytest.raises(KernelUnavailable, match=r"not built: run `make`.*MAUBINH_KERNEL=reference"):
            create_app()
        monkeypatch.setenv("MAUBINH_KERNEL", "reference")
        client = create_app().test_client()
        assert client.get("/readyz").get_json()["checks"]["kernel"] == "reference"
        metrics = client.get("/metrics").get_data(as_text=True)
        assert 'maubinh_kernel_info{kernel="reference"} 1.0' in metrics
        answer = client.post(
            "/v1/arrangements/optimal",
            json={"cards": ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]},
        )
        assert answer.status_code == 200
    finally:
        kernel_named.cache_clear()


def test_the_kernel_the_settings_name_is_the_one_every_answer_is_computed_with():
    # create_app builds the model once from its settings and hands it to the views: a service
    # told to use the reference kernel says so and answers what the compiled one answers.
    from maubinh_api import create_app

    body = {"cards": ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"], "top": 2}
    answers = {}
    for kernel in ("reference", "compiled"):
        client = create_app({"kernel": kernel, "cache_bytes": 0}).test_client()
        assert client.get("/readyz").get_json()["checks"]["kernel"] == kernel
        answers[kernel] = client.post("/v1/arrangements/optimal", json=body).get_json()
    assert answers["reference"] == answers["compiled"]


def test_a_kernel_that_does_not_exist_stops_the_start_with_the_choices():
    from maubinh_api import create_app
    from maubinh_api.strategy.kernel import KernelUnavailable

    with pytest.raises(KernelUnavailable, match="compiled, reference, not 'fortran'"):
        create_app({"kernel": "fortran"})
