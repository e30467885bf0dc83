from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.foul_paid import FoulPaid
  from ..models.optimal_choice import OptimalChoice





T = TypeVar("T", bound="FoulCost")



@_attrs_define
class FoulCost:
    """ What a fouled seat (binh lủng) gave up against the best legal play of
    its cards, two ways. `ev_loss` is in expected points per opponent
    against random hands, the valuation `POST /v1/arrangements/analysis`
    uses (its `ev` and `ev_loss` for the same arrangement at the same
    table size): how much fouling these cards gives up whatever the
    others held. `paid` is at this table: the table settled again with
    `best` in this seat and the other seats as they played; each
    opponent's `points` are what the foul passed to it beyond what the
    best play would have. A deliberate foul pays the other seats, at two
    seats all of it to one partner: docs/batch.md, "Fair play", says how
    to read many of them together.

        Attributes:
            best (OptimalChoice):
            ev (float): The foul's expected points per opponent, 4 decimals.
            ev_loss (float): `best.ev - ev`: expected points per opponent given up by fouling, 4 decimals.
            opponents (int): The table's other seats (the expected points are per opponent at this table size).
            points (int): What the best play would have had at this table beyond what the foul had, in units (the sum of
                `paid`).
            amount (str): An exact decimal amount with the variant's `amount_decimals` places.
            paid (list[FoulPaid]): Each opponent, in the order of the table's pairs, and the points the foul passed to it
                beyond the best play's (negative when the best play would have paid it more).
     """

    best: OptimalChoice
    ev: float
    ev_loss: float
    opponents: int
    points: int
    amount: str
    paid: list[FoulPaid]





    def to_dict(self) -> dict[str, Any]:
        from ..models.foul_paid import FoulPaid # noqa: PLC0415
        from ..models.optimal_choice import OptimalChoice # noqa: PLC0415
        best = self.best.to_dict()

        ev = self.ev

        ev_loss = self.ev_loss

        opponents = self.opponents

        points = self.points

        amount = self.amount

        paid = []
        for paid_item_data in self.paid:
            paid_item = paid_item_data.to_dict()
            paid.append(paid_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "best": best,
            "ev": ev,
            "ev_loss": ev_loss,
            "opponents": opponents,
            "points": points,
            "amount": amount,
            "paid": paid,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.foul_paid import FoulPaid # noqa: PLC0415
        from ..models.optimal_choice import OptimalChoice # noqa: PLC0415
        d = dict(src_dict)
        best = OptimalChoice.from_dict(d.pop("best"))




        ev = d.pop("ev")

        ev_loss = d.pop("ev_loss")

        opponents = d.pop("opponents")

        points = d.pop("points")

        amount = d.pop("amount")

        paid = []
        _paid = d.pop("paid")
        for paid_item_data in (_paid):
            paid_item = FoulPaid.from_dict(paid_item_data)



            paid.append(paid_item)


        foul_cost = cls(
            best=best,
            ev=ev,
            ev_loss=ev_loss,
            opponents=opponents,
            points=points,
            amount=amount,
            paid=paid,
        )

        return foul_cost

