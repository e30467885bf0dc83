from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bonus_member import BonusMember
  from ..models.natural_member import NaturalMember
  from ..models.natural_vs_natural_member import NaturalVsNaturalMember
  from ..models.table_limit_member import TableLimitMember
  from ..models.wheel_member import WheelMember





T = TypeVar("T", bound="EnumerationsKnobValues")



@_attrs_define
class EnumerationsKnobValues:
    """ The knobs whose values come from a fixed set; for the maps, the keys they may hold; for `table`, its fields.

        Attributes:
            wheel (list[WheelMember]):
            natural_vs_natural (list[NaturalVsNaturalMember]):
            bonuses (list[BonusMember]):
            naturals (list[NaturalMember]):
            table (list[TableLimitMember]):
     """

    wheel: list[WheelMember]
    natural_vs_natural: list[NaturalVsNaturalMember]
    bonuses: list[BonusMember]
    naturals: list[NaturalMember]
    table: list[TableLimitMember]





    def to_dict(self) -> dict[str, Any]:
        from ..models.bonus_member import BonusMember # noqa: PLC0415
        from ..models.natural_member import NaturalMember # noqa: PLC0415
        from ..models.natural_vs_natural_member import NaturalVsNaturalMember # noqa: PLC0415
        from ..models.table_limit_member import TableLimitMember # noqa: PLC0415
        from ..models.wheel_member import WheelMember # noqa: PLC0415
        wheel = []
        for wheel_item_data in self.wheel:
            wheel_item = wheel_item_data.to_dict()
            wheel.append(wheel_item)



        natural_vs_natural = []
        for natural_vs_natural_item_data in self.natural_vs_natural:
            natural_vs_natural_item = natural_vs_natural_item_data.to_dict()
            natural_vs_natural.append(natural_vs_natural_item)



        bonuses = []
        for bonuses_item_data in self.bonuses:
            bonuses_item = bonuses_item_data.to_dict()
            bonuses.append(bonuses_item)



        naturals = []
        for naturals_item_data in self.naturals:
            naturals_item = naturals_item_data.to_dict()
            naturals.append(naturals_item)



        table = []
        for table_item_data in self.table:
            table_item = table_item_data.to_dict()
            table.append(table_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "wheel": wheel,
            "natural_vs_natural": natural_vs_natural,
            "bonuses": bonuses,
            "naturals": naturals,
            "table": table,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bonus_member import BonusMember # noqa: PLC0415
        from ..models.natural_member import NaturalMember # noqa: PLC0415
        from ..models.natural_vs_natural_member import NaturalVsNaturalMember # noqa: PLC0415
        from ..models.table_limit_member import TableLimitMember # noqa: PLC0415
        from ..models.wheel_member import WheelMember # noqa: PLC0415
        d = dict(src_dict)
        wheel = []
        _wheel = d.pop("wheel")
        for wheel_item_data in (_wheel):
            wheel_item = WheelMember.from_dict(wheel_item_data)



            wheel.append(wheel_item)


        natural_vs_natural = []
        _natural_vs_natural = d.pop("natural_vs_natural")
        for natural_vs_natural_item_data in (_natural_vs_natural):
            natural_vs_natural_item = NaturalVsNaturalMember.from_dict(natural_vs_natural_item_data)



            natural_vs_natural.append(natural_vs_natural_item)


        bonuses = []
        _bonuses = d.pop("bonuses")
        for bonuses_item_data in (_bonuses):
            bonuses_item = BonusMember.from_dict(bonuses_item_data)



            bonuses.append(bonuses_item)


        naturals = []
        _naturals = d.pop("naturals")
        for naturals_item_data in (_naturals):
            naturals_item = NaturalMember.from_dict(naturals_item_data)



            naturals.append(naturals_item)


        table = []
        _table = d.pop("table")
        for table_item_data in (_table):
            table_item = TableLimitMember.from_dict(table_item_data)



            table.append(table_item)


        enumerations_knob_values = cls(
            wheel=wheel,
            natural_vs_natural=natural_vs_natural,
            bonuses=bonuses,
            naturals=naturals,
            table=table,
        )

        return enumerations_knob_values

