from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement import Arrangement
  from ..models.chi_hands import ChiHands





T = TypeVar("T", bound="AnalysisBest")



@_attrs_define
class AnalysisBest:
    """ The best play of the cards (the `best` of POST /v1/arrangements/optimal).

        Attributes:
            arrangement (Arrangement): Three chi: back and middle of 5 cards, front of 3. A request may write its cards in
                any notation; an answer writes them canonically, and posts on as it is.
            ev (float): Its expected points per opponent.
            declare_natural (bool):
            chi (ChiHands): The three chi, classified.
     """

    arrangement: Arrangement
    ev: float
    declare_natural: bool
    chi: ChiHands





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        arrangement = self.arrangement.to_dict()

        ev = self.ev

        declare_natural = self.declare_natural

        chi = self.chi.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arrangement": arrangement,
            "ev": ev,
            "declare_natural": declare_natural,
            "chi": chi,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        d = dict(src_dict)
        arrangement = Arrangement.from_dict(d.pop("arrangement"))




        ev = d.pop("ev")

        declare_natural = d.pop("declare_natural")

        chi = ChiHands.from_dict(d.pop("chi"))




        analysis_best = cls(
            arrangement=arrangement,
            ev=ev,
            declare_natural=declare_natural,
            chi=chi,
        )

        return analysis_best

