from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="DealRequest")



@_attrs_define
class DealRequest:
    """ 
        Attributes:
            client_seeds (list[str]): The client seeds, in the order the stream takes them.
            seats (int): How many seats are dealt 13 cards.
     """

    client_seeds: list[str]
    seats: int





    def to_dict(self) -> dict[str, Any]:
        client_seeds = self.client_seeds



        seats = self.seats


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "client_seeds": client_seeds,
            "seats": seats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_seeds = cast(list[str], d.pop("client_seeds"))


        seats = d.pop("seats")

        deal_request = cls(
            client_seeds=client_seeds,
            seats=seats,
        )

        return deal_request

