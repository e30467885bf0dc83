"""Malformed requests: every failure is problem+json with the right status."""

from __future__ import annotations

import pytest

CLASSIFY = "/v1/hands/classify"


def problem(response, status):
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status
    return body


@pytest.mark.parametrize(
    ("data", "detail"),
    [
        (b"", "empty"),
        (b"   ", "empty"),
        (b'{"cards": [', "not valid JSON"),
        (b'{"cards": NaN}', "NaN is not a JSON number"),
        (b'{"cards": Infinity}', "Infinity is not a JSON number"),
        (b'{"cards": -Infinity}', "not a JSON number"),
        (b'{"cards": ["A\xffs"]}', "not valid UTF-8 (byte 13)"),  # 0-based offset of \xff
        # Which "cards" was meant? A parser that keeps the last would classify the second.
        (b'{"cards": ["As", "Kd", "Qh"], "cards": ["2s", "3d", "4h"]}', "the member 'cards' appears twice"),
        (b'{"cards": ["As", "Kd", "Qh"], "variant": {"preset": "classic", "preset": "online"}}', "'preset' appears"),
    ],
)
def test_malformed_bodies_are_400(client, data, detail):
    body = problem(client.post(CLASSIFY, data=data, content_type="application/json"), 400)
    assert detail in body["detail"]
    assert body["type"] == "urn:maubinh:problem:malformed-request"


def test_a_body_nested_deeper_than_any_request_is_refused_from_its_bytes(client):
    body = problem(client.post(CLASSIFY, data=b"[" * 100_000 + b"]" * 100_000, content_type="application/json"), 422)
    assert "the body nests 100,000 levels of arrays and objects" in body["detail"]
    assert body["errors"][0]["pointer"] == ""


@pytest.mark.parametrize("payload", [b"[]", b'"As"', b"3", b"null", b"true"])
def test_a_body_that_is_not_an_object_is_422(client, payload):
    body = problem(client.post(CLASSIFY, data=payload, content_type="application/json"), 422)
    assert body["errors"][0]["pointer"] == ""


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", None, "application/json; charset=latin-1"]
)
def test_bodies_not_sent_as_json_are_415(client, content_type):
    kwargs = {"data": b'{"cards": ["As", "Kd", "Qh"]}'}
    if content_type:
        kwargs["content_type"] = content_type
    problem(client.post(CLASSIFY, **kwargs), 415)


def test_json_with_charset_and_structured_suffix_are_accepted(client):
    data = b'{"cards": ["As", "Kd", "Qh"]}'
    assert client.post(CLASSIFY, data=data, content_type="application/json; charset=utf-8").status_code == 200
    assert client.post(CLASSIFY, data=data, content_type="application/vnd.maubinh+json").status_code == 200


def test_a_body_over_the_limit_is_413(checked_client):
    from maubinh_api import create_app

    client = checked_client(create_app({"max_body_bytes": 4096}))
    payload = b'{"cards": [' + b'"As",' * 2000 + b'"Kd"]}'  # 10,018 bytes
    body = problem(client.post(CLASSIFY, data=payload, content_type="application/json"), 413)
    assert "4096 bytes" in body["detail"]


def test_each_application_keeps_its_own_body_limit(checked_client):
    # The limit is set once on each application's own request class: a second application in the
    # same process (a test's, a kept model's) neither takes nor changes the first one's.
    from maubinh_api import create_app

    small = checked_client(create_app({"max_body_bytes": 4096}))
    large = checked_client(create_app({"max_body_bytes": 64 * 1024}))
    payload = b'{"cards": [' + b'"As",' * 2000 + b'"Kd"]}'  # 10,018 bytes: over 4 KiB, under 64 KiB
    problem(small.post(CLASSIFY, data=payload, content_type="application/json"), 413)
    assert large.post(CLASSIFY, data=payload, content_type="application/json").status_code != 413
    problem(small.post(CLASSIFY, data=payload, content_type="application/json"), 413)


def test_unknown_path_is_404(client):
    body = problem(client.get("/v2/nothing"), 404)
    assert body["instance"] == "/v2/nothing"


def test_wrong_method_is_405_with_allow(client):
    response = client.get(CLASSIFY)
    problem(response, 405)
    assert "POST" in response.headers["Allow"]
    problem(client.delete("/v1/variants"), 405)


def test_an_unexpected_fault_is_a_logged_500_problem(client, monkeypatch, caplog):
    from maubinh_api.web.blueprints import hands

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(hands, "classify", explode)
    response = client.post(CLASSIFY, json={"cards": ["As", "Kd", "Qh"]})
    body = problem(response, 500)
    assert "boom" not in body["detail"]  # internals are logged, not shown
    assert "unhandled error on POST /v1/hands/classify" in caplog.text
