from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset_name import PresetName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.variant import Variant





T = TypeVar("T", bound="ClassifyBatchRequest")



@_attrs_define
class ClassifyBatchRequest:
    """ 
        Attributes:
            hands (list[list[str]]): The chi to classify (the field's name is 1.0's, see `Hand`; each item is a chi).
            variant (PresetName | Unset | Variant): A preset name, or a preset with overrides (an answer's `variant`, as it
                came). Omitted means the service default.
     """

    hands: list[list[str]]
    variant: PresetName | Unset | Variant = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.variant import Variant # noqa: PLC0415
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)



        variant: dict[str, Any] | str | Unset
        if isinstance(self.variant, Unset):
            variant = UNSET
        elif isinstance(self.variant, PresetName):
            variant = self.variant.value
        else:
            variant = self.variant.to_dict()



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hands": hands,
        })
        if variant is not UNSET:
            field_dict["variant"] = variant

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


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


        classify_batch_request = cls(
            hands=hands,
            variant=variant,
        )

        return classify_batch_request

