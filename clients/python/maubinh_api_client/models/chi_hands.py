from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hand import Hand





T = TypeVar("T", bound="ChiHands")



@_attrs_define
class ChiHands:
    """ The three chi, classified.

        Attributes:
            back (Hand): One classified chi. The schema's name is 1.0's, kept under the rules of change: everywhere else in
                this document and in the service's documentation a hand is the 13 cards a player is dealt, and a chi is 5 or 3
                of them.
            middle (Hand): One classified chi. The schema's name is 1.0's, kept under the rules of change: everywhere else
                in this document and in the service's documentation a hand is the 13 cards a player is dealt, and a chi is 5 or
                3 of them.
            front (Hand): One classified chi. The schema's name is 1.0's, kept under the rules of change: everywhere else in
                this document and in the service's documentation a hand is the 13 cards a player is dealt, and a chi is 5 or 3
                of them.
     """

    back: Hand
    middle: Hand
    front: Hand





    def to_dict(self) -> dict[str, Any]:
        from ..models.hand import Hand # noqa: PLC0415
        back = self.back.to_dict()

        middle = self.middle.to_dict()

        front = self.front.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "back": back,
            "middle": middle,
            "front": front,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand import Hand # noqa: PLC0415
        d = dict(src_dict)
        back = Hand.from_dict(d.pop("back"))




        middle = Hand.from_dict(d.pop("middle"))




        front = Hand.from_dict(d.pop("front"))




        chi_hands = cls(
            back=back,
            middle=middle,
            front=front,
        )

        return chi_hands

