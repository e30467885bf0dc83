from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ChangesLines")



@_attrs_define
class ChangesLines:
    """ The advice, line by line, in English and Vietnamese.

        Attributes:
            en (list[str]):
            vi (list[str]):
     """

    en: list[str]
    vi: list[str]





    def to_dict(self) -> dict[str, Any]:
        en = self.en



        vi = self.vi




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "en": en,
            "vi": vi,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        en = cast(list[str], d.pop("en"))


        vi = cast(list[str], d.pop("vi"))


        changes_lines = cls(
            en=en,
            vi=vi,
        )

        return changes_lines

