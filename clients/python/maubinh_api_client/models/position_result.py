from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.position_reason import PositionReason





T = TypeVar("T", bound="PositionResult")



@_attrs_define
class PositionResult:
    """ 
        Attributes:
            winner (None | str):
            value (int): Units the loser pays the winner for this position.
            reason (PositionReason): Why the position went as it did: the stronger chi won, a tie, one or both hands fouled,
                or a natural decided the pair.
            bonus (None | str): The bonus-table key that set the value.
     """

    winner: None | str
    value: int
    reason: PositionReason
    bonus: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.position_reason import PositionReason # noqa: PLC0415
        winner: None | str
        winner = self.winner

        value = self.value

        reason = self.reason.to_dict()

        bonus: None | str
        bonus = self.bonus


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "winner": winner,
            "value": value,
            "reason": reason,
            "bonus": bonus,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.position_reason import PositionReason # noqa: PLC0415
        d = dict(src_dict)
        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))


        value = d.pop("value")

        reason = PositionReason.from_dict(d.pop("reason"))




        def _parse_bonus(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bonus = _parse_bonus(d.pop("bonus"))


        position_result = cls(
            winner=winner,
            value=value,
            reason=reason,
            bonus=bonus,
        )

        return position_result

