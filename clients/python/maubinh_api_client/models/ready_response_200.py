from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ready_response_200_status import ReadyResponse200Status
from typing import cast

if TYPE_CHECKING:
  from ..models.ready_response_200_checks import ReadyResponse200Checks





T = TypeVar("T", bound="ReadyResponse200")



@_attrs_define
class ReadyResponse200:
    """ 
        Attributes:
            status (ReadyResponse200Status):
            checks (ReadyResponse200Checks):
     """

    status: ReadyResponse200Status
    checks: ReadyResponse200Checks





    def to_dict(self) -> dict[str, Any]:
        from ..models.ready_response_200_checks import ReadyResponse200Checks # noqa: PLC0415
        status = self.status.value

        checks = self.checks.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
            "checks": checks,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ready_response_200_checks import ReadyResponse200Checks # noqa: PLC0415
        d = dict(src_dict)
        status = ReadyResponse200Status(d.pop("status"))




        checks = ReadyResponse200Checks.from_dict(d.pop("checks"))




        ready_response_200 = cls(
            status=status,
            checks=checks,
        )

        return ready_response_200

