"""Answers chain: what one operation answers is posted to the next as it is.

An arrangement, a natural's split and a variant have one shape in every
request and answer, so a platform never rewrites an answer before sending it
on.
"""

from __future__ import annotations

import pytest

from maubinh_api import create_app

PLAY = "/v1/arrangements/play"
OPTIMAL = "/v1/arrangements/optimal"
ANALYSIS = "/v1/arrangements/analysis"
VALIDATE = "/v1/arrangements/validate"
SETTLE = "/v1/settlements"
# One deal of four hands (the 52 cards once), and an online variant with overrides.
DEAL = [
    ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"],
    ["Ah", "Ac", "Ks", "Kh", "Qh", "Qd", "8s", "8d", "7c", "6d", "5c", "3h", "2h"],
    ["Ts", "Th", "Td", "9c", "9d", "7s", "7d", "6s", "6h", "5s", "4d", "3s", "2c"],
    ["Qc", "Js", "Jd", "Jc", "Tc", "8h", "6c", "5h", "4s", "4h", "4c", "3d", "2d"],
]
VARIANT = {"preset": "online", "overrides": {"scoop_multiplier": 4}}


@pytest.fixture
def client(checked_client):
    return checked_client(create_app())


def post(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200, (path, response.get_json())
    return response.get_json()


def test_the_deal_is_52_distinct_cards():
    assert len({card for hand in DEAL for card in hand}) == 52


def test_plays_go_to_the_analysis_and_to_the_settlement_as_answered(client):
    plays = [post(client, PLAY, {"cards": cards, "level": "club", "seed": 7, "variant": VARIANT}) for cards in DEAL]
    for played in plays:
        analysis = post(
            client,
            ANALYSIS,
            {"arrangement": played["arrangement"], "declare_natural": played["declare_natural"], **_as_sent(played)},
        )
        assert (analysis["ev"], analysis["ev_loss"], analysis["verdict"]) == (
            played["ev"],
            played["ev_loss"],
            played["verdict"],
        )
    players = [
        {"id": f"p{seat}", "arrangement": played["arrangement"], "declare_natural": played["declare_natural"]}
        for seat, played in enumerate(plays)
    ]
    settled = post(client, SETTLE, {"bet": "1", "players": players, "variant": plays[0]["variant"]})
    assert settled["variant"] == plays[0]["variant"]
    assert sum(player["points"] for player in settled["players"]) == 0  # points change hands, none are made


def test_the_optimal_answer_goes_to_validation_analysis_and_settlement(client):
    solved = [post(client, OPTIMAL, {"cards": cards, "variant": VARIANT}) for cards in DEAL]
    for answer in solved:
        best = answer["best"]
        checked = post(client, VALIDATE, {"arrangement": best["arrangement"], "variant": answer["variant"]})
        assert checked["fouled"] is False and checked["chi"] == best["chi"]
        for alternative in answer["alternatives"]:
            assert post(client, VALIDATE, {"arrangement": alternative["arrangement"]})["chi"] == alternative["chi"]
        sent = {"arrangement": best["arrangement"], "declare_natural": best["declare_natural"]}
        analysis = post(client, ANALYSIS, {**sent, "variant": answer["variant"]})
        assert analysis["ev_loss"] == 0 and analysis["best"]["arrangement"] == best["arrangement"]
        assert analysis["best"]["chi"] == best["chi"]
    players = [
        {"id": f"p{seat}", "arrangement": best["arrangement"], "declare_natural": best["declare_natural"]}
        for seat, best in enumerate(answer["best"] for answer in solved)
    ]
    settled = post(client, SETTLE, {"bet": "2", "players": players, "variant": solved[0]["variant"]})
    assert [player["fouled"] for player in settled["players"]] == [False] * 4


def test_the_analysis_best_goes_back_to_validation(client):
    played = post(client, PLAY, {"cards": DEAL[2], "level": "beginner", "seed": 3})
    analysis = post(client, ANALYSIS, {"arrangement": played["arrangement"]})
    checked = post(client, VALIDATE, {"arrangement": analysis["best"]["arrangement"]})
    assert checked["chi"] == analysis["best"]["chi"]


def test_a_naturals_split_goes_to_validation_and_settlement(client):
    # Three flushes (spades, hearts, diamonds): a natural in classic that depends on the split.
    cards = ["2s", "5s", "7s", "9s", "Js", "3h", "6h", "8h", "Th", "Qh", "4d", "9d", "Kd"]
    best = post(client, OPTIMAL, {"cards": cards})["best"]
    natural = best["natural"]
    assert natural["key"] == "three_flushes" and natural["split"] is not None
    checked = post(client, VALIDATE, {"arrangement": natural["split"]})
    assert checked["natural"]["key"] == "three_flushes" and checked["fouled"] is False
    played = post(client, PLAY, {"cards": cards, "level": "best", "seed": 1})
    assert played["natural"] == natural and played["declare_natural"] is True
    assert played["arrangement"] == natural["split"]


def _as_sent(played):
    return {"variant": played["variant"], "opponents": played["opponents"]}
