"""Rule variants: the knobs of the rules (docs/rules.md, "The knobs"), the presets, overrides and fingerprints.

A *rule set* fixes every knob.  The presets of docs/rules.md, "The presets" are data files
(``presets/*.toml``); a request names one and may override any knob::

    "online"
    {"preset": "online", "overrides": {"scoop_multiplier": 3, "bonuses": {"front.trips": null}}}

Overrides follow JSON Merge Patch (RFC 7396): a scalar knob is replaced; in
the ``bonuses`` and ``naturals`` maps a key is set, or removed with ``null``;
``table`` is replaced whole (all three limits, or ``null``).  The resolved
rule set has a *fingerprint*, the SHA-256 of its canonical JSON form, so a
platform can audit which rules produced an answer.

>>> variant = resolve_variant({"preset": "online", "overrides": {"scoop_multiplier": 3}})
>>> variant.name, variant.rules.scoop_multiplier, variant.overridden
('online', 3, ('scoop_multiplier',))
>>> variant.fingerprint == resolve_variant("online").fingerprint
False
>>> resolve_variant("kitchen")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
maubinh_api.rules.errors.VariantError: unknown preset 'kitchen'; the presets are classic, online, ...
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

from .errors import PathPart, VariantError
from .hands import Wheel
from .labels import LabelledCode
from .money import MAX_AMOUNT_DECIMALS

__all__ = [
    "BONUS_KEYS",
    "NATURAL_KEYS",
    "PRESET_NAMES",
    "Knob",
    "NaturalVsNatural",
    "RuleSet",
    "TableLimit",
    "TableLimits",
    "Variant",
    "overrides_of",
    "preset",
    "resolve_variant",
]

#: Version of the rules engine's reading of the knobs; part of every
#: fingerprint so that a change of meaning changes the fingerprints too.
ENGINE_VERSION: Final = 1

#: The bonus-table keys of docs/rules.md, "Settling a table", ``position.category``.
BONUS_KEYS: Final = (
    "front.trips",
    "middle.full_house",
    "middle.quads",
    "middle.straight_flush",
    "middle.royal_flush",
    "back.quads",
    "back.straight_flush",
    "back.royal_flush",
)

#: The naturals of docs/rules.md, "Naturals (thắng trắng)", highest precedence first (R7).
NATURAL_KEYS: Final = (
    "dragon_flush",
    "dragon",
    "three_straight_flushes",
    "thirteen_one_colour",
    "twelve_one_colour",
    "five_pairs_trips",
    "six_pairs",
    "four_trips",
    "three_quads",
    "three_flushes",
    "three_straights",
)

#: Preset names in the order the documentation lists them.
PRESET_NAMES: Final = ("classic", "online", "extended", "chinese-poker-2-4")


class NaturalVsNatural(LabelledCode):
    """Knob ``natural_vs_natural``: what two natural hands do to each other."""

    #: the higher natural is paid its payout
    HIGHER_WINS = "higher_wins", "The higher natural wins", "Thắng trắng cao hơn thắng"
    #: 0 between two natural hands
    DRAW = "draw", "Two naturals draw", "Hai thắng trắng hòa nhau"


class Knob(LabelledCode):
    """The knobs of a rule set, in the order a variant lists them, each with the words for it."""

    WHEEL = "wheel", "Where A-2-3-4-5 ranks", "Vị trí của sảnh A-2-3-4-5"
    FOUL_ON_EQUAL = "foul_on_equal", "Equal back and middle is a foul", "Chi đầu bằng chi giữa là binh lủng"
    MAJORITY_BONUS = "majority_bonus", "Majority bonus (units)", "Thưởng thắng nhiều chi hơn (chi)"
    SCOOP_MULTIPLIER = "scoop_multiplier", "Scoop multiplier (sập hầm)", "Hệ số sập hầm"
    FOUL_MULTIPLIER = "foul_multiplier", "Multiplier against a fouled hand", "Hệ số khi đối thủ binh lủng"
    FOUL_PAYS_BONUSES = (
        "foul_pays_bonuses",
        "A fouled hand pays the opponent's bonuses",
        "Binh lủng vẫn trả thưởng của đối thủ",
    )
    SAP_LANG = "sap_lang", "Sập làng applies", "Có tính sập làng"
    SAP_LANG_MULTIPLIER = "sap_lang_multiplier", "Sập làng multiplier", "Hệ số sập làng"
    SAP_LANG_MIN_PLAYERS = (
        "sap_lang_min_players",
        "Smallest table for sập làng",
        "Số người tối thiểu để tính sập làng",
    )
    FOUL_COUNTS_AS_SCOOP = "foul_counts_as_scoop", "A fouled hand counts as scooped", "Binh lủng tính như bị sập"
    NATURAL_VS_NATURAL = "natural_vs_natural", "Two naturals at one table", "Hai người cùng thắng trắng"
    NATURAL_TIE_BREAKS = "natural_tie_breaks", "Equal naturals use tie-breaks", "Thắng trắng bằng nhau thì so tiếp"
    RAKE = "rake", "Rake (share of winnings)", "Tiền xâu (phần tiền thắng)"
    DRAW_FEE = "draw_fee", "Draw fee (share of the bet)", "Phí hòa (phần mức cược)"
    AMOUNT_DECIMALS = "amount_decimals", "Decimal places of money", "Số chữ số thập phân của tiền"
    BONUSES = "bonuses", "Bonus table", "Bảng thưởng (mậu binh đặc biệt)"
    NATURALS = "naturals", "Naturals (thắng trắng) and payouts", "Thắng trắng và tiền trả"
    TABLE = "table", "Table limits", "Giới hạn bàn"


class TableLimit(LabelledCode):
    """The fields of knob ``table``, in multiples of the bet."""

    JOIN_MIN_BETS = "join_min_bets", "Bets needed to join", "Số mức cược để vào bàn"
    LEAVE_BELOW_BETS = "leave_below_bets", "Removed below (bets)", "Bị mời ra khi dưới (mức cược)"
    ESCROW_BETS = "escrow_bets", "Held in escrow (bets)", "Giữ lại (mức cược)"


@dataclass(frozen=True, slots=True)
class TableLimits:
    """Table limits in multiples of the bet (001); metadata, the service holds no balances."""

    join_min_bets: int
    leave_below_bets: int
    escrow_bets: int


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every knob of the rules, resolved.  See ``docs/rules.md`` for each one."""

    wheel: Wheel
    foul_on_equal: bool
    majority_bonus: int
    scoop_multiplier: int
    foul_multiplier: int
    foul_pays_bonuses: bool
    sap_lang: bool
    sap_lang_multiplier: int
    sap_lang_min_players: int
    foul_counts_as_scoop: bool
    natural_vs_natural: NaturalVsNatural
    natural_tie_breaks: bool
    rake: Decimal
    draw_fee: Decimal
    amount_decimals: int
    bonuses: Mapping[str, int]
    naturals: Mapping[str, int]
    table: TableLimits | None = None

    def canonical(self) -> dict[str, Any]:
        """The JSON form that is hashed into the fingerprint (and shown by
        ``GET /v1/variants/{name}``): keys sorted, decimals as strings,
        naturals in precedence order."""
        return {
            "amount_decimals": self.amount_decimals,
            "bonuses": {key: self.bonuses[key] for key in BONUS_KEYS if key in self.bonuses},
            "draw_fee": _decimal_text(self.draw_fee),
            "foul_counts_as_scoop": self.foul_counts_as_scoop,
            "foul_multiplier": self.foul_multiplier,
            "foul_on_equal": self.foul_on_equal,
            "foul_pays_bonuses": self.foul_pays_bonuses,
            "majority_bonus": self.majority_bonus,
            "natural_tie_breaks": self.natural_tie_breaks,
            "natural_vs_natural": self.natural_vs_natural.value,
            "naturals": {key: self.naturals[key] for key in NATURAL_KEYS if key in self.naturals},
            "rake": _decimal_text(self.rake),
            "sap_lang": self.sap_lang,
            "sap_lang_min_players": self.sap_lang_min_players,
            "sap_lang_multiplier": self.sap_lang_multiplier,
            "scoop_multiplier": self.scoop_multiplier,
            "table": None
            if self.table is None
            else {
                "escrow_bets": self.table.escrow_bets,
                "join_min_bets": self.table.join_min_bets,
                "leave_below_bets": self.table.leave_below_bets,
            },
            "wheel": self.wheel.value,
        }

    def fingerprint(self) -> str:
        """``sha256:`` + the hex digest of the canonical form and the engine version."""
        document = {"engine": ENGINE_VERSION, "rules": self.canonical()}
        text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()

    def bonus_value(self, key: str) -> int | None:
        """The bonus for ``position.category``, royal flushes falling back to
        straight flushes (docs/rules.md, "Settling a table"); None when the table has no entry."""
        value = self.bonuses.get(key)
        if value is None and key.endswith(".royal_flush"):
            value = self.bonuses.get(key.replace("royal_flush", "straight_flush"))
        return value


@dataclass(frozen=True, slots=True)
class Variant:
    """A named, resolved rule set: what every answer reports as ``variant``."""

    name: str
    rules: RuleSet
    title: str
    description: str
    sources: tuple[str, ...]
    overridden: tuple[str, ...] = ()
    fingerprint: str = field(default="", compare=False)
    title_vi: str = ""  #: the title in Vietnamese
    description_vi: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "fingerprint", self.rules.fingerprint())


# --- knob validation --------------------------------------------------------------------------

Checker = Callable[[object, tuple[PathPart, ...]], Any]


def _integer(low: int, high: int) -> Checker:
    def check(value: object, path: tuple[PathPart, ...]) -> int:
        if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
            # 3.0 or 1e2: a whole number.  Checked against the range first, as a Decimal:
            # int() of 1e400000 would take seconds, and its digits fill no message.
            _check_range(value, low, high, path)
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise VariantError(
                f"{_name(path)} must be an integer, not {_show(value)}",
                vi=f"{_name(path)} phải là số nguyên, không phải {_show_vi(value)}",
                path=path,
            )
        _check_range(value, low, high, path)
        return value

    return check


def _check_range(value: int | Decimal, low: int | Decimal, high: int | Decimal, path: tuple[PathPart, ...]) -> None:
    if not low <= value <= high:
        raise VariantError(
            f"{_name(path)} must be between {low} and {high}, not {value}",
            vi=f"{_name(path)} phải từ {low} đến {high}, không phải {value}",
            path=path,
        )


def _boolean(value: object, path: tuple[PathPart, ...]) -> bool:
    if not isinstance(value, bool):
        raise VariantError(
            f"{_name(path)} must be true or false, not {_show(value)}",
            vi=f"{_name(path)} phải là true hoặc false, không phải {_show_vi(value)}",
            path=path,
        )
    return value


def _choice(kind: type[StrEnum]) -> Checker:
    def check(value: object, path: tuple[PathPart, ...]) -> StrEnum:
        allowed = [member.value for member in kind]
        if not isinstance(value, str) or value not in allowed:
            raise VariantError(
                f"{_name(path)} must be one of {', '.join(allowed)}; got {_show(value)}",
                vi=f"{_name(path)} phải là một trong {', '.join(allowed)}; giá trị đã gửi: {_show_vi(value)}",
                path=path,
            )
        return kind(value)

    return check


_DECIMAL_TEXT: Final = re.compile(r"^[0-9]+(\.[0-9]+)?$")


def _fraction(high: Decimal) -> Checker:
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
                f'{_name(path)} must be a decimal fraction such as "0.02", not {_show(value)}',
                vi=f'{_name(path)} phải là một số thập phân như "0.02", không phải {_show_vi(value)}',
                path=path,
            )
        _check_range(number, Decimal(0), high, path)
        return number

    return check


def _refuse_fraction_text(text: str, high: Decimal, path: tuple[PathPart, ...]) -> None:
    """The true reason a fraction's text is refused, when it is a number written otherwise."""
    name = _name(path)
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
_ENTRY_WORDS: Final = {
    "bonus keys": ("bonus key", "các mục thưởng", "mục thưởng"),
    "naturals": ("natural", "các thắng trắng", "thắng trắng"),
}


def _table_map(keys: tuple[str, ...], value_check: Checker, what: str) -> Checker:
    one, what_vi, one_vi = _ENTRY_WORDS[what]

    def check(value: object, path: tuple[PathPart, ...]) -> Mapping[str, int]:
        if not isinstance(value, Mapping):
            raise VariantError(
                f"{_name(path)} must be an object of {what}, not {_show(value)}",
                vi=f"{_name(path)} phải là một đối tượng gồm {what_vi}, không phải {_show_vi(value)}",
                path=path,
            )
        _refuse_unknown(value, keys, path, one, one_vi)
        checked = {key: value_check(value[key], (*path, key)) for key in keys if key in value}
        return MappingProxyType(checked)

    return check


def _refuse_unknown(
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


def _table_limits(value: object, path: tuple[PathPart, ...]) -> TableLimits | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise VariantError(
            f"{_name(path)} must be an object or null, not {_show(value)}",
            vi=f"{_name(path)} phải là một đối tượng hoặc null, không phải {_show_vi(value)}",
            path=path,
        )
    names = TableLimits.__slots__
    _refuse_unknown(value, names, path, "table limit", "giới hạn bàn")
    missing = [name for name in names if name not in value]
    if missing:
        raise VariantError(
            f"table limits need {', '.join(missing)} (send all three, or null)",
            vi=f"giới hạn bàn còn thiếu {', '.join(missing)} (gửi đủ cả ba, hoặc null)",
            path=path,
        )
    count = _integer(0, 100_000)
    return TableLimits(**{name: count(value[name], (*path, name)) for name in names})


_KNOBS: Final[dict[str, Checker]] = {
    "wheel": _choice(Wheel),
    "foul_on_equal": _boolean,
    "majority_bonus": _integer(0, 100),
    "scoop_multiplier": _integer(1, 100),
    "foul_multiplier": _integer(1, 100),
    "foul_pays_bonuses": _boolean,
    "sap_lang": _boolean,
    "sap_lang_multiplier": _integer(1, 100),
    "sap_lang_min_players": _integer(2, 4),
    "foul_counts_as_scoop": _boolean,
    "natural_vs_natural": _choice(NaturalVsNatural),
    "natural_tie_breaks": _boolean,
    "rake": _fraction(Decimal("0.5")),
    "draw_fee": _fraction(Decimal(1)),
    "amount_decimals": _integer(0, MAX_AMOUNT_DECIMALS),
    "bonuses": _table_map(BONUS_KEYS, _integer(1, 1000), "bonus keys"),
    "naturals": _table_map(NATURAL_KEYS, _integer(1, 10_000), "naturals"),
    "table": _table_limits,
}
_MERGED_MAPS: Final = ("bonuses", "naturals")


def _name(path: tuple[PathPart, ...]) -> str:
    return ".".join(str(part) for part in path if part != "overrides") or "value"


def _show(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (Mapping, list, tuple)):
        return "an object" if isinstance(value, Mapping) else "a list"
    return repr(value) if isinstance(value, str) else str(value)


def _show_vi(value: object) -> str:
    """:func:`_show` in Vietnamese: the same literal, or the kind of a container."""
    if isinstance(value, (Mapping, list, tuple)):
        return "một đối tượng" if isinstance(value, Mapping) else "một danh sách"
    return _show(value)


def build_rules(knobs: Mapping[str, object], path: tuple[PathPart, ...] = ()) -> RuleSet:
    """Check every knob and build the rule set; raise :class:`VariantError`
    naming the first bad or missing knob."""
    for key in knobs:
        if key not in _KNOBS:
            raise _unknown_knob(key, (*path, key))
    required = [name for name in _KNOBS if name != "table"]
    missing = [name for name in required if name not in knobs]
    if missing:
        raise VariantError(
            f"the rule set lacks {', '.join(missing)}", vi=f"bộ luật còn thiếu {', '.join(missing)}", path=path
        )
    values = {name: checker(knobs.get(name), (*path, name)) for name, checker in _KNOBS.items()}
    return RuleSet(**values)


# --- presets ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _PresetFile:
    title: str
    description: str
    title_vi: str
    description_vi: str
    sources: tuple[str, ...]
    knobs: Mapping[str, Any]


@functools.cache
def _preset_file(name: str) -> _PresetFile:
    text = resources.files(__package__).joinpath("presets", f"{name}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return _PresetFile(
        title=data["title"],
        description=data["description"],
        title_vi=data["title_vi"],
        description_vi=data["description_vi"],
        sources=tuple(data["sources"]),
        knobs=data["rules"],
    )


@functools.cache
def preset(name: str) -> Variant:
    """A preset by name, resolved.

    >>> preset("classic").rules.scoop_multiplier
    3
    """
    if name not in PRESET_NAMES:
        raise VariantError(
            f"unknown preset {name!r}; the presets are {', '.join(PRESET_NAMES)}",
            vi=f"không có bộ luật {name!r}; các bộ luật là {', '.join(PRESET_NAMES)}",
        )
    data = _preset_file(name)
    rules = build_rules(data.knobs)
    return Variant(
        name=name,
        rules=rules,
        title=data.title,
        description=data.description,
        sources=data.sources,
        title_vi=data.title_vi,
        description_vi=data.description_vi,
    )


def resolve_variant(spec: object) -> Variant:
    """Resolve what a request says under ``variant``: a preset name, or
    ``{"preset": name, "overrides": {...}}``.  Errors carry the path inside
    that value (``()`` for a bad name given as a string)."""
    if isinstance(spec, str):
        return preset(spec)
    if not isinstance(spec, Mapping):
        raise VariantError(
            f"variant must be a preset name or an object with 'preset' and 'overrides', not {_show(spec)}",
            vi=f"variant phải là tên một bộ luật hoặc một đối tượng có 'preset' và 'overrides',"
            f" không phải {_show_vi(spec)}",
        )
    for key in spec:
        if key not in ("preset", "overrides", "fingerprint"):
            raise VariantError(
                f"unknown field {key!r}; a variant has 'preset', 'overrides' and 'fingerprint'",
                vi=f"không có trường {key!r}; luật chơi (variant) chỉ có 'preset', 'overrides' và 'fingerprint'",
                path=(key,),
            )
    variant = _resolve_object(spec)
    if "fingerprint" in spec and spec["fingerprint"] != variant.fingerprint:
        raise VariantError(
            f"this preset and these overrides have the fingerprint {variant.fingerprint}, not"
            f" {_show(spec['fingerprint'])}: the rules differ from those the fingerprint was taken of",
            vi=f"bộ luật và các tùy chọn đã đổi này có dấu vân tay {variant.fingerprint}, không phải"
            f" {_show_vi(spec['fingerprint'])}: luật này khác với luật đã được lấy dấu vân tay đó",
            path=("fingerprint",),
        )
    return variant


def overrides_of(variant: Variant) -> dict[str, Any]:
    """The overrides that resolve to ``variant`` from its preset, in JSON form:
    each overridden knob's resolved value (a bonus or natural table whole, with
    null for each of the preset's entries it removed), so that
    ``{"preset": variant.name, "overrides": overrides_of(variant)}`` names the
    very same rules.

    >>> online = resolve_variant({"preset": "online", "overrides": {"rake": "0.030", "bonuses": None}})
    >>> overrides_of(online)["rake"], sorted(set(overrides_of(online)["bonuses"].values()))
    ('0.03', [None])
    >>> resolve_variant({"preset": "online", "overrides": overrides_of(online)}) == online
    True
    """
    if not variant.overridden:  # a preset as it is: every answer names one, keep it cheap
        return {}
    canonical = variant.rules.canonical()
    base = preset(variant.name).rules.canonical()
    echoed: dict[str, Any] = {}
    for knob in variant.overridden:
        value = canonical[knob]
        if knob in _MERGED_MAPS:
            value = {key: None for key in base[knob] if key not in value} | value
        echoed[knob] = value
    return echoed


def _resolve_object(spec: Mapping[str, object]) -> Variant:
    name = spec.get("preset")
    if not isinstance(name, str):
        raise VariantError(
            f"preset must be a preset name, not {_show(name)}",
            vi=f"preset phải là tên một bộ luật, không phải {_show_vi(name)}",
            path=("preset",),
        )
    try:
        base = preset(name)
    except VariantError as error:
        raise error.at("preset") from None
    overrides = spec.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise VariantError(
            f"overrides must be an object of knobs, not {_show(overrides)}",
            vi=f"overrides phải là một đối tượng gồm các tùy chọn, không phải {_show_vi(overrides)}",
            path=("overrides",),
        )
    if not overrides:
        return base
    return _apply_overrides(base, overrides)


def _apply_overrides(base: Variant, overrides: Mapping[str, object]) -> Variant:
    merged: dict[str, object] = dict(_preset_file(base.name).knobs)
    for key, value in overrides.items():
        if key not in _KNOBS:
            raise _unknown_knob(key, ("overrides", key))
        if key in _MERGED_MAPS and isinstance(value, Mapping):
            _check_map_keys(key, value)
        merged[key] = _merge_patch(merged.get(key), value) if key in _MERGED_MAPS else value
    for key in ("bonuses", "naturals"):
        if merged[key] is None:  # "bonuses": null removes every entry
            merged[key] = {}
    return Variant(
        name=base.name,
        rules=_build_with_override_paths(merged, overrides),
        title=base.title,
        description=base.description,
        title_vi=base.title_vi,
        description_vi=base.description_vi,
        sources=base.sources,
        overridden=tuple(sorted(overrides)),
    )


def _check_map_keys(knob: str, patch: Mapping[str, object]) -> None:
    """An unknown entry is an error even when it is only removed (null)."""
    known, plural = (BONUS_KEYS, "bonus keys") if knob == "bonuses" else (NATURAL_KEYS, "naturals")
    what, _, what_vi = _ENTRY_WORDS[plural]
    for entry in patch:
        if entry not in known:
            raise VariantError(
                f"unknown {what} {entry!r}; the known ones are {', '.join(known)}",
                vi=f"không có {what_vi} {entry!r}; các {what_vi} hợp lệ là {', '.join(known)}",
                path=("overrides", knob, entry),
            )


def _unknown_knob(key: str, path: tuple[PathPart, ...]) -> VariantError:
    return VariantError(
        f"unknown knob {key!r}; the knobs are {', '.join(_KNOBS)}",
        vi=f"không có tùy chọn {key!r}; các tùy chọn là {', '.join(_KNOBS)}",
        path=path,
    )


def _merge_patch(current: object, patch: object) -> object:
    """RFC 7396 for one level: entries of ``patch`` set or (null) remove
    entries of ``current``; a patch that is not an object replaces it."""
    if not isinstance(patch, Mapping):
        return patch
    merged = dict(current) if isinstance(current, Mapping) else {}
    for entry, value in patch.items():
        if value is None:
            merged.pop(entry, None)
        else:
            merged[entry] = value
    return merged


def _build_with_override_paths(merged: Mapping[str, object], overrides: Mapping[str, object]) -> RuleSet:
    try:
        return build_rules(merged)
    except VariantError as error:
        # The preset itself is valid, so the bad value came from the overrides.
        if error.path and error.path[0] in overrides:
            raise error.at("overrides") from None
        raise


def _decimal_text(value: Decimal) -> str:
    return format(value.normalize(), "f")
