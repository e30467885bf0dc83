from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SettlementHouseTake")



@_attrs_define
class SettlementHouseTake:
    """ 
        Attributes:
            rake (str): An exact decimal amount with the variant's `amount_decimals` places.
            draw_fee (str): An exact decimal amount with the variant's `amount_decimals` places.
            total (str): An exact decimal amount with the variant's `amount_decimals` places.
     """

    rake: str
    draw_fee: str
    total: str





    def to_dict(self) -> dict[str, Any]:
        rake = self.rake

        draw_fee = self.draw_fee

        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rake": rake,
            "draw_fee": draw_fee,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rake = d.pop("rake")

        draw_fee = d.pop("draw_fee")

        total = d.pop("total")

        settlement_house_take = cls(
            rake=rake,
            draw_fee=draw_fee,
            total=total,
        )

        return settlement_house_take

