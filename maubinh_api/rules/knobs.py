"""The knobs of the rules (docs/rules.md, "The knobs"): each written once, in :class:`RuleSet`.

A knob is a field of :class:`RuleSet`: its name, its type, its default (only ``table`` has one:
no limits), the check its value must pass, its words in English and Vietnamese, and its JSON
form (:meth:`RuleSet.canonical`). :class:`Knob` (the enumeration answers list), the validation
(:func:`build_rules`) and the fingerprint all read that one declaration.

>>> from maubinh_api.rules.variants import preset
>>> rules = preset("online").rules
>>> rules.rake, rules.canonical()["rake"]
(Decimal('0.02'), '0.02')
>>> build_rules({"wheel": "low"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
maubinh_api.rules.errors.VariantError: the rule set lacks foul_on_equal, majority_bonus, ...
>>> Knob("rake").label.vi
'Tiền xâu (phần tiền thắng)'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from decimal import Decimal
from enum import EnumType
from types import MappingProxyType
from typing import Any, Final, cast

from .chi import Wheel
from .errors import ErrorCode, PathPart, VariantError
from .knob_checks import (
    Checker,
    boolean,
    choice,
    field_name,
    fraction,
    integer,
    refuse_unknown,
    shown_text,
    table_map,
)
from .labels import LabelledCode
from .money import MAX_AMOUNT_DECIMALS, MAX_RATE_DECIMALS
from .texts import Text, words

__all__ = [
    "BONUS_KEYS",
    "ENGINE_VERSION",
    "KNOB_NAMES",
    "MERGED_MAPS",
    "NATURAL_KEYS",
    "Knob",
    "NaturalVsNatural",
    "RuleSet",
    "TableLimit",
    "TableLimits",
    "build_rules",
    "decimal_text",
    "unknown_knob",
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

#: The knobs whose overrides merge into the preset's entries (JSON Merge Patch) instead of replacing them.
MERGED_MAPS: Final = ("bonuses", "naturals")


class NaturalVsNatural(LabelledCode):
    """Knob ``natural_vs_natural``: what two natural hands do to each other."""

    #: the higher natural is paid its payout
    HIGHER_WINS = "higher_wins", words("The higher natural wins")
    #: 0 between two natural hands
    DRAW = "draw", words("Two naturals draw")


class TableLimit(LabelledCode):
    """The fields of knob ``table``, in multiples of the bet."""

    JOIN_MIN_BETS = "join_min_bets", words("Bets needed to join")
    LEAVE_BELOW_BETS = "leave_below_bets", words("Removed below (bets)")
    ESCROW_BETS = "escrow_bets", words("Held in escrow (bets)")


@dataclass(frozen=True, slots=True)
class TableLimits:
    """Table limits in multiples of the bet (001); metadata, the service holds no balances."""

    join_min_bets: int
    leave_below_bets: int
    escrow_bets: int


def _table_limits(value: object, path: tuple[PathPart, ...]) -> TableLimits | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise VariantError(
            words("{name} must be an object or null, not {value}", name=field_name(path), value=shown_text(value)),
            path=path,
            code=ErrorCode.WRONG_TYPE,
        )
    names = TableLimits.__slots__
    refuse_unknown(value, names, path, "table limit")
    missing = [name for name in names if name not in value]
    if missing:
        raise VariantError(
            words("table limits need {missing} (send all three, or null)", missing=", ".join(missing)),
            path=path,
            code=ErrorCode.REQUIRED,
        )
    count = integer(0, 100_000)
    return TableLimits(**{name: count(value[name], (*path, name)) for name in names})


def decimal_text(value: Decimal) -> str:
    """A decimal as the canonical form writes it: plain digits, no trailing zeros ("0.03")."""
    return format(value.normalize(), "f")


def _as_is(value: Any) -> object:
    return value


def _code(value: Any) -> object:
    return value.value


def _ordered(order: tuple[str, ...]) -> Callable[[Any], object]:
    def canonical(value: Any) -> object:
        return {key: value[key] for key in order if key in value}

    return canonical


def _limits(value: Any) -> object:
    return None if value is None else {name: getattr(value, name) for name in sorted(TableLimits.__slots__)}


def _knob(
    check: Checker,
    label: Text,
    *,
    canonical: Callable[[Any], object] = _as_is,
    default: Any = ...,
    since: str | None = None,
) -> Any:
    """One knob's declaration: its check, its words, its JSON form and (only if it may be left out)
    its default. ``since``: the release that added a knob after 1.0.0, whose default must keep the
    rules as they were; at that default it is left out of the fingerprint, so that adding it changes
    no preset's fingerprint, no data file and no fingerprint a client keeps."""
    if since is not None and default is ...:
        raise TypeError("a knob added after 1.0.0 needs the default that keeps the former rules")
    metadata = MappingProxyType({"check": check, "label": label, "canonical": canonical, "since": since})
    if default is ...:
        return field(metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every knob of the rules, resolved, in the order a variant lists them.  See ``docs/rules.md``."""

    wheel: Wheel = _knob(choice(Wheel), words("Where A-2-3-4-5 ranks"), canonical=_code)
    foul_on_equal: bool = _knob(boolean, words("Equal back and middle is a foul"))
    majority_bonus: int = _knob(integer(0, 100), words("Majority bonus (units)"))
    scoop_multiplier: int = _knob(integer(1, 100), words("Scoop multiplier (sập hầm)"))
    foul_multiplier: int = _knob(integer(1, 100), words("Multiplier against a fouled hand"))
    foul_pays_bonuses: bool = _knob(boolean, words("A fouled hand pays the opponent's bonuses"))
    sap_lang: bool = _knob(boolean, words("Sập làng applies"))
    sap_lang_multiplier: int = _knob(integer(1, 100), words("Sập làng multiplier"))
    sap_lang_min_players: int = _knob(integer(2, 4), words("Smallest table for sập làng"))
    foul_counts_as_scoop: bool = _knob(boolean, words("A fouled hand counts as scooped"))
    natural_vs_natural: NaturalVsNatural = _knob(
        choice(NaturalVsNatural), words("Two naturals at one table"), canonical=_code
    )
    natural_tie_breaks: bool = _knob(boolean, words("Equal naturals use tie-breaks"))
    rake: Decimal = _knob(
        fraction(Decimal("0.5"), MAX_RATE_DECIMALS), words("Rake (share of winnings)"), canonical=decimal_text
    )
    draw_fee: Decimal = _knob(
        fraction(Decimal(1), MAX_RATE_DECIMALS), words("Draw fee (share of the bet)"), canonical=decimal_text
    )
    amount_decimals: int = _knob(integer(0, MAX_AMOUNT_DECIMALS), words("Decimal places of money"))
    bonuses: Mapping[str, int] = _knob(
        table_map(BONUS_KEYS, integer(1, 1000), "bonus keys"), words("Bonus table"), canonical=_ordered(BONUS_KEYS)
    )
    naturals: Mapping[str, int] = _knob(
        table_map(NATURAL_KEYS, integer(1, 10_000), "naturals"),
        words("Naturals (thắng trắng) and payouts"),
        canonical=_ordered(NATURAL_KEYS),
    )
    table: TableLimits | None = _knob(_table_limits, words("Table limits"), canonical=_limits, default=None)

    def canonical(self) -> dict[str, Any]:
        """The JSON form that is hashed into the fingerprint (and shown by
        ``GET /v1/variants/{name}``): keys sorted, decimals as strings,
        naturals in precedence order."""
        return {name: _KNOB_FIELDS[name].metadata["canonical"](getattr(self, name)) for name in sorted(KNOB_NAMES)}

    def hashed(self) -> dict[str, Any]:
        """What the fingerprint hashes: the canonical form, less each knob added after 1.0.0 that has
        its default (the rules as they were before it; docs/rules.md, "Fingerprint")."""
        knobs = _KNOB_FIELDS.items()
        former = {name for name, knob in knobs if knob.metadata["since"] and getattr(self, name) == knob.default}
        return {name: value for name, value in self.canonical().items() if name not in former}

    def fingerprint(self) -> str:
        """``sha256:`` + the hex digest of the hashed form (:meth:`hashed`) and the engine version."""
        document = {"engine": ENGINE_VERSION, "rules": self.hashed()}
        text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()

    def bonus_value(self, key: str) -> int | None:
        """The bonus for ``position.category``, royal flushes falling back to
        straight flushes (docs/rules.md, "Settling a table"); None when the table has no entry."""
        value = self.bonuses.get(key)
        if value is None and key.endswith(".royal_flush"):
            value = self.bonuses.get(key.replace("royal_flush", "straight_flush"))
        return value

    def plays_sap_lang(self, players: int) -> bool:
        """Whether sập làng is played at a table of ``players``: the one statement of the rule
        (docs/rules.md, "Settling a table"); the C kernel and the page read it from the knobs the same way."""
        return self.sap_lang and players >= self.sap_lang_min_players


_KNOB_FIELDS: Final = {knob.name: knob for knob in fields(RuleSet)}
#: Every knob's name, in the order a variant lists them.
KNOB_NAMES: Final = tuple(_KNOB_FIELDS)


def _knob_codes() -> type[LabelledCode]:
    members = [(name.upper(), (name, knob.metadata["label"])) for name, knob in _KNOB_FIELDS.items()]
    codes = EnumType.__call__(LabelledCode, "Knob", members, module=__name__)  # the functional API
    codes.__doc__ = "The knobs of a rule set, in the order a variant lists them, each with the words for it."
    return cast("type[LabelledCode]", codes)


#: The knobs with the words for each: the enumeration ``GET /v1/enumerations`` lists (read from :class:`RuleSet`).
Knob: Final = _knob_codes()


def build_rules(knobs: Mapping[str, object], path: tuple[PathPart, ...] = ()) -> RuleSet:
    """Check every knob and build the rule set; raise :class:`VariantError`
    naming the first bad or missing knob."""
    for key in knobs:
        if key not in _KNOB_FIELDS:
            raise unknown_knob(key, (*path, key))
    required = [name for name, knob in _KNOB_FIELDS.items() if knob.default is MISSING]
    missing = [name for name in required if name not in knobs]
    if missing:
        raise VariantError(
            words("the rule set lacks {missing}", missing=", ".join(missing)),
            path=path,
            code=ErrorCode.REQUIRED,
        )
    values = {
        name: knob.metadata["check"](knobs.get(name, knob.default), (*path, name))
        for name, knob in _KNOB_FIELDS.items()
    }  # a knob left out has its declared default (the check above let only those be left out)
    return RuleSet(**values)


def unknown_knob(key: str, path: tuple[PathPart, ...]) -> VariantError:
    """The error for a knob the rules do not have, listing those they have."""
    return VariantError(
        words("unknown knob {key}; the knobs are {knobs}", key=repr(key), knobs=", ".join(KNOB_NAMES)),
        path=path,
        code=ErrorCode.UNKNOWN_KNOB,
    )
