"""Money: the bet, amounts, rake and draw fee, in exact decimal arithmetic (docs/rules.md, "Money").

Amounts are points × bet, exact.  A bet may not have more decimal places
than the variant's ``amount_decimals``, so every amount is already a whole
number of the smallest money unit and the table's amounts sum to exactly 0.
Only the house's shares (rake, draw fee) are rounded, half-even, to
``amount_decimals``, once: the product of an amount and a rate (at most
``MAX_RATE_DECIMALS`` places) is computed exactly first, never rounded to the
28 digits of Python's default decimal context on the way.  A player's net is
the amount minus those shares, so the nets plus the house's take sum to
exactly 0.

>>> parse_bet("12.5", 2)
Decimal('12.5')
>>> rake_of(Decimal("150"), Decimal("0.02"), 2)
Decimal('3.00')
>>> rake_of(Decimal("3"), Decimal("0.49999999"), 0)  # 1.49999997: one rounding, down
Decimal('1')
>>> money_text(Decimal("-7.5"), 2)
'-7.50'
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Context, Decimal, Inexact, InvalidOperation, Overflow
from typing import Final

from .errors import ErrorCode, RuleError
from .numerals import vi_number
from .texts import Text, words

__all__ = [
    "MAX_AMOUNT_DECIMALS",
    "MAX_BET",
    "MAX_RATE_DECIMALS",
    "draw_fee_of",
    "money_text",
    "parse_bet",
    "quantize",
    "rake_of",
]

#: Largest bet accepted: a sanity limit against client bugs, not a rule.
MAX_BET: Final = Decimal(10) ** 12
#: The most decimal places a variant pays money in (``amount_decimals``, docs/rules.md).
MAX_AMOUNT_DECIMALS: Final = 8
#: The most decimal places a rate (rake, draw fee) may have: 0.12345678 is 12.345678%.
MAX_RATE_DECIMALS: Final = 8
#: Wide enough for any product of an amount (10^12 bets, 8 places) and a rate: exact, or it raises.
_EXACT: Final = Context(prec=80, rounding=ROUND_HALF_EVEN, traps=[Inexact, InvalidOperation, Overflow])
#: Rounds to the variant's places and nothing else (the default context's 28 digits could round first).
_WIDE: Final = Context(prec=80, rounding=ROUND_HALF_EVEN, traps=[InvalidOperation, Overflow])
_DECIMAL_TEXT: Final = re.compile(r"^[0-9]+(\.[0-9]+)?$")
#: Digits with commas (and points): a thousands separator or a decimal comma.
_GROUPED_TEXT: Final = re.compile(r"^[0-9][0-9.,]*[0-9]$")


class BetError(RuleError):
    """A bet that is not a positive, finite amount the variant can pay out exactly."""

    default_code = ErrorCode.BET_FORMAT


def parse_bet(value: object, decimals: int) -> Decimal:
    """Read a bet given as a JSON number or a decimal string.

    >>> parse_bet("0.005", 2)
    Traceback (most recent call last):
        ...
    maubinh_api.rules.money.BetError: the bet 0.005 has more decimal places than this variant pays (amount_decimals = 2)
    """
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
        raise BetError(
            words('the bet must be a number or a decimal string such as "10.50", not {type}', type=type(value).__name__)
        )
    if isinstance(value, str) and not _DECIMAL_TEXT.match(value):
        raise _refusal(value)
    try:
        bet = Decimal(value)
    except InvalidOperation:  # pragma: no cover - the pattern above admits only valid decimals
        raise BetError(words("the bet {bet} is not a decimal number", bet=repr(value))) from None
    if not bet.is_finite():
        raise BetError(words("the bet must be finite, not {bet}", bet=value))
    # The bet as sent in English, as a Vietnamese reader writes it in Vietnamese.
    said = Text(str(value), vi_number(bet))
    if bet <= 0:
        raise BetError(words("the bet must be greater than 0, not {bet}", bet=said), code=ErrorCode.BET_RANGE)
    if bet > MAX_BET:
        raise BetError(
            words("the bet must be at most {most}, not {bet}", most=Text(f"{MAX_BET:,}", vi_number(MAX_BET)), bet=said),
            code=ErrorCode.BET_RANGE,
        )
    if bet != quantize(bet, decimals):
        raise BetError(
            words(
                "the bet {bet} has more decimal places than this variant pays (amount_decimals = {decimals})",
                bet=said,
                decimals=decimals,
            ),
            code=ErrorCode.BET_DECIMALS,
        )
    return bet


def _refusal(text: str) -> BetError:
    """The true reason a bet's text is refused (a sign, an exponent, spaces, a comma, or no number at all).

    >>> _refusal("-5").said.en
    'the bet must be greater than 0, not -5'
    >>> _refusal("1e3").said.en
    'the bet "1e3" has an exponent: write it as plain digits such as "10.50"'
    >>> print(_refusal("10,50").said.vi)
    mức cược '10,50' có dấu phẩy: hãy gửi các chữ số liền nhau, dấu chấm trước phần thập phân, ví dụ "1000" hoặc "10.50"
    """
    body = text.strip()
    if not text:
        return BetError(words('the bet is empty: send an amount such as "10.50"'))
    if body != text:
        return BetError(
            words('the bet {bet} has spaces around it: send the digits alone, such as "10.50"', bet=repr(text))
        )
    if body[:1] in ("+", "-") and _DECIMAL_TEXT.match(body[1:]):
        if body[0] == "-":
            return BetError(
                words("the bet must be greater than 0, not {bet}", bet=Text(body, vi_number(Decimal(body)))),
                code=ErrorCode.BET_RANGE,
            )
        return BetError(words("the bet {bet} needs no sign", bet=repr(text)))
    mantissa = body.lower().split("e", 1)[0]
    if "e" in body.lower() and _DECIMAL_TEXT.match(mantissa):
        return BetError(words('the bet "{bet}" has an exponent: write it as plain digits such as "10.50"', bet=text))
    if "," in body and _GROUPED_TEXT.match(body):
        return BetError(
            words(
                "the bet {bet} has a comma: send the digits together, with a point before any decimals,"
                ' such as "1000" or "10.50"',
                bet=repr(text),
            )
        )
    return BetError(words('the bet {bet} is not a decimal number such as "10.50"', bet=repr(text)))


def quantize(value: Decimal, decimals: int) -> Decimal:
    """``value`` rounded half-even to ``decimals`` places."""
    return value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN, context=_WIDE)


def rake_of(amount: Decimal, rake: Decimal, decimals: int) -> Decimal:
    """The house's share of a positive amount (nothing of a loss or a draw)."""
    return quantize(_EXACT.multiply(amount, rake), decimals) if amount > 0 else quantize(Decimal(0), decimals)


def draw_fee_of(bet: Decimal, fee: Decimal, decimals: int) -> Decimal:
    """What each player pays when the whole table nets 0."""
    return quantize(_EXACT.multiply(bet, fee), decimals)


def money_text(value: Decimal, decimals: int) -> str:
    """An amount as the exact decimal string answers carry, e.g. ``'-7.50'``."""
    return f"{quantize(value, decimals):f}"
