from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bonus import Bonus
  from ..models.chi_hands import ChiHands
  from ..models.foul_reason import FoulReason
  from ..models.natural import Natural
  from ..models.variant import Variant





T = TypeVar("T", bound="ValidationResult")



@_attrs_define
class ValidationResult:
    """ What `POST /v1/arrangements/validate` answers.

        Attributes:
            fouled (bool): Whether the arrangement is fouled (binh lủng).
            reasons (list[FoulReason]): Why the arrangement is fouled (empty when it is not).
            chi (ChiHands): The three chi, classified.
            bonuses (list[Bonus]): The bonus-table entries the arrangement earns for the positions it wins (empty when
                fouled).
            natural (Natural | None): The natural (thắng trắng) the 13 cards hold under the variant, from any split (R6), or
                null.
            variant (Variant): A preset with overrides: what a request's `variant` may be, and what every answer's `variant`
                is (an answer always has all three fields, so that it can be sent back as it is).
     """

    fouled: bool
    reasons: list[FoulReason]
    chi: ChiHands
    bonuses: list[Bonus]
    natural: Natural | None
    variant: Variant





    def to_dict(self) -> dict[str, Any]:
        from ..models.bonus import Bonus # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.foul_reason import FoulReason # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        fouled = self.fouled

        reasons = []
        for componentsschemas_foul_reasons_item_data in self.reasons:
            componentsschemas_foul_reasons_item = componentsschemas_foul_reasons_item_data.to_dict()
            reasons.append(componentsschemas_foul_reasons_item)



        chi = self.chi.to_dict()

        bonuses = []
        for componentsschemas_earned_bonuses_item_data in self.bonuses:
            componentsschemas_earned_bonuses_item = componentsschemas_earned_bonuses_item_data.to_dict()
            bonuses.append(componentsschemas_earned_bonuses_item)



        natural: dict[str, Any] | None
        if isinstance(self.natural, Natural):
            natural = self.natural.to_dict()
        else:
            natural = self.natural

        variant = self.variant.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "fouled": fouled,
            "reasons": reasons,
            "chi": chi,
            "bonuses": bonuses,
            "natural": natural,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bonus import Bonus # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.foul_reason import FoulReason # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        fouled = d.pop("fouled")

        reasons = []
        _reasons = d.pop("reasons")
        for componentsschemas_foul_reasons_item_data in (_reasons):
            componentsschemas_foul_reasons_item = FoulReason.from_dict(componentsschemas_foul_reasons_item_data)



            reasons.append(componentsschemas_foul_reasons_item)


        chi = ChiHands.from_dict(d.pop("chi"))




        bonuses = []
        _bonuses = d.pop("bonuses")
        for componentsschemas_earned_bonuses_item_data in (_bonuses):
            componentsschemas_earned_bonuses_item = Bonus.from_dict(componentsschemas_earned_bonuses_item_data)



            bonuses.append(componentsschemas_earned_bonuses_item)


        def _parse_natural(data: object) -> Natural | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_natural_held_type_1 = Natural.from_dict(data)



                return componentsschemas_natural_held_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Natural | None, data)

        natural = _parse_natural(d.pop("natural"))


        variant = Variant.from_dict(d.pop("variant"))




        validation_result = cls(
            fouled=fouled,
            reasons=reasons,
            chi=chi,
            bonuses=bonuses,
            natural=natural,
            variant=variant,
        )

        return validation_result

