from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.natural import Natural





T = TypeVar("T", bound="NaturalReview")



@_attrs_define
class NaturalReview:
    """ The natural the cards hold, and what this play does with it.

        Attributes:
            held (Natural): The natural (thắng trắng) a hand holds under the variant, the highest it qualifies for.
            collected (bool): Whether this play declares (and collects) it.
            ev (float): Expected points per opponent of declaring it.
            chi_ev (float): Expected points per opponent of the best play of the chi, not declaring it (since 0.7.0): `ev -
                chi_ev` is what not declaring gives up at best, whether this play declares or not.
            given_up (float): Points per opponent this play loses by not declaring it: `ev - chi_ev` when it does not
                declare and declaring is worth more than the best play of the chi, otherwise 0 (when it declares, or when
                declaring is not worth it). How the chi are set is never counted here: a play that does not declare loses
                `given_up` plus `chi_ev` less its own `ev` (its `ev_loss`).
     """

    held: Natural
    collected: bool
    ev: float
    chi_ev: float
    given_up: float





    def to_dict(self) -> dict[str, Any]:
        from ..models.natural import Natural # noqa: PLC0415
        held = self.held.to_dict()

        collected = self.collected

        ev = self.ev

        chi_ev = self.chi_ev

        given_up = self.given_up


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "held": held,
            "collected": collected,
            "ev": ev,
            "chi_ev": chi_ev,
            "given_up": given_up,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.natural import Natural # noqa: PLC0415
        d = dict(src_dict)
        held = Natural.from_dict(d.pop("held"))




        collected = d.pop("collected")

        ev = d.pop("ev")

        chi_ev = d.pop("chi_ev")

        given_up = d.pop("given_up")

        natural_review = cls(
            held=held,
            collected=collected,
            ev=ev,
            chi_ev=chi_ev,
            given_up=given_up,
        )

        return natural_review

