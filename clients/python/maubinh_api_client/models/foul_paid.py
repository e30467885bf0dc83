from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FoulPaid")



@_attrs_define
class FoulPaid:
    """ What a foul passed to one opponent beyond what the best legal play would have.

        Attributes:
            player (str): The opponent's id.
            points (int): Units; negative when the best play would have paid this opponent more.
     """

    player: str
    points: int





    def to_dict(self) -> dict[str, Any]:
        player = self.player

        points = self.points


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "player": player,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        points = d.pop("points")

        foul_paid = cls(
            player=player,
            points=points,
        )

        return foul_paid

