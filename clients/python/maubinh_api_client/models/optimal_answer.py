from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.optimal_choice import OptimalChoice
  from ..models.optimal_stats import OptimalStats





T = TypeVar("T", bound="OptimalAnswer")



@_attrs_define
class OptimalAnswer:
    """ The optimal arrangements of one hand (an item of a batch).

        Attributes:
            best (OptimalChoice):
            alternatives (list[OptimalChoice]): The next arrangements, in order.
            stats (OptimalStats):
     """

    best: OptimalChoice
    alternatives: list[OptimalChoice]
    stats: OptimalStats





    def to_dict(self) -> dict[str, Any]:
        from ..models.optimal_choice import OptimalChoice # noqa: PLC0415
        from ..models.optimal_stats import OptimalStats # noqa: PLC0415
        best = self.best.to_dict()

        alternatives = []
        for alternatives_item_data in self.alternatives:
            alternatives_item = alternatives_item_data.to_dict()
            alternatives.append(alternatives_item)



        stats = self.stats.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "best": best,
            "alternatives": alternatives,
            "stats": stats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.optimal_choice import OptimalChoice # noqa: PLC0415
        from ..models.optimal_stats import OptimalStats # noqa: PLC0415
        d = dict(src_dict)
        best = OptimalChoice.from_dict(d.pop("best"))




        alternatives = []
        _alternatives = d.pop("alternatives")
        for alternatives_item_data in (_alternatives):
            alternatives_item = OptimalChoice.from_dict(alternatives_item_data)



            alternatives.append(alternatives_item)


        stats = OptimalStats.from_dict(d.pop("stats"))




        optimal_answer = cls(
            best=best,
            alternatives=alternatives,
            stats=stats,
        )

        return optimal_answer

