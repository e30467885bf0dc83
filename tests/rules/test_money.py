"""Bets and money arithmetic (docs/rules.md, "Money")."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_a_share_is_the_exact_product_rounded_once():
    # 10000000000000.50000081 * 0.12345679 is 1234567900000.0617284949999999 exactly: 0.06172849 to 8
    # places. Python's default 28 digits make it ...06172849500000 first, which rounds half-even up.
    amount, rate = Decimal("10000000000000.50000081"), Decimal("0.12345679")
    assert amount * rate == Decimal("1234567900000.061728495000000")  # the 28-digit product
    assert rake_of(amount, rate, 8) == Decimal("1234567900000.06172849")
    assert draw_fee_of(amount, rate, 8) == Decimal("1234567900000.06172849")


@settings(max_examples=500, deadline=None)
@given(
    st.decimals(min_value=Decimal("0.00000001"), max_value=Decimal(10) ** 14, places=8),
    st.decimals(min_value=0, max_value=1, places=8),
    st.integers(0, 8),
)
def test_any_amount_and_rate_round_once_half_even(amount, rate, places):
    amount = quantize(amount, places)
    exact = Fraction(amount) * Fraction(rate) * 10**places
    whole = math.floor(exact)
    whole += exact - whole > Fraction(1, 2) or (exact - whole == Fraction(1, 2) and whole % 2 == 1)
    assert rake_of(amount, rate, places) == Decimal(whole).scaleb(-places)
