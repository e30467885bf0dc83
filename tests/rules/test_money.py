"""Bets and money arithmetic (docs/rules.md, "Money")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from maubinh_api.rules.money import BetError, draw_fee_of, money_text, parse_bet, quantize, rake_of


@pytest.mark.parametrize(
    ("value", "decimals", "expected"),
    [
        (10, 2, Decimal(10)),
        ("10", 2, Decimal(10)),
        ("10.50", 2, Decimal("10.50")),
        (Decimal("0.01"), 2, Decimal("0.01")),
        ("7", 0, Decimal(7)),
        ("10.000", 2, Decimal("10.000")),  # trailing zeros are not extra precision
        ("1000000000000", 2, Decimal(10) ** 12),
    ],
)
def test_good_bets(value, decimals, expected):
    assert parse_bet(value, decimals) == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "greater than 0"),
        ("0", "greater than 0"),
        (-5, "greater than 0"),
        (Decimal("-0.5"), "greater than 0"),
        (Decimal("NaN"), "must be finite"),
        (Decimal("Infinity"), "must be finite"),
        (Decimal("1e309"), "at most 1,000,000,000,000"),
        ("1" * 40, "at most"),
        ("0.005", "more decimal places than this variant pays"),
        # A text bet is refused for its true reason, not as "not a decimal number".
        ("1e3", "has an exponent"),
        ("ten", "not a decimal number"),
        (" 10", "has spaces around it"),
        ("-5", "must be greater than 0, not -5"),
        ("-0.50", "must be greater than 0, not -0.50"),
        ("+5", "needs no sign"),
        (True, "must be a number"),
        (None, "must be a number"),
        (10.5, "must be a number"),  # binary floats are refused: money must be exact
        ([10], "must be a number"),
    ],
)
def test_bad_bets_are_refused_with_a_reason(value, message):
    with pytest.raises(BetError, match=message):
        parse_bet(value, 2)


def test_rounding_is_half_even_and_only_on_the_house_share():
    assert quantize(Decimal("0.125"), 2) == Decimal("0.12")  # half to even (2)
    assert quantize(Decimal("0.135"), 2) == Decimal("0.14")  # half to even (4)
    assert rake_of(Decimal("0.75"), Decimal("0.02"), 2) == Decimal("0.02")  # 0.015 -> 0.02
    assert rake_of(Decimal("0.25"), Decimal("0.02"), 2) == Decimal("0.00")  # 0.005 -> 0.00
    assert rake_of(Decimal("-40"), Decimal("0.02"), 2) == Decimal("0.00")  # no rake on a loss
    assert draw_fee_of(Decimal("10"), Decimal("0.02"), 2) == Decimal("0.20")
    assert draw_fee_of(Decimal("7"), Decimal("0.02"), 0) == Decimal("0")  # 0.14 rounds to 0 units


def test_money_text_has_the_variant_places():
    assert money_text(Decimal("12"), 2) == "12.00"
    assert money_text(Decimal("-0.5"), 2) == "-0.50"
    assert money_text(Decimal("3"), 0) == "3"
