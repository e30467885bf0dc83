from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.level import Level
from ..models.preset_name import PresetName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.variant import Variant





T = TypeVar("T", bound="PlayRequest")



@_attrs_define
class PlayRequest:
    """ 
        Attributes:
            cards (list[str]): The 13 cards of one player's hand.
            level (Level): A player's level, from the weakest to the optimal play.
            seed (int | Unset): The play's seed, at most 2^53 - 1 (the largest integer a browser's JSON.parse keeps exact);
                drawn at random when omitted.
            variant (PresetName | Unset | Variant): A preset name, or a preset with overrides (an answer's `variant`, as it
                came). Omitted means the service default.
            opponents (int | Unset): The opponents at the table (1-3).
     """

    cards: list[str]
    level: Level
    seed: int | Unset = UNSET
    variant: PresetName | Unset | Variant = UNSET
    opponents: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.variant import Variant # noqa: PLC0415
        cards = self.cards



        level = self.level.value

        seed = self.seed

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
            "cards": cards,
            "level": level,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if variant is not UNSET:
            field_dict["variant"] = variant
        if opponents is not UNSET:
            field_dict["opponents"] = opponents

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))


        level = Level(d.pop("level"))




        seed = d.pop("seed", UNSET)

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

        play_request = cls(
            cards=cards,
            level=level,
            seed=seed,
            variant=variant,
            opponents=opponents,
        )

        return play_request

