from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.natural_vs_natural_key import NaturalVsNaturalKey
from ..models.wheel_key import WheelKey
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_overrides_bonus_table_override import RuleOverridesBonusTableOverride
  from ..models.rule_overrides_natural_table_override import RuleOverridesNaturalTableOverride
  from ..models.rule_overrides_table_limits import RuleOverridesTableLimits





T = TypeVar("T", bound="RuleOverrides")



@_attrs_define
class RuleOverrides:
    """ Knobs to change (JSON Merge Patch over the preset). See docs/rules.md.

        Attributes:
            wheel (WheelKey | Unset): Where A-2-3-4-5 ranks among straights: `low` (the lowest) or `second` (second only to
                A-K-Q-J-10).
            foul_on_equal (bool | Unset): Equal back and middle is a foul.
            majority_bonus (int | Unset): Extra units to the player who won more positions (2-4 scoring).
            scoop_multiplier (int | Unset): Multiplies a pair total when one player wins all three positions (sập hầm).
            foul_multiplier (int | Unset): Multiplies a pair total against a fouled hand, instead of the scoop multiplier.
            foul_pays_bonuses (bool | Unset): The opponent of a fouled hand is paid its bonuses.
            sap_lang (bool | Unset): Whether sập làng applies.
            sap_lang_multiplier (int | Unset):
            sap_lang_min_players (int | Unset):
            foul_counts_as_scoop (bool | Unset): A fouled hand counts as scooped for sập làng.
            natural_vs_natural (NaturalVsNaturalKey | Unset): What two declared naturals do: the higher wins, or they draw.
            natural_tie_breaks (bool | Unset): Equal naturals are compared by the tie-breaks of seed 004.
            rake (float | str | Unset): Share of a player's positive winnings the house keeps, at most 0.5, with at most 8
                decimal places (trailing zeros aside; more is a 422, `knob_value`, never rounded). A JSON number `-0` is read as
                0.
            draw_fee (float | str | Unset): Share of the bet each player pays when every player nets 0, at most 1, with at
                most 8 decimal places (trailing zeros aside; more is a 422, `knob_value`, never rounded). A JSON number `-0` is
                read as 0.
            amount_decimals (int | Unset):
            bonuses (None | RuleOverridesBonusTableOverride | Unset):
            naturals (None | RuleOverridesNaturalTableOverride | Unset):
            table (None | RuleOverridesTableLimits | Unset): Table limits in bets (information only), replaced whole, or
                null for none.
     """

    wheel: WheelKey | Unset = UNSET
    foul_on_equal: bool | Unset = UNSET
    majority_bonus: int | Unset = UNSET
    scoop_multiplier: int | Unset = UNSET
    foul_multiplier: int | Unset = UNSET
    foul_pays_bonuses: bool | Unset = UNSET
    sap_lang: bool | Unset = UNSET
    sap_lang_multiplier: int | Unset = UNSET
    sap_lang_min_players: int | Unset = UNSET
    foul_counts_as_scoop: bool | Unset = UNSET
    natural_vs_natural: NaturalVsNaturalKey | Unset = UNSET
    natural_tie_breaks: bool | Unset = UNSET
    rake: float | str | Unset = UNSET
    draw_fee: float | str | Unset = UNSET
    amount_decimals: int | Unset = UNSET
    bonuses: None | RuleOverridesBonusTableOverride | Unset = UNSET
    naturals: None | RuleOverridesNaturalTableOverride | Unset = UNSET
    table: None | RuleOverridesTableLimits | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_overrides_bonus_table_override import RuleOverridesBonusTableOverride # noqa: PLC0415
        from ..models.rule_overrides_natural_table_override import RuleOverridesNaturalTableOverride # noqa: PLC0415
        from ..models.rule_overrides_table_limits import RuleOverridesTableLimits # noqa: PLC0415
        wheel: str | Unset = UNSET
        if not isinstance(self.wheel, Unset):
            wheel = self.wheel.value


        foul_on_equal = self.foul_on_equal

        majority_bonus = self.majority_bonus

        scoop_multiplier = self.scoop_multiplier

        foul_multiplier = self.foul_multiplier

        foul_pays_bonuses = self.foul_pays_bonuses

        sap_lang = self.sap_lang

        sap_lang_multiplier = self.sap_lang_multiplier

        sap_lang_min_players = self.sap_lang_min_players

        foul_counts_as_scoop = self.foul_counts_as_scoop

        natural_vs_natural: str | Unset = UNSET
        if not isinstance(self.natural_vs_natural, Unset):
            natural_vs_natural = self.natural_vs_natural.value


        natural_tie_breaks = self.natural_tie_breaks

        rake: float | str | Unset
        if isinstance(self.rake, Unset):
            rake = UNSET
        else:
            rake = self.rake

        draw_fee: float | str | Unset
        if isinstance(self.draw_fee, Unset):
            draw_fee = UNSET
        else:
            draw_fee = self.draw_fee

        amount_decimals = self.amount_decimals

        bonuses: dict[str, Any] | None | Unset
        if isinstance(self.bonuses, Unset):
            bonuses = UNSET
        elif isinstance(self.bonuses, RuleOverridesBonusTableOverride):
            bonuses = self.bonuses.to_dict()
        else:
            bonuses = self.bonuses

        naturals: dict[str, Any] | None | Unset
        if isinstance(self.naturals, Unset):
            naturals = UNSET
        elif isinstance(self.naturals, RuleOverridesNaturalTableOverride):
            naturals = self.naturals.to_dict()
        else:
            naturals = self.naturals

        table: dict[str, Any] | None | Unset
        if isinstance(self.table, Unset):
            table = UNSET
        elif isinstance(self.table, RuleOverridesTableLimits):
            table = self.table.to_dict()
        else:
            table = self.table


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if wheel is not UNSET:
            field_dict["wheel"] = wheel
        if foul_on_equal is not UNSET:
            field_dict["foul_on_equal"] = foul_on_equal
        if majority_bonus is not UNSET:
            field_dict["majority_bonus"] = majority_bonus
        if scoop_multiplier is not UNSET:
            field_dict["scoop_multiplier"] = scoop_multiplier
        if foul_multiplier is not UNSET:
            field_dict["foul_multiplier"] = foul_multiplier
        if foul_pays_bonuses is not UNSET:
            field_dict["foul_pays_bonuses"] = foul_pays_bonuses
        if sap_lang is not UNSET:
            field_dict["sap_lang"] = sap_lang
        if sap_lang_multiplier is not UNSET:
            field_dict["sap_lang_multiplier"] = sap_lang_multiplier
        if sap_lang_min_players is not UNSET:
            field_dict["sap_lang_min_players"] = sap_lang_min_players
        if foul_counts_as_scoop is not UNSET:
            field_dict["foul_counts_as_scoop"] = foul_counts_as_scoop
        if natural_vs_natural is not UNSET:
            field_dict["natural_vs_natural"] = natural_vs_natural
        if natural_tie_breaks is not UNSET:
            field_dict["natural_tie_breaks"] = natural_tie_breaks
        if rake is not UNSET:
            field_dict["rake"] = rake
        if draw_fee is not UNSET:
            field_dict["draw_fee"] = draw_fee
        if amount_decimals is not UNSET:
            field_dict["amount_decimals"] = amount_decimals
        if bonuses is not UNSET:
            field_dict["bonuses"] = bonuses
        if naturals is not UNSET:
            field_dict["naturals"] = naturals
        if table is not UNSET:
            field_dict["table"] = table

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides_bonus_table_override import RuleOverridesBonusTableOverride # noqa: PLC0415
        from ..models.rule_overrides_natural_table_override import RuleOverridesNaturalTableOverride # noqa: PLC0415
        from ..models.rule_overrides_table_limits import RuleOverridesTableLimits # noqa: PLC0415
        d = dict(src_dict)
        _wheel = d.pop("wheel", UNSET)
        wheel: WheelKey | Unset
        if isinstance(_wheel,  Unset):
            wheel = UNSET
        else:
            wheel = WheelKey(_wheel)




        foul_on_equal = d.pop("foul_on_equal", UNSET)

        majority_bonus = d.pop("majority_bonus", UNSET)

        scoop_multiplier = d.pop("scoop_multiplier", UNSET)

        foul_multiplier = d.pop("foul_multiplier", UNSET)

        foul_pays_bonuses = d.pop("foul_pays_bonuses", UNSET)

        sap_lang = d.pop("sap_lang", UNSET)

        sap_lang_multiplier = d.pop("sap_lang_multiplier", UNSET)

        sap_lang_min_players = d.pop("sap_lang_min_players", UNSET)

        foul_counts_as_scoop = d.pop("foul_counts_as_scoop", UNSET)

        _natural_vs_natural = d.pop("natural_vs_natural", UNSET)
        natural_vs_natural: NaturalVsNaturalKey | Unset
        if isinstance(_natural_vs_natural,  Unset):
            natural_vs_natural = UNSET
        else:
            natural_vs_natural = NaturalVsNaturalKey(_natural_vs_natural)




        natural_tie_breaks = d.pop("natural_tie_breaks", UNSET)

        def _parse_rake(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        rake = _parse_rake(d.pop("rake", UNSET))


        def _parse_draw_fee(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        draw_fee = _parse_draw_fee(d.pop("draw_fee", UNSET))


        amount_decimals = d.pop("amount_decimals", UNSET)

        def _parse_bonuses(data: object) -> None | RuleOverridesBonusTableOverride | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bonuses_bonus_table_override = RuleOverridesBonusTableOverride.from_dict(data)



                return bonuses_bonus_table_override
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleOverridesBonusTableOverride | Unset, data)

        bonuses = _parse_bonuses(d.pop("bonuses", UNSET))


        def _parse_naturals(data: object) -> None | RuleOverridesNaturalTableOverride | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                naturals_natural_table_override = RuleOverridesNaturalTableOverride.from_dict(data)



                return naturals_natural_table_override
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleOverridesNaturalTableOverride | Unset, data)

        naturals = _parse_naturals(d.pop("naturals", UNSET))


        def _parse_table(data: object) -> None | RuleOverridesTableLimits | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                table_table_limits = RuleOverridesTableLimits.from_dict(data)



                return table_table_limits
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleOverridesTableLimits | Unset, data)

        table = _parse_table(d.pop("table", UNSET))


        rule_overrides = cls(
            wheel=wheel,
            foul_on_equal=foul_on_equal,
            majority_bonus=majority_bonus,
            scoop_multiplier=scoop_multiplier,
            foul_multiplier=foul_multiplier,
            foul_pays_bonuses=foul_pays_bonuses,
            sap_lang=sap_lang,
            sap_lang_multiplier=sap_lang_multiplier,
            sap_lang_min_players=sap_lang_min_players,
            foul_counts_as_scoop=foul_counts_as_scoop,
            natural_vs_natural=natural_vs_natural,
            natural_tie_breaks=natural_tie_breaks,
            rake=rake,
            draw_fee=draw_fee,
            amount_decimals=amount_decimals,
            bonuses=bonuses,
            naturals=naturals,
            table=table,
        )

        return rule_overrides

