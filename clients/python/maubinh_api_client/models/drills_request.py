from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.drill_theme_key import DrillThemeKey
from ..models.level import Level
from ..models.preset_name import PresetName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.variant import Variant





T = TypeVar("T", bound="DrillsRequest")



@_attrs_define
class DrillsRequest:
    """ 
        Attributes:
            theme (DrillThemeKey): Why a drill's cards were chosen (see `POST /v1/drills`).
            count (int | Unset): How many drills to deal. Default: 5.
            seed (int | Unset): The seed the drills are dealt from, at most 2^53 - 1; drawn at random when omitted.
            level (Level | Unset): A player's level, from the weakest to the optimal play.
            variant (PresetName | Unset | Variant): A preset name, or a preset with overrides (an answer's `variant`, as it
                came). Omitted means the service default.
            opponents (int | Unset): The opponents at the table (1-3).
     """

    theme: DrillThemeKey
    count: int | Unset = 5
    seed: int | Unset = UNSET
    level: Level | Unset = UNSET
    variant: PresetName | Unset | Variant = UNSET
    opponents: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.variant import Variant # noqa: PLC0415
        theme = self.theme.value

        count = self.count

        seed = self.seed

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value


        variant: dict[str, Any] | str | Unset
        if isinstance(self.variant, Unset):
            variant = UNSET
        elif isinstance(self.variant, PresetName):
            variant = self.variant.value
        else:
            variant = self.variant.to_dict()


        opponents = self.opponents


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "theme": theme,
        })
        if count is not UNSET:
            field_dict["count"] = count
        if seed is not UNSET:
            field_dict["seed"] = seed
        if level is not UNSET:
            field_dict["level"] = level
        if variant is not UNSET:
            field_dict["variant"] = variant
        if opponents is not UNSET:
            field_dict["opponents"] = opponents

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        theme = DrillThemeKey(d.pop("theme"))




        count = d.pop("count", UNSET)

        seed = d.pop("seed", UNSET)

        _level = d.pop("level", UNSET)
        level: Level | Unset
        if isinstance(_level,  Unset):
            level = UNSET
        else:
            level = Level(_level)




        def _parse_variant(data: object) -> PresetName | Unset | Variant:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_variant_spec_type_0 = PresetName(data)



                return componentsschemas_variant_spec_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_variant_spec_type_1 = Variant.from_dict(data)



            return componentsschemas_variant_spec_type_1

        variant = _parse_variant(d.pop("variant", UNSET))


        opponents = d.pop("opponents", UNSET)

        drills_request = cls(
            theme=theme,
            count=count,
            seed=seed,
            level=level,
            variant=variant,
            opponents=opponents,
        )

        return drills_request

