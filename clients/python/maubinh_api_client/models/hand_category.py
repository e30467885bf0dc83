from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.category import Category
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="HandCategory")



@_attrs_define
class HandCategory:
    """ A chi's category (mậu thầu, đôi, thú, sám cô, sảnh, thùng, cù lũ, tứ quý, thùng phá sảnh), as every enumeration is
    given (the name is 1.0's: see `Hand`).

        Attributes:
            key (Category):
            label (Labels):
     """

    key: Category
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
        key = Category(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        hand_category = cls(
            key=key,
            label=label,
        )

        return hand_category

