from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.natural_vs_natural_key import NaturalVsNaturalKey
from ..models.wheel_key import WheelKey
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_set_bonuses import RuleSetBonuses
  from ..models.rule_set_naturals import RuleSetNaturals
  from ..models.rule_set_table_limits import RuleSetTableLimits





T = TypeVar("T", bound="RuleSet")



@_attrs_define
class RuleSet:
    """ Every knob, resolved. Decimals are strings.

        Attributes:
            amount_decimals (int):
            bonuses (RuleSetBonuses):
            draw_fee (str):
            foul_counts_as_scoop (bool):
            foul_multiplier (int):
            foul_on_equal (bool):
            foul_pays_bonuses (bool):
            majority_bonus (int):
            natural_tie_breaks (bool):
            natural_vs_natural (NaturalVsNaturalKey): What two declared naturals do: the higher wins, or they draw.
            naturals (RuleSetNaturals):
            rake (str):
            sap_lang (bool):
            sap_lang_min_players (int):
            sap_lang_multiplier (int):
            scoop_multiplier (int):
            table (None | RuleSetTableLimits):
            wheel (WheelKey): Where A-2-3-4-5 ranks among straights: `low` (the lowest) or `second` (second only to A-K-
                Q-J-10).
     """

    amount_decimals: int
    bonuses: RuleSetBonuses
    draw_fee: str
    foul_counts_as_scoop: bool
    foul_multiplier: int
    foul_on_equal: bool
    foul_pays_bonuses: bool
    majority_bonus: int
    natural_tie_breaks: bool
    natural_vs_natural: NaturalVsNaturalKey
    naturals: RuleSetNaturals
    rake: str
    sap_lang: bool
    sap_lang_min_players: int
    sap_lang_multiplier: int
    scoop_multiplier: int
    table: None | RuleSetTableLimits
    wheel: WheelKey





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_set_bonuses import RuleSetBonuses # noqa: PLC0415
        from ..models.rule_set_naturals import RuleSetNaturals # noqa: PLC0415
        from ..models.rule_set_table_limits import RuleSetTableLimits # noqa: PLC0415
        amount_decimals = self.amount_decimals

        bonuses = self.bonuses.to_dict()

        draw_fee = self.draw_fee

        foul_counts_as_scoop = self.foul_counts_as_scoop

        foul_multiplier = self.foul_multiplier

        foul_on_equal = self.foul_on_equal

        foul_pays_bonuses = self.foul_pays_bonuses

        majority_bonus = self.majority_bonus

        natural_tie_breaks = self.natural_tie_breaks

        natural_vs_natural = self.natural_vs_natural.value

        naturals = self.naturals.to_dict()

        rake = self.rake

        sap_lang = self.sap_lang

        sap_lang_min_players = self.sap_lang_min_players

        sap_lang_multiplier = self.sap_lang_multiplier

        scoop_multiplier = self.scoop_multiplier

        table: dict[str, Any] | None
        if isinstance(self.table, RuleSetTableLimits):
            table = self.table.to_dict()
        else:
            table = self.table

        wheel = self.wheel.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_decimals": amount_decimals,
            "bonuses": bonuses,
            "draw_fee": draw_fee,
            "foul_counts_as_scoop": foul_counts_as_scoop,
            "foul_multiplier": foul_multiplier,
            "foul_on_equal": foul_on_equal,
            "foul_pays_bonuses": foul_pays_bonuses,
            "majority_bonus": majority_bonus,
            "natural_tie_breaks": natural_tie_breaks,
            "natural_vs_natural": natural_vs_natural,
            "naturals": naturals,
            "rake": rake,
            "sap_lang": sap_lang,
            "sap_lang_min_players": sap_lang_min_players,
            "sap_lang_multiplier": sap_lang_multiplier,
            "scoop_multiplier": scoop_multiplier,
            "table": table,
            "wheel": wheel,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set_bonuses import RuleSetBonuses # noqa: PLC0415
        from ..models.rule_set_naturals import RuleSetNaturals # noqa: PLC0415
        from ..models.rule_set_table_limits import RuleSetTableLimits # noqa: PLC0415
        d = dict(src_dict)
        amount_decimals = d.pop("amount_decimals")

        bonuses = RuleSetBonuses.from_dict(d.pop("bonuses"))




        draw_fee = d.pop("draw_fee")

        foul_counts_as_scoop = d.pop("foul_counts_as_scoop")

        foul_multiplier = d.pop("foul_multiplier")

        foul_on_equal = d.pop("foul_on_equal")

        foul_pays_bonuses = d.pop("foul_pays_bonuses")

        majority_bonus = d.pop("majority_bonus")

        natural_tie_breaks = d.pop("natural_tie_breaks")

        natural_vs_natural = NaturalVsNaturalKey(d.pop("natural_vs_natural"))




        naturals = RuleSetNaturals.from_dict(d.pop("naturals"))




        rake = d.pop("rake")

        sap_lang = d.pop("sap_lang")

        sap_lang_min_players = d.pop("sap_lang_min_players")

        sap_lang_multiplier = d.pop("sap_lang_multiplier")

        scoop_multiplier = d.pop("scoop_multiplier")

        def _parse_table(data: object) -> None | RuleSetTableLimits:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                table_table_limits = RuleSetTableLimits.from_dict(data)



                return table_table_limits
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleSetTableLimits, data)

        table = _parse_table(d.pop("table"))


        wheel = WheelKey(d.pop("wheel"))




        rule_set = cls(
            amount_decimals=amount_decimals,
            bonuses=bonuses,
            draw_fee=draw_fee,
            foul_counts_as_scoop=foul_counts_as_scoop,
            foul_multiplier=foul_multiplier,
            foul_on_equal=foul_on_equal,
            foul_pays_bonuses=foul_pays_bonuses,
            majority_bonus=majority_bonus,
            natural_tie_breaks=natural_tie_breaks,
            natural_vs_natural=natural_vs_natural,
            naturals=naturals,
            rake=rake,
            sap_lang=sap_lang,
            sap_lang_min_players=sap_lang_min_players,
            sap_lang_multiplier=sap_lang_multiplier,
            scoop_multiplier=scoop_multiplier,
            table=table,
            wheel=wheel,
        )

        return rule_set

