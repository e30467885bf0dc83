from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.objective import Objective
from ..models.preset_name import PresetName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.variant import Variant





T = TypeVar("T", bound="OptimalRequest")



@_attrs_define
class OptimalRequest:
    """ 
        Attributes:
            cards (list[str]): The 13 cards of one player's hand.
            variant (PresetName | Unset | Variant): A preset name, or a preset with overrides (an answer's `variant`, as it
                came). Omitted means the service default.
            objective (Objective | Unset): `ev` (the most expected points against the field) or `strongest` (the strongest
                back, then middle, then front that does not foul: auto-arrange).
            top (int | Unset): How many arrangements to answer: `best` and `top - 1` alternatives. Default: 3.
            opponents (int | Unset): The opponents at the table (1-3).
     """

    cards: list[str]
    variant: PresetName | Unset | Variant = UNSET
    objective: Objective | Unset = UNSET
    top: int | Unset = 3
    opponents: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.variant import Variant # noqa: PLC0415
        cards = self.cards



        variant: dict[str, Any] | str | Unset
        if isinstance(self.variant, Unset):
            variant = UNSET
        elif isinstance(self.variant, PresetName):
            variant = self.variant.value
        else:
            variant = self.variant.to_dict()


        objective: str | Unset = UNSET
        if not isinstance(self.objective, Unset):
            objective = self.objective.value


        top = self.top

        opponents = self.opponents


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
        })
        if variant is not UNSET:
            field_dict["variant"] = variant
        if objective is not UNSET:
            field_dict["objective"] = objective
        if top is not UNSET:
            field_dict["top"] = top
        if opponents is not UNSET:
            field_dict["opponents"] = opponents

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))


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


        _objective = d.pop("objective", UNSET)
        objective: Objective | Unset
        if isinstance(_objective,  Unset):
            objective = UNSET
        else:
            objective = Objective(_objective)




        top = d.pop("top", UNSET)

        opponents = d.pop("opponents", UNSET)

        optimal_request = cls(
            cards=cards,
            variant=variant,
            objective=objective,
            top=top,
            opponents=opponents,
        )

        return optimal_request

