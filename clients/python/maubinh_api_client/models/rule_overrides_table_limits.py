from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RuleOverridesTableLimits")



@_attrs_define
class RuleOverridesTableLimits:
    """ 
        Attributes:
            join_min_bets (int):
            leave_below_bets (int):
            escrow_bets (int):
     """

    join_min_bets: int
    leave_below_bets: int
    escrow_bets: int





    def to_dict(self) -> dict[str, Any]:
        join_min_bets = self.join_min_bets

        leave_below_bets = self.leave_below_bets

        escrow_bets = self.escrow_bets


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "join_min_bets": join_min_bets,
            "leave_below_bets": leave_below_bets,
            "escrow_bets": escrow_bets,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        join_min_bets = d.pop("join_min_bets")

        leave_below_bets = d.pop("leave_below_bets")

        escrow_bets = d.pop("escrow_bets")

        rule_overrides_table_limits = cls(
            join_min_bets=join_min_bets,
            leave_below_bets=leave_below_bets,
            escrow_bets=escrow_bets,
        )

        return rule_overrides_table_limits

