"""Request ids and metrics, in-process."""

from __future__ import annotations

import re

import pytest

from tests.test_gunicorn import metric


def test_request_id_is_echoed_or_made_on_every_answer(client):
    assert client.get("/healthz", headers={"X-Request-ID": "abc.123:x-y_z"}).headers["X-Request-ID"] == "abc.123:x-y_z"
    for response in (
        client.get("/nowhere"),
        client.post("/v1/hands/classify", data=b"{", content_type="application/json"),
        client.post("/v1/hands/classify", json={"cards": ["As"]}),
        # An empty id is none (the front reads it so too): answered, with an id of the service's.
        client.get("/healthz", headers={"X-Request-ID": ""}),
    ):
        assert response.status_code != 400 or "X-Request-ID" not in response.get_json()["detail"]
        assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])


@pytest.mark.parametrize("given", ["x" * 129, "no spaces allowed", "é", "a\tb"])
def test_a_request_id_that_is_not_one_is_a_400_naming_the_header_with_a_new_id(client, given):
    for path in ("/healthz", "/v1/variants", "/nowhere"):
        response = client.get(path, headers={"X-Request-ID": given})
        assert response.status_code == 400 and response.mimetype == "application/problem+json"
        assert "X-Request-ID" in response.get_json()["detail"]
        assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])
    vietnamese = client.get("/healthz", headers={"X-Request-ID": given, "Accept-Language": "vi"})
    assert "tiêu đề X-Request-ID" in vietnamese.get_json()["detail"]


def test_methods_outside_the_usual_seven_are_counted_as_other(client):
    for number in range(5):
        client.open("/healthz", method=f"BREW{number}")
    text = client.get("/metrics").get_data(as_text=True)
    assert metric(text, "maubinh_http_requests_total", method="other") >= 5
    assert "BREW" not in text


def test_metrics_count_by_route_template_method_and_status(client):
    before = client.get("/metrics").get_data(as_text=True)
    client.get("/v1/variants/online")
    client.get("/v1/variants/kitchen")
    client.get("/no/such/path")
    text = client.get("/metrics").get_data(as_text=True)

    def delta(**labels):
        return metric(text, "maubinh_http_requests_total", **labels) - metric(
            before, "maubinh_http_requests_total", **labels
        )

    assert delta(route="/v1/variants/<name>", method="GET", status="200") == 1
    assert delta(route="/v1/variants/<name>", method="GET", status="404") == 1
    assert delta(route="unmatched", method="GET", status="404") == 1  # never the raw path


def test_solver_and_settlement_metrics(client):
    before = client.get("/metrics").get_data(as_text=True)
    cards = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
    client.post("/v1/arrangements/optimal", json={"cards": cards, "objective": "strongest"})
    client.post(
        "/v1/settlements",
        json={"bet": "1", "variant": "online", "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]},
    )
    text = client.get("/metrics").get_data(as_text=True)
    solved = metric(text, "maubinh_solver_duration_seconds_count", objective="strongest")
    assert solved - metric(before, "maubinh_solver_duration_seconds_count", objective="strongest") == 1
    settled = metric(text, "maubinh_settlements_total", variant="online")
    assert settled - metric(before, "maubinh_settlements_total", variant="online") == 1
