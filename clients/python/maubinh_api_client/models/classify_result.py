from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hand_category import HandCategory
  from ..models.labels import Labels
  from ..models.variant import Variant





T = TypeVar("T", bound="ClassifyResult")



@_attrs_define
class ClassifyResult:
    """ One classified chi (a Hand) and the variant used.

        Attributes:
            cards (list[str]): The cards as a player lays them out (grouped ranks first, then kickers, high to low).
            category (HandCategory): A chi's category (mậu thầu, đôi, thú, sám cô, sảnh, thùng, cù lũ, tứ quý, thùng phá
                sảnh), as every enumeration is given (the name is 1.0's: see `Hand`).
            description (Labels):
            strength (list[int]): [category order 0-8, then the ranks that decide ties, most
                important first, 0-padded]: 6 integers for 5 cards, 4 for 3 cards.
                Ranks are 2-14 (ace 14); a straight lists its five ranks from the
                top, the wheel as [5, 4, 3, 2, 1] (wheel `low`) or
                [14, 5, 4, 3, 2] (wheel `second`). Comparing two strengths element
                by element orders two chi of the same size.
            variant (Variant): A preset with overrides: what a request's `variant` may be, and what every answer's `variant`
                is (an answer always has all three fields, so that it can be sent back as it is).
     """

    cards: list[str]
    category: HandCategory
    description: Labels
    strength: list[int]
    variant: Variant





    def to_dict(self) -> dict[str, Any]:
        from ..models.hand_category import HandCategory # noqa: PLC0415
        from ..models.labels import Labels # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        cards = self.cards



        category = self.category.to_dict()

        description = self.description.to_dict()

        strength = self.strength



        variant = self.variant.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
            "category": category,
            "description": description,
            "strength": strength,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_category import HandCategory # noqa: PLC0415
        from ..models.labels import Labels # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))


        category = HandCategory.from_dict(d.pop("category"))




        description = Labels.from_dict(d.pop("description"))




        strength = cast(list[int], d.pop("strength"))


        variant = Variant.from_dict(d.pop("variant"))




        classify_result = cls(
            cards=cards,
            category=category,
            description=description,
            strength=strength,
            variant=variant,
        )

        return classify_result

