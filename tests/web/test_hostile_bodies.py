"""The hostile input catalogue, body by body: empty, unreadable and oversized bodies (chunked too),
other content types, deep nesting, texts with a NUL, a lone surrogate or 300 characters wherever a
body holds a string, objects crowded with members, 422s that list at most fifty values and stop
reading a batch once they have them, and a strange Accept-Language; each with its status and error
pointer.  Nothing here may produce a 500.  (Field by field: test_hostile_fields.py.)"""

from __future__ import annotations

import json

import pytest

from tests.support.hostile import HAND, VALID, arrangement


@pytest.mark.parametrize(
    ("data", "content_type", "status"),
    [
        (b"", "application/json", 400),  # empty body
        (b'{"cards": ["A\xc3s"]}', "application/json", 400),  # invalid UTF-8
        (b"[" * 50_000 + b"]" * 50_000, "application/json", 422),  # nested far too deep, refused from its bytes
        (b"cards=As", "application/x-www-form-urlencoded", 415),
        (b'{"cards": ["As", "Kd", "Qh"]}', "text/plain", 415),
        (b'{"cards": ["As", "Kd", "Qh"]}', "application/json; charset=utf-16", 415),
        (b"\xff\xfe{\x00}\x00", "application/json", 400),
    ],
)
def test_unreadable_bodies(client, data, content_type, status):
    assert client.post("/v1/hands/classify", data=data, content_type=content_type).status_code == status


@pytest.mark.parametrize("depth", [10, 500, 900])
def test_deep_nesting_inside_fields_is_refused_cleanly(client, depth):
    nested = "[" * depth + "]" * depth
    for path, raw in (
        (
            "/v1/hands/classify",
            '{"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"bonuses": ' + nested + "}}}",
        ),
        ("/v1/settlements/batch", '{"tables": [{"bet": "1", "players": ' + nested + "}]}"),
        ("/v1/settlements", '{"bet": "1", "players": [' + nested + "]}"),
    ):
        response = client.post(path, data=raw, content_type="application/json")
        assert response.status_code in (200, 400, 422), (path, depth, response.status_code)


def test_a_body_over_the_limit_is_a_413(client):
    body = json.dumps({"hands": [["As", "Kd", "Qh"]] * 80_000})  # about 1.4 MB
    assert client.post("/v1/hands/classify", data=body, content_type="application/json").status_code == 413


@pytest.mark.parametrize(
    "header",
    ["vi;q=abc", "x" * 8000, ";;;,,,", "vi-" + "a" * 500, "\u00e9", "*;q=0", "en;q=2, vi;q=-1"],
)
def test_a_strange_accept_language_is_answered_in_a_language_it_names(client, header):
    response = client.post(
        "/v1/hands/classify", json={"cards": ["As", "Kd", "as"]}, headers={"Accept-Language": header}
    )
    assert response.status_code == 422
    assert response.headers["Content-Language"] in {"en", "vi"}
    assert response.get_json()["errors"][0]["pointer"] == "/cards/2"


# Texts no operation reads: a lone surrogate (JSON allows "\ud800", UTF-8 cannot carry it), a NUL,
# or more characters than any text of the API (256). Each is a 422 naming its place, in every
# string the body holds: values, member names, cards, ids.
BAD_TEXTS = [
    ("\\ud800", "lone surrogate (\\ud800)"),
    ("a\\udfffb", "lone surrogate (\\udfff)"),
    ("an\\u0000", "NUL character"),
    ("x" * 300, "has 300 characters"),
]


@pytest.mark.parametrize(("text", "said"), BAD_TEXTS)
def test_a_bad_text_as_a_player_id_is_a_422_naming_it(client, text, said):
    raw = json.dumps(VALID["/v1/settlements"]).replace('"an"', f'"{text}"', 1)
    response = client.post("/v1/settlements", data=raw, content_type="application/json")
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/players/0/id" and said in error["detail"]


@pytest.mark.parametrize(("text", "said"), BAD_TEXTS)
def test_a_bad_text_as_a_member_name_is_a_422_and_the_handler_answers_it(client, text, said):
    raw = '{"cards": ["As", "Kd", "Qh"], "' + text + '": 1}'
    for language in ("en", "vi"):
        response = client.post(
            "/v1/hands/classify", data=raw, content_type="application/json", headers={"Accept-Language": language}
        )
        assert response.status_code == 422 and response.mimetype == "application/problem+json"
        body = json.loads(response.get_data())  # the answer is JSON, whatever the name held
        assert body["errors"][0]["pointer"].startswith("/")
    assert (
        said.split(" (")[0]
        in client.post("/v1/hands/classify", data=raw, content_type="application/json").get_json()["errors"][0][
            "detail"
        ]
    )


@pytest.mark.parametrize("text", ["\\ud83c", "x\\u0000"])
def test_a_bad_card_text_is_a_422_at_the_card(client, text):
    raw = '{"cards": ["As", "Kd", "' + text + '"]}'
    response = client.post("/v1/hands/classify", data=raw, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/cards/2"


def test_a_pair_of_surrogates_is_a_character_and_reads(client):
    """\\ud83c\\udca1 is U+1F0A1 (the ace of spades playing card): a player may be named with it."""
    raw = json.dumps(VALID["/v1/settlements"]).replace('"an"', '"\\ud83c\\udca1 an"', 1)
    response = client.post("/v1/settlements", data=raw, content_type="application/json")
    assert response.status_code == 200
    assert response.get_json()["players"][0]["id"] == "\U0001f0a1 an"


def test_sixty_thousand_unknown_fields_are_one_small_422_naming_the_first_few(client):
    members = ",".join(f'"field{number:05}":{number % 10}' for number in range(60_000))
    raw = '{"cards": ["As", "Kd", "Qh"], ' + members + "}"
    assert 900_000 < len(raw) < 1024 * 1024  # about a megabyte, within the limit of a body
    response = client.post("/v1/hands/classify", data=raw, content_type="application/json")
    assert response.status_code == 422
    assert len(response.get_data()) < 16 * 1024
    [error] = response.get_json()["errors"]
    assert error["pointer"] == ""
    assert "the body holds 60,001 members" in error["detail"]
    assert "(the first: 'cards', 'field00000', 'field00001')" in error["detail"]
    # In Vietnamese every word of it (the names were left in English until 1.0.x).
    vietnamese = client.post(
        "/v1/hands/classify", data=raw, content_type="application/json", headers={"Accept-Language": "vi"}
    )
    [said] = vietnamese.get_json()["errors"]
    assert "(các trường đầu: 'cards', 'field00000', 'field00001')" in said["detail"]


def test_one_object_of_thousands_of_members_is_a_422_naming_it_and_its_first_members(client):
    members = ", ".join(f'"field{number}": {number}' for number in range(5_000))
    raw = '{"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", ' + members + "}}"
    response = client.post("/v1/hands/classify", data=raw, content_type="application/json")
    assert response.status_code == 422 and len(response.get_data()) < 16 * 1024
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/variant"
    assert "an object of 5,001 members" in error["detail"] and "'preset', 'field0', 'field1'" in error["detail"]


@pytest.mark.parametrize("colon", [": ", " : "])
def test_unknown_fields_spread_over_many_objects_are_a_422_before_validation(client, colon):
    """No request has more than 20,000 members in its objects (a batch of 200 four-seat tables,
    each with a variant of every knob, has about 14,000): a body of 400 tables of 60 unknown members
    each is refused whole, counted from its bytes (outside its strings, however it is spaced)."""
    said = "the body holds 24,001 members"  # 400 tables of 60, and "tables"
    table = "{" + ", ".join(f'"x{number}"{colon}0' for number in range(60)) + "}"
    raw = '{"tables": [' + ", ".join([table] * 400) + "]}"
    response = client.post("/v1/settlements/batch", data=raw, content_type="application/json")
    assert response.status_code == 422 and said in response.get_json()["detail"]


def test_a_422_lists_at_most_fifty_values_and_counts_them_all(client):
    """200 tables each with a bad card: the detail counts all 200, the list holds the first 50."""
    table = {
        "bet": "1",
        "players": [{"id": "a", "arrangement": arrangement(["Zz", *HAND[1:]])}, {"id": "b", "forfeit": True}],
    }
    response = client.post("/v1/settlements/batch", json={"tables": [table] * 200})
    assert response.status_code == 422
    problem = response.get_json()
    assert len(problem["errors"]) == 50 and "(and 199 more; the first 50 are listed)" in problem["detail"]


def chunked(client, path: str, data: bytes):
    """A request as gunicorn hands a chunked body over: no Content-Length, the input terminated."""
    from io import BytesIO

    return client.post(
        path,
        input_stream=BytesIO(data),
        content_type="application/json",
        environ_overrides={"wsgi.input_terminated": True},
        headers={"Transfer-Encoding": "chunked"},
    )


def test_a_chunked_body_over_the_limit_is_a_413_not_a_body_cut_short(client):
    body = json.dumps({"hands": [["As", "Kd", "Qh"]] * 80_000}).encode()  # about 1.4 MB
    response = chunked(client, "/v1/hands/classify", body)
    assert response.status_code == 413 and "larger than the limit of 1048576 bytes" in response.get_json()["detail"]
    small = chunked(client, "/v1/hands/classify", json.dumps({"cards": ["As", "Kd", "Qh"]}).encode())
    assert small.status_code == 200


@pytest.mark.parametrize("place", [0, 49, 99])
def test_an_over_long_text_anywhere_in_a_large_body_is_found(client, place):
    """Large bodies are scanned for texts too long another way than small ones (the gaps between
    quotes, with NumPy): a 300-character card at the start, middle or end of a 100-hand batch."""
    hands = [["As", "Kd", "Qh", "Jc", "Ts"]] * 100
    hands[place] = ["x" * 300, "Kd", "Qh", "Jc", "Ts"]
    raw = json.dumps({"hands": hands}).encode()
    assert len(raw) > 2048
    response = client.post("/v1/hands/classify", data=raw, content_type="application/json")
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["pointer"] == f"/hands/{place}/0" and "has 300 characters" in error["detail"]


@pytest.mark.parametrize(
    ("path", "body", "said"),
    [
        # 5 bad cards an item: 10 items make the 50 listed, the other 990 are not read.
        (
            "/v1/hands/classify/batch",
            {"hands": [[1, 2, 3, 4, 5]] * 1000},
            "(and 49 more) (the last 990 items of the batch were not checked)",
        ),
        (
            "/v1/hands/classify/batch",
            {"hands": [1] * 1000},
            "(and 49 more) (the last 950 items of the batch were not checked)",
        ),
        # 13 bad cards an item: 4 items make 52, 50 of them listed, and the other 196 items are not read.
        (
            "/v1/arrangements/validate/batch",
            {"arrangements": [{"back": [1] * 5, "middle": [2] * 5, "front": [3] * 3}] * 200},
            "(and 51 more; the first 50 are listed) (the last 196 items of the batch were not checked)",
        ),
    ],
)
def test_a_batch_of_bad_values_is_refused_for_what_reading_it_costs(client, monkeypatch, path, body, said):
    """A 422 writes out the first 50 bad values, and once it has them the batch's other items are
    not read: before, each of thousands of bad cards had its text written in both languages (68 ms
    of CPU for 1,000 chi of numbers, 3 units of reading), 99% of them thrown away, and every item was
    checked (10 ms for 100 analyses of numbers). What is written is counted, not timed."""
    from maubinh_api.rules import cards
    from maubinh_api.rules.errors import json_kind
    from maubinh_api.web import request_fields

    # Each of these bad values is said to be "a number": json_kind is called once a text written.
    written = []
    for module in (cards, request_fields):
        monkeypatch.setattr(module, "json_kind", lambda value: written.append(value) or json_kind(value))
    problem = client.post(path, json=body).get_json()
    assert problem["status"] == 422 and len(problem["errors"]) == 50
    assert problem["detail"].endswith(said)
    assert len(written) <= 52  # the texts of the values of the items read, and no other
