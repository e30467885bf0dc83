from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PositionOutlook")



@_attrs_define
class PositionOutlook:
    """ One chi against one opponent of the field. An opponent who declares a natural compares no chi, so `win + tie + lose
    + opponent_natural` (the analysis's) is 1.

        Attributes:
            win (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be off by a few
                0.0001).
            tie (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be off by a few
                0.0001).
            lose (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be off by a
                few 0.0001).
            points (float): Expected points of the position (its value or the opponent's, before the majority unit and
                multipliers), 4 decimals.
     """

    win: float
    tie: float
    lose: float
    points: float





    def to_dict(self) -> dict[str, Any]:
        win = self.win

        tie = self.tie

        lose = self.lose

        points = self.points


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "win": win,
            "tie": tie,
            "lose": lose,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        win = d.pop("win")

        tie = d.pop("tie")

        lose = d.pop("lose")

        points = d.pop("points")

        position_outlook = cls(
            win=win,
            tie=tie,
            lose=lose,
            points=points,
        )

        return position_outlook

