"""How a knob's value is checked: the checkers each knob of :mod:`maubinh_api.rules.knobs` names.

A checker takes the value a request or a preset gives and the path to it (for the error), and
returns the value the rule set holds, or raises :class:`~maubinh_api.rules.errors.VariantError`
naming the knob in both languages.

>>> integer(1, 100)(3, ("scoop_multiplier",))
3
>>> fraction(Decimal("0.5"), 8)("0.02", ("rake",))
Decimal('0.02')
>>> fraction(Decimal("0.5"), 8)(Decimal("-0.0"), ("rake",))  # JSON's -0 is 0
Decimal('0.0')
>>> fraction(Decimal("0.5"), 8)("0.0123456789", ("rake",))
Traceback (most recent call last):
    ...
maubinh_api.rules.errors.VariantError: rake 0.0123456789 has more than 8 decimal places
>>> boolean("yes", ("sap_lang",))
Traceback (most recent call last):
    ...
maubinh_api.rules.errors.VariantError: sap_lang must be true or false, not 'yes'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final

from .errors import PathPart, VariantError, json_kind
from .numerals import vi_number
from .texts import Text, words

__all__ = [
    "BOUNDS",
    "ENTRY_TEXTS",
    "PLACES",
    "Checker",
    "boolean",
    "choice",
    "field_name",
    "fraction",
    "integer",
    "refuse_unknown",
    "shown",
    "shown_text",
    "table_map",
    "unknown_entry",
]

#: A knob's check: its value and the path to it in, the rule set's value out.
Checker = Callable[[object, tuple[PathPart, ...]], Any]


#: Each range-checked knob's bounds (and a fraction's most decimal places), by its check: what the
#: contract states of it too (tests/test_spec_from_code.py holds openapi.yaml to them).
BOUNDS: Final[dict[Checker, tuple[int | Decimal, int | Decimal]]] = {}
PLACES: Final[dict[Checker, int]] = {}


def integer(low: int, high: int) -> Checker:
    def check(value: object, path: tuple[PathPart, ...]) -> int:
        if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
            # 3.0 or 1e2: a whole number.  Checked against the range first, as a Decimal:
            # int() of 1e400000 would take seconds, and its digits fill no message.
            _check_range(value, low, high, path)
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise VariantError(
                words("{name} must be an integer, not {value}", name=field_name(path), value=shown_text(value)),
                path=path,
            )
        _check_range(value, low, high, path)
        return value

    BOUNDS[check] = (low, high)
    return check


def _check_range(value: int | Decimal, low: int | Decimal, high: int | Decimal, path: tuple[PathPart, ...]) -> None:
    if not low <= value <= high:
        raise VariantError(
            words(
                "{name} must be between {low} and {high}, not {value}",
                name=field_name(path), low=_number(low), high=_number(high), value=_number(value),
            ),
            path=path,
        )  # fmt: skip


def _number(value: int | Decimal) -> Text:
    """A number as each language writes it (the English as Python does, the Vietnamese as a reader does)."""
    return Text(str(value), vi_number(value))


def boolean(value: object, path: tuple[PathPart, ...]) -> bool:
    if not isinstance(value, bool):
        raise VariantError(
            words("{name} must be true or false, not {value}", name=field_name(path), value=shown_text(value)),
            path=path,
        )
    return value


def choice(kind: type[StrEnum]) -> Checker:
    def check(value: object, path: tuple[PathPart, ...]) -> StrEnum:
        allowed = [member.value for member in kind]
        if not isinstance(value, str) or value not in allowed:
            raise VariantError(
                words(
                    "{name} must be one of {allowed}; got {value}",
                    name=field_name(path), allowed=", ".join(allowed), value=shown_text(value),
                ),
                path=path,
            )  # fmt: skip
        return kind(value)

    return check


_DECIMAL_TEXT: Final = re.compile(r"^[0-9]+(\.[0-9]+)?$")


def fraction(high: Decimal, places: int) -> Checker:
    """A decimal fraction from 0 to ``high`` with at most ``places`` decimal places (trailing zeros
    aside): refused beyond them, never rounded (a rounded rate would get another rate's fingerprint)."""

    def check(value: object, path: tuple[PathPart, ...]) -> Decimal:
        number: Decimal | None = None
        if isinstance(value, str) and not _DECIMAL_TEXT.match(value):
            _refuse_fraction_text(value, high, path)  # only plain decimals: no exponents, signs or spaces
        elif isinstance(value, (int, Decimal, str)) and not isinstance(value, bool):
            try:
                number = Decimal(value)
            except InvalidOperation:  # pragma: no cover - the pattern admits only valid decimals
                number = None
        if number is None or not number.is_finite():
            raise VariantError(
                words(
                    '{name} must be a decimal fraction such as "0.02", not {value}',
                    name=field_name(path), value=shown_text(value),
                ),
                path=path,
            )  # fmt: skip
        _check_range(number, Decimal(0), high, path)
        _check_places(number, places, path)
        return abs(number) if number == 0 else number  # -0 is 0: one fingerprint, one echo

    BOUNDS[check] = (Decimal(0), high)
    PLACES[check] = places
    return check


def _check_places(number: Decimal, places: int, path: tuple[PathPart, ...]) -> None:
    _sign, digits, exponent = number.as_tuple()
    assert isinstance(exponent, int)  # a finite number: the range was checked
    trailing = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    if any(digits) and -(exponent + trailing) > places:
        raise VariantError(
            words(
                "{name} {value} has more than {places} decimal places",
                name=field_name(path), value=_number(number), places=places,
            ),
            path=path,
        )  # fmt: skip


def _refuse_fraction_text(text: str, high: Decimal, path: tuple[PathPart, ...]) -> None:
    """The true reason a fraction's text is refused, when it is a number written otherwise."""
    name = field_name(path)
    if text[:1] == "-" and _DECIMAL_TEXT.match(text[1:]):
        _check_range(Decimal(text), Decimal(0), high, path)
    if text != text.strip() and _DECIMAL_TEXT.match(text.strip()):
        raise VariantError(
            words(
                '{name} {text} has spaces around it: send the decimal fraction alone, such as "0.02"',
                name=name, text=repr(text),
            ),
            path=path,
        )  # fmt: skip
    if text[:1] == "+" and _DECIMAL_TEXT.match(text[1:]):
        raise VariantError(words("{name} {text} needs no sign", name=name, text=repr(text)), path=path)
    if "e" in text.lower() and _DECIMAL_TEXT.match(text.lower().split("e", 1)[0]):
        raise VariantError(
            words(
                '{name} "{text}" has an exponent: write the decimal fraction in plain digits, such as "0.02"',
                name=name, text=text,
            ),
            path=path,
        )  # fmt: skip
    if "," in text and _DECIMAL_TEXT.match(text.replace(",", ".", 1)):
        raise VariantError(
            words(
                '{name} {text} has a comma: write the decimal fraction with a point, such as "0.02"',
                name=name, text=repr(text),
            ),
            path=path,
        )  # fmt: skip


#: The entries of a bonus or natural table in a message: the English plural -> (one entry, the entries).
ENTRY_TEXTS: Final = {
    "bonus keys": (words("bonus key"), words("bonus keys")),
    "naturals": (words("natural"), words("naturals")),
}


def table_map(keys: tuple[str, ...], value_check: Checker, what: str) -> Checker:
    one, entries = ENTRY_TEXTS[what]

    def check(value: object, path: tuple[PathPart, ...]) -> Mapping[str, int]:
        if not isinstance(value, Mapping):
            raise VariantError(
                words(
                    "{name} must be an object of {entries}, not {value}",
                    name=field_name(path), entries=entries, value=shown_text(value),
                ),
                path=path,
            )  # fmt: skip
        refuse_unknown(value, keys, path, one.en)
        checked = {key: value_check(value[key], (*path, key)) for key in keys if key in value}
        return MappingProxyType(checked)

    return check


def refuse_unknown(value: Mapping[Any, object], known: tuple[str, ...], path: tuple[PathPart, ...], entry: str) -> None:
    """A key of ``value`` not among ``known`` is refused at its own path, naming the known ones
    (``entry``: what one key is called, as :func:`unknown_entry` takes it)."""
    for key in value:
        if key not in known:
            raise VariantError(unknown_entry(entry, key, known), path=(*path, key))


def unknown_entry(entry: str, key: object, known: tuple[str, ...]) -> Text:
    """What is said of a key ``entry`` (``"bonus key"``, ``"natural"`` or ``"table limit"``) not among ``known``.

    >>> unknown_entry("natural", "dragons", ("dragon",)).en
    "unknown natural 'dragons'; the known ones are dragon"
    """
    shown_key, listed = repr(key), ", ".join(known)
    if entry == "bonus key":
        return words("unknown bonus key {key}; the known ones are {known}", key=shown_key, known=listed)
    if entry == "natural":
        return words("unknown natural {key}; the known ones are {known}", key=shown_key, known=listed)
    if entry == "table limit":
        return words("unknown table limit {key}; the known ones are {known}", key=shown_key, known=listed)
    raise ValueError(f"no words for an unknown {entry}")  # pragma: no cover - a programming error


def field_name(path: tuple[PathPart, ...]) -> str:
    return ".".join(str(part) for part in path if part != "overrides") or "value"


def shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (Mapping, list, tuple)):
        return "an object" if isinstance(value, Mapping) else "a list"
    return repr(value) if isinstance(value, str) else str(value)


def shown_text(value: object) -> Text:
    """:func:`shown` in both languages: the same literal, or the kind of a container.

    >>> shown_text([1]).vi, shown_text("x").vi
    ('một danh sách', "'x'")
    """
    if isinstance(value, (Mapping, list, tuple)):
        return json_kind(value)
    literal = shown(value)
    return Text(literal, literal)
