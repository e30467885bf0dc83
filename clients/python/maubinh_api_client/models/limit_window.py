from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LimitWindow")



@_attrs_define
class LimitWindow:
    """ One limit, in cost units, as it stands.

        Attributes:
            limit (str): The limit as the tenants file writes it.
            quota (int):
            window_seconds (int):
            remaining (int):
            reset_seconds (int): Seconds until all of the limit is back (at most `window_seconds`).
     """

    limit: str
    quota: int
    window_seconds: int
    remaining: int
    reset_seconds: int





    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        quota = self.quota

        window_seconds = self.window_seconds

        remaining = self.remaining

        reset_seconds = self.reset_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "limit": limit,
            "quota": quota,
            "window_seconds": window_seconds,
            "remaining": remaining,
            "reset_seconds": reset_seconds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        limit = d.pop("limit")

        quota = d.pop("quota")

        window_seconds = d.pop("window_seconds")

        remaining = d.pop("remaining")

        reset_seconds = d.pop("reset_seconds")

        limit_window = cls(
            limit=limit,
            quota=quota,
            window_seconds=window_seconds,
            remaining=remaining,
            reset_seconds=reset_seconds,
        )

        return limit_window

