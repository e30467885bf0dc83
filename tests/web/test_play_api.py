"""POST /v1/arrangements/play.

The bots' mixes are being tuned: nothing here hard-codes a figure or which
style a seed gives.  Answers are compared with each other, with /analysis and
/optimal, and with the domain's ``play``.
"""

from __future__ import annotations

import pytest

from maubinh_api import create_app
from maubinh_api.rules.cards import parse_cards
from maubinh_api.rules.variants import preset
from maubinh_api.strategy.levels import Level
from tests.support.model import play_hand

PLAY = "/v1/arrangements/play"
ANALYSIS = "/v1/arrangements/analysis"
OPTIMAL = "/v1/arrangements/optimal"
POSITIONS = ("back", "middle", "front")
LEVELS = ["beginner", "casual", "club", "expert", "best"]
CARDS = ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"]
OTHER = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
SIX_PAIRS = ["2s", "2d", "3c", "3h", "5s", "5d", "8c", "8h", "Js", "Jd", "Kc", "Kh", "9c"]


@pytest.fixture
def uncached(checked_client):
    """A client of an app without a result cache: every answer is computed."""
    return checked_client(create_app({"cache_bytes": 0}))


def played(client, cards, **options):
    response = client.post(PLAY, json={"cards": cards, **options})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def strengths(chi):
    return {position: chi[position]["strength"] for position in POSITIONS}


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_answer(uncached, level):
    first = played(uncached, CARDS, level=level, seed=12345)
    second = played(uncached, CARDS, level=level, seed=12345)
    assert first == second
    assert first["seed"] == 12345 and first["level"]["key"] == level
    assert first["opponents"] == 3 and first["variant"]["preset"] == "classic"


@pytest.mark.parametrize("level", LEVELS)
def test_the_arrangement_holds_exactly_the_cards_given(client, level):
    for cards in (CARDS, OTHER, SIX_PAIRS):
        for seed in range(6):
            body = played(client, cards, level=level, seed=seed)
            arrangement = body["arrangement"]
            assert sorted(card for cards_of in arrangement.values() for card in cards_of) == sorted(cards)
            assert [len(arrangement[position]) for position in POSITIONS] == [5, 5, 3]
            # The classifications beside it are of the same cards.
            assert {position: body["chi"][position]["cards"] for position in POSITIONS} == arrangement


@pytest.mark.parametrize("cards", [CARDS, OTHER, SIX_PAIRS], ids=["three pairs", "a straight", "six pairs"])
def test_level_best_plays_the_best(client, cards):
    body = played(client, cards, level="best", seed=3)
    assert body["ev_loss"] == 0
    assert body["verdict"]["key"] == "best"
    assert body["style"]["key"] == "best"
    best = client.post(OPTIMAL, json={"cards": cards}).get_json()["best"]
    assert body["declare_natural"] == best["declare_natural"]
    assert body["ev"] == best["ev"]
    assert strengths(body["chi"]) == strengths(best["chi"])
    assert body["natural"] == best["natural"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_figures_are_those_of_the_analysis(client, level, seed):
    body = played(client, CARDS, level=level, seed=seed, opponents=2)
    analysis = client.post(
        ANALYSIS,
        json={
            "arrangement": body["arrangement"],  # posted back as answered
            "declare_natural": body["declare_natural"],
            "opponents": 2,
        },
    ).get_json()
    assert body["ev"] == analysis["ev"]
    assert body["ev_loss"] == analysis["ev_loss"]
    assert body["verdict"] == analysis["verdict"]
    assert body["opponents"] == 2
    if body["style"]["key"] == "best":
        assert body["ev_loss"] == 0


@pytest.mark.parametrize("level", LEVELS)
def test_the_arrangement_is_the_domain_bots(client, level):
    for seed in (0, 7, 2**53 - 1):
        body = played(client, OTHER, level=level, seed=seed)
        expected = play_hand(parse_cards(OTHER), preset("classic"), Level(level), seed)
        assert body["arrangement"] == {
            position.value: [str(card) for card in hand.cards] for position, hand in expected.arrangement
        }
        assert body["style"]["key"] == expected.style.value
        assert body["declare_natural"] == expected.declare_natural


def test_a_missing_seed_is_drawn_returned_and_replays(uncached):
    first = uncached.post(PLAY, json={"cards": CARDS, "level": "beginner"})
    assert first.status_code == 200
    assert first.headers["X-Cache"] == "miss"
    body = first.get_json()
    assert isinstance(body["seed"], int) and 0 <= body["seed"] < 2**53
    replay = played(uncached, CARDS, level="beginner", seed=body["seed"])
    assert replay == body
    # Each request without a seed draws its own.
    seeds = {played(uncached, CARDS, level="beginner")["seed"] for _ in range(5)}
    assert len(seeds | {body["seed"]}) == 6


def test_an_answer_to_a_drawn_seed_is_never_cached(client):
    for _ in range(3):
        assert client.post(PLAY, json={"cards": CARDS, "level": "club"}).headers["X-Cache"] == "miss"
    first = client.post(PLAY, json={"cards": CARDS, "level": "club", "seed": 9})
    second = client.post(PLAY, json={"cards": CARDS, "level": "club", "seed": 9})
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit-local")


def test_the_answer_does_not_depend_on_card_order_or_notation(uncached):
    other = [card.lower() for card in reversed(CARDS)]
    other[0] = "2♠"
    for level in LEVELS:
        assert played(uncached, CARDS, level=level, seed=5) == played(uncached, other, level=level, seed=5)


def test_a_natural_is_declared_at_the_best_level(client):
    body = played(client, SIX_PAIRS, level="best", seed=1)
    assert body["declare_natural"] is True
    assert body["ev_loss"] == 0


@pytest.mark.parametrize(
    ("body", "pointer", "detail"),
    [
        ({"cards": CARDS, "level": "master"}, "/level", "must be beginner, casual, club, expert or best, not 'master'"),
        ({"cards": CARDS, "level": "Best"}, "/level", "must be beginner"),
        ({"cards": CARDS}, "/level", "is required and missing"),
        ({"cards": CARDS, "level": None}, "/level", "null"),
        ({"level": "club"}, "/cards", "is required and missing"),
        ({"cards": CARDS, "level": "club", "seed": -1}, "/seed", "must be 0 to 2**53 - 1"),
        ({"cards": CARDS, "level": "club", "seed": 2**53}, "/seed", "must be 0 to 2**53 - 1"),
        ({"cards": CARDS, "level": "club", "seed": 1.5}, "/seed", "must be a whole number"),
        ({"cards": CARDS, "level": "club", "seed": "1"}, "/seed", "must be a whole number, not a string"),
        ({"cards": CARDS, "level": "club", "seed": True}, "/seed", "must be a whole number, not a boolean"),
        ({"cards": CARDS[:12], "level": "club"}, "/cards", "a hand must hold 13 cards, not 12"),
        (
            {"cards": [*CARDS[:12], "as"], "level": "club"},
            "/cards/12",
            "card As appears twice: at /cards/0 and /cards/12",
        ),
        ({"cards": [*CARDS[:12], "1s"], "level": "club"}, "/cards/12", "unknown card"),
        ({"cards": CARDS, "level": "club", "opponents": 0}, "/opponents", "must be 1 to 3, not 0"),
        ({"cards": CARDS, "level": "club", "opponents": 4}, "/opponents", "must be 1 to 3, not 4"),
        ({"cards": CARDS, "level": "club", "surprise": 1}, "/surprise", "unknown field"),
        ({"cards": CARDS, "level": "club", "variant": "kitchen"}, "/variant", "unknown preset"),
    ],
)
def test_bad_requests_name_the_place(client, body, pointer, detail):
    response = client.post(PLAY, json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    error = response.get_json()["errors"][0]
    assert error["pointer"] == pointer
    assert detail in error["detail"]


def test_the_largest_seed_is_accepted(client):
    assert played(client, CARDS, level="club", seed=2**53 - 1)["seed"] == 2**53 - 1
