from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PairResultMajority")



@_attrs_define
class PairResultMajority:
    """ 
        Attributes:
            winner (str):
            units (int):
     """

    winner: str
    units: int





    def to_dict(self) -> dict[str, Any]:
        winner = self.winner

        units = self.units


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "winner": winner,
            "units": units,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        winner = d.pop("winner")

        units = d.pop("units")

        pair_result_majority = cls(
            winner=winner,
            units=units,
        )

        return pair_result_majority

