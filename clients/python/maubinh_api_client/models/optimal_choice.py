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
  from ..models.natural import Natural





T = TypeVar("T", bound="OptimalChoice")



@_attrs_define
class OptimalChoice:
    """ 
        Attributes:
            arrangement (Arrangement): Three chi: back and middle of 5 cards, front of 3. A request may write its cards in
                any notation; an answer writes them canonically, and posts on as it is.
            ev (float): Expected points per opponent under the variant, 4 decimals (for a declared natural, what declaring
                it is worth).
            natural (Natural | None): The natural the cards hold (on `best` only; null on alternatives).
            declare_natural (bool): Whether to declare the natural (worth at least the best normal expected points).
            chi (ChiHands): The three chi, classified.
     """

    arrangement: Arrangement
    ev: float
    natural: Natural | None
    declare_natural: bool
    chi: ChiHands





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        arrangement = self.arrangement.to_dict()

        ev = self.ev

        natural: dict[str, Any] | None
        if isinstance(self.natural, Natural):
            natural = self.natural.to_dict()
        else:
            natural = self.natural

        declare_natural = self.declare_natural

        chi = self.chi.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arrangement": arrangement,
            "ev": ev,
            "natural": natural,
            "declare_natural": declare_natural,
            "chi": chi,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        d = dict(src_dict)
        arrangement = Arrangement.from_dict(d.pop("arrangement"))




        ev = d.pop("ev")

        def _parse_natural(data: object) -> Natural | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                natural_type_1 = Natural.from_dict(data)



                return natural_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Natural | None, data)

        natural = _parse_natural(d.pop("natural"))


        declare_natural = d.pop("declare_natural")

        chi = ChiHands.from_dict(d.pop("chi"))




        optimal_choice = cls(
            arrangement=arrangement,
            ev=ev,
            natural=natural,
            declare_natural=declare_natural,
            chi=chi,
        )

        return optimal_choice

