"""Answers' bytes: orjson writes the standard library's JSON, compact, members in the documented order."""

from __future__ import annotations

import json

import pytest

from maubinh_api.web.encoding import encoded

CARDS = ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"]
ARRANGEMENT = {"back": CARDS[:5], "middle": CARDS[5:10], "front": CARDS[10:]}
REQUESTS = [
    ("/v1/hands/classify", {"cards": ["Kh", "Kd", "2c", "9s", "9c"]}),
    ("/v1/arrangements/validate", {"arrangement": ARRANGEMENT}),
    ("/v1/arrangements/optimal", {"cards": CARDS, "top": 5}),
    ("/v1/arrangements/analysis", {"arrangement": ARRANGEMENT, "variant": "online"}),
    ("/v1/arrangements/play", {"cards": CARDS, "level": "club", "seed": 3}),
]


def standard(answer: object) -> bytes:
    """What the standard library writes with the service's settings, without the spaces."""
    return (json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


@pytest.mark.parametrize(("path", "body"), REQUESTS)
def test_an_answer_is_the_standard_librarys_json_byte_for_byte(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200
    assert response.data == standard(json.loads(response.data))  # the documented order, UTF-8 unescaped


def test_vietnamese_text_is_utf8_not_escaped(client):
    path, body = REQUESTS[0]
    data = client.post(path, json=body).data
    assert "Thú K và 9".encode() in data and b"\\u" not in data


def test_jsonify_answers_use_the_same_encoder(client):
    response = client.get("/v1/variants")
    assert response.data == standard(response.get_json())


@pytest.mark.parametrize("value", [0.1 + 0.2, 1 / 3, -0.0, 12.5, 1e-4, 123456.789, 2**53 - 1])
def test_numbers_are_written_as_python_writes_them(value):
    assert encoded({"x": value}) == standard({"x": value})
