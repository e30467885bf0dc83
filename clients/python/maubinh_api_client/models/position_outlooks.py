from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.position_outlook import PositionOutlook





T = TypeVar("T", bound="PositionOutlooks")



@_attrs_define
class PositionOutlooks:
    """ How each chi fares against one opponent.

        Attributes:
            back (PositionOutlook): One chi against one opponent of the field. An opponent who declares a natural compares
                no chi, so `win + tie + lose + opponent_natural` (the analysis's) is 1.
            middle (PositionOutlook): One chi against one opponent of the field. An opponent who declares a natural compares
                no chi, so `win + tie + lose + opponent_natural` (the analysis's) is 1.
            front (PositionOutlook): One chi against one opponent of the field. An opponent who declares a natural compares
                no chi, so `win + tie + lose + opponent_natural` (the analysis's) is 1.
     """

    back: PositionOutlook
    middle: PositionOutlook
    front: PositionOutlook





    def to_dict(self) -> dict[str, Any]:
        from ..models.position_outlook import PositionOutlook # noqa: PLC0415
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
        from ..models.position_outlook import PositionOutlook # noqa: PLC0415
        d = dict(src_dict)
        back = PositionOutlook.from_dict(d.pop("back"))




        middle = PositionOutlook.from_dict(d.pop("middle"))




        front = PositionOutlook.from_dict(d.pop("front"))




        position_outlooks = cls(
            back=back,
            middle=middle,
            front=front,
        )

        return position_outlooks

