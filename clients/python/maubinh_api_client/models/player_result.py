from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.foul_cost import FoulCost
  from ..models.line import Line
  from ..models.natural import Natural
  from ..models.sap_lang_result import SapLangResult





T = TypeVar("T", bound="PlayerResult")



@_attrs_define
class PlayerResult:
    """ 
        Attributes:
            id (str):
            points (int): The sum of the player's pair totals, in units.
            amount (str): An exact decimal amount with the variant's `amount_decimals` places.
            rake (str): An exact decimal amount with the variant's `amount_decimals` places.
            draw_fee (str): An exact decimal amount with the variant's `amount_decimals` places.
            net (str): An exact decimal amount with the variant's `amount_decimals` places.
            natural (Natural | None):
            fouled (bool): The arrangement as sent is fouled (always true for a forfeit).
            forfeit (bool):
            sap_lang_result (None | SapLangResult): What sập làng did to this player, or null.
            lines (list[Line]):
            foul_cost (FoulCost | None | Unset): Present when the request's `foul_cost` is true. What this player's foul
                gave up, or null when the player did not foul, forfeited (no cards to value) or collected a declared natural.
     """

    id: str
    points: int
    amount: str
    rake: str
    draw_fee: str
    net: str
    natural: Natural | None
    fouled: bool
    forfeit: bool
    sap_lang_result: None | SapLangResult
    lines: list[Line]
    foul_cost: FoulCost | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.foul_cost import FoulCost # noqa: PLC0415
        from ..models.line import Line # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        from ..models.sap_lang_result import SapLangResult # noqa: PLC0415
        id = self.id

        points = self.points

        amount = self.amount

        rake = self.rake

        draw_fee = self.draw_fee

        net = self.net

        natural: dict[str, Any] | None
        if isinstance(self.natural, Natural):
            natural = self.natural.to_dict()
        else:
            natural = self.natural

        fouled = self.fouled

        forfeit = self.forfeit

        sap_lang_result: dict[str, Any] | None
        if isinstance(self.sap_lang_result, SapLangResult):
            sap_lang_result = self.sap_lang_result.to_dict()
        else:
            sap_lang_result = self.sap_lang_result

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)



        foul_cost: dict[str, Any] | None | Unset
        if isinstance(self.foul_cost, Unset):
            foul_cost = UNSET
        elif isinstance(self.foul_cost, FoulCost):
            foul_cost = self.foul_cost.to_dict()
        else:
            foul_cost = self.foul_cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "points": points,
            "amount": amount,
            "rake": rake,
            "draw_fee": draw_fee,
            "net": net,
            "natural": natural,
            "fouled": fouled,
            "forfeit": forfeit,
            "sap_lang_result": sap_lang_result,
            "lines": lines,
        })
        if foul_cost is not UNSET:
            field_dict["foul_cost"] = foul_cost

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.foul_cost import FoulCost # noqa: PLC0415
        from ..models.line import Line # noqa: PLC0415
        from ..models.natural import Natural # noqa: PLC0415
        from ..models.sap_lang_result import SapLangResult # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        points = d.pop("points")

        amount = d.pop("amount")

        rake = d.pop("rake")

        draw_fee = d.pop("draw_fee")

        net = d.pop("net")

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


        fouled = d.pop("fouled")

        forfeit = d.pop("forfeit")

        def _parse_sap_lang_result(data: object) -> None | SapLangResult:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sap_lang_result_type_1 = SapLangResult.from_dict(data)



                return sap_lang_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SapLangResult, data)

        sap_lang_result = _parse_sap_lang_result(d.pop("sap_lang_result"))


        lines = []
        _lines = d.pop("lines")
        for lines_item_data in (_lines):
            lines_item = Line.from_dict(lines_item_data)



            lines.append(lines_item)


        def _parse_foul_cost(data: object) -> FoulCost | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                foul_cost_type_1 = FoulCost.from_dict(data)



                return foul_cost_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FoulCost | None | Unset, data)

        foul_cost = _parse_foul_cost(d.pop("foul_cost", UNSET))


        player_result = cls(
            id=id,
            points=points,
            amount=amount,
            rake=rake,
            draw_fee=draw_fee,
            net=net,
            natural=natural,
            fouled=fouled,
            forfeit=forfeit,
            sap_lang_result=sap_lang_result,
            lines=lines,
            foul_cost=foul_cost,
        )

        return player_result

