from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.player_level import PlayerLevel





T = TypeVar("T", bound="Yardstick")



@_attrs_define
class Yardstick:
    """ A level's loss per hand under a preset at one table size, measured over seeded hands set by its bot (random deals,
    or drills of one theme).

        Attributes:
            level (PlayerLevel): The level a bot played at, as every enumeration is given.
            mean (float): Mean loss per hand (points per opponent).
            sd (float): Standard deviation of the loss per hand.
            best_share (float): Share of hands set exactly as the best play.
            hands (int): Hands measured.
     """

    level: PlayerLevel
    mean: float
    sd: float
    best_share: float
    hands: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        level = self.level.to_dict()

        mean = self.mean

        sd = self.sd

        best_share = self.best_share

        hands = self.hands


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "level": level,
            "mean": mean,
            "sd": sd,
            "best_share": best_share,
            "hands": hands,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        d = dict(src_dict)
        level = PlayerLevel.from_dict(d.pop("level"))




        mean = d.pop("mean")

        sd = d.pop("sd")

        best_share = d.pop("best_share")

        hands = d.pop("hands")

        yardstick = cls(
            level=level,
            mean=mean,
            sd=sd,
            best_share=best_share,
            hands=hands,
        )

        return yardstick

