from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.position_key import PositionKey
from typing import cast






T = TypeVar("T", bound="Move")



@_attrs_define
class Move:
    """ 
        Attributes:
            cards (list[str]):
            from_ (PositionKey): The three chi: back (chi đầu), middle (chi giữa), front (chi cuối).
            to (PositionKey): The three chi: back (chi đầu), middle (chi giữa), front (chi cuối).
     """

    cards: list[str]
    from_: PositionKey
    to: PositionKey





    def to_dict(self) -> dict[str, Any]:
        cards = self.cards



        from_ = self.from_.value

        to = self.to.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
            "from": from_,
            "to": to,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))


        from_ = PositionKey(d.pop("from"))




        to = PositionKey(d.pop("to"))




        move = cls(
            cards=cards,
            from_=from_,
            to=to,
        )

        return move

