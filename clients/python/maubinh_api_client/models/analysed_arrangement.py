from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement import Arrangement





T = TypeVar("T", bound="AnalysedArrangement")



@_attrs_define
class AnalysedArrangement:
    """ 
        Attributes:
            arrangement (Arrangement): Three chi: back and middle of 5 cards, front of 3. A request may write its cards in
                any notation; an answer writes them canonically, and posts on as it is.
            declare_natural (bool | Unset): Whether to declare a natural the cards hold; the request's `declare_natural`
                when omitted.
     """

    arrangement: Arrangement
    declare_natural: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        arrangement = self.arrangement.to_dict()

        declare_natural = self.declare_natural


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arrangement": arrangement,
        })
        if declare_natural is not UNSET:
            field_dict["declare_natural"] = declare_natural

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        d = dict(src_dict)
        arrangement = Arrangement.from_dict(d.pop("arrangement"))




        declare_natural = d.pop("declare_natural", UNSET)

        analysed_arrangement = cls(
            arrangement=arrangement,
            declare_natural=declare_natural,
        )

        return analysed_arrangement

