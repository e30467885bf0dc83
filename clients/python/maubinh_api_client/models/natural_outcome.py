from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.natural_key import NaturalKey
from typing import cast

if TYPE_CHECKING:
  from ..models.natural_outcome_reason import NaturalOutcomeReason





T = TypeVar("T", bound="NaturalOutcome")



@_attrs_define
class NaturalOutcome:
    """ How a natural decided a pair.

        Attributes:
            winner (None | str): The player paid, or null for a draw.
            key (NaturalKey | None): The winning natural, or null for a draw.
            payout (int):
            reason (NaturalOutcomeReason): Why: a natural against a hand, the higher natural, a tie-break, equal naturals,
                or naturals that draw by the variant.
     """

    winner: None | str
    key: NaturalKey | None
    payout: int
    reason: NaturalOutcomeReason





    def to_dict(self) -> dict[str, Any]:
        from ..models.natural_outcome_reason import NaturalOutcomeReason # noqa: PLC0415
        winner: None | str
        winner = self.winner

        key: None | str
        if isinstance(self.key, NaturalKey):
            key = self.key.value
        else:
            key = self.key

        payout = self.payout

        reason = self.reason.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "winner": winner,
            "key": key,
            "payout": payout,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.natural_outcome_reason import NaturalOutcomeReason # noqa: PLC0415
        d = dict(src_dict)
        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))


        def _parse_key(data: object) -> NaturalKey | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                key_type_1 = NaturalKey(data)



                return key_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NaturalKey | None, data)

        key = _parse_key(d.pop("key"))


        payout = d.pop("payout")

        reason = NaturalOutcomeReason.from_dict(d.pop("reason"))




        natural_outcome = cls(
            winner=winner,
            key=key,
            payout=payout,
            reason=reason,
        )

        return natural_outcome

