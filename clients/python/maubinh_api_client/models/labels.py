from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Labels")



@_attrs_define
class Labels:
    """ 
        Attributes:
            en (str):
            vi (str):
     """

    en: str
    vi: str





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
        en = d.pop("en")

        vi = d.pop("vi")

        labels = cls(
            en=en,
            vi=vi,
        )

        return labels

