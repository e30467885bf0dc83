from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bonus_key import BonusKey
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="BonusMember")



@_attrs_define
class BonusMember:
    """ A key of the `bonuses` knob, as every enumeration is given.

        Attributes:
            key (BonusKey): A bonus of the `bonuses` map: `<position>.<category>`.
            label (Labels):
     """

    key: BonusKey
    label: Labels





    def to_dict(self) -> dict[str, Any]:
        from ..models.labels import Labels # noqa: PLC0415
        key = self.key.value

        label = self.label.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
            "label": label,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.labels import Labels # noqa: PLC0415
        d = dict(src_dict)
        key = BonusKey(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        bonus_member = cls(
            key=key,
            label=label,
        )

        return bonus_member

