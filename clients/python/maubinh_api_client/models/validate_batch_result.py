from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.validation import Validation
  from ..models.variant import Variant





T = TypeVar("T", bound="ValidateBatchResult")



@_attrs_define
class ValidateBatchResult:
    """ 
        Attributes:
            results (list[Validation]):
            variant (Variant): A preset with overrides: what a request's `variant` may be, and what every answer's `variant`
                is (an answer always has all three fields, so that it can be sent back as it is).
     """

    results: list[Validation]
    variant: Variant





    def to_dict(self) -> dict[str, Any]:
        from ..models.validation import Validation # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)



        variant = self.variant.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "results": results,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.validation import Validation # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = Validation.from_dict(results_item_data)



            results.append(results_item)


        variant = Variant.from_dict(d.pop("variant"))




        validate_batch_result = cls(
            results=results,
            variant=variant,
        )

        return validate_batch_result

