"""Strict JSON, as a dispute needs it: a text that two readers could read two ways is refused.

RFC 8259's grammar and nothing more (no comments, single quotes, trailing commas, NaN or
Infinity, byte order mark), UTF-8 only, and the I-JSON rules (RFC 7493) that matter to a digest:
no object names a member twice (which one would a reader keep?) and no string holds a lone
surrogate (it has no UTF-8 form).  Numbers are read exactly: an integer as ``int``, any other as
``Decimal``.  Two limits every reader can keep: arrays and objects nest at most :data:`MAX_DEPTH`
deep, and a number's exponent as written is at most :data:`MAX_EXPONENT` either way.
docs/integrating.md, "Verifying a receipt", is the rule every client follows.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_EXPONENT", "StrictJsonError", "read_strict"]

#: The deepest arrays and objects nest (a receipt's are 6 deep, a hand record's 8).
MAX_DEPTH = 200
#: The largest exponent a number may be written with, either way.
MAX_EXPONENT = 999_999_999


class StrictJsonError(ValueError):
    """A text that is not strict JSON; the message says why."""


def read_strict(text: str | bytes) -> Any:
    """``text`` read as strict JSON, or :class:`StrictJsonError`.

    >>> read_strict('{"rake": 0.10000000000000000555, "bet": 10}')
    {'rake': Decimal('0.10000000000000000555'), 'bet': 10}
    >>> read_strict('{"net": "9999.00", "net": "-5.00"}')
    Traceback (most recent call last):
    ...
    maubinh_api.infra.strict_json.StrictJsonError: a member named twice: net
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise StrictJsonError("not UTF-8") from None
    _nesting_within_bounds(text)
    try:
        value = json.loads(
            text,
            object_pairs_hook=_members,
            parse_float=_decimal,
            parse_int=_integer,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        raise StrictJsonError(f"not JSON: {error.msg} at character {error.pos}") from None
    _no_lone_surrogate(value)
    return value


def _members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    for name, _value in pairs:
        if name in seen:
            raise StrictJsonError(f"a member named twice: {name}")
        seen.add(name)
    return dict(pairs)


def _nesting_within_bounds(text: str) -> None:
    """Refuse arrays or objects nested deeper than :data:`MAX_DEPTH` (brackets inside strings aside)."""
    depth, inside, escaped = 0, False, False
    for character in text:
        if inside:
            escaped, inside = (False, True) if escaped else (character == "\\", character != '"')
        elif character in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise StrictJsonError(f"arrays and objects nested more than {MAX_DEPTH} deep")
        elif character in "]}":
            depth -= 1
        elif character == '"':
            inside = True


def _decimal(literal: str) -> Decimal:
    _, _, exponent = literal.lower().partition("e")
    digits = exponent.lstrip("+-").lstrip("0")
    if len(digits) > len(str(MAX_EXPONENT)) or (digits and int(digits) > MAX_EXPONENT):
        raise StrictJsonError(f"a number's exponent is beyond {MAX_EXPONENT:,} either way")
    return Decimal(literal)


def _integer(digits: str) -> int | Decimal:
    # Python refuses an int of more than 4,300 digits; JSON does not, and Decimal keeps it exactly.
    return int(digits) if len(digits) <= 1000 else Decimal(digits)


def _constant(name: str) -> Any:
    raise StrictJsonError(f"{name} is not JSON")


def _no_lone_surrogate(value: Any) -> None:
    if isinstance(value, str):
        _utf8(value)
    elif isinstance(value, dict):
        for name, item in value.items():
            _utf8(name)
            _no_lone_surrogate(item)
    elif isinstance(value, list):
        for item in value:
            _no_lone_surrogate(item)


def _utf8(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise StrictJsonError("a string holds a lone surrogate (\\ud800 to \\udfff alone)") from None
