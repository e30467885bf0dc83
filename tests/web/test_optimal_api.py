"""POST /v1/arrangements/optimal."""

from __future__ import annotations

import pytest

from maubinh_api.web.schemas import MAX_OPTIMAL_HANDS as MOST  # the declaration's (100 today)

OPTIMAL = "/v1/arrangements/optimal"
HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]


def test_one_hand_with_defaults(client):
    response = client.post(OPTIMAL, json={"cards": HAND})
    assert response.status_code == 200
    body = response.get_json()
    assert body["stats"]["splits"] == 72072
    assert body["stats"]["legal"] > 0
    assert len(body["alternatives"]) == 2  # top defaults to 3: the best and two alternatives
    best = body["best"]
    cards = best["arrangement"]["back"] + best["arrangement"]["middle"] + best["arrangement"]["front"]
    assert sorted(cards) == sorted(HAND)
    assert best["natural"] is None and best["declare_natural"] is False
    assert best["chi"]["back"]["cards"] == best["arrangement"]["back"]
    assert body["variant"]["preset"] == "classic"
    evs = [best["ev"]] + [alternative["ev"] for alternative in body["alternatives"]]
    assert evs == sorted(evs, reverse=True)


def test_strongest_puts_the_strongest_five_in_the_back(client):
    body = client.post(OPTIMAL, json={"cards": HAND, "objective": "strongest", "top": 1}).get_json()
    assert body["best"]["chi"]["back"]["category"]["key"] == "straight"  # A-K-Q-J-T
    assert body["alternatives"] == []


def test_the_answer_does_not_depend_on_card_order_or_notation(client):
    first = client.post(OPTIMAL, json={"cards": HAND}).get_json()
    other = [card.lower() for card in reversed(HAND)]
    other[0] = "2♠"
    second = client.post(OPTIMAL, json={"cards": other}).get_json()
    assert first == second


def test_a_batch_of_hands(client):
    hands = [HAND, ["Ah", "Ad", "Ks", "Kh", "Qs", "Qd", "8c", "8d", "7h", "6d", "5c", "3h", "2h"]]
    body = client.post(
        OPTIMAL + "/batch", json={"hands": hands, "variant": "chinese-poker-2-4", "opponents": 1}
    ).get_json()
    assert len(body["results"]) == 2
    alone = client.post(OPTIMAL, json={"cards": hands[1], "variant": "chinese-poker-2-4", "opponents": 1}).get_json()
    assert body["results"][1] == {key: value for key, value in alone.items() if key != "variant"}


def test_a_natural_is_declared_with_its_split(client):
    three_flushes = ["2s", "5s", "9s", "5h", "6h", "8h", "Th", "Kh", "4d", "7d", "Jd", "Qd", "Ad"]
    best = client.post(OPTIMAL, json={"cards": three_flushes, "variant": "online"}).get_json()["best"]
    assert best["natural"]["key"] == "three_flushes"
    assert best["declare_natural"] is True
    # The online payout is 18 from every opponent without a natural; the few
    # who hold a higher one (dragon, six pairs) take theirs instead.
    assert 16 < best["ev"] < 18
    assert best["arrangement"]["front"] == ["9s", "5s", "2s"]


@pytest.mark.parametrize(
    "cards",
    [
        # two equal 9-K straights and an A-2-3 or a Q-K-A front: three straights only with
        # the back equal to the middle
        ["9c", "Td", "Jh", "Qs", "Kc", "9h", "Ts", "Jc", "Qd", "Kh", "Ad", "2s", "3h"],
        ["9c", "Td", "Jh", "Qs", "Kc", "9h", "Ts", "Jc", "Qd", "Kh", "Qc", "Kd", "As"],
    ],
    ids=["A-2-3 front", "Q-K-A front"],
)
def test_no_natural_is_answered_on_a_split_the_variant_calls_fouled(client, cards):
    variant = {"preset": "classic", "overrides": {"foul_on_equal": True}}
    best = client.post(OPTIMAL, json={"cards": cards, "variant": variant}).get_json()["best"]
    assert best["natural"] is None
    checked = client.post("/v1/arrangements/validate", json={"arrangement": best["arrangement"], "variant": variant})
    assert checked.get_json()["fouled"] is False
    # Without the knob equal straights are legal, and the hand holds three straights.
    loose = client.post(OPTIMAL, json={"cards": cards}).get_json()["best"]
    assert loose["natural"]["key"] == "three_straights"


@pytest.mark.parametrize(
    ("body", "pointer", "detail"),
    [
        ({"cards": HAND[:12]}, "/cards", "a hand must hold 13 cards, not 12"),
        ({"cards": [*HAND, "Ac"]}, "/cards", "a hand must hold 13 cards, not 14"),
        ({"cards": [*HAND[:12], "as"]}, "/cards/12", "card As appears twice: at /cards/0 and /cards/12"),
        ({"cards": HAND, "top": 0}, "/top", "must be 1 to 10, not 0"),
        ({"cards": HAND, "top": 11}, "/top", "must be 1 to 10, not 11"),
        ({"cards": HAND, "top": 2.5}, "/top", "must be a whole number, not a number"),
        ({"cards": HAND, "top": "3"}, "/top", "must be a whole number, not a string"),
        ({"cards": HAND, "opponents": 4}, "/opponents", "must be 1 to 3, not 4"),
        ({"cards": HAND, "objective": "fastest"}, "/objective", "must be ev or strongest"),
        ({"cards": HAND, "hands": [HAND]}, "/hands", "POST /v1/arrangements/optimal/batch"),  # its own since 0.6.0
        ({}, "/cards", "is required and missing"),
        ({"hands": []}, "/hands", f"a batch has 1 to {MOST} hands, not 0"),
        ({"hands": [HAND] * (MOST + 1)}, "/hands", f"a batch has 1 to {MOST} hands, not {MOST + 1}"),
        ({"hands": [HAND, HAND[:5]]}, "/hands/1", "a hand must hold 13 cards, not 5"),
        (
            {"cards": HAND, "variant": {"preset": "online", "overrides": {"wheel": 1}}},
            "/variant/overrides/wheel",
            "one of",
        ),
    ],
)
def test_bad_requests_name_the_place(client, body, pointer, detail):
    batch = "hands" in body and "cards" not in body
    response = client.post(OPTIMAL + "/batch" if batch else OPTIMAL, json=body)
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert error["pointer"] == pointer
    assert detail in error["detail"]


def test_a_boolean_is_not_a_number_of_opponents(client):
    response = client.post(OPTIMAL, json={"cards": HAND, "opponents": True})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/opponents"
