"""Equivalent requests are answered from the result cache (in-process LRU)."""

from __future__ import annotations

import random

import pytest

from maubinh_api import create_app

HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
TABLE = {
    "bet": "5",
    "players": [
        {"id": "a", "arrangement": {"back": HAND[:5], "middle": HAND[5:10], "front": HAND[10:]}},
        {"id": "b", "forfeit": True},
    ],
}


@pytest.mark.parametrize(
    ("path", "body", "equivalent"),
    [
        ("/v1/hands/classify", {"cards": ["Kh", "Kd", "2c"]}, {"cards": ["2c", "kd", "K♥"]}),
        ("/v1/hands/classify/batch", {"hands": [["Kh", "Kd", "2c"]]}, {"hands": [["2c", "Kd", "Kh"]]}),
        (
            "/v1/arrangements/validate",
            {"arrangement": {"back": HAND[:5], "middle": HAND[5:10], "front": HAND[10:]}},
            {"arrangement": {"back": HAND[:5][::-1], "middle": HAND[5:10][::-1], "front": HAND[10:][::-1]}},
        ),
        ("/v1/arrangements/optimal", {"cards": HAND}, {"cards": HAND[::-1], "top": 3, "objective": "ev"}),
        ("/v1/arrangements/optimal/batch", {"hands": [HAND]}, {"hands": [sorted(HAND)]}),
        ("/v1/settlements", TABLE, {**TABLE, "variant": "classic"}),
        ("/v1/settlements/batch", {"tables": [TABLE]}, {"tables": [TABLE], "variant": "classic"}),
    ],
)
def test_an_equivalent_request_is_a_hit_with_the_same_bytes(client, path, body, equivalent):
    first = client.post(path, json=body)
    second = client.post(path, json=equivalent)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit-local")
    if not path.startswith("/v1/settlements"):
        assert first.get_data() == second.get_data()
        return
    # A settlement's receipt names the request as sent: the same answer, the other request's digest.
    one, other = first.get_json(), second.get_json()
    receipts = one.pop("receipt"), other.pop("receipt")
    assert one == other and receipts[0]["answer_digest"] == receipts[1]["answer_digest"]
    assert receipts[0]["request_digest"] != receipts[1]["request_digest"]
    assert first.get_data().startswith(second.get_data().split(b',"receipt":')[0])


def test_a_different_variant_or_parameter_is_a_different_answer(client):
    assert client.post("/v1/arrangements/optimal", json={"cards": HAND}).headers["X-Cache"] == "miss"
    assert client.post("/v1/arrangements/optimal", json={"cards": HAND, "top": 2}).headers["X-Cache"] == "miss"
    overridden = {"cards": HAND, "variant": {"preset": "classic", "overrides": {"scoop_multiplier": 3}}}
    # same rules (same fingerprint) but the answer names the override: not the same answer
    assert client.post("/v1/arrangements/optimal", json=overridden).headers["X-Cache"] == "miss"


def test_errors_are_never_cached(client):
    for _ in range(2):
        response = client.post("/v1/hands/classify", json={"cards": ["As", "As", "Kd"]})
        assert response.status_code == 422
        assert "X-Cache" not in response.headers


def test_the_cache_can_be_turned_off(checked_client):
    client = checked_client(create_app({"cache_bytes": 0}))
    for _ in range(2):
        assert client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"]}).headers["X-Cache"] == "miss"


def test_cached_answers_are_correct_for_many_random_hands(client):
    rng = random.Random(3)
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
    for _ in range(30):
        cards = rng.sample(deck, 5)
        fresh = client.post("/v1/hands/classify", json={"cards": cards})
        shuffled = list(cards)
        rng.shuffle(shuffled)
        again = client.post("/v1/hands/classify", json={"cards": shuffled})
        assert again.headers["X-Cache"] == "hit-local"
        assert again.get_json() == fresh.get_json()
