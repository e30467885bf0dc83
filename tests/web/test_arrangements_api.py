"""POST /v1/arrangements/validate."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from maubinh_api.web.blueprints.arrangements import read_one_hand
from maubinh_api.web.schemas import MAX_VALIDATE_ARRANGEMENTS, OptimalRequest
from tests.support.request_bodies import VARIANTS

LEGAL = {"back": ["As", "Ks", "Qs", "Js", "Ts"], "middle": ["9h", "9d", "9c", "8c", "7c"], "front": ["2d", "2c", "3h"]}
FOULED = {"back": ["As", "Ad", "Kc", "Kd", "2s"], "middle": ["Qs", "Qd", "Qc", "3d", "4d"], "front": ["5s", "6s", "7s"]}


def test_a_legal_arrangement(client):
    response = client.post("/v1/arrangements/validate", json={"arrangement": LEGAL, "variant": "classic"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["fouled"] is False
    assert body["reasons"] == []
    assert [body["chi"][position]["category"]["key"] for position in ("back", "middle", "front")] == [
        "royal_flush",
        "trips",
        "pair",
    ]
    # A royal flush in the back earns classic's back straight-flush bonus of 5 (000: "ăn 5 chi").
    assert body["bonuses"] == [
        {
            "position": "back",
            "key": "back.royal_flush",
            "value": 5,
            "label": {"en": "Royal flush in the back", "vi": "Thùng phá sảnh lớn chi đầu"},
        }
    ]
    assert body["natural"] is None


def test_a_fouled_arrangement_is_a_200_with_reasons_and_no_bonuses(client):
    body = client.post("/v1/arrangements/validate", json={"arrangement": FOULED}).get_json()
    assert body["fouled"] is True
    assert body["reasons"][0]["key"] == "back_weaker_than_middle"
    assert body["reasons"][0]["detail"] == {
        "en": "the back (Two pair, Aces and Kings) is weaker than the middle (Three Queens)",
        "vi": "chi đầu (Thú A và K) yếu hơn chi giữa (Sám Q)",
    }
    assert body["bonuses"] == []


def test_bonus_values_follow_the_variant(client):
    arrangement = {
        "back": ["9s", "9h", "9d", "9c", "2d"],
        "middle": ["Ks", "Kh", "Kd", "3c", "3d"],
        "front": ["Qs", "Qh", "Qd"],
    }
    classic = client.post("/v1/arrangements/validate", json={"arrangement": arrangement}).get_json()
    online = client.post("/v1/arrangements/validate", json={"arrangement": arrangement, "variant": "online"}).get_json()
    assert [bonus["value"] for bonus in classic["bonuses"]] == [4, 2, 3]
    assert [bonus["value"] for bonus in online["bonuses"]] == [8, 4, 6]


def test_foul_on_equal_override(client):
    equal = {
        "back": ["As", "Kd", "9h", "7c", "3s"],
        "middle": ["Ah", "Kc", "9d", "7s", "3c"],
        "front": ["2s", "4d", "5h"],
    }
    relaxed = client.post("/v1/arrangements/validate", json={"arrangement": equal}).get_json()
    strict = client.post(
        "/v1/arrangements/validate",
        json={"arrangement": equal, "variant": {"preset": "classic", "overrides": {"foul_on_equal": True}}},
    ).get_json()
    assert relaxed["fouled"] is False
    assert strict["fouled"] is True and strict["reasons"][0]["key"] == "back_equals_middle"


@pytest.mark.parametrize(
    ("arrangement", "pointer", "detail"),
    [
        (
            {**LEGAL, "front": ["2d", "2c", "As"]},
            "/arrangement/front/2",
            "card As appears twice: at /arrangement/back/0 and /arrangement/front/2",
        ),
        ({**LEGAL, "front": ["2d", "2c"]}, "/arrangement/front", "the front chi must hold 3 cards, not 2"),
        ({**LEGAL, "back": LEGAL["back"][:4]}, "/arrangement/back", "the back chi must hold 5 cards, not 4"),
        ({**LEGAL, "middle": ["9h", "9d", "9c", "8c", "1c"]}, "/arrangement/middle/4", "unknown card '1c'"),
        ({"back": LEGAL["back"], "middle": LEGAL["middle"]}, "/arrangement/front", "is required and missing"),
        ({**LEGAL, "extra": []}, "/arrangement/extra", "unknown field"),
    ],
)
def test_bad_arrangements_name_the_place(client, arrangement, pointer, detail):
    response = client.post("/v1/arrangements/validate", json={"arrangement": arrangement})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors[0]["pointer"] == pointer
    assert detail in errors[0]["detail"]


def test_missing_arrangement(client):
    response = client.post("/v1/arrangements/validate", json={"variant": "classic"})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/arrangement"


def test_every_bad_value_is_listed(client):
    arrangement = {"back": ["Xs", *LEGAL["back"][1:]], "middle": LEGAL["middle"], "front": ["2d", "2c", "Yy"]}
    errors = client.post("/v1/arrangements/validate", json={"arrangement": arrangement}).get_json()["errors"]
    assert sorted(error["pointer"] for error in errors) == ["/arrangement/back/0", "/arrangement/front/2"]


def test_a_natural_is_named_with_the_split_that_shows_it(client):
    # Three flushes (3 spades, 5 hearts, 5 diamonds), sent as an ordinary (fouled) arrangement.
    sent = {
        "back": ["2s", "5s", "9s", "5h", "6h"],
        "middle": ["8h", "Th", "Kh", "4d", "7d"],
        "front": ["Jd", "Qd", "Ad"],
    }
    body = client.post("/v1/arrangements/validate", json={"arrangement": sent, "variant": "extended"}).get_json()
    assert body["natural"] == {
        "key": "three_flushes",
        "label": {"en": "Three flushes", "vi": "3 thùng"},
        "payout": 3,  # extended (from 000): three flushes pay 3
        "split": {
            "back": ["Ad", "Qd", "Jd", "7d", "4d"],
            "middle": ["Kh", "Th", "8h", "6h", "5h"],
            "front": ["9s", "5s", "2s"],
        },
    }
    online = client.post("/v1/arrangements/validate", json={"arrangement": sent, "variant": "online"}).get_json()
    assert online["natural"]["payout"] == 18  # 001: "3 thùng ... 18 điểm"
    none = client.post("/v1/arrangements/validate", json={"arrangement": sent, "variant": "chinese-poker-2-4"})
    assert none.get_json()["natural"] is None


# --------------------------------------------------------------------------- the validate batch

TABLE_SEATS = [
    {"back": ["As", "Ks", "Qs", "Js", "Ts"], "middle": ["9h", "9d", "9c", "8c", "7c"], "front": ["2d", "2c", "3h"]},
    {"back": ["Ah", "Ad", "Kc", "Kd", "2s"], "middle": ["Qh", "Qd", "Qc", "3d", "4d"], "front": ["5s", "6s", "7s"]},
]


def test_a_validate_batch_answers_each_arrangement_as_the_single_operation_does(client):
    answered = client.post("/v1/arrangements/validate/batch", json={"arrangements": TABLE_SEATS, "variant": "online"})
    assert answered.status_code == 200
    body = answered.get_json()
    singles = [
        client.post("/v1/arrangements/validate", json={"arrangement": seat, "variant": "online"}).get_json()
        for seat in TABLE_SEATS
    ]
    assert body["variant"] == singles[0]["variant"]
    assert body["results"] == [{key: value for key, value in one.items() if key != "variant"} for one in singles]
    assert [result["fouled"] for result in body["results"]] == [False, True]  # QQQ in the middle beats AA KK


def test_a_validate_batch_names_every_bad_card_of_every_arrangement_and_answers_none(client):
    first = {**TABLE_SEATS[0], "front": ["2d", "2c", "As"]}  # As twice in the first
    second = {**TABLE_SEATS[1], "back": ["Ah", "Ad", "Kc", "Kd", "Qc"]}  # Qc twice in the second
    response = client.post("/v1/arrangements/validate/batch", json={"arrangements": [first, second, TABLE_SEATS[0]]})
    assert response.status_code == 422
    faults = [(entry["pointer"], entry["code"]) for entry in response.get_json()["errors"]]
    assert faults == [("/arrangements/0/front/2", "card_repeated"), ("/arrangements/1/middle/2", "card_repeated")]
    # Cards that are no cards are found as the body is read, every one of them, before any repeat.
    unknown = {**TABLE_SEATS[1], "middle": ["Qh", "Qd", "Qc", "3d", "Zz"]}
    response = client.post("/v1/arrangements/validate/batch", json={"arrangements": [unknown, first, unknown]})
    faults = [(entry["pointer"], entry["code"]) for entry in response.get_json()["errors"]]
    assert faults == [("/arrangements/0/middle/4", "card_unknown"), ("/arrangements/2/middle/4", "card_unknown")]


def test_a_validate_batch_holds_1_to_its_maximum_arrangements(client):
    most = MAX_VALIDATE_ARRANGEMENTS  # the declaration's (200 today): the limit said once
    assert (
        client.post("/v1/arrangements/validate/batch", json={"arrangements": TABLE_SEATS[:1] * most}).status_code == 200
    )
    for count in (0, most + 1):
        response = client.post("/v1/arrangements/validate/batch", json={"arrangements": TABLE_SEATS[:1] * count})
        assert response.status_code == 422
        assert response.get_json()["errors"][0]["code"] == "wrong_count"


# The quick read of the commonest /optimal request, against the schema it stands in for: whenever it
# reads a body, the schema reads the same from it (cards, options and their defaults, the variant
# resolved: its cost and its tables depend on it); where it declines, the schema answers, so every
# error is the schema's.
THIRTEEN = ["As", "Kd", "Qh", "Jc", "Ts", "9s", "8d", "7c", "6h", "5s", "4d", "3c", "2h"]
_HAND_TEXTS = st.sampled_from(["As", "as", "10h", "Td", "♠K", "2c", "Zz", "", 5, None, "A♥", "7d", "9s"])


_THIRTEEN = st.lists(st.sampled_from(["As", "as", "10h", "Td", "♠K", "2c", "A♥", "7d"]), min_size=13, max_size=13)
_ONE_HAND = st.fixed_dictionaries({"cards": _THIRTEEN}, optional={"variant": VARIANTS})  # what it reads
_OTHERS = st.fixed_dictionaries(
    {"cards": st.one_of(_THIRTEEN, st.lists(_HAND_TEXTS, min_size=11, max_size=14), st.just("As Kd"), st.none())},
    optional={"variant": VARIANTS, "top": st.sampled_from([1, 3, 11]), "extra": st.just(1)},
)


@given(body=st.one_of(_ONE_HAND, _OTHERS))
@example(body={"cards": THIRTEEN, "variant": {"preset": "online", "overrides": {"rake": "0.031"}}})
@example(body={"cards": THIRTEEN, "variant": "classic"})
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_quick_read_of_one_hand_reads_what_the_schema_reads(app, body):
    quick = read_one_hand(body)
    if quick is None:
        return
    with app.test_request_context():
        assert quick == OptimalRequest().load(body)


def test_the_quick_read_answers_as_the_schema_does(client):
    cards = THIRTEEN
    quick = client.post("/v1/arrangements/optimal", json={"cards": cards}).get_json()
    # The same request spelt out, so that the schema reads it (the defaults the quick read takes).
    spelt = client.post(
        "/v1/arrangements/optimal", json={"cards": cards, "objective": "ev", "top": 3, "opponents": 3}
    ).get_json()
    assert quick == spelt
