"""POST /v1/hands/classify."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maubinh_api import create_app
from maubinh_api.rules.variants import preset
from maubinh_api.web.blueprints.hands import read_one_chi
from maubinh_api.web.schemas import MAX_CLASSIFY_HANDS, ClassifyRequest
from tests.support.request_bodies import VARIANTS


def test_classifies_one_chi_in_canonical_notation(client):
    response = client.post("/v1/hands/classify", json={"cards": ["kh", "K♦", "2c", "9s", "9C"]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["cards"] == ["Kh", "Kd", "9s", "9c", "2c"]
    assert body["category"]["key"] == "two_pair"
    assert body["category"]["label"] == {"en": "Two pair", "vi": "Thú"}
    assert body["description"] == {"en": "Two pair, Kings and Nines", "vi": "Thú K và 9"}
    assert body["strength"] == [2, 13, 9, 2, 0, 0]
    classic = preset("classic")
    assert body["variant"] == {"preset": "classic", "overrides": {}, "fingerprint": classic.fingerprint}


def test_classifies_a_front(client):
    body = client.post("/v1/hands/classify", json={"cards": ["Qs", "Qd", "Qc"]}).get_json()
    assert (body["category"]["key"], body["strength"]) == ("trips", [3, 12, 0, 0])


def test_the_variant_decides_where_the_wheel_ranks(client):
    hands = [["As", "2d", "3c", "4h", "5s"], ["9s", "Td", "Jc", "Qh", "Ks"]]
    low = client.post("/v1/hands/classify/batch", json={"hands": hands, "variant": "online"}).get_json()
    second = client.post("/v1/hands/classify/batch", json={"hands": hands, "variant": "extended"}).get_json()
    assert low["results"][0]["strength"] < low["results"][1]["strength"]
    assert second["results"][0]["strength"] > second["results"][1]["strength"]
    assert second["variant"]["preset"] == "extended"


def test_a_batch_answers_in_order(client):
    hands = [["2s", "3s", "4s", "5s", "6s"], ["As", "Ad", "Kc"], ["7h", "7d", "7s", "7c", "Kd"]]
    body = client.post("/v1/hands/classify/batch", json={"hands": hands}).get_json()
    assert [result["category"]["key"] for result in body["results"]] == ["straight_flush", "pair", "quads"]


def test_overrides_are_reported(client):
    body = client.post(
        "/v1/hands/classify",
        json={
            "cards": ["As", "2d", "3c", "4h", "5s"],
            "variant": {"preset": "classic", "overrides": {"wheel": "second"}},
        },
    ).get_json()
    assert body["strength"] == [4, 14, 5, 4, 3, 2]
    assert body["variant"]["overrides"] == {"wheel": "second"}
    assert body["variant"]["fingerprint"] != preset("classic").fingerprint


def test_a_classify_batch_takes_its_maximum_and_refuses_one_more(client):
    hand, most = ["As", "Kd", "Qh"], MAX_CLASSIFY_HANDS  # the declaration's (1,000 today)
    assert len(client.post("/v1/hands/classify/batch", json={"hands": [hand] * most}).get_json()["results"]) == most
    response = client.post("/v1/hands/classify/batch", json={"hands": [hand] * (most + 1)})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"pointer": "/hands", "code": "wrong_count", "detail": f"a batch has 1 to {most} hands, not {most + 1}"}
    ]


@pytest.mark.parametrize(
    ("body", "pointer", "detail"),
    [
        ({"cards": ["As", "Kd", "Qh", "Jc", "As"]}, "/cards/4", "card As appears twice: at /cards/0 and /cards/4"),
        ({"cards": ["As", "Kd", "Qh", "Jc"]}, "/cards", "a chi has 3 or 5 cards, not 4"),
        # Every batch holds 1 to N items, an empty one is refused as /optimal's and /analysis's are.
        ({"hands": []}, "/hands", "a batch has 1 to 1000 hands, not 0"),
        ({"cards": ["As", "Kd"]}, "/cards", "a chi must hold 3 to 5 cards, not 2"),
        ({"cards": ["As", "Kd", "Qh", "Jc", "Ts", "9s"]}, "/cards", "a chi must hold 3 to 5 cards, not 6"),
        ({"cards": ["As", "Kd", "Zz"]}, "/cards/2", "unknown card 'Zz'"),
        ({"cards": ["As", "Kd", 7]}, "/cards/2", "a card must be a string"),
        ({"cards": "As Kd Qh"}, "/cards", "must be a list of cards"),
        ({"hands": [["As", "Kd", "Qh"], ["2s", "2s", "3d"]]}, "/hands/1/1", "card 2s appears twice"),
        ({"hands": [["As", "Kd", "Qh"], ["2s", "Xd", "3d"]]}, "/hands/1/1", "unknown card 'Xd'"),
        ({}, "/cards", "is required and missing"),
        # A batch is an operation of its own since 0.6.0: the single one says where it went.
        ({"cards": ["As", "Kd", "Qh"], "hands": [["2s", "3d", "4h"]]}, "/hands", "POST /v1/hands/classify/batch"),
        ({"cards": ["As", "Kd", "Qh"], "colour": "red"}, "/colour", "unknown field"),
        ({"cards": ["As", "Kd", "Qh"], "variant": "kitchen"}, "/variant", "unknown preset 'kitchen'"),
        ({"cards": ["As", "Kd", "Qh"], "variant": 3}, "/variant", "must be a preset name"),
        (
            {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"majority": 1}}},
            "/variant/overrides/majority",
            "unknown knob 'majority'",
        ),
    ],
)
def test_bad_content_is_a_422_naming_the_place(client, body, pointer, detail):
    batch = "hands" in body and "cards" not in body
    response = client.post("/v1/hands/classify/batch" if batch else "/v1/hands/classify", json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["errors"][0]["pointer"] == pointer
    assert detail in problem["errors"][0]["detail"]
    assert problem["type"] == "urn:maubinh:problem:invalid-content"
    assert problem["instance"] == ("/v1/hands/classify/batch" if batch else "/v1/hands/classify")


# The quick read of the commonest classify request, against the schema it stands in for: whenever
# it reads a body, the schema reads the same from it, the variant resolved (where it declines, the
# schema answers, so every error is the schema's).
_CARD_TEXTS = st.sampled_from(["As", "as", "10h", "Td", "♠K", "2c", "Zz", "", 5, None, "A♥"])


@given(
    body=st.fixed_dictionaries(
        {"cards": st.one_of(st.lists(_CARD_TEXTS, max_size=6), st.just("As Kd Qh"), st.none())},
        optional={"variant": VARIANTS, "extra": st.just(1)},
    )
)
@settings(max_examples=300, deadline=None)
def test_the_quick_read_of_one_chi_reads_what_the_schema_reads(body):
    quick = read_one_chi(body)
    if quick is None:
        return
    with create_app({"cache_bytes": 0}).test_request_context():
        assert quick == ClassifyRequest().load(body)
