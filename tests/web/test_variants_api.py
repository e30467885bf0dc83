"""GET /v1/variants and /v1/variants/{name}."""

from __future__ import annotations

from maubinh_api.rules.variants import PRESET_NAMES, preset


def test_lists_every_preset_with_its_fingerprint(client):
    body = client.get("/v1/variants").get_json()
    assert body["default"] == "classic"
    assert [variant["name"] for variant in body["variants"]] == list(PRESET_NAMES)
    for variant in body["variants"]:
        assert variant["fingerprint"] == preset(variant["name"]).fingerprint


def test_shows_one_preset_resolved(client):
    body = client.get("/v1/variants/online").get_json()
    assert body["rules"]["rake"] == "0.02"
    assert body["rules"]["bonuses"]["middle.quads"] == 16
    assert body["rules"]["table"] == {"escrow_bets": 40, "join_min_bets": 40, "leave_below_bets": 20}
    [source] = body["sources"]  # described in both languages, never by an internal file's name
    assert source["en"].startswith("an online game portal's rules") and "tiền xâu" in source["vi"]


def test_an_unknown_preset_is_a_404(client):
    response = client.get("/v1/variants/kitchen")
    assert response.status_code == 404
    assert "the presets are classic, online, extended, chinese-poker-2-4" in response.get_json()["detail"]


def test_the_default_variant_is_configurable(checked_client):
    from maubinh_api import create_app

    client = checked_client(create_app({"default_variant": "online"}))
    body = client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"]}).get_json()
    assert body["variant"]["preset"] == "online"


OVERRIDES = {"scoop_multiplier": 4, "rake": "0.030", "bonuses": {"front.trips": None, "middle.quads": 12}}


def _classified(client, variant):
    response = client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"], "variant": variant})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["variant"]


def test_a_preset_is_shown_by_its_fingerprint(client):
    for name in PRESET_NAMES:
        by_name = client.get(f"/v1/variants/{name}").get_json()
        by_fingerprint = client.get(f"/v1/variants/{preset(name).fingerprint}").get_json()
        assert by_fingerprint == by_name and by_name["overrides"] == {}


def test_an_answers_variant_is_sent_back_as_it_is_and_names_the_same_rules(client):
    answered = _classified(client, {"preset": "online", "overrides": OVERRIDES})
    assert answered["preset"] == "online"
    # Each overridden knob with its resolved value: a decimal in canonical form, the bonus table whole
    # (null for each of the preset's entries the request removed).
    assert answered["overrides"]["rake"] == "0.03" and answered["overrides"]["scoop_multiplier"] == 4
    assert answered["overrides"]["bonuses"]["front.trips"] is None
    assert answered["overrides"]["bonuses"]["middle.quads"] == 12
    assert _classified(client, answered) == answered


def test_a_variant_with_overrides_is_shown_by_its_fingerprint_once_used(client):
    unused = {"preset": "extended", "overrides": {"majority_bonus": 7}}
    from maubinh_api.rules.variants import resolve_variant

    fingerprint = resolve_variant(unused).fingerprint
    assert client.get(f"/v1/variants/{fingerprint}").status_code == 404
    answered = _classified(client, unused)
    shown = client.get(f"/v1/variants/{fingerprint}").get_json()
    assert shown["fingerprint"] == fingerprint == answered["fingerprint"]
    assert shown["name"] == "extended" and shown["overrides"] == {"majority_bonus": 7}
    assert shown["rules"]["majority_bonus"] == 7
    # What the auditor reads back rebuilds the same rules.
    assert _classified(client, {"preset": shown["name"], "overrides": shown["overrides"]}) == answered


def test_a_fingerprint_that_does_not_match_the_rules_is_refused(client):
    answered = _classified(client, {"preset": "classic", "overrides": {"sap_lang": False}})
    response = client.post(
        "/v1/hands/classify",
        json={"cards": ["As", "Kd", "Qh"], "variant": {**answered, "overrides": {"sap_lang": True}}},
    )
    assert response.status_code == 422
    problem = response.get_json()
    assert [error["pointer"] for error in problem["errors"]] == ["/variant/fingerprint"]
    assert answered["fingerprint"] in problem["errors"][0]["detail"]


def test_an_unknown_fingerprint_is_a_404_that_says_how_to_make_it_known(client):
    response = client.get("/v1/variants/sha256:" + "0" * 64)
    assert response.status_code == 404
    assert "send its preset and overrides" in response.get_json()["detail"]


def test_every_answer_names_the_model_it_was_computed_with(client):
    listed = client.get("/v1/variants")
    model = listed.get_json()["model"]
    assert listed.headers["X-Model-Version"] == model and model.startswith("model-")
    for response in (
        client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"]}),
        client.post("/v1/hands/classify", json={"cards": ["As"]}),  # a problem too
        client.get("/healthz"),
    ):
        assert response.headers["X-Model-Version"] == model


def test_the_gets_a_client_keeps_carry_an_etag_and_answer_304_while_unchanged(client):
    extended = f"/v1/variants/{preset('extended').fingerprint}"
    for path in ("/v1/variants", "/v1/variants/online", extended, "/openapi.yaml"):
        first = client.get(path)
        assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
        etag = first.headers["ETag"]
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.get_data() == b""
        assert again.headers["ETag"] == etag
        # Another version named: the whole answer again.
        assert client.get(path, headers={"If-None-Match": '"something-else"'}).get_data() == first.get_data()
    # Different answers, different versions.
    assert client.get("/v1/variants/online").headers["ETag"] != client.get("/v1/variants/classic").headers["ETag"]
