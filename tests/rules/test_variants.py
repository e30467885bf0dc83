"""Variants: presets (docs/rules.md, "The presets"), overrides, fingerprints."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.errors import VariantError
from maubinh_api.rules.knobs import NATURAL_KEYS, NaturalVsNatural, TableLimits
from maubinh_api.rules.variants import PRESET_NAMES, build_rules, preset, resolve_variant


def test_classic_matches_the_rule_book():
    rules = preset("classic").rules
    assert rules.wheel is Wheel.LOW
    assert dict(rules.bonuses) == {
        "front.trips": 3,
        "middle.full_house": 2,
        "middle.quads": 8,
        "back.quads": 4,
        "middle.straight_flush": 10,
        "back.straight_flush": 5,
    }
    assert (rules.scoop_multiplier, rules.foul_multiplier, rules.sap_lang) == (3, 2, False)
    assert dict(rules.naturals) == {
        "dragon_flush": 24,
        "dragon": 12,
        "five_pairs_trips": 6,
        "six_pairs": 3,
        "three_flushes": 3,
        "three_straights": 3,
    }
    assert (rules.rake, rules.draw_fee, rules.table) == (Decimal(0), Decimal(0), None)


def test_online_matches_the_rule_book():
    rules = preset("online").rules
    assert dict(rules.bonuses) == {
        "front.trips": 6,
        "middle.full_house": 4,
        "middle.quads": 16,
        "back.quads": 8,
        "middle.straight_flush": 20,
        "back.straight_flush": 10,
    }
    assert (rules.scoop_multiplier, rules.foul_multiplier) == (2, 2)
    assert (rules.sap_lang, rules.sap_lang_multiplier, rules.sap_lang_min_players, rules.foul_counts_as_scoop) == (
        True,
        2,
        4,
        True,
    )
    assert dict(rules.naturals) == {
        "dragon_flush": 72,
        "dragon": 72,
        "six_pairs": 18,
        "three_flushes": 18,
        "three_straights": 18,
    }
    assert (rules.rake, rules.draw_fee) == (Decimal("0.02"), Decimal("0.02"))
    assert rules.table == TableLimits(join_min_bets=40, leave_below_bets=20, escrow_bets=40)


def test_extended_matches_the_rule_book():
    rules = preset("extended").rules
    assert rules.wheel is Wheel.SECOND
    assert rules.bonuses == preset("classic").rules.bonuses
    assert list(rules.naturals) == list(NATURAL_KEYS)  # all eleven, in precedence order
    payouts = [rules.naturals[key] for key in NATURAL_KEYS]
    assert payouts == [24, 12, 10, 8, 6, 6, 3, 3, 3, 3, 3]
    assert payouts == sorted(payouts, reverse=True)  # house defaults keep precedence order
    assert (rules.natural_vs_natural, rules.natural_tie_breaks) == (NaturalVsNatural.HIGHER_WINS, True)
    assert (rules.scoop_multiplier, rules.foul_multiplier, rules.sap_lang) == (2, 2, True)


def test_chinese_poker_2_4_matches_the_rule_book():
    rules = preset("chinese-poker-2-4").rules
    assert (rules.majority_bonus, rules.scoop_multiplier, rules.foul_multiplier) == (1, 1, 1)
    assert dict(rules.bonuses) == {} and dict(rules.naturals) == {}
    assert rules.sap_lang is False


def test_fingerprints_are_distinct_stable_and_hex():
    fingerprints = {name: preset(name).fingerprint for name in PRESET_NAMES}
    assert len(set(fingerprints.values())) == 4
    for value in fingerprints.values():
        assert value.startswith("sha256:") and len(value) == len("sha256:") + 64
    assert resolve_variant("online").fingerprint == fingerprints["online"]


def test_fingerprint_depends_on_rules_only_not_on_how_they_were_reached():
    # Setting classic's scoop multiplier to the value it already has changes nothing.
    same = resolve_variant({"preset": "classic", "overrides": {"scoop_multiplier": 3}})
    assert same.fingerprint == preset("classic").fingerprint
    assert same.overridden == ("scoop_multiplier",)
    # "0.020" and "0.02" are the same rake.
    a = resolve_variant({"preset": "online", "overrides": {"rake": "0.020"}})
    assert a.fingerprint == preset("online").fingerprint


def test_fingerprint_is_the_hash_of_the_documented_canonical_form():
    import hashlib

    rules = preset("online").rules
    text = json.dumps({"engine": 1, "rules": rules.hashed()}, sort_keys=True, separators=(",", ":"))
    assert rules.fingerprint() == "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    assert rules.hashed() == {name: value for name, value in rules.canonical().items() if name in rules.hashed()}


#: Each preset's fingerprint as release 1.0.0 answered it (contract/openapi-1.0.0.yaml's examples
#: show classic's and extended's; model.json records the four): a preset's fingerprint changes only
#: when its rules do, never because a knob was added (docs/rules.md, "Fingerprint").
FINGERPRINTS_OF_1_0 = {
    "classic": "sha256:7be797530a8bf32030f1823aa543d4debf44c2c222e6b779743e64c3eb841dde",
    "online": "sha256:57038cdbddd8bcca07006e4eab2316d44004051f901f74dbf8f999b0f3917433",
    "extended": "sha256:f66251a0ae51c2196b1942668c4a527d2ee30f29a35610606898e00a324c84ee",
    "chinese-poker-2-4": "sha256:9c580a458c3e3f3b03f6809ca51452d114c8feaa4c1387194ff024d9199f28e6",
}


def test_a_preset_s_fingerprint_is_the_one_1_0_gave_it():
    assert {name: preset(name).fingerprint for name in PRESET_NAMES} == FINGERPRINTS_OF_1_0


def test_a_knob_added_after_1_0_is_hashed_only_when_it_is_not_its_default():
    from dataclasses import fields

    from maubinh_api.rules.knobs import RuleSet

    for knob in fields(RuleSet):
        if knob.metadata["since"]:
            rules = preset("classic").rules
            assert getattr(rules, knob.name) == knob.default and knob.name not in rules.hashed()
            changed = (not knob.default) if isinstance(knob.default, bool) else knob.default + 1
            other = {"preset": "classic", "overrides": {knob.name: changed}}
            assert knob.name in resolve_variant(other).rules.hashed()


def test_overrides_merge_maps_and_remove_with_null():
    variant = resolve_variant(
        {
            "preset": "classic",
            "overrides": {"bonuses": {"front.trips": None, "middle.quads": 9}, "naturals": {"dragon": 20}},
        }
    )
    assert "front.trips" not in variant.rules.bonuses
    assert variant.rules.bonuses["middle.quads"] == 9
    assert variant.rules.bonuses["back.quads"] == 4  # untouched entries stay
    assert variant.rules.naturals["dragon"] == 20
    assert variant.overridden == ("bonuses", "naturals")
    assert resolve_variant({"preset": "online", "overrides": {"naturals": None}}).rules.naturals == {}
    assert resolve_variant({"preset": "online", "overrides": {"table": None}}).rules.table is None


def test_decimal_overrides_accept_strings_and_exact_numbers():
    assert resolve_variant({"preset": "online", "overrides": {"rake": Decimal("0.05")}}).rules.rake == Decimal("0.05")
    assert resolve_variant({"preset": "online", "overrides": {"rake": "0.05"}}).rules.rake == Decimal("0.05")
    assert resolve_variant({"preset": "online", "overrides": {"rake": 0}}).rules.rake == Decimal(0)


@pytest.mark.parametrize(
    ("spec", "path", "message"),
    [
        ("kitchen", (), "unknown preset 'kitchen'"),
        ({"preset": "kitchen"}, ("preset",), "unknown preset 'kitchen'"),
        ({"preset": 3}, ("preset",), "preset must be a preset name"),
        ({}, ("preset",), "preset must be a preset name"),
        ({"preset": "online", "extra": 1}, ("extra",), "unknown field 'extra'"),
        ({"preset": "online", "overrides": []}, ("overrides",), "overrides must be an object"),
        ({"preset": "online", "overrides": {"scoop": 2}}, ("overrides", "scoop"), "unknown knob 'scoop'"),
        (
            {"preset": "online", "overrides": {"scoop_multiplier": -2}},
            ("overrides", "scoop_multiplier"),
            "between 1 and 100",
        ),
        (
            {"preset": "online", "overrides": {"scoop_multiplier": True}},
            ("overrides", "scoop_multiplier"),
            "must be an integer",
        ),
        (
            {"preset": "online", "overrides": {"scoop_multiplier": Decimal("2.5")}},
            ("overrides", "scoop_multiplier"),
            "must be an integer",
        ),
        ({"preset": "online", "overrides": {"wheel": "high"}}, ("overrides", "wheel"), "one of low, second"),
        ({"preset": "online", "overrides": {"sap_lang": 1}}, ("overrides", "sap_lang"), "true or false"),
        ({"preset": "online", "overrides": {"rake": "NaN"}}, ("overrides", "rake"), "decimal fraction"),
        ({"preset": "online", "overrides": {"rake": "1e-2"}}, ("overrides", "rake"), "decimal fraction"),
        ({"preset": "online", "overrides": {"rake": " 0.02"}}, ("overrides", "rake"), "decimal fraction"),
        ({"preset": "online", "overrides": {"rake": "0.9"}}, ("overrides", "rake"), "between 0 and 0.5"),
        ({"preset": "online", "overrides": {"rake": -1}}, ("overrides", "rake"), "between 0 and 0.5"),
        (
            {"preset": "online", "overrides": {"bonuses": {"back.flush": 3}}},
            ("overrides", "bonuses", "back.flush"),
            "unknown bonus key 'back.flush'",
        ),
        (
            {"preset": "online", "overrides": {"bonuses": {"back.quads": 0}}},
            ("overrides", "bonuses", "back.quads"),
            "between 1 and 1000",
        ),
        ({"preset": "online", "overrides": {"bonuses": 5}}, ("overrides", "bonuses"), "must be an object"),
        (
            {"preset": "online", "overrides": {"naturals": {"seven_pairs": 3}}},
            ("overrides", "naturals", "seven_pairs"),
            "unknown natural 'seven_pairs'",
        ),
        (
            {"preset": "classic", "overrides": {"table": {"join_min_bets": 3}}},
            ("overrides", "table"),
            "need leave_below_bets, escrow_bets",
        ),
        (
            {
                "preset": "online",
                "overrides": {"table": {"join_min_bets": -3, "leave_below_bets": 1, "escrow_bets": 1}},
            },
            ("overrides", "table", "join_min_bets"),
            "between 0 and",
        ),
        (5, (), "variant must be a preset name or an object"),
    ],
)
def test_bad_variants_name_the_offending_knob(spec, path, message):
    with pytest.raises(VariantError, match=message) as caught:
        resolve_variant(spec)
    assert caught.value.path == path


def test_a_rule_set_must_name_every_knob():
    knobs = preset("classic").rules.canonical()
    del knobs["wheel"]
    with pytest.raises(VariantError, match="lacks wheel"):
        build_rules(knobs)


def test_a_knob_left_out_takes_its_declared_default():
    # A knob declared with a default (table: no limits) may be left out of a rule set and is then
    # that default, whatever its check makes of a missing value (a yes/no knob refuses null).
    from dataclasses import MISSING, fields

    from maubinh_api.rules.knobs import RuleSet

    defaulted = [knob for knob in fields(RuleSet) if knob.default is not MISSING]
    assert defaulted, "the rule set declares no knob with a default"
    for knob in defaulted:
        knobs = {**preset("classic").rules.canonical(), knob.name: "unset"}
        del knobs[knob.name]
        assert getattr(build_rules(knobs), knob.name) == knob.default


def test_canonical_form_round_trips_through_build_rules():
    for name in PRESET_NAMES:
        rules = preset(name).rules
        assert build_rules(rules.canonical()) == rules


def test_the_knobs_and_table_limits_are_named_for_every_field_of_the_rule_set_in_its_order():
    # The playground and GET /v1/enumerations show a knob by these names: none may be missing.
    from dataclasses import fields

    from maubinh_api.rules.knobs import Knob, RuleSet, TableLimit, TableLimits
    from maubinh_api.rules.labels import keys

    assert keys(Knob) == tuple(field.name for field in fields(RuleSet))
    assert keys(TableLimit) == tuple(field.name for field in fields(TableLimits))
    assert sorted(preset("classic").rules.canonical()) == sorted(keys(Knob))  # what a variant lists, all named
