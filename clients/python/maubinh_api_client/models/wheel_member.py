from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.wheel_key import WheelKey
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="WheelMember")



@_attrs_define
class WheelMember:
    """ A value of the `wheel` knob, as every enumeration is given.

        Attributes:
            key (WheelKey): Where A-2-3-4-5 ranks among straights: `low` (the lowest) or `second` (second only to A-K-
                Q-J-10).
            label (Labels):
     """

    key: WheelKey
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
        key = WheelKey(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        wheel_member = cls(
            key=key,
            label=label,
        )

        return wheel_member

