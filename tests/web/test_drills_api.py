"""POST /v1/drills: every answer checked against openapi.yaml (the ``client`` fixture), each theme's
claim re-checked with the other operations' answers as a platform would check it, the same drills
for the same request, the cards good for any operation, and the cost the spec states."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from maubinh_api import create_app
from maubinh_api.rules.variants import preset
from maubinh_api.strategy.drills import RESERVE, TRIES_PER_DRILL, UNITS, Theme, tries
from maubinh_api.web.costs import TABLES_UNITS
from tests.support.budgets import freeze_budgets
from tests.web.test_limits import A_KEY, as_tenant, tenants_file

DRILLS = "/v1/drills"
JSON = {"Content-Type": "application/json"}
OPTIMAL = "/v1/arrangements/optimal"
ANALYSIS = "/v1/arrangements/analysis"
VALIDATE = "/v1/arrangements/validate"
SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))


def deal(client, **body):
    response = client.post(DRILLS, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def post(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def auto_analysis(client, cards, variant):
    auto = post(client, OPTIMAL, {"cards": cards, "objective": "strongest", "top": 1, "variant": variant})
    return post(client, ANALYSIS, {"arrangement": auto["best"]["arrangement"], "variant": variant})


def test_auto_blunders_are_blunders_by_the_analysis(client):
    answer = deal(client, theme="auto_blunder", count=4, seed=3)
    assert answer["theme"]["key"] == "auto_blunder" and len(answer["drills"]) == 4
    for drill in answer["drills"]:
        analysis = auto_analysis(client, drill["cards"], "classic")
        assert analysis["verdict"]["key"] == "blunder" and analysis["ev_loss"] >= 1.0
        assert analysis["natural"] is None


def test_where_the_front_decides_the_analysis_moves_cards_into_or_out_of_the_front_only(client):
    for drill in deal(client, theme="front_decides", count=3, seed=3)["drills"]:
        analysis = auto_analysis(client, drill["cards"], "classic")
        moves = analysis["changes"]["moves"]
        assert analysis["ev_loss"] >= 0.3 and moves
        assert all("front" in (move["from"], move["to"]) for move in moves)


def test_a_foul_trap_fouls_with_the_best_plays_back_and_middle_swapped(client):
    for drill in deal(client, theme="foul_trap", count=3, seed=3)["drills"]:
        best = post(client, OPTIMAL, {"cards": drill["cards"], "top": 1})["best"]
        back, middle = best["chi"]["back"]["category"]["key"], best["chi"]["middle"]["category"]["key"]
        assert back == middle and back not in ("high_card", "pair")
        arrangement = best["arrangement"]
        swapped = {"back": arrangement["middle"], "middle": arrangement["back"], "front": arrangement["front"]}
        assert post(client, VALIDATE, {"arrangement": swapped})["fouled"] is True


def test_a_natural_call_is_within_a_point_by_the_analysis(client):
    for drill in deal(client, theme="natural_call", count=2, seed=3)["drills"]:
        solution = post(client, OPTIMAL, {"cards": drill["cards"], "top": 10})
        natural = solution["best"]["natural"]
        assert natural is not None
        # The best chi play: among the answer and its alternatives, and the natural's own layout
        # played as chi (not listed among the alternatives when declaring is the answer).
        layouts = [solution["best"]["arrangement"], *(choice["arrangement"] for choice in solution["alternatives"])]
        if natural["split"] is not None:
            layouts.append(natural["split"])
        declared = post(client, ANALYSIS, {"arrangement": layouts[0]})["natural"]["ev"]
        played = max(
            post(client, ANALYSIS, {"arrangement": layout, "declare_natural": False})["ev"] for layout in layouts
        )
        # Rounded to 4 decimals on both sides.
        assert abs(declared - played) <= 1.0 + 2e-4


def test_sap_lang_is_at_stake_by_the_analysis_of_the_best_play(client):
    answer = deal(client, theme="sap_lang", count=2, seed=3, variant="online")
    for drill in answer["drills"]:
        best = post(client, OPTIMAL, {"cards": drill["cards"], "top": 1, "variant": "online"})["best"]
        analysis = post(client, ANALYSIS, {"arrangement": best["arrangement"], "variant": "online"})
        assert max(analysis["sap_lang_chance"].values()) >= 0.05
        assert drill["typical_loss"] >= 0.1


def test_the_same_request_gives_the_same_drills_from_the_cache_and_a_longer_run_starts_alike(client):
    first = client.post(DRILLS, json={"theme": "random", "count": 3, "seed": 42})
    again = client.post(DRILLS, json={"theme": "random", "count": 3, "seed": 42})
    assert first.get_json() == again.get_json()
    assert (first.headers["X-Cache"], again.headers["X-Cache"]) == ("miss", "hit-local")
    longer = deal(client, theme="random", count=6, seed=42)
    assert longer["drills"][:3] == first.get_json()["drills"]


def test_without_a_seed_one_is_drawn_returned_and_replays_the_drills(client):
    drawn = client.post(DRILLS, json={"theme": "random", "count": 2})
    assert drawn.status_code == 200 and drawn.headers["X-Cache"] == "miss"
    answer = drawn.get_json()
    replay = deal(client, theme="random", count=2, seed=answer["seed"])
    assert replay["drills"] == answer["drills"]


def test_a_drills_cards_go_to_any_operation_as_they_are(client):
    drill = deal(client, theme="random", count=1, seed=8, opponents=1)["drills"][0]
    assert post(client, OPTIMAL, {"cards": drill["cards"], "opponents": 1})["best"]
    played = post(client, "/v1/arrangements/play", {"cards": drill["cards"], "level": "casual", "seed": 1})
    assert sorted(card for chi in played["arrangement"].values() for card in chi) == sorted(drill["cards"])


def test_the_answer_names_its_level_table_and_the_yardsticks_of_the_presets_levels(client):
    answer = deal(client, theme="random", count=1, seed=1, level="club", opponents=2, variant="extended")
    assert (answer["level"]["key"], answer["opponents"], answer["variant"]["preset"]) == ("club", 2, "extended")
    levels = [line["level"]["key"] for line in answer["yardsticks"]]
    assert levels == ["beginner", "casual", "club", "expert", "best"]
    means = [line["mean"] for line in answer["yardsticks"]]
    assert means == sorted(means, reverse=True) and means[-1] == 0


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"count": 2}, "/theme"),
        ({"theme": "easy"}, "/theme"),
        ({"theme": "random", "count": 21}, "/count"),
        ({"theme": "random", "level": "best"}, "/level"),
        ({"theme": "random", "seed": -1}, "/seed"),
        ({"theme": "random", "opponents": 4}, "/opponents"),
        ({"theme": "random", "hands": 2}, "/hands"),
    ],
)
def test_a_bad_field_is_a_422_naming_it(client, body, pointer):
    response = client.post(DRILLS, json=body)
    assert response.status_code == 422
    assert pointer in [error["pointer"] for error in response.get_json()["errors"]]


def _problem_example(name: str) -> dict:
    examples = SPEC["paths"][DRILLS]["post"]["responses"]["422"]["content"]["application/problem+json"]["examples"]
    return examples[name]["value"]


def test_the_specs_problems_are_the_services(client):
    never = client.post(DRILLS, json={"theme": "sap_lang", "count": 2, "variant": "classic"})
    assert never.status_code == 422 and never.get_json() == _problem_example("never")
    # Every natural paying 1,000: no chi play comes within a point of declaring one.
    rich = {
        "preset": "classic",
        "overrides": {"naturals": dict.fromkeys(["dragon", "six_pairs", "three_flushes"], 1000)},
    }
    rich["overrides"]["naturals"] |= dict.fromkeys(["dragon_flush", "five_pairs_trips", "three_straights"], 1000)
    seldom = client.post(
        DRILLS, json={"theme": "natural_call", "count": 2, "variant": rich}, headers={"Accept-Language": "vi"}
    )
    assert seldom.status_code == 422 and seldom.get_json() == _problem_example("seldom")


@pytest.fixture
def api(tmp_path, checked_client):
    app = create_app({"tenants_file": tenants_file(tmp_path, '["1000/minute"]'), "cache_bytes": 16 << 20})
    freeze_budgets(app)  # no unit comes back while the test counts them
    return checked_client(app)


def test_a_request_pays_a_unit_per_hand_it_valued_as_the_spec_says(api):
    stated = SPEC["paths"][DRILLS]["post"]["x-cost"]
    for theme in Theme:
        assert f"{theme.value} {UNITS[theme]}" in stated
    assert f"{TRIES_PER_DRILL} × `count` + {RESERVE}" in stated
    left = 1000
    for theme, count in ((Theme.RANDOM, 3), (Theme.FOUL_TRAP, 2), (Theme.AUTO_BLUNDER, 5)):
        response = api.post(DRILLS, json={"theme": theme.value, "count": count, "seed": 1}, headers=as_tenant(A_KEY))
        assert response.status_code == 200
        left -= response.get_json()["tried"]  # what the search reserved and did not value came back
        assert re.fullmatch(rf'"1000/minute";r={left};t=\d+', response.headers["RateLimit"])
    # The same request again, answered from the cache, pays the same hands.
    again = api.post(DRILLS, json={"theme": "auto_blunder", "count": 5, "seed": 1}, headers=as_tenant(A_KEY))
    left -= again.get_json()["tried"]
    assert again.headers["X-Cache"] == "hit-local" and re.fullmatch(
        rf'"1000/minute";r={left};t=\d+', again.headers["RateLimit"]
    )
    # A count written 2.0 is two drills, and is paid as two (random keeps every hand it deals).
    two = api.post(DRILLS, data='{"theme": "random", "count": 2.0, "seed": 1}', headers=as_tenant(A_KEY) | JSON)
    assert len(two.get_json()["drills"]) == 2
    left -= 2
    assert re.fullmatch(rf'"1000/minute";r={left};t=\d+', two.headers["RateLimit"])
    # Without a count, five drills are asked for and paid.
    default = api.post(DRILLS, json={"theme": "random", "seed": 2}, headers=as_tenant(A_KEY))
    assert len(default.get_json()["drills"]) == 5
    assert re.fullmatch(rf'"1000/minute";r={left - 5};t=\d+', default.headers["RateLimit"])


def test_a_search_must_fit_the_limit_whole_and_one_that_finds_too_few_pays_every_hand(tmp_path, checked_client):
    api = checked_client(create_app({"tenants_file": tenants_file(tmp_path, '["500/minute"]'), "cache_bytes": 0}))
    # 20 natural_call drills may value 30 × (2 × 20 + 6) = 1,380 hands: more than the whole limit.
    refused = api.post(DRILLS, json={"theme": "natural_call", "count": 20}, headers=as_tenant(A_KEY))
    assert refused.status_code == 422 and "costs 1380 units" in refused.get_json()["detail"]
    assert refused.get_json()["type"] == "urn:maubinh:problem:cost-over-limit"
    # Every natural paying 500: no chi play comes near declaring, and the search values all it reserved.
    rich = {"preset": "classic", "overrides": {"naturals": dict.fromkeys(preset("classic").rules.naturals, 500)}}
    seldom = api.post(DRILLS, json={"theme": "natural_call", "count": 2, "variant": rich}, headers=as_tenant(A_KEY))
    assert seldom.status_code == 422
    reserved = tries(Theme.NATURAL_CALL, 2) + TABLES_UNITS  # the variant's tables were built for this tenant
    assert re.fullmatch(rf'"500/minute";r={500 - 1 - reserved};t=\d+', seldom.headers["RateLimit"])
