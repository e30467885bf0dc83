"""The hostile input catalogue, field by field: wrong types for every field, missing and unknown
fields, cards that are not cards, content that breaks the rules (duplicates, counts, bad overrides),
bets that are not money, and every bad value of a body named in one 422 in the service's own words,
each with its status and error pointer.  Nothing here may produce a 500.  (What the bytes of a body
can do is in test_hostile_bodies.py.)"""

from __future__ import annotations

import copy

import pytest

from maubinh_api.web.schemas import MAX_ANALYSIS_ARRANGEMENTS, MAX_BATCH_TABLES, MAX_CLASSIFY_HANDS, MAX_OPTIMAL_HANDS
from tests.support.hostile import HAND, OTHER, REMOVE, VALID, arrangement, put, target

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
    put(body, pointer, REMOVE)
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
