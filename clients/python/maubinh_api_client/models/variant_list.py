from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.variant_summary import VariantSummary





T = TypeVar("T", bound="VariantList")



@_attrs_define
class VariantList:
    """ 
        Attributes:
            default (str):
            model (str): The version of the model this request was answered from (as the `X-Model-Version` header).
            models (list[str]): Every model this deployment answers from, its default first; a request pins one with
                `X-Model-Version`.
            variants (list[VariantSummary]):
     """

    default: str
    model: str
    models: list[str]
    variants: list[VariantSummary]





    def to_dict(self) -> dict[str, Any]:
        from ..models.variant_summary import VariantSummary # noqa: PLC0415
        default = self.default

        model = self.model

        models = self.models



        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "default": default,
            "model": model,
            "models": models,
            "variants": variants,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant_summary import VariantSummary # noqa: PLC0415
        d = dict(src_dict)
        default = d.pop("default")

        model = d.pop("model")

        models = cast(list[str], d.pop("models"))


        variants = []
        _variants = d.pop("variants")
        for variants_item_data in (_variants):
            variants_item = VariantSummary.from_dict(variants_item_data)



            variants.append(variants_item)


        variant_list = cls(
            default=default,
            model=model,
            models=models,
            variants=variants,
        )

        return variant_list

