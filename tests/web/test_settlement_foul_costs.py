"""A settlement's ``foul_cost``: what each fouled seat gave up against the best legal play of its
cards, and whom the foul paid (what a platform watching for chip dumping asks for)."""

from __future__ import annotations

import copy
import json

import pytest

from maubinh_api import create_app
from maubinh_api.infra.tenants import key_digest
from tests.support.budgets import freeze_budgets
from tests.support.request_bodies import arrangement

# Two pairs in the middle behind one pair at the back: binh lủng.
FOULED = arrangement("2c 3d 4h 7s 9c | As Ad Kc Kd 5s | Qh Jh 8d")
TWO_PAIRS = arrangement("Qs Qd Js Jc 3h | Ts Th 6c 6d 2d | 9s 9h 4c")
FULL_HOUSE = arrangement("Ts Th Td 9s 9h | 8s 8h 4d 4c Jd | Js Jc 9d")
SMALL_FULL_HOUSE = arrangement("2s 2h 2d 3s 3h | 6s 6h 6d Ac Kh | Qs Qd 4s")
HEADS_UP = {
    "variant": "classic",
    "bet": "10",
    "foul_cost": True,
    "players": [{"id": "an", "arrangement": FOULED}, {"id": "binh", "arrangement": TWO_PAIRS}],
}
A_KEY = "key-of-platform-a-0123456789"


def _settled(client, body):
    response = client.post("/v1/settlements", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _cards(chi):
    return sorted(chi["back"] + chi["middle"] + chi["front"])


def _with_best(body, index, best):
    """The table again, seat ``index`` playing the best legal play instead."""
    again = copy.deepcopy(body)
    del again["foul_cost"]
    again["players"][index] = {
        "id": body["players"][index]["id"],
        "arrangement": best["arrangement"],
        "declare_natural": best["declare_natural"],
    }
    return again


def _pair_points(settled, player, other):
    for pair in settled["pairs"]:
        if set(pair["players"]) == {player, other}:
            return pair["points"] if pair["players"][0] == player else -pair["points"]
    raise AssertionError(f"no pair {player}, {other}")


def test_a_fouled_seat_is_told_its_best_legal_play_and_what_the_foul_cost_it(client):
    body = _settled(client, HEADS_UP)
    an, binh = body["players"]
    assert an["fouled"] and not binh["fouled"]
    assert binh["foul_cost"] is None  # asked for, and nothing to say: binh did not foul
    cost = an["foul_cost"]
    # The expected figures are /analysis's for the same arrangement heads-up (one opponent).
    analysed = client.post(
        "/v1/arrangements/analysis", json={"arrangement": FOULED, "variant": "classic", "opponents": 1}
    ).get_json()
    assert (cost["ev"], cost["ev_loss"]) == (analysed["ev"], analysed["ev_loss"])
    assert cost["opponents"] == 1
    assert cost["best"]["arrangement"] == analysed["best"]["arrangement"]
    assert _cards(cost["best"]["arrangement"]) == _cards(FOULED)
    validated = client.post("/v1/arrangements/validate", json={"arrangement": cost["best"]["arrangement"]})
    assert validated.get_json()["fouled"] is False
    # At this table: the same table with the best play in an's seat, settled by the service.
    replayed = _settled(client, _with_best(HEADS_UP, 0, cost["best"]))
    gained = replayed["players"][0]["points"] - an["points"]
    assert cost["paid"] == [{"player": "binh", "points": gained}]
    # The best play (a wheel at the back) wins its back and loses two: -1; the foul loses all three
    # at double: -6.
    assert cost["points"] == gained == 5
    assert cost["amount"] == "50.00"  # points × the bet of 10, classic's 2 places


def test_at_a_table_a_foul_can_cost_less_than_the_best_play_and_says_so(client):
    # Against a full house, two pair and a pair of jacks the best play loses all three positions:
    # scooped, -3 × classic's scoop multiplier 3 = -9; the foul pays -3 × its multiplier 2 = -6.
    table = copy.deepcopy(HEADS_UP)
    table["players"][1]["arrangement"] = FULL_HOUSE
    cost = _settled(client, table)["players"][0]["foul_cost"]
    assert (cost["points"], cost["amount"], cost["paid"]) == (-3, "-30.00", [{"player": "binh", "points": -3}])
    assert cost["ev_loss"] > 0  # against random hands fouling still gives up points


def test_at_four_seats_the_foul_is_split_by_whom_it_paid(client):
    table = {
        "variant": "online",
        "bet": "5",
        "foul_cost": True,
        "players": [
            {"id": "an", "arrangement": FOULED},
            {"id": "binh", "arrangement": FULL_HOUSE},
            {"id": "chi", "arrangement": SMALL_FULL_HOUSE},
            {"id": "dung", "forfeit": True},
        ],
    }
    body = _settled(client, table)
    cost = body["players"][0]["foul_cost"]
    assert cost["opponents"] == 3
    assert body["players"][3]["fouled"] and body["players"][3]["foul_cost"] is None  # a forfeit has no cards
    replayed = _settled(client, _with_best(table, 0, cost["best"]))
    paid = {line["player"]: line["points"] for line in cost["paid"]}
    assert paid == {other: _pair_points(replayed, "an", other) - _pair_points(body, "an", other) for other in paid}
    assert sorted(paid) == ["binh", "chi", "dung"]
    assert cost["points"] == sum(paid.values()) == replayed["players"][0]["points"] - body["players"][0]["points"]


def test_a_declared_natural_wins_whatever_its_chi_so_it_gave_nothing_up(client):
    six_pairs_fouled = arrangement("7s 7h 4s 4d 2s | Qh Qd Js Jh Kc | 3h 3c 2d")  # six pairs, set fouled
    quads = arrangement("As Ah Ad Ac 2h | Ks Kh Kd 8s 8h | 9s 9h 5c")
    body = _settled(
        client,
        {
            "bet": "1",
            "foul_cost": True,
            "players": [{"id": "a", "arrangement": six_pairs_fouled}, {"id": "b", "arrangement": quads}],
        },
    )
    assert body["players"][0]["fouled"] and body["players"][0]["natural"] is not None
    assert body["players"][0]["foul_cost"] is None
    # Not declared, the same cards are a foul whose best legal play is declaring the six pairs.
    undeclared = copy.deepcopy(HEADS_UP)
    undeclared["players"][0] = {"id": "a", "arrangement": six_pairs_fouled, "declare_natural": False}
    undeclared["players"][1] = {"id": "b", "arrangement": quads}
    cost = _settled(client, undeclared)["players"][0]["foul_cost"]
    assert cost["best"]["declare_natural"] is True
    assert cost["best"]["natural"]["key"] == "six_pairs"


def test_not_asked_the_settlement_is_what_it_was(client):
    asked = _settled(client, HEADS_UP)
    plain = copy.deepcopy(HEADS_UP)
    del plain["foul_cost"]
    answered = _settled(client, plain)
    assert all("foul_cost" not in player for player in answered["players"])
    for player in asked["players"]:
        del player["foul_cost"]
    del asked["receipt"], answered["receipt"]
    assert asked == answered


def test_a_batch_table_asks_for_itself_and_answers_as_alone(client):
    plain = copy.deepcopy(HEADS_UP)
    del plain["foul_cost"]
    response = client.post("/v1/settlements/batch", json={"tables": [HEADS_UP, plain]})
    assert response.status_code == 200
    asked, not_asked = response.get_json()["results"]
    alone = _settled(client, HEADS_UP)
    del alone["receipt"]
    assert asked == alone
    assert all("foul_cost" not in player for player in not_asked["players"])


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_foul_cost_that_is_not_a_boolean_is_refused_by_name(client, value):
    body = copy.deepcopy(HEADS_UP) | {"foul_cost": value}
    response = client.post("/v1/settlements", json=body)
    assert response.status_code == 422
    assert [error["pointer"] for error in response.get_json()["errors"]] == ["/foul_cost"]


def _limited_client(tmp_path, checked_client):
    path = tmp_path / "limited.yaml"
    path.write_text(f'tenants:\n  - name: platform-a\n    key_sha256: "{key_digest(A_KEY)}"\n    limits: ["500/day"]\n')
    app = create_app({"tenants_file": path, "cache_bytes": 0})
    freeze_budgets(app)  # no unit comes back while the test counts them
    return checked_client(app)


def _left(client) -> int:
    """What is left of the tenant's limit once this reading of it has spent its unit."""
    return client.get("/v1/usage", headers={"X-API-Key": A_KEY}).get_json()["limits"][0]["remaining"]


def test_a_unit_is_paid_per_fouled_seat_valued_and_the_rest_given_back(tmp_path, checked_client):
    client = _limited_client(tmp_path, checked_client)
    three = copy.deepcopy(HEADS_UP)
    three["players"][1]["arrangement"] = FULL_HOUSE
    three["players"].append({"id": "chi", "arrangement": SMALL_FULL_HOUSE})
    for body, units in [
        (three, 1 + 1),  # the table, and an's foul valued: binh's and chi's reserved units come back
        (three | {"foul_cost": False}, 1),  # the table alone
    ]:
        before = _left(client)
        sent = json.dumps(body).encode()
        answered = client.post(
            "/v1/settlements", data=sent, content_type="application/json", headers={"X-API-Key": A_KEY}
        )
        assert answered.status_code == 200
        assert _left(client) == before - units - 1  # and the usage reading's own unit
