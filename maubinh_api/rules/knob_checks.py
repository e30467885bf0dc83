"""How a knob's value is checked: the checkers each knob of :mod:`maubinh_api.rules.knobs` names.

A checker takes the value a request or a preset gives and the path to it (for the error), and
returns the value the rule set holds, or raises :class:`~maubinh_api.rules.errors.VariantError`
naming the knob in both languages.

>>> integer(1, 100)(3, ("scoop_multiplier",))
3
>>> fraction(Decimal("0.5"))("0.02", ("rake",))
Decimal('0.02')
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

from .errors import PathPart, VariantError
from .numerals import vi_number

__all__ = [
    "ENTRY_WORDS",
    "Checker",
    "boolean",
    "choice",
    "field_name",
    "fraction",
    "integer",
    "refuse_unknown",
    "shown",
    "shown_vi",
    "table_map",
]

#: A knob's check: its value and the path to it in, the rule set's value out.
Checker = Callable[[object, tuple[PathPart, ...]], Any]


def integer(low: int, high: int) -> Checker:
    def check(value: object, path: tuple[PathPart, ...]) -> int:
        if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
            # 3.0 or 1e2: a whole number.  Checked against the range first, as a Decimal:
            # int() of 1e400000 would take seconds, and its digits fill no message.
            _check_range(value, low, high, path)
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise VariantError(
                f"{field_name(path)} must be an integer, not {shown(value)}",
                vi=f"{field_name(path)} phải là số nguyên, không phải {shown_vi(value)}",
                path=path,
            )
        _check_range(value, low, high, path)
        return value

    return check


def _check_range(value: int | Decimal, low: int | Decimal, high: int | Decimal, path: tuple[PathPart, ...]) -> None:
    if not low <= value <= high:
        raise VariantError(
            f"{field_name(path)} must be between {low} and {high}, not {value}",
            vi=f"{field_name(path)} phải từ {vi_number(low)} đến {vi_number(high)}, không phải {vi_number(value)}",
            path=path,
        )


def boolean(value: object, path: tuple[PathPart, ...]) -> bool:
    if not isinstance(value, bool):
        raise VariantError(
            f"{field_name(path)} must be true or false, not {shown(value)}",
            vi=f"{field_name(path)} phải là true hoặc false, không phải {shown_vi(value)}",
            path=path,
        )
    return value


def choice(kind: type[StrEnum]) -> Checker:
    def check(value: object, path: tuple[PathPart, ...]) -> StrEnum:
        allowed = [member.value for member in kind]
        if not isinstance(value, str) or value not in allowed:
            raise VariantError(
                f"{field_name(path)} must be one of {', '.join(allowed)}; got {shown(value)}",
                vi=f"{field_name(path)} phải là một trong {', '.join(allowed)}; giá trị đã gửi: {shown_vi(value)}",
                path=path,
            )
        return kind(value)

    return check


_DECIMAL_TEXT: Final = re.compile(r"^[0-9]+(\.[0-9]+)?$")


def fraction(high: Decimal) -> Checker:
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
                f'{field_name(path)} must be a decimal fraction such as "0.02", not {shown(value)}',
                vi=f'{field_name(path)} phải là một số thập phân như "0.02", không phải {shown_vi(value)}',
                path=path,
            )
        _check_range(number, Decimal(0), high, path)
        return number

    return check


def _refuse_fraction_text(text: str, high: Decimal, path: tuple[PathPart, ...]) -> None:
    """The true reason a fraction's text is refused, when it is a number written otherwise."""
    name = field_name(path)
    if text[:1] == "-" and _DECIMAL_TEXT.match(text[1:]):
        _check_range(Decimal(text), Decimal(0), high, path)
    if text != text.strip() and _DECIMAL_TEXT.match(text.strip()):
        raise VariantError(
            f'{name} {text!r} has spaces around it: send the decimal fraction alone, such as "0.02"',
            vi=f'{name} {text!r} có khoảng trắng ở đầu hoặc cuối: chỉ gửi số thập phân, ví dụ "0.02"',
            path=path,
        )
    if text[:1] == "+" and _DECIMAL_TEXT.match(text[1:]):
        raise VariantError(f"{name} {text!r} needs no sign", vi=f"{name} {text!r} không cần dấu +", path=path)
    if "e" in text.lower() and _DECIMAL_TEXT.match(text.lower().split("e", 1)[0]):
        raise VariantError(
            f'{name} "{text}" has an exponent: write the decimal fraction in plain digits, such as "0.02"',
            vi=f'{name} "{text}" viết dạng số mũ: hãy viết số thập phân bằng các chữ số thường, ví dụ "0.02"',
            path=path,
        )
    if "," in text and _DECIMAL_TEXT.match(text.replace(",", ".", 1)):
        raise VariantError(
            f'{name} {text!r} has a comma: write the decimal fraction with a point, such as "0.02"',
            vi=f'{name} {text!r} có dấu phẩy: hãy dùng dấu chấm trước phần thập phân, ví dụ "0.02"',
            path=path,
        )


#: The entries of a bonus or natural table in a message: the English plural -> (singular, Vietnamese plural, singular).
ENTRY_WORDS: Final = {
    "bonus keys": ("bonus key", "các mục thưởng", "mục thưởng"),
    "naturals": ("natural", "các thắng trắng", "thắng trắng"),
}


def table_map(keys: tuple[str, ...], value_check: Checker, what: str) -> Checker:
    one, what_vi, one_vi = ENTRY_WORDS[what]

    def check(value: object, path: tuple[PathPart, ...]) -> Mapping[str, int]:
        if not isinstance(value, Mapping):
            raise VariantError(
                f"{field_name(path)} must be an object of {what}, not {shown(value)}",
                vi=f"{field_name(path)} phải là một đối tượng gồm {what_vi}, không phải {shown_vi(value)}",
                path=path,
            )
        refuse_unknown(value, keys, path, one, one_vi)
        checked = {key: value_check(value[key], (*path, key)) for key in keys if key in value}
        return MappingProxyType(checked)

    return check


def refuse_unknown(
    value: Mapping[Any, object], known: tuple[str, ...], path: tuple[PathPart, ...], entry: str, entry_vi: str
) -> None:
    """A key of ``value`` not among ``known`` is refused at its own path, naming the known ones
    (``entry``: what one key is called, in English and in Vietnamese)."""
    for key in value:
        if key not in known:
            raise VariantError(
                f"unknown {entry} {key!r}; the known ones are {', '.join(known)}",
                vi=f"không có {entry_vi} {key!r}; các {entry_vi} hợp lệ là {', '.join(known)}",
                path=(*path, key),
            )


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


def shown_vi(value: object) -> str:
    """:func:`shown` in Vietnamese: the same literal, or the kind of a container."""
    if isinstance(value, (Mapping, list, tuple)):
        return "một đối tượng" if isinstance(value, Mapping) else "một danh sách"
    return shown(value)
