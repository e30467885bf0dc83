from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.drill import Drill
  from ..models.drill_theme import DrillTheme
  from ..models.player_level import PlayerLevel
  from ..models.variant import Variant
  from ..models.yardstick import Yardstick





T = TypeVar("T", bound="DrillsResult")



@_attrs_define
class DrillsResult:
    """ 
        Attributes:
            theme (DrillTheme): A drill's theme, as every enumeration is given.
            seed (int): The seed sent, or the one drawn.
            level (PlayerLevel): The level a bot played at, as every enumeration is given.
            opponents (int): The opponents at the table (1-3).
            tried (int): The hands valued to find the drills.
            drills (list[Drill]):
            yardsticks (list[Yardstick]): Each level's loss per hand under the variant's preset at this table, weakest level
                first, on
                hands of this `theme`: for `random`, seeded random deals (1,500 per preset and table size);
                for another theme, 1,000 drills of the theme per preset and table size, dealt as this
                operation deals them (seeded requests of five drills, their condition judged for `casual`),
                each set by every level's bot and graded against the best play, as the random deals are
                (`make levels`: `maubinh_api/service/level_yardsticks.py`, shipped in
                `strategy/levels.json`; docs/strategy.md, "Yardsticks"). A theme the preset never deals at
                this table (dealt under a variant with overrides), and every theme under a pinned model of
                release 1.0.0, has the random deals' figures. What a run of these drills is judged by: the
                level it plays like is the one nearest on mean loss and share of best plays, in that level's
                standard errors.
            variant (Variant): A preset with overrides: what a request's `variant` may be, and what every answer's `variant`
                is (an answer always has all three fields, so that it can be sent back as it is).
     """

    theme: DrillTheme
    seed: int
    level: PlayerLevel
    opponents: int
    tried: int
    drills: list[Drill]
    yardsticks: list[Yardstick]
    variant: Variant





    def to_dict(self) -> dict[str, Any]:
        from ..models.drill import Drill # noqa: PLC0415
        from ..models.drill_theme import DrillTheme # noqa: PLC0415
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        from ..models.yardstick import Yardstick # noqa: PLC0415
        theme = self.theme.to_dict()

        seed = self.seed

        level = self.level.to_dict()

        opponents = self.opponents

        tried = self.tried

        drills = []
        for drills_item_data in self.drills:
            drills_item = drills_item_data.to_dict()
            drills.append(drills_item)



        yardsticks = []
        for yardsticks_item_data in self.yardsticks:
            yardsticks_item = yardsticks_item_data.to_dict()
            yardsticks.append(yardsticks_item)



        variant = self.variant.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "theme": theme,
            "seed": seed,
            "level": level,
            "opponents": opponents,
            "tried": tried,
            "drills": drills,
            "yardsticks": yardsticks,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.drill import Drill # noqa: PLC0415
        from ..models.drill_theme import DrillTheme # noqa: PLC0415
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        from ..models.yardstick import Yardstick # noqa: PLC0415
        d = dict(src_dict)
        theme = DrillTheme.from_dict(d.pop("theme"))




        seed = d.pop("seed")

        level = PlayerLevel.from_dict(d.pop("level"))




        opponents = d.pop("opponents")

        tried = d.pop("tried")

        drills = []
        _drills = d.pop("drills")
        for drills_item_data in (_drills):
            drills_item = Drill.from_dict(drills_item_data)



            drills.append(drills_item)


        yardsticks = []
        _yardsticks = d.pop("yardsticks")
        for yardsticks_item_data in (_yardsticks):
            yardsticks_item = Yardstick.from_dict(yardsticks_item_data)



            yardsticks.append(yardsticks_item)


        variant = Variant.from_dict(d.pop("variant"))




        drills_result = cls(
            theme=theme,
            seed=seed,
            level=level,
            opponents=opponents,
            tried=tried,
            drills=drills,
            yardsticks=yardsticks,
            variant=variant,
        )

        return drills_result

