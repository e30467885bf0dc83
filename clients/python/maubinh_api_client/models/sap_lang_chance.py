from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SapLangChance")



@_attrs_define
class SapLangChance:
    """ 
        Attributes:
            scoops_all (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be off
                by a few 0.0001).
            scooped_by_all (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be
                off by a few 0.0001).
     """

    scoops_all: float
    scooped_by_all: float





    def to_dict(self) -> dict[str, Any]:
        scoops_all = self.scoops_all

        scooped_by_all = self.scooped_by_all


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "scoops_all": scoops_all,
            "scooped_by_all": scooped_by_all,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scoops_all = d.pop("scoops_all")

        scooped_by_all = d.pop("scooped_by_all")

        sap_lang_chance = cls(
            scoops_all=scoops_all,
            scooped_by_all=scooped_by_all,
        )

        return sap_lang_chance

