from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.settlement import Settlement
  from ..models.settlement_request import SettlementRequest





T = TypeVar("T", bound="HandRecordSettlement")



@_attrs_define
class HandRecordSettlement:
    """ The settlement as sent and as answered, its receipt in the answer.

        Attributes:
            request (SettlementRequest):
            answer (Settlement):
     """

    request: SettlementRequest
    answer: Settlement





    def to_dict(self) -> dict[str, Any]:
        from ..models.settlement import Settlement # noqa: PLC0415
        from ..models.settlement_request import SettlementRequest # noqa: PLC0415
        request = self.request.to_dict()

        answer = self.answer.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request": request,
            "answer": answer,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settlement import Settlement # noqa: PLC0415
        from ..models.settlement_request import SettlementRequest # noqa: PLC0415
        d = dict(src_dict)
        request = SettlementRequest.from_dict(d.pop("request"))




        answer = Settlement.from_dict(d.pop("answer"))




        hand_record_settlement = cls(
            request=request,
            answer=answer,
        )

        return hand_record_settlement

