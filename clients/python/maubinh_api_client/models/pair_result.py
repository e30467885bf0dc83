from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.line import Line
  from ..models.multiplier import Multiplier
  from ..models.natural_outcome import NaturalOutcome
  from ..models.pair_result_majority import PairResultMajority
  from ..models.pair_result_positions import PairResultPositions





T = TypeVar("T", bound="PairResult")



@_attrs_define
class PairResult:
    """ 
        Attributes:
            players (list[str]):
            points (int): The pair total for the first player (the second gets the opposite).
            positions (PairResultPositions):
            majority (None | PairResultMajority): The majority unit (2-4 scoring), when it applies.
            scooper (None | str): The id of the player who won all three positions (sập hầm), or null.
            multipliers (list[Multiplier]):
            natural_outcome (NaturalOutcome | None): How a natural decided this pair (who won, with which natural, how many
                units, why), or null when the chi were compared.
            lines (list[Line]):
     """

    players: list[str]
    points: int
    positions: PairResultPositions
    majority: None | PairResultMajority
    scooper: None | str
    multipliers: list[Multiplier]
    natural_outcome: NaturalOutcome | None
    lines: list[Line]





    def to_dict(self) -> dict[str, Any]:
        from ..models.line import Line # noqa: PLC0415
        from ..models.multiplier import Multiplier # noqa: PLC0415
        from ..models.natural_outcome import NaturalOutcome # noqa: PLC0415
        from ..models.pair_result_majority import PairResultMajority # noqa: PLC0415
        from ..models.pair_result_positions import PairResultPositions # noqa: PLC0415
        players = self.players



        points = self.points

        positions = self.positions.to_dict()

        majority: dict[str, Any] | None
        if isinstance(self.majority, PairResultMajority):
            majority = self.majority.to_dict()
        else:
            majority = self.majority

        scooper: None | str
        scooper = self.scooper

        multipliers = []
        for multipliers_item_data in self.multipliers:
            multipliers_item = multipliers_item_data.to_dict()
            multipliers.append(multipliers_item)



        natural_outcome: dict[str, Any] | None
        if isinstance(self.natural_outcome, NaturalOutcome):
            natural_outcome = self.natural_outcome.to_dict()
        else:
            natural_outcome = self.natural_outcome

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "players": players,
            "points": points,
            "positions": positions,
            "majority": majority,
            "scooper": scooper,
            "multipliers": multipliers,
            "natural_outcome": natural_outcome,
            "lines": lines,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line import Line # noqa: PLC0415
        from ..models.multiplier import Multiplier # noqa: PLC0415
        from ..models.natural_outcome import NaturalOutcome # noqa: PLC0415
        from ..models.pair_result_majority import PairResultMajority # noqa: PLC0415
        from ..models.pair_result_positions import PairResultPositions # noqa: PLC0415
        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))


        points = d.pop("points")

        positions = PairResultPositions.from_dict(d.pop("positions"))




        def _parse_majority(data: object) -> None | PairResultMajority:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                majority_majority = PairResultMajority.from_dict(data)



                return majority_majority
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PairResultMajority, data)

        majority = _parse_majority(d.pop("majority"))


        def _parse_scooper(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scooper = _parse_scooper(d.pop("scooper"))


        multipliers = []
        _multipliers = d.pop("multipliers")
        for multipliers_item_data in (_multipliers):
            multipliers_item = Multiplier.from_dict(multipliers_item_data)



            multipliers.append(multipliers_item)


        def _parse_natural_outcome(data: object) -> NaturalOutcome | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                natural_outcome_type_1 = NaturalOutcome.from_dict(data)



                return natural_outcome_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NaturalOutcome | None, data)

        natural_outcome = _parse_natural_outcome(d.pop("natural_outcome"))


        lines = []
        _lines = d.pop("lines")
        for lines_item_data in (_lines):
            lines_item = Line.from_dict(lines_item_data)



            lines.append(lines_item)


        pair_result = cls(
            players=players,
            points=points,
            positions=positions,
            majority=majority,
            scooper=scooper,
            multipliers=multipliers,
            natural_outcome=natural_outcome,
            lines=lines,
        )

        return pair_result

