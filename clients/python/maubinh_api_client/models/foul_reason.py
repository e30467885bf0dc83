from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.foul_code import FoulCode
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels
  from ..models.line import Line





T = TypeVar("T", bound="FoulReason")



@_attrs_define
class FoulReason:
    """ One reason an arrangement is fouled (binh lủng), an enumeration with the particulars in `detail`.

        Attributes:
            key (FoulCode): The kind of foul (binh lủng).
            label (Labels):
            detail (Line): A text for people, in English and Vietnamese (an explanation step, a reason, a title).
     """

    key: FoulCode
    label: Labels
    detail: Line





    def to_dict(self) -> dict[str, Any]:
        from ..models.labels import Labels # noqa: PLC0415
        from ..models.line import Line # noqa: PLC0415
        key = self.key.value

        label = self.label.to_dict()

        detail = self.detail.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
            "label": label,
            "detail": detail,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.labels import Labels # noqa: PLC0415
        from ..models.line import Line # noqa: PLC0415
        d = dict(src_dict)
        key = FoulCode(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        detail = Line.from_dict(d.pop("detail"))




        foul_reason = cls(
            key=key,
            label=label,
            detail=detail,
        )

        return foul_reason

