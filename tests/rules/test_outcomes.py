"""Outcome codes: each has its words in both languages, and the spec lists the same codes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from maubinh_api.rules.outcomes import MultiplierKind, NaturalOutcomeReason, PositionReason, SapLang

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))

CODES = [
    (PositionReason, "PositionReason"),
    (MultiplierKind, "MultiplierKind"),
    (NaturalOutcomeReason, "NaturalOutcomeReason"),
    (SapLang, "SapLangResult"),
]


@pytest.mark.parametrize(("codes", "schema"), CODES)
def test_every_code_is_labelled_in_both_languages(codes, schema):
    for code in codes:
        assert code.label.en.strip() and code.label.vi.strip(), code
    # Two codes with one label could not be told apart by a reader.
    assert len({code.label.en for code in codes}) == len(codes)
    assert len({code.label.vi for code in codes}) == len(codes)


@pytest.mark.parametrize(("codes", "schema"), CODES)
def test_the_spec_lists_exactly_the_codes(codes, schema):
    assert SPEC["components"]["schemas"][schema]["properties"]["key"]["enum"] == [code.value for code in codes]


def test_a_code_compares_equal_to_its_text():
    # Stored and compared as the enum; answered as its text (the enumeration's key).
    assert PositionReason("opponent_fouled") is PositionReason.OPPONENT_FOULED
    assert MultiplierKind.SAP_LANG == "sap_lang"
