from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="OptimalStats")



@_attrs_define
class OptimalStats:
    """ 
        Attributes:
            splits (int): Splits considered: every way to deal 13 cards into 5, 5 and 3 (72,072).
            legal (int): Splits that are not fouled.
     """

    splits: int
    legal: int





    def to_dict(self) -> dict[str, Any]:
        splits = self.splits

        legal = self.legal


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "splits": splits,
            "legal": legal,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        splits = d.pop("splits")

        legal = d.pop("legal")

        optimal_stats = cls(
            splits=splits,
            legal=legal,
        )

        return optimal_stats

