from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.multiplier_kind import MultiplierKind
  from ..models.sap_lang_result import SapLangResult





T = TypeVar("T", bound="Multiplier")



@_attrs_define
class Multiplier:
    """ 
        Attributes:
            kind (MultiplierKind): `scoop` (sập hầm), `foul` (binh lủng) or `sap_lang` (sập làng).
            factor (int):
            player (str): Whose scoop, whose opponent fouled, or whose sập làng.
            reason (SapLangResult | Unset): `scooped_all` (bắt sập làng: scooped every opponent) or `scooped_by_all` (sập
                làng: scooped by every opponent).
     """

    kind: MultiplierKind
    factor: int
    player: str
    reason: SapLangResult | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.multiplier_kind import MultiplierKind # noqa: PLC0415
        from ..models.sap_lang_result import SapLangResult # noqa: PLC0415
        kind = self.kind.to_dict()

        factor = self.factor

        player = self.player

        reason: dict[str, Any] | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "factor": factor,
            "player": player,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.multiplier_kind import MultiplierKind # noqa: PLC0415
        from ..models.sap_lang_result import SapLangResult # noqa: PLC0415
        d = dict(src_dict)
        kind = MultiplierKind.from_dict(d.pop("kind"))




        factor = d.pop("factor")

        player = d.pop("player")

        _reason = d.pop("reason", UNSET)
        reason: SapLangResult | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = SapLangResult.from_dict(_reason)




        multiplier = cls(
            kind=kind,
            factor=factor,
            player=player,
            reason=reason,
        )

        return multiplier

