from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.usage_scopes_item import UsageScopesItem
from typing import cast

if TYPE_CHECKING:
  from ..models.limit_window import LimitWindow





T = TypeVar("T", bound="Usage")



@_attrs_define
class Usage:
    """ 
        Attributes:
            tenant (str): The tenant's name (`unnamed` for a key of MAUBINH_API_KEYS, `anonymous` without keys).
            scopes (list[UsageScopesItem]):
            limits (list[LimitWindow]):
     """

    tenant: str
    scopes: list[UsageScopesItem]
    limits: list[LimitWindow]





    def to_dict(self) -> dict[str, Any]:
        from ..models.limit_window import LimitWindow # noqa: PLC0415
        tenant = self.tenant

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        limits = []
        for limits_item_data in self.limits:
            limits_item = limits_item_data.to_dict()
            limits.append(limits_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tenant": tenant,
            "scopes": scopes,
            "limits": limits,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.limit_window import LimitWindow # noqa: PLC0415
        d = dict(src_dict)
        tenant = d.pop("tenant")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = UsageScopesItem(scopes_item_data)



            scopes.append(scopes_item)


        limits = []
        _limits = d.pop("limits")
        for limits_item_data in (_limits):
            limits_item = LimitWindow.from_dict(limits_item_data)



            limits.append(limits_item)


        usage = cls(
            tenant=tenant,
            scopes=scopes,
            limits=limits,
        )

        return usage

