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
    assert body["sources"] == ["001_5076cc0f11b39bbf.txt"]


def test_an_unknown_preset_is_a_404(client):
    response = client.get("/v1/variants/kitchen")
    assert response.status_code == 404
    assert "the presets are classic, online, extended, chinese-poker-2-4" in response.get_json()["detail"]


def test_the_default_variant_is_configurable(checked_client):
    from maubinh_api import create_app

    client = checked_client(create_app({"default_variant": "online"}))
    body = client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"]}).get_json()
    assert body["variant"]["name"] == "online"
