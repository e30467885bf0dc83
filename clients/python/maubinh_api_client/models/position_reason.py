from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.position_reason_key import PositionReasonKey
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="PositionReason")



@_attrs_define
class PositionReason:
    """ Why the position went as it did: the stronger chi won, a tie, one or both hands fouled, or a natural decided the
    pair.

        Attributes:
            key (PositionReasonKey):
            label (Labels):
     """

    key: PositionReasonKey
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
        key = PositionReasonKey(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        position_reason = cls(
            key=key,
            label=label,
        )

        return position_reason

