from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.position_key import PositionKey
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="Bonus")



@_attrs_define
class Bonus:
    """ 
        Attributes:
            position (PositionKey): The three chi: back (chi đầu), middle (chi giữa), front (chi cuối).
            key (str): `position.category`; a royal flush is paid from the straight-flush entry when the table has no royal
                entry.
            value (int): Units the opponent pays when this chi wins the position (instead of 1).
            label (Labels):
     """

    position: PositionKey
    key: str
    value: int
    label: Labels





    def to_dict(self) -> dict[str, Any]:
        from ..models.labels import Labels # noqa: PLC0415
        position = self.position.value

        key = self.key

        value = self.value

        label = self.label.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "position": position,
            "key": key,
            "value": value,
            "label": label,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.labels import Labels # noqa: PLC0415
        d = dict(src_dict)
        position = PositionKey(d.pop("position"))




        key = d.pop("key")

        value = d.pop("value")

        label = Labels.from_dict(d.pop("label"))




        bonus = cls(
            position=position,
            key=key,
            value=value,
            label=label,
        )

        return bonus

