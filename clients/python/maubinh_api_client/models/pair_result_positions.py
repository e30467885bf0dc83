from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.position_result import PositionResult





T = TypeVar("T", bound="PairResultPositions")



@_attrs_define
class PairResultPositions:
    """ 
        Attributes:
            back (PositionResult):
            middle (PositionResult):
            front (PositionResult):
     """

    back: PositionResult
    middle: PositionResult
    front: PositionResult





    def to_dict(self) -> dict[str, Any]:
        from ..models.position_result import PositionResult # noqa: PLC0415
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
        from ..models.position_result import PositionResult # noqa: PLC0415
        d = dict(src_dict)
        back = PositionResult.from_dict(d.pop("back"))




        middle = PositionResult.from_dict(d.pop("middle"))




        front = PositionResult.from_dict(d.pop("front"))




        pair_result_positions = cls(
            back=back,
            middle=middle,
            front=front,
        )

        return pair_result_positions

