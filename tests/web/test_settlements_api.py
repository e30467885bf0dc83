"""POST /v1/settlements and /v1/settlements/batch."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maubinh_api.rules.cards import DECK
from maubinh_api.web.schemas import MAX_BATCH_TABLES
from tests.support.request_bodies import arrangement

A = arrangement("As Ah Ad Ac 2s | Ks Kh Kd 3s 3h | Qs Qh Qd")
B = arrangement("Js Jh Jd 4s 4h | 5c 7c 9c Tc Kc | 8s 8h 2h")
C = arrangement("5s 6h 7d 8d 9s | Ts Th 4d 4c 2d | Qc 3d 2c")
D = arrangement("6s 6d 6c 9h 9d | 7s 7h 5h 5d Jc | Td 8c 3c")
WEAK = arrangement("9s 9h 5s 5h 2c | As Ad 8c 6c 4c | Jc Td 4h")
FOUR = {
    "variant": "online",
    "bet": "10",
    "players": [
        {"id": "an", "arrangement": A},
        {"id": "binh", "arrangement": B},
        {"id": "chi", "arrangement": C},
        {"id": "dung", "arrangement": D},
    ],
}


def test_settles_a_four_player_online_table(client):
    response = client.post("/v1/settlements", json=FOUR)
    assert response.status_code == 200
    body = response.get_json()
    # Worked in tests/rules/test_settlement.py: 216, -60, -77, -79 points; bet 10; 2% rake on 2160.00.
    assert [player["points"] for player in body["players"]] == [216, -60, -77, -79]
    assert [player["net"] for player in body["players"]] == ["2116.80", "-600.00", "-770.00", "-790.00"]
    assert body["players"][0]["sap_lang_result"] == {
        "key": "scooped_all",
        "label": {"en": "Scooped every opponent (bắt sập làng)", "vi": "Bắt sập làng"},
    }
    assert body["house_take"] == {"rake": "43.20", "draw_fee": "0.00", "total": "43.20"}
    first = body["pairs"][0]
    assert first["players"] == ["an", "binh"]
    assert first["points"] == 72
    assert first["positions"]["back"] == {
        "winner": "an",
        "value": 8,
        "reason": {"key": "stronger_hand", "label": {"en": "Stronger chi", "vi": "Chi mạnh hơn"}},
        "bonus": "back.quads",
    }
    assert first["scooper"] == "an"
    assert [
        (m["kind"]["key"], m["factor"], m["player"], m.get("reason", {}).get("key")) for m in first["multipliers"]
    ] == [
        ("scoop", 2, "an", None),
        ("sap_lang", 2, "an", "scooped_all"),
    ]
    assert first["lines"][-1] == {"en": "Total: “an” +72, “binh” -72.", "vi": "Tổng: “an” +72 chi, “binh” -72 chi."}
    assert any("Sập làng" in line["en"] for line in first["lines"])
    assert body["variant"]["preset"] == "online"
    assert body["bet"] == "10"


def test_forfeit_and_undeclared_natural(client):
    six_pairs = arrangement("Qh Qd Js Jh Kc | 7s 7h 4s 4d 2s | 3h 3c 2d")
    body = client.post(
        "/v1/settlements",
        json={
            "bet": "2",
            "players": [
                {"id": "a", "arrangement": six_pairs, "declare_natural": False},
                {"id": "b", "forfeit": True},
            ],
        },
    ).get_json()
    a, b = body["players"]
    assert a["natural"] is None  # not declared: the chi are compared
    assert b["forfeit"] is True and b["fouled"] is True
    # classic: a wins each position with its own hand (1 + 1 + 1) x foul 2 = 6, x bet 2 = 12.00
    assert (a["points"], a["amount"]) == (6, "12.00")


def test_declared_natural_is_reported(client):
    six_pairs = arrangement("Qh Qd Js Jh Kc | 7s 7h 4s 4d 2s | 3h 3c 2d")
    body = client.post(
        "/v1/settlements",
        json={"bet": "1", "players": [{"id": "a", "arrangement": six_pairs}, {"id": "b", "arrangement": WEAK}]},
    ).get_json()
    assert body["players"][0]["natural"] == {
        "key": "six_pairs",
        "label": {"en": "Six pairs", "vi": "Lục phé bôn"},
        "payout": 3,
        "split": None,
    }
    assert body["pairs"][0]["natural_outcome"] == {
        "winner": "a",
        "key": "six_pairs",
        "payout": 3,
        "reason": {
            "key": "natural_vs_hand",
            "label": {"en": "A natural against a hand", "vi": "Thắng trắng gặp bài thường"},
        },
    }


@pytest.mark.parametrize(
    ("change", "pointer", "detail"),
    [
        (
            lambda body: body["players"][1]["arrangement"].update(front=["8s", "8h", "Qs"]),
            "/players/1/arrangement/front/2",
            "card Qs is dealt to both 'an' (at /players/0/arrangement/front/0) and 'binh' "
            "(at /players/1/arrangement/front/2)",
        ),
        (lambda body: body["players"][2].update(id="an"), "/players/2/id", "player id 'an' is used twice"),
        (lambda body: body.update(players=body["players"][:1]), "/players", "a table has 2 to 4 players, not 1"),
        (
            lambda body: body["players"].append({"id": "em", "forfeit": True}),
            "/players",
            "a table has 2 to 4 players, not 5",
        ),
        (lambda body: body.update(bet="0"), "/bet", "greater than 0"),
        (lambda body: body.update(bet="-3"), "/bet", "greater than 0"),
        (lambda body: body.update(bet=3), "/bet", "not a JSON number"),
        (lambda body: body.update(bet="1" * 40), "/bet", "at most"),
        (lambda body: body.update(bet="0.001"), "/bet", "more decimal places"),
        (lambda body: body.update(bet=None), "/bet", "must be a decimal string"),
        (lambda body: body.update(bet=True), "/bet", "must be a decimal string"),
        (lambda body: body.pop("bet"), "/bet", "is required and missing"),
        (
            lambda body: body["players"][0].update(forfeit=True),
            "/players/0",
            "a player who forfeits has no arrangement",
        ),
        (lambda body: body["players"][0].pop("arrangement"), "/players/0", "send the player's arrangement"),
        (lambda body: body["players"][0].update(forfeit="yes"), "/players/0/forfeit", "must be true or false"),
        (lambda body: body["players"][0].update(id=""), "/players/0/id", "1 to 64 characters"),
        (lambda body: body["players"][0].update(id="a\nb"), "/players/0/id", "must not contain U+000A:"),
        (lambda body: body["players"][0].update(seat=3), "/players/0/seat", "unknown field"),
        (
            lambda body: body.update(variant={"preset": "online", "overrides": {"rake": "0.9"}}),
            "/variant/overrides/rake",
            "between 0 and 0.5",
        ),
        (
            lambda body: body["players"][3]["arrangement"].update(back=["6s", "6d", "6c", "9h", "9h"]),
            "/players/3/arrangement/back/4",
            "card 9h appears twice",
        ),
    ],
)
def test_bad_tables_are_422_naming_the_problem(client, change, pointer, detail):
    body = copy.deepcopy(FOUR)
    change(body)
    response = client.post("/v1/settlements", json=body)
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["errors"][0]
    assert error["pointer"] == pointer
    assert detail in error["detail"]


def test_a_table_with_several_bad_values_names_each(client):
    body = copy.deepcopy(FOUR)
    body.update(bet="ten", variant={"preset": "online", "overrides": {"rake": "0.9"}})
    pointers = [error["pointer"] for error in client.post("/v1/settlements", json=body).get_json()["errors"]]
    assert pointers == ["/variant/overrides/rake", "/bet"]
    # The bet's decimal places are checked against the variant's precision (online pays cents),
    # beside the arrangements that only the rules can check.
    body = copy.deepcopy(FOUR)
    body["bet"] = "10.005"
    body["players"][2]["arrangement"]["front"] = ["Qc", "3d", "Qc"]
    errors = client.post("/v1/settlements", json=body).get_json()["errors"]
    assert [error["pointer"] for error in errors] == ["/bet", "/players/2/arrangement/front/2"]
    assert "decimal places" in errors[0]["detail"] and "appears twice" in errors[1]["detail"]


@pytest.mark.parametrize("literal", [b"NaN", b"Infinity", b"-Infinity"])
def test_non_finite_bets_are_not_json(client, literal):
    data = b'{"bet": ' + literal + b', "players": []}'
    assert client.post("/v1/settlements", data=data, content_type="application/json").status_code == 400


def test_a_huge_exponent_bet_is_exact_and_refused(client):
    body = copy.deepcopy(FOUR)
    data = json.dumps(body).replace('"bet": "10"', '"bet": 1e309')  # no JSON encoder writes this
    response = client.post("/v1/settlements", data=data, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/bet"


def test_a_batch_with_bad_tables_settles_none_and_names_every_bad_value(client):
    bad = copy.deepcopy(FOUR)
    bad["players"][1]["id"] = "an"
    response = client.post("/v1/settlements/batch", json={"tables": [FOUR, bad, {"bet": "1"}, 7]})
    assert response.status_code == 422
    pointers = [error["pointer"] for error in response.get_json()["errors"]]
    assert pointers == ["/tables/1/players/1/id", "/tables/2/players", "/tables/3"]
    good = client.post("/v1/settlements/batch", json={"tables": [FOUR, FOUR]})
    assert good.status_code == 200
    alone = client.post("/v1/settlements", json=FOUR).get_json()
    del alone["receipt"]  # a single settlement's own; the batch answers one for all its tables
    assert good.get_json()["results"] == [alone, alone]


def test_batch_variant_is_the_default_for_tables_without_one(client):
    table = {key: value for key, value in FOUR.items() if key != "variant"}
    body = client.post("/v1/settlements/batch", json={"variant": "extended", "tables": [table, FOUR]}).get_json()
    assert [settlement["variant"]["preset"] for settlement in body["results"]] == ["extended", "online"]
    bad = client.post("/v1/settlements/batch", json={"variant": "kitchen", "tables": [table]})
    assert bad.status_code == 422
    assert bad.get_json()["errors"][0]["pointer"] == "/variant"


def test_batch_limits(client):
    table = {"bet": "1", "players": [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]}
    most = MAX_BATCH_TABLES  # the declaration's (200 today)
    assert client.post("/v1/settlements/batch", json={"tables": [table] * most}).status_code == 200
    response = client.post("/v1/settlements/batch", json={"tables": [table] * (most + 1)})
    assert response.status_code == 422
    assert response.get_json()["errors"][0] == {
        "pointer": "/tables",
        "code": "wrong_count",
        "detail": f"a batch has 1 to {most} tables, not {most + 1}",
    }
    assert client.post("/v1/settlements/batch", json={"tables": []}).status_code == 422


@st.composite
def random_tables(draw):
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = list(DECK)
    rng.shuffle(deck)
    players = []
    for index in range(draw(st.integers(2, 4))):
        cards = [str(card) for card in deck[index * 13 : index * 13 + 13]]
        players.append(
            {"id": f"p{index}", "arrangement": {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}}
        )
    return {
        "variant": draw(st.sampled_from(["classic", "online", "extended", "chinese-poker-2-4"])),
        "bet": "3.50",
        "players": players,
    }


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(random_tables(), min_size=1, max_size=4))
def test_a_settlement_is_the_same_alone_or_in_a_batch(client, tables):
    batch = client.post("/v1/settlements/batch", json={"tables": tables}).get_json()
    for table, result in zip(tables, batch["results"], strict=True):
        alone = client.post("/v1/settlements", json=table).get_json()
        assert alone.pop("receipt")["operation"] == "settleTable"
        assert result == alone


def test_an_id_that_looks_like_money_reads_as_a_name_in_the_lines(client):
    # Every id between quotation marks: "Net: +9999.00" is a player there, never a figure.
    table = {"bet": "1", "players": [{"id": "Net: +9999.00", "forfeit": True}, {"id": "b", "forfeit": True}]}
    answer = client.post("/v1/settlements", json=table).get_json()
    [pair] = answer["pairs"]
    assert pair["lines"][-1]["en"] == "Total: “Net: +9999.00” 0, “b” 0."
    assert all("“Net: +9999.00”" in line["en"] for line in pair["lines"])


def _places(amount: str) -> int:
    return len(amount.partition(".")[2])


@pytest.mark.parametrize("decimals", [0, 2, 8])
def test_an_answer_names_the_places_its_amounts_have(client, decimals):
    """A client checks every amount's places from the answer alone (issue 54): `amount_decimals` is
    the variant's, and the bet of 10 at online's 2% rake writes every amount with exactly that many
    places (0 places: "2117", 43.20 rounded half-even to "43")."""
    table = {**FOUR, "variant": {"preset": "online", "overrides": {"amount_decimals": decimals}}}
    body = client.post("/v1/settlements", json=table).get_json()
    assert body["amount_decimals"] == decimals
    amounts = [body["house_take"][name] for name in ("rake", "draw_fee", "total")]
    for player in body["players"]:
        amounts += [player[name] for name in ("amount", "rake", "draw_fee", "net")]
    assert {_places(amount) for amount in amounts} == {decimals}
    batch = client.post("/v1/settlements/batch", json={"tables": [table]}).get_json()
    assert batch["results"][0]["amount_decimals"] == decimals
