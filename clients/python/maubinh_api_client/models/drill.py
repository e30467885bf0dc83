from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.difficulty import Difficulty
  from ..models.drill_theme import DrillTheme





T = TypeVar("T", bound="Drill")



@_attrs_define
class Drill:
    """ 
        Attributes:
            cards (list[str]): The 13 cards to set, high to low.
            theme (DrillTheme): A drill's theme, as every enumeration is given.
            difficulty (Difficulty): How much the typical level gives up on a drill against an average hand: `easy` (under
                0.75 times), `medium` (under 1.5 times) or `hard`.
            typical_loss (float): What a player of the answer's `level` gives up on these cards on average (points per
                opponent).
     """

    cards: list[str]
    theme: DrillTheme
    difficulty: Difficulty
    typical_loss: float





    def to_dict(self) -> dict[str, Any]:
        from ..models.difficulty import Difficulty # noqa: PLC0415
        from ..models.drill_theme import DrillTheme # noqa: PLC0415
        cards = self.cards



        theme = self.theme.to_dict()

        difficulty = self.difficulty.to_dict()

        typical_loss = self.typical_loss


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
            "theme": theme,
            "difficulty": difficulty,
            "typical_loss": typical_loss,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.difficulty import Difficulty # noqa: PLC0415
        from ..models.drill_theme import DrillTheme # noqa: PLC0415
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))


        theme = DrillTheme.from_dict(d.pop("theme"))




        difficulty = Difficulty.from_dict(d.pop("difficulty"))




        typical_loss = d.pop("typical_loss")

        drill = cls(
            cards=cards,
            theme=theme,
            difficulty=difficulty,
            typical_loss=typical_loss,
        )

        return drill

