"""The hostile input catalogue: what buggy or malicious clients send, and the
status and error pointer each gets.  Nothing here may produce a 500."""

from __future__ import annotations

import copy
import json

import pytest

from maubinh_api.web.schemas import MAX_ANALYSIS_ARRANGEMENTS, MAX_BATCH_TABLES, MAX_CLASSIFY_HANDS, MAX_OPTIMAL_HANDS

HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
OTHER = ["Ah", "Ad", "Ks", "Kh", "Qs", "Qd", "8c", "8d", "7h", "6d", "5c", "3h", "2h"]


def arrangement(cards):
    return {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}


def target(body_name):
    """The path a body of VALID is posted to ("path#variant" names another body for the same path)."""
    return body_name.split("#")[0]


VALID = {
    "/v1/hands/classify": {"cards": ["Kh", "Kd", "2c", "9s", "9c"], "variant": "classic"},
    "/v1/arrangements/validate": {"arrangement": arrangement(HAND), "variant": "classic"},
    "/v1/arrangements/optimal": {"cards": HAND, "objective": "ev", "top": 3, "opponents": 3, "variant": "classic"},
    "/v1/arrangements/analysis": {
        "arrangement": arrangement(HAND),
        "declare_natural": True,
        "opponents": 3,
        "variant": "classic",
    },
    "/v1/arrangements/analysis/batch": {
        "arrangements": [
            {"arrangement": arrangement(HAND), "declare_natural": False},
            {"arrangement": arrangement(OTHER)},
        ],
        "declare_natural": True,
        "opponents": 2,
        "variant": "classic",
    },
    "/v1/arrangements/play": {"cards": HAND, "level": "club", "seed": 7, "opponents": 3, "variant": "classic"},
    "/v1/settlements": {
        "variant": "online",
        "bet": "10",
        "players": [
            {"id": "an", "arrangement": arrangement(HAND), "forfeit": False, "declare_natural": True},
            {"id": "binh", "arrangement": arrangement(OTHER)},
        ],
    },
    "/v1/settlements/batch": {
        "variant": "classic",
        "tables": [{"bet": "1", "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]}],
    },
}

# (path, pointer of a field, JSON types the field accepts)
FIELDS = [
    ("/v1/hands/classify", "/cards", {"array"}),
    ("/v1/hands/classify", "/cards/0", {"string"}),
    ("/v1/hands/classify", "/variant", {"string", "object"}),
    ("/v1/arrangements/validate", "/arrangement", {"object"}),
    ("/v1/arrangements/validate", "/arrangement/back", {"array"}),
    ("/v1/arrangements/validate", "/arrangement/middle", {"array"}),
    ("/v1/arrangements/validate", "/arrangement/front", {"array"}),
    ("/v1/arrangements/validate", "/arrangement/front/1", {"string"}),
    ("/v1/arrangements/optimal", "/cards", {"array"}),
    ("/v1/arrangements/optimal", "/cards/12", {"string"}),
    ("/v1/arrangements/optimal", "/objective", {"string"}),
    ("/v1/arrangements/optimal", "/top", {"integer"}),
    ("/v1/arrangements/optimal", "/opponents", {"integer"}),
    ("/v1/arrangements/analysis", "/arrangement", {"object"}),
    ("/v1/arrangements/analysis", "/arrangement/back", {"array"}),
    ("/v1/arrangements/analysis", "/arrangement/middle", {"array"}),
    ("/v1/arrangements/analysis", "/arrangement/front", {"array"}),
    ("/v1/arrangements/analysis", "/arrangement/back/4", {"string"}),
    ("/v1/arrangements/analysis", "/declare_natural", {"boolean"}),
    ("/v1/arrangements/analysis", "/opponents", {"integer"}),
    ("/v1/arrangements/analysis", "/variant", {"string", "object"}),
    ("/v1/arrangements/analysis/batch", "/arrangements", {"array"}),
    ("/v1/arrangements/analysis/batch", "/arrangements/1", {"object"}),
    ("/v1/arrangements/analysis/batch", "/arrangements/0/arrangement", {"object"}),
    ("/v1/arrangements/analysis/batch", "/arrangements/0/arrangement/front", {"array"}),
    ("/v1/arrangements/analysis/batch", "/arrangements/1/arrangement/middle/2", {"string"}),
    ("/v1/arrangements/analysis/batch", "/arrangements/0/declare_natural", {"boolean"}),
    ("/v1/arrangements/analysis/batch", "/declare_natural", {"boolean"}),
    ("/v1/arrangements/analysis/batch", "/opponents", {"integer"}),
    ("/v1/arrangements/play", "/cards", {"array"}),
    ("/v1/arrangements/play", "/cards/0", {"string"}),
    ("/v1/arrangements/play", "/level", {"string"}),
    ("/v1/arrangements/play", "/seed", {"integer"}),
    ("/v1/arrangements/play", "/opponents", {"integer"}),
    ("/v1/arrangements/play", "/variant", {"string", "object"}),
    ("/v1/settlements", "/bet", {"string", "integer", "number"}),
    ("/v1/settlements", "/players", {"array"}),
    ("/v1/settlements", "/players/0", {"object"}),
    ("/v1/settlements", "/players/0/id", {"string"}),
    ("/v1/settlements", "/players/0/arrangement", {"object"}),
    ("/v1/settlements", "/players/0/arrangement/middle/2", {"string"}),
    ("/v1/settlements", "/players/0/forfeit", {"boolean"}),
    ("/v1/settlements", "/players/0/declare_natural", {"boolean"}),
    ("/v1/settlements", "/variant", {"string", "object"}),
    ("/v1/settlements/batch", "/tables", {"array"}),
    ("/v1/settlements/batch", "/tables/0", {"object"}),
    ("/v1/settlements/batch", "/variant", {"string", "object"}),
]
SAMPLES = {"integer": 7, "number": 2.5, "string": "x", "boolean": True, "null": None, "array": [], "object": {}}


def put(document, pointer, value):
    *parents, last = pointer.strip("/").split("/")
    node = document
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    elif value is _REMOVE:
        del node[last]
    else:
        node[last] = value


_REMOVE = object()


def wrong_types():
    for path, pointer, accepted in FIELDS:
        for kind, value in SAMPLES.items():
            if kind in accepted or (kind == "integer" and "number" in accepted):
                continue
            yield pytest.param(path, pointer, value, id=f"{path}{pointer}={kind}")


@pytest.mark.parametrize(("path", "pointer", "value"), list(wrong_types()))
def test_a_wrong_type_anywhere_is_a_422_at_that_place(client, path, pointer, value):
    body = copy.deepcopy(VALID[path])
    put(body, pointer, value)
    response = client.post(target(path), json=body)
    assert response.status_code == 422, response.get_json()
    assert any(error["pointer"].startswith(pointer) for error in response.get_json()["errors"])


def test_the_valid_bodies_are_valid(client):
    for path, body in VALID.items():
        assert client.post(target(path), json=body).status_code == 200, path


@pytest.mark.parametrize(
    ("path", "pointer"),
    [
        ("/v1/arrangements/validate", "/arrangement"),
        ("/v1/arrangements/validate", "/arrangement/back"),
        ("/v1/arrangements/validate", "/arrangement/front"),
        ("/v1/arrangements/analysis", "/arrangement/back"),
        ("/v1/arrangements/analysis", "/arrangement/front"),
        ("/v1/arrangements/analysis/batch", "/arrangements/0/arrangement"),
        ("/v1/arrangements/analysis/batch", "/arrangements/1/arrangement/middle"),
        ("/v1/arrangements/play", "/cards"),
        ("/v1/arrangements/play", "/level"),
        ("/v1/settlements", "/bet"),
        ("/v1/settlements", "/players"),
        ("/v1/settlements", "/players/0/id"),
        ("/v1/settlements/batch", "/tables"),
    ],
)
def test_a_missing_field_is_a_422_naming_it(client, path, pointer):
    body = copy.deepcopy(VALID[path])
    put(body, pointer, _REMOVE)
    response = client.post(target(path), json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == pointer


@pytest.mark.parametrize(
    ("path", "parent"),
    [
        ("/v1/hands/classify", ""),
        ("/v1/arrangements/validate", ""),
        ("/v1/arrangements/validate", "/arrangement"),
        ("/v1/arrangements/optimal", ""),
        ("/v1/arrangements/analysis", ""),
        ("/v1/arrangements/analysis", "/arrangement"),
        ("/v1/arrangements/analysis/batch", "/arrangements/1"),
        ("/v1/arrangements/analysis/batch", "/arrangements/0/arrangement"),
        ("/v1/arrangements/play", ""),
        ("/v1/settlements", ""),
        ("/v1/settlements", "/players/1"),
        ("/v1/settlements", "/players/0/arrangement"),
        ("/v1/settlements/batch", ""),
    ],
)
def test_an_unknown_field_is_a_422_naming_it(client, path, parent):
    body = copy.deepcopy(VALID[path])
    put(body, parent + "/surprise", 1)
    response = client.post(target(path), json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"][0] == {
        "pointer": parent + "/surprise",
        "code": "unknown_field",
        "detail": "unknown field",
    }


@pytest.mark.parametrize(
    ("value", "detail"),
    [
        (7, "must be a string"),
        (None, "not null"),
        ("", "must not be empty"),
        ("AS ", "surrounding spaces"),
        ("As\n", "surrounding spaces"),
        ("A♠♠", "unknown card"),
        ("🂡", "unknown card"),
        ("x" * 10_000, "has 10,000 characters"),
    ],
)
def test_cards_that_are_not_cards(client, value, detail):
    body = {"cards": ["Kh", "Kd", value]}
    response = client.post("/v1/hands/classify", json=body)
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert (error["pointer"], detail in error["detail"]) == ("/cards/2", True)


@pytest.mark.parametrize(
    ("path", "body", "pointer", "detail"),
    [
        ("/v1/hands/classify", {"cards": ["As", "Kd", "as"]}, "/cards/2", "card As appears twice"),
        (
            "/v1/arrangements/validate",
            {"arrangement": {**arrangement(HAND), "front": ["4d", "3c", "A♠"]}},
            "/arrangement/front/2",
            "card As appears twice: at /arrangement/back/0 and /arrangement/front/2",
        ),
        (
            "/v1/settlements",
            {
                "bet": "1",
                "players": [
                    {"id": "a", "arrangement": arrangement(HAND)},
                    {"id": "b", "arrangement": arrangement(HAND)},
                ],
            },
            "/players/1/arrangement/back/0",
            "card As is dealt to both 'a'",
        ),
        (
            "/v1/settlements",
            {"bet": "1", "players": [{"id": "a", "forfeit": True}, {"id": "a", "forfeit": True}]},
            "/players/1/id",
            "player id 'a' is used twice",
        ),
        ("/v1/settlements", {"bet": "1", "players": [{"id": "a", "forfeit": True}]}, "/players", "not 1"),
        (
            "/v1/settlements",
            {"bet": "1", "players": [{"id": str(i), "forfeit": True} for i in range(5)]},
            "/players",
            "not 5",
        ),
        (
            "/v1/hands/classify/batch",
            {"hands": [["As", "Kd", "Qh"]] * (MAX_CLASSIFY_HANDS + 1)},
            "/hands",
            f"a batch has 1 to {MAX_CLASSIFY_HANDS} hands, not {MAX_CLASSIFY_HANDS + 1}",
        ),
        # 5,000 cards: within the values a body may hold (more is refused from the bytes, below).
        ("/v1/hands/classify", {"cards": HAND[:5] * 1_000}, "/cards", "not 5000"),
        ("/v1/arrangements/optimal", {"cards": [*HAND, "Ac"]}, "/cards", "not 14"),
        (
            "/v1/arrangements/optimal/batch",
            {"hands": [HAND] * (MAX_OPTIMAL_HANDS + 1)},
            "/hands",
            f"not {MAX_OPTIMAL_HANDS + 1}",
        ),
        (
            "/v1/arrangements/analysis",
            {"arrangement": {**arrangement(HAND), "front": ["4d", "3c", "A♠"]}},
            "/arrangement/front/2",
            "card As appears twice: at /arrangement/back/0 and /arrangement/front/2",
        ),
        (
            "/v1/arrangements/analysis/batch",
            {
                "arrangements": [
                    {"arrangement": arrangement(HAND)},
                    {"arrangement": {**arrangement(OTHER), "middle": OTHER[:5]}},
                ]
            },
            "/arrangements/1/arrangement/middle/0",
            "card Ah appears twice: at /arrangements/1/arrangement/back/0 and /arrangements/1/arrangement/middle/0",
        ),
        (
            "/v1/arrangements/analysis/batch",
            {"arrangements": [{"arrangement": arrangement(HAND)}] * (MAX_ANALYSIS_ARRANGEMENTS + 1)},
            "/arrangements",
            f"not {MAX_ANALYSIS_ARRANGEMENTS + 1}",
        ),
        ("/v1/arrangements/analysis", {"arrangement": arrangement(HAND), "opponents": 4}, "/opponents", "not 4"),
        ("/v1/arrangements/play", {"cards": [*HAND[:12], "a♠"], "level": "club"}, "/cards/12", "card As appears twice"),
        ("/v1/arrangements/play", {"cards": HAND, "level": "club", "seed": 2**53}, "/seed", "2**53 - 1"),
        ("/v1/arrangements/play", {"cards": HAND, "level": "club", "seed": -1}, "/seed", "2**53 - 1"),
        ("/v1/arrangements/play", {"cards": HAND, "level": "grandmaster"}, "/level", "must be beginner"),
        (
            "/v1/settlements/batch",
            {"tables": [VALID["/v1/settlements/batch"]["tables"][0]] * (MAX_BATCH_TABLES + 1)},
            "/tables",
            f"not {MAX_BATCH_TABLES + 1}",
        ),
        (
            "/v1/settlements",
            {"bet": "1", "players": [{"id": "a", "forfeit": True, "arrangement": arrangement(HAND)}, {"id": "b"}]},
            "/players/0",
            "a player who forfeits has no arrangement",
        ),
        (
            "/v1/settlements",
            {"bet": "1", "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": False}]},
            "/players/1",
            "send the player's arrangement",
        ),
        ("/v1/hands/classify", {"cards": ["As", "Kd", "Qh"], "variant": "kitchen"}, "/variant", "unknown preset"),
        (
            "/v1/hands/classify",
            {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"scoop_multiplier": -2}}},
            "/variant/overrides/scoop_multiplier",
            "between 1 and 100",
        ),
        (
            "/v1/hands/classify",
            {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"sap_lang": "yes"}}},
            "/variant/overrides/sap_lang",
            "true or false",
        ),
        (
            "/v1/hands/classify",
            {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"bonuses": {"back.pair": 2}}}},
            "/variant/overrides/bonuses/back.pair",
            "unknown bonus key",
        ),
        (
            "/v1/hands/classify",
            {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"rake": [0.02]}}},
            "/variant/overrides/rake",
            "decimal fraction",
        ),
    ],
)
def test_rule_breaking_content_is_a_422_naming_the_place(client, path, body, pointer, detail):
    response = client.post(path, json=body)
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert error["pointer"] == pointer
    assert detail in error["detail"]


@pytest.mark.parametrize(
    ("raw", "status", "pointer"),
    [
        ("0", 422, "/bet"),
        ("-1", 422, "/bet"),
        ("1e309", 422, "/bet"),
        ('"' + "9" * 40 + '"', 422, "/bet"),
        ('"0.001"', 422, "/bet"),
        ("NaN", 400, None),
        ("Infinity", 400, None),
        ("-Infinity", 400, None),
    ],
)
def test_bets_that_are_not_money(client, raw, status, pointer):
    players = '[{"id": "a", "forfeit": true}, {"id": "b", "forfeit": true}]'
    response = client.post(
        "/v1/settlements", data=f'{{"bet": {raw}, "players": {players}}}', content_type="application/json"
    )
    assert response.status_code == status
    if pointer:
        assert pointer in [error["pointer"] for error in response.get_json()["errors"]]


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


# marshmallow's own wording (its default messages): the service says it in its words instead.
LIBRARY_WORDS = ("Missing data for required field.", "Unknown field.", "Field may not be null.", "Invalid input type.")


# A batch of settlements is checked table by table, so its bad card is under a table (below).
@pytest.mark.parametrize("path", [path for path in VALID if path != "/v1/settlements/batch"])
def test_a_bad_card_and_a_bad_variant_are_both_in_one_422(client, path):
    body = copy.deepcopy(VALID[path])
    if "cards" in body:
        body["cards"] = ["Zz", *body["cards"][1:]]
        card = "/cards/0"
    elif "arrangement" in body:
        body["arrangement"]["back"][0] = "Zz"
        card = "/arrangement/back/0"
    elif "arrangements" in body:
        body["arrangements"][1]["arrangement"]["front"][2] = "Zz"
        card = "/arrangements/1/arrangement/front/2"
    else:
        body["players"][1]["arrangement"]["middle"][4] = "Zz"
        card = "/players/1/arrangement/middle/4"
    body["variant"] = {"preset": "online", "overrides": {"rake": "half"}}
    response = client.post(target(path), json=body)
    assert response.status_code == 422
    pointers = [error["pointer"] for error in response.get_json()["errors"]]
    assert card in pointers and "/variant/overrides/rake" in pointers


@pytest.mark.parametrize("path", list(VALID))
def test_no_library_wording_reaches_a_client(client, path):
    # Every way a field can be missing, null or unknown, at once.
    body = {"surprise": 1, **dict.fromkeys(VALID[path])}
    details = [error["detail"] for error in client.post(target(path), json=body).get_json()["errors"]]
    details += [error["detail"] for error in client.post(target(path), json={"surprise": 1}).get_json()["errors"]]
    assert details and not [detail for detail in details if detail in LIBRARY_WORDS]


def test_a_bad_settlement_batch_names_every_bad_value_of_every_table_at_once(client):
    good = VALID["/v1/settlements"]
    card = copy.deepcopy(good)
    card["players"][1]["arrangement"]["front"][0] = "Zz"
    shared = copy.deepcopy(good)
    shared["players"][1]["arrangement"] = arrangement(HAND)
    body = {"tables": [good, card, {**good, "bet": "-5"}, shared, None, "table", []]}
    response = client.post("/v1/settlements/batch", json=body)
    assert response.status_code == 422
    pointers = [error["pointer"] for error in response.get_json()["errors"]]
    assert pointers == [
        "/tables/1/players/1/arrangement/front/0",
        "/tables/2/bet",
        "/tables/3/players/1/arrangement/back/0",
        "/tables/4",
        "/tables/5",
        "/tables/6",
    ]


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
