"""POST /v1/arrangements/analysis.

The domain's figures are being tuned: nothing here hard-codes one.  The
answers are compared with /optimal, /validate, single requests and the domain
functions instead.
"""

from __future__ import annotations

import pytest

from maubinh_api.rules.cards import parse_cards
from maubinh_api.rules.variants import PRESET_NAMES, preset
from maubinh_api.strategy.optimiser import optimise
from maubinh_api.web.schemas import MAX_ANALYSIS_ARRANGEMENTS as MOST  # the declaration's (100 today)
from tests.support.model import MODEL
from tests.test_gunicorn import metric

ANALYSIS = "/v1/arrangements/analysis"
OPTIMAL = "/v1/arrangements/optimal"
VALIDATE = "/v1/arrangements/validate"
POSITIONS = ("back", "middle", "front")
CARDS = ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"]
OTHER = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
# Six pairs with no straight or flush to play instead.
SIX_PAIRS = ["2s", "2d", "3c", "3h", "5s", "5d", "8c", "8h", "Js", "Jd", "Kc", "Kh", "9c"]


def split(cards):
    return {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}


def optimal(client, cards, **options):
    response = client.post(OPTIMAL, json={"cards": cards, "top": 10, **options})
    assert response.status_code == 200
    return response.get_json()


def analyse(client, arrangement, **options):
    response = client.post(ANALYSIS, json={"arrangement": arrangement, **options})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def strengths(chi):
    return {position: chi[position]["strength"] for position in POSITIONS}


def apply(arrangement, moves):
    moved = {position: list(arrangement[position]) for position in POSITIONS}
    for move in moves:
        for card in move["cards"]:
            moved[move["from"]].remove(card)
            moved[move["to"]].append(card)
    return moved


@pytest.mark.parametrize("cards", [CARDS, OTHER], ids=["three pairs", "a straight"])
def test_the_best_arrangement_loses_nothing_and_is_the_one_optimal_answers(client, cards):
    best = optimal(client, cards)["best"]
    body = analyse(client, best["arrangement"])
    assert body["ev_loss"] == 0
    assert body["verdict"]["key"] == "best"
    assert body["rank"] == 1
    assert body["changes"]["moves"] == []
    assert body["changes"]["declare_natural"] is None
    assert body["changes"]["lines"]["en"] == ["This is the best arrangement of these cards."]
    assert body["ev"] == body["best"]["ev"]
    assert body["fouled"] is False and body["reasons"] == []
    # The same best play and the same number as /optimal (which rounds to 4 places) ...
    assert body["best"]["arrangement"] == best["arrangement"]
    assert strengths(body["best"]["chi"]) == strengths(best["chi"])
    assert body["best"]["declare_natural"] == best["declare_natural"]
    assert body["best"]["ev"] == best["ev"]
    # ... and exactly the optimiser's, unrounded.
    # the same number as the optimiser's, to the 4 decimals every answer gives
    assert body["best"]["ev"] == round(optimise(parse_cards(cards), preset("classic"), MODEL).best.ev, 4)
    assert body["chi"] == best["chi"]
    assert body["opponents"] == 3 and body["variant"]["preset"] == "classic"
    assert body["distinct_arrangements"] >= 1


@pytest.mark.parametrize("place", [0, 3, -1])
@pytest.mark.parametrize("cards", [CARDS, OTHER], ids=["three pairs", "a straight"])
def test_a_worse_arrangement_says_what_it_loses_and_which_cards_to_move(client, cards, place):
    solved = optimal(client, cards)
    worse = solved["alternatives"][place]
    body = analyse(client, worse["arrangement"])
    assert body["ev"] < body["best"]["ev"]
    assert body["ev_loss"] == round(body["best"]["ev"] - body["ev"], 4) > 0
    assert body["verdict"]["key"] in ("good", "inaccuracy", "mistake", "blunder")
    assert body["rank"] > 1
    assert body["best"]["ev"] == solved["best"]["ev"]
    # The moves turn the arrangement into one with the best play's chi strengths.
    moves = body["changes"]["moves"]
    assert moves
    assert all(move["from"] != move["to"] for move in moves)
    moved = apply(worse["arrangement"], moves)
    checked = client.post(VALIDATE, json={"arrangement": moved}).get_json()
    assert checked["fouled"] is False
    assert strengths(checked["chi"]) == strengths(body["best"]["chi"])
    assert [checked["chi"][position]["category"] for position in POSITIONS] == [
        body["best"]["chi"][position]["category"] for position in POSITIONS
    ]
    # One line per move, in both languages, and the points at stake: on the only move's line, or on
    # a line of their own after several (issue 54, D5: no one move reads as gaining them all).
    lines = body["changes"]["lines"]
    assert len(lines["en"]) == len(lines["vi"]) == len(moves) + (len(moves) > 1)
    assert lines["en"][-1].endswith(f": +{body['ev_loss']:.2f} points per opponent")
    assert lines["vi"][-1].endswith(": +" + f"{body['ev_loss']:.2f}".replace(".", ",") + " chi mỗi đối thủ")


def test_the_loss_sets_the_verdict(client):
    solved = optimal(client, OTHER)
    bands = [(0.1, "good"), (0.3, "inaccuracy"), (1.0, "mistake")]
    for choice in solved["alternatives"]:
        body = analyse(client, choice["arrangement"])
        expected = next((key for bound, key in bands if body["ev_loss"] < bound), "blunder")
        assert body["verdict"]["key"] == expected


def test_a_fouled_arrangement(client):
    best = optimal(client, CARDS)["best"]["arrangement"]
    swapped = {"back": best["middle"], "middle": best["back"], "front": best["front"]}
    body = analyse(client, swapped)
    checked = client.post(VALIDATE, json={"arrangement": swapped}).get_json()
    assert body["fouled"] is True
    assert body["reasons"] == checked["reasons"] != []
    assert body["verdict"] == {"key": "foul", "label": {"en": "Foul", "vi": "Binh lủng"}}
    assert body["rank"] is None
    assert body["ev_loss"] == round(body["best"]["ev"] - body["ev"], 4) > 0
    assert body["scoop_chance"] == 0
    assert all(body["positions"][position]["win"] == 0 for position in POSITIONS)
    assert strengths(checked["chi"]) == strengths(body["chi"])
    assert body["changes"]["moves"]


def test_a_natural_not_declared_is_given_up(client):
    best = optimal(client, SIX_PAIRS)["best"]
    assert best["natural"]["key"] == "six_pairs" and best["declare_natural"] is True
    # The second best chi play (the best one is the answer's own layout, not among the alternatives).
    played = optimal(client, SIX_PAIRS)["alternatives"][0]["arrangement"]
    body = analyse(client, played, declare_natural=False)
    natural = body["natural"]
    # The natural held has the one shape of a natural (as /optimal's best.natural).
    assert natural["held"] == best["natural"] and natural["held"]["key"] == "six_pairs"
    assert natural["collected"] is False
    assert natural["given_up"] > 0
    # Not declaring gives up what declaring is worth above the best chi play; the rest is the chi's.
    assert natural["given_up"] == pytest.approx(natural["ev"] - natural["chi_ev"], abs=2e-4)  # each to 4 decimals
    assert natural["chi_ev"] > body["ev"]
    assert body["ev_loss"] == pytest.approx(natural["given_up"] + natural["chi_ev"] - body["ev"], abs=3e-4)
    assert body["changes"]["declare_natural"] is True
    assert body["best"]["declare_natural"] is True
    assert body["best"]["ev"] == best["ev"]
    assert "Declare the natural (Six pairs)" in body["changes"]["lines"]["en"][0]
    assert "Báo thắng trắng" in body["changes"]["lines"]["vi"][0]
    assert body["verdict"]["key"] != "best"

    declared = analyse(client, played)  # declare_natural defaults to true
    assert declared["natural"]["collected"] is True
    assert declared["natural"]["given_up"] == 0
    assert declared["ev"] == declared["natural"]["ev"] == declared["best"]["ev"]
    assert declared["ev_loss"] == 0 and declared["verdict"]["key"] == "best"
    assert declared["changes"]["declare_natural"] is None


# Issue 41, defect 2: six pairs whose best play does not declare them (the chi are worth a little more).
NOT_WORTH_DECLARING = ["Ac", "As", "Kc", "Kh", "Qh", "Qs", "Jc", "Jd", "Tc", "Th", "9d", "9h", "8d"]
# Each figure comes rounded to 4 decimals: a difference of two is within 1e-4 of the difference rounded.
ROUNDED = 1e-4 + 1e-9


def natural_advice(client, cards, variant):
    """The natural's review of the auto-arrangement (``strongest``), declared and not: ``given_up`` is
    what not declaring loses (declaring's worth above the best chi play, never the chi's own loss),
    the recommendation agrees with ``ev`` against ``chi_ev``, and the loss is the two parts'."""
    arrangement = optimal(client, cards, objective="strongest", variant=variant)["best"]["arrangement"]
    for declare in (False, True):
        body = analyse(client, arrangement, declare_natural=declare, variant=variant)
        natural, best = body["natural"], body["best"]
        ev, chi_ev, given_up = natural["ev"], natural["chi_ev"], natural["given_up"]
        assert natural["collected"] is declare
        if ev > chi_ev:
            assert best["declare_natural"] is True and best["ev"] == ev
        elif ev < chi_ev:
            assert best["declare_natural"] is False and best["ev"] == chi_ev
        if declare or ev < chi_ev:
            assert given_up == 0, (cards, variant, declare, natural)
        elif ev == chi_ev:  # equal to 4 decimals: what declaring is worth more is below 1e-4
            assert given_up <= ROUNDED
        else:
            assert given_up == pytest.approx(ev - chi_ev, abs=ROUNDED), (cards, variant, natural)
        # The loss: by not declaring (given_up) and in the chi (the best chi play's less this play's),
        # or, declared when playing the chi is worth more, by declaring.
        parts = max(0.0, chi_ev - ev) if declare else given_up + max(0.0, chi_ev - body["ev"])
        assert body["ev_loss"] == pytest.approx(parts, abs=3 * ROUNDED), (cards, variant, declare, body["ev"], natural)
        if not declare and best["declare_natural"] is False:  # not declaring was right: no line says to declare
            assert body["changes"]["declare_natural"] is None
    return natural


def test_not_declaring_what_is_not_worth_declaring_gives_up_nothing(client):
    natural = natural_advice(client, NOT_WORTH_DECLARING, "classic")
    assert natural["held"]["key"] == "six_pairs" and natural["ev"] < natural["chi_ev"]
    body = analyse(
        client,
        optimal(client, NOT_WORTH_DECLARING, objective="strongest")["best"]["arrangement"],
        declare_natural=False,
    )
    # The whole loss is the chi's: it was given as 0.96 "by not declaring".
    assert body["natural"]["given_up"] == 0 and body["ev_loss"] > 0.5
    assert body["ev_loss"] == pytest.approx(body["natural"]["chi_ev"] - body["ev"], abs=2 * ROUNDED)


@pytest.mark.parametrize("variant", PRESET_NAMES)
def test_the_natural_call_drills_of_every_preset_are_advised_right(client, variant):
    response = client.post("/v1/drills", json={"theme": "natural_call", "count": 6, "seed": 41, "variant": variant})
    if not preset(variant).rules.naturals:  # a preset that pays no natural deals no natural-call drill
        assert response.status_code == 422
        assert [error["pointer"] for error in response.get_json()["errors"]] == ["/theme"]
        return
    assert response.status_code == 200, response.get_json()
    reviews = [natural_advice(client, drill["cards"], variant) for drill in response.get_json()["drills"]]
    assert all(abs(review["ev"] - review["chi_ev"]) <= 1.0 + 2 * ROUNDED for review in reviews)


def test_a_hand_without_a_natural_has_none(client):
    assert analyse(client, split(CARDS))["natural"] is None


def test_sap_lang_is_reported_where_it_can_happen(client):
    arrangement = optimal(client, CARDS)["best"]["arrangement"]
    off = analyse(client, arrangement, variant={"preset": "classic", "overrides": {"sap_lang": False}})
    assert off["sap_lang_chance"] is None
    on = analyse(
        client, arrangement, variant={"preset": "classic", "overrides": {"sap_lang": True, "sap_lang_min_players": 2}}
    )
    assert set(on["sap_lang_chance"]) == {"scoops_all", "scooped_by_all"}
    assert all(0 <= value <= 1 for value in on["sap_lang_chance"].values())


OUTLOOK = ("positions", "scoop_chance", "scooped_chance", "sap_lang_chance")
SAP_LANG_AT_TWO = {"preset": "classic", "overrides": {"sap_lang": True, "sap_lang_min_players": 2}}


def best_analysed(client, body, **options):
    """The analysis of ``body``'s best play itself, declared as the best play declares."""
    best = body["best"]
    return analyse(client, best["arrangement"], declare_natural=best["declare_natural"], **options)


@pytest.mark.parametrize("variant", ["classic", SAP_LANG_AT_TWO], ids=["classic", "sap lang"])
@pytest.mark.parametrize("play", ["best", "second", "worst", "fouled", "as dealt"])
def test_the_best_plays_outlook_is_what_analysing_it_gives(client, play, variant):
    # Issue 41, item 4: the grade explains each move by what it changes, so `best` says how the best play fares.
    solved = optimal(client, CARDS, variant=variant)
    best = solved["best"]["arrangement"]
    arrangement = {
        "best": best,
        "second": solved["alternatives"][0]["arrangement"],
        "worst": solved["alternatives"][-1]["arrangement"],
        "fouled": {"back": best["middle"], "middle": best["back"], "front": best["front"]},
        "as dealt": split(CARDS),
    }[play]
    body = analyse(client, arrangement, variant=variant)
    alone = best_analysed(client, body, variant=variant)
    assert {key: body["best"][key] for key in OUTLOOK} == {key: alone[key] for key in OUTLOOK}
    assert set(body["best"]["positions"]) == set(POSITIONS)
    assert (body["best"]["sap_lang_chance"] is None) == (variant == "classic")
    if play == "best":  # the play is the best play: the same outlook
        assert {key: body[key] for key in OUTLOOK} == {key: body["best"][key] for key in OUTLOOK}
    # The moves change the chi they touch; a chi no move touches fares alike, unless the play is fouled
    # (a foul loses every chi).
    touched = {move[end] for move in body["changes"]["moves"] for end in ("from", "to")}
    for position in set(POSITIONS) - touched:
        alike = body["positions"][position] == body["best"]["positions"][position]
        assert alike != body["fouled"], (position, body["positions"], body["best"]["positions"])


def test_a_natural_best_play_compares_no_chi(client):
    played = optimal(client, SIX_PAIRS)["alternatives"][0]["arrangement"]
    body = analyse(client, played, declare_natural=False)
    assert body["best"]["declare_natural"] is True
    assert body["best"]["positions"] is None
    assert body["best"]["scoop_chance"] == body["best"]["scooped_chance"] == 0
    assert body["positions"] is not None  # the play itself sets its chi
    alone = best_analysed(client, body)
    assert {key: body["best"][key] for key in OUTLOOK} == {key: alone[key] for key in OUTLOOK}
    # Where sập làng is played, a natural declared neither scoops nor is scooped by the table.
    on = analyse(client, played, declare_natural=False, variant=SAP_LANG_AT_TWO)
    assert on["best"]["positions"] is None and on["best"]["sap_lang_chance"] == {"scoops_all": 0, "scooped_by_all": 0}


def test_a_batch_answers_as_single_requests_do(client):
    solved = optimal(client, CARDS)
    best = solved["best"]["arrangement"]
    fouled = {"back": best["middle"], "middle": best["back"], "front": best["front"]}
    items = [
        {"arrangement": solved["alternatives"][2]["arrangement"]},
        {"arrangement": best, "declare_natural": True},
        {"arrangement": fouled},
        {"arrangement": split(SIX_PAIRS), "declare_natural": True},
        {"arrangement": split(OTHER)},
    ]
    response = client.post(ANALYSIS + "/batch", json={"arrangements": items, "declare_natural": False, "opponents": 2})
    assert response.status_code == 200
    body = response.get_json()
    assert len(body["results"]) == len(items)
    assert body["variant"]["preset"] == "classic"
    for item, result in zip(items, body["results"], strict=True):
        alone = analyse(client, item["arrangement"], declare_natural=item.get("declare_natural", False), opponents=2)
        assert result == {key: value for key, value in alone.items() if key != "variant"}
        assert result["opponents"] == 2


def test_the_answer_does_not_depend_on_card_order_or_notation(client):
    first = client.post(ANALYSIS, json={"arrangement": split(CARDS)})
    shuffled = {position: [card.lower() for card in reversed(cards)] for position, cards in split(CARDS).items()}
    shuffled["front"][0] = "2♠"
    second = client.post(ANALYSIS, json={"arrangement": shuffled})
    assert first.get_json() == second.get_json()
    assert second.headers["X-Cache"] == "hit-local"


def test_the_answer_depends_on_the_options(client):
    arrangement = split(CARDS)
    three = analyse(client, arrangement)
    one = analyse(client, arrangement, opponents=1)
    assert one["opponents"] == 1 and three["opponents"] == 3
    other_variant = analyse(client, arrangement, variant={"preset": "classic", "overrides": {"scoop_multiplier": 6}})
    assert other_variant["variant"]["overrides"] == {"scoop_multiplier": 6}
    assert other_variant["ev"] != three["ev"]


def test_the_time_is_recorded(client):
    before = client.get("/metrics").get_data(as_text=True)
    client.post(
        ANALYSIS + "/batch", json={"arrangements": [{"arrangement": split(CARDS)}, {"arrangement": split(OTHER)}]}
    )
    text = client.get("/metrics").get_data(as_text=True)
    labels = {"objective": "analysis"}
    assert (
        metric(text, "maubinh_solver_duration_seconds_count", **labels)
        - metric(before, "maubinh_solver_duration_seconds_count", **labels)
        == 2
    )


def _duplicate_front():
    arrangement = split(CARDS)
    return {**arrangement, "front": ["Qs", "Jh", "a♠"]}


@pytest.mark.parametrize(
    ("body", "pointer", "detail"),
    [
        (
            {"arrangement": {**split(CARDS), "front": ["Qs", "Jh", "Xx"]}},
            "/arrangement/front/2",
            "unknown card",
        ),
        (
            {"arrangement": _duplicate_front()},
            "/arrangement/front/2",
            "card As appears twice: at /arrangement/back/0 and /arrangement/front/2",
        ),
        (
            {"arrangements": [{"arrangement": split(CARDS)}, {"arrangement": _duplicate_front()}]},
            "/arrangements/1/arrangement/front/2",
            "card As appears twice: at /arrangements/1/arrangement/back/0 and /arrangements/1/arrangement/front/2",
        ),
        (
            {"arrangement": {**split(CARDS), "front": ["Qs", "Jh", "2s", "4c"]}},
            "/arrangement/front",
            "the front chi must hold 3 cards, not 4",
        ),
        (
            {"arrangements": [{"arrangement": {**split(CARDS), "back": CARDS[:4]}}]},
            "/arrangements/0/arrangement/back",
            "the back chi must hold 5 cards, not 4",
        ),
        (
            {"arrangements": [{"arrangement": split(CARDS)}] * (MOST + 1)},
            "/arrangements",
            f"a batch has 1 to {MOST} arrangements, not {MOST + 1}",
        ),
        ({"arrangements": []}, "/arrangements", f"a batch has 1 to {MOST} arrangements, not 0"),
        ({"arrangement": split(CARDS), "opponents": 0}, "/opponents", "must be 1 to 3, not 0"),
        ({"arrangement": split(CARDS), "opponents": 4}, "/opponents", "must be 1 to 3, not 4"),
        ({"arrangement": split(CARDS), "opponents": True}, "/opponents", "must be a whole number"),
        ({"arrangement": split(CARDS), "declare_natural": "yes"}, "/declare_natural", "must be true or false"),
        (
            {"arrangements": [{"arrangement": split(CARDS), "declare_natural": None}]},
            "/arrangements/0/declare_natural",
            "not null",
        ),
        ({"arrangements": [{"declare_natural": True}]}, "/arrangements/0/arrangement", "is required and missing"),
        ({"arrangement": split(CARDS), "surprise": 1}, "/surprise", "unknown field"),
        ({"arrangement": {**split(CARDS), "surprise": 1}}, "/arrangement/surprise", "unknown field"),
        (
            {"arrangements": [{"arrangement": split(CARDS), "surprise": 1}]},
            "/arrangements/0/surprise",
            "unknown field",
        ),
        (  # a batch is an operation of its own since 0.6.0: the single one says where it went
            {"arrangement": split(CARDS), "arrangements": [{"arrangement": split(CARDS)}]},
            "/arrangements",
            "POST /v1/arrangements/analysis/batch",
        ),
        ({"declare_natural": True}, "/arrangement", "is required and missing"),
        ({"arrangement": split(CARDS), "variant": "kitchen"}, "/variant", "unknown preset"),
    ],
)
def test_bad_requests_name_the_place(client, body, pointer, detail):
    batch = "arrangements" in body and "arrangement" not in body
    response = client.post(ANALYSIS + "/batch" if batch else ANALYSIS, json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    error = response.get_json()["errors"][0]
    assert error["pointer"] == pointer
    assert detail in error["detail"]
