"""Every 422 entry carries a code from the spec's ErrorCode enum: a program tells "card dealt twice"
from "too many decimal places" without reading a sentence in one of two languages."""

from __future__ import annotations

import pytest

from maubinh_api.rules.errors import ErrorCode, RuleError

VI = {"Accept-Language": "vi"}
BACK, MIDDLE, FRONT = ["As", "Ks", "Qs", "Js", "Ts"], ["2h", "3h", "4h", "5h", "7h"], ["2c", "3c", "4c"]
ARRANGEMENT = {"back": BACK, "middle": MIDDLE, "front": FRONT}
OTHER = {"back": ["9d", "9c", "8d", "8c", "7d"], "middle": ["6d", "6c", "5d", "5c", "4d"], "front": ["Ad", "Ac", "Kd"]}


def _seat(seat_id, arrangement=None):
    return {"id": seat_id, "forfeit": True} if arrangement is None else {"id": seat_id, "arrangement": arrangement}


CASES = [
    ("/v1/hands/classify", {"cards": ["As", "Kd", "Zz"]}, "/cards/2", "card_unknown"),
    ("/v1/hands/classify", {"cards": ["As", "Kd", "As"]}, "/cards/2", "card_repeated"),
    ("/v1/hands/classify", {"cards": ["As", "Kd"]}, "/cards", "wrong_count"),
    ("/v1/hands/classify", {}, "/cards", "required"),
    ("/v1/hands/classify", {"cards": None}, "/cards", "null"),
    ("/v1/hands/classify", {"cards": ["As", "Kd", "Qh"], "colour": 1}, "/colour", "unknown_field"),
    ("/v1/hands/classify", {"cards": "As Kd Qh"}, "/cards", "wrong_type"),
    ("/v1/hands/classify", {"cards": ["As", "Kd", "Qh"], "variant": "macau"}, "/variant", "unknown_preset"),
    (
        "/v1/hands/classify",
        {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "classic", "overrides": {"colour": 1}}},
        "/variant/overrides/colour",
        "unknown_knob",
    ),
    (
        "/v1/hands/classify",
        {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "classic", "overrides": {"scoop_multiplier": -1}}},
        "/variant/overrides/scoop_multiplier",
        "knob_value",
    ),
    (
        "/v1/hands/classify",
        {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "classic", "fingerprint": "0" * 16}},
        "/variant/fingerprint",
        "fingerprint_mismatch",
    ),
    (
        "/v1/arrangements/validate",
        {"arrangement": {**ARRANGEMENT, "front": ["As", "3c", "4c"]}},
        "/arrangement/front/0",
        "card_repeated",
    ),
    ("/v1/arrangements/play", {"cards": BACK + MIDDLE + FRONT, "level": "grandmaster"}, "/level", "not_a_choice"),
    ("/v1/arrangements/play", {"cards": BACK + MIDDLE + FRONT, "opponents": 7}, "/opponents", "out_of_range"),
    ("/v1/settlements", {"bet": 10, "players": [_seat("a"), _seat("b")]}, "/bet", "bet_format"),
    ("/v1/settlements", {"bet": "1,5", "players": [_seat("a"), _seat("b")]}, "/bet", "bet_format"),
    ("/v1/settlements", {"bet": "-1", "players": [_seat("a"), _seat("b")]}, "/bet", "bet_range"),
    ("/v1/settlements", {"bet": "0.005", "players": [_seat("a"), _seat("b")]}, "/bet", "bet_decimals"),
    ("/v1/settlements", {"bet": "1", "players": [_seat("a")]}, "/players", "player_count"),
    ("/v1/settlements", {"bet": "1", "players": [_seat("a"), _seat("a")]}, "/players/1/id", "player_repeated"),
    # One id in two Unicode forms (e + U+0301, é): one player twice.
    ("/v1/settlements", {"bet": "1", "players": [_seat("e\u0301"), _seat("é")]}, "/players/1/id", "player_repeated"),
    (
        "/v1/settlements",
        {"bet": "1", "players": [_seat("an\u202e"), _seat("b")]},
        "/players/0/id",
        "player_id_character",
    ),
    (
        "/v1/settlements",
        {"bet": "1", "players": [_seat("a", ARRANGEMENT), _seat("b", {**OTHER, "front": ["As", "Ac", "Kd"]})]},
        "/players/1/arrangement/front/0",
        "card_repeated",
    ),
    (
        "/v1/settlements",
        {"bet": "1", "players": [{"id": "a", "forfeit": True, "arrangement": ARRANGEMENT}, _seat("b")]},
        "/players/0",
        "conflict",
    ),
    ("/v1/drills", {"theme": "sap_lang", "variant": "classic"}, "/theme", "theme_unavailable"),
    ("/v1/settlements", {"bet": "1", "players": [_seat("a\x00"), _seat("b")]}, "/players/0/id", "body_shape"),
]


@pytest.mark.parametrize(("path", "body", "where", "code"), CASES, ids=[case[3] + case[2] for case in CASES])
def test_each_fault_has_its_code_the_same_in_both_languages(client, path, body, where, code):
    english = client.post(path, json=body)
    assert english.status_code == 422, english.get_json()
    entries = {entry["pointer"]: entry["code"] for entry in english.get_json()["errors"]}
    assert entries.get(where) == code, entries
    vietnamese = client.post(path, json=body, headers=VI).get_json()["errors"]
    assert [entry["code"] for entry in vietnamese] == [entry["code"] for entry in english.get_json()["errors"]]


def test_the_cases_cover_every_code_but_the_catch_all():
    # invalid_value is what no more precise code fits (a player id of 200 characters, ...).
    assert {case[3] for case in CASES} == {code.value for code in ErrorCode} - {"invalid_value"}


def test_the_spec_lists_exactly_the_codes_the_service_can_emit(spec_document):
    listed = spec_document["components"]["schemas"]["ErrorCode"]["enum"]
    assert listed == [code.value for code in ErrorCode]
    described = spec_document["components"]["schemas"]["ErrorCode"]["description"]
    assert all(f"| `{code.value}` |" in described for code in ErrorCode)


def _every_subclass(kind: type) -> list[type]:
    return [kind, *(sub for child in kind.__subclasses__() for sub in _every_subclass(child))]


def test_every_rule_error_has_a_code_of_the_enum():
    import maubinh_api.rules.money
    import maubinh_api.rules.table
    import maubinh_api.strategy.drills  # noqa: F401 - their error kinds are subclasses

    kinds = _every_subclass(RuleError)
    assert len(kinds) >= 8
    assert all(isinstance(kind.default_code, ErrorCode) for kind in kinds)
