from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Arrangement")



@_attrs_define
class Arrangement:
    """ Three chi: back and middle of 5 cards, front of 3. A request may write its cards in any notation; an answer writes
    them canonically, and posts on as it is.

        Attributes:
            back (list[str]):
            middle (list[str]):
            front (list[str]):
     """

    back: list[str]
    middle: list[str]
    front: list[str]





    def to_dict(self) -> dict[str, Any]:
        back = self.back



        middle = self.middle



        front = self.front




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "back": back,
            "middle": middle,
            "front": front,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        back = cast(list[str], d.pop("back"))


        middle = cast(list[str], d.pop("middle"))


        front = cast(list[str], d.pop("front"))


        arrangement = cls(
            back=back,
            middle=middle,
            front=front,
        )

        return arrangement

