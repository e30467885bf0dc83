from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast
import datetime

if TYPE_CHECKING:
  from ..models.deal_proof import DealProof
  from ..models.hand_record_seat import HandRecordSeat
  from ..models.hand_record_settlement import HandRecordSettlement





T = TypeVar("T", bound="HandRecord")



@_attrs_define
class HandRecord:
    """ One hand at a table, as a platform keeps it for recall and disputes (not an answer of the
    service: the clients build one from the answers and check a file of them offline;
    `python -m maubinh_api.batch verify` checks one too). `record` names the format and its
    version. `previous` is the digest of the same table's previous record (`sha256:` and the
    SHA-256 of its canonical form, numbers exact: docs/integrating.md, "Verifying a
    receipt"), so the records of a table form a chain in which a changed record breaks the
    next link. docs/integrating.md, "Hand records", says what a platform keeps.

        Attributes:
            record (Literal['maubinh-hand-record/1']): The format and its version.
            table_id (str): The platform's id of the table.
            hand_id (str): The platform's id of the hand.
            number (int): The hand's place at its table, from 1; each record's is its previous one's plus 1.
            previous (None | str): The digest of the table's previous record; null for the first record of the table's
                chain.
            seats (list[HandRecordSeat]): The seats in the order dealt (seat `k` got the deal's hand `k`).
            started_at (datetime.datetime | Unset): When the hand was dealt, UTC (the platform's clock), if the platform has
                it.
            deal (DealProof | Unset): A deal's proof as a hand record keeps it, the two answers as they came.
            settlement (HandRecordSettlement | Unset): The settlement as sent and as answered, its receipt in the answer.
     """

    record: Literal['maubinh-hand-record/1']
    table_id: str
    hand_id: str
    number: int
    previous: None | str
    seats: list[HandRecordSeat]
    started_at: datetime.datetime | Unset = UNSET
    deal: DealProof | Unset = UNSET
    settlement: HandRecordSettlement | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_proof import DealProof # noqa: PLC0415
        from ..models.hand_record_seat import HandRecordSeat # noqa: PLC0415
        from ..models.hand_record_settlement import HandRecordSettlement # noqa: PLC0415
        record = self.record

        table_id = self.table_id

        hand_id = self.hand_id

        number = self.number

        previous: None | str
        previous = self.previous

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        started_at: str | Unset = UNSET
        if not isinstance(self.started_at, Unset):
            started_at = self.started_at.isoformat()

        deal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.deal, Unset):
            deal = self.deal.to_dict()

        settlement: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settlement, Unset):
            settlement = self.settlement.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "record": record,
            "table_id": table_id,
            "hand_id": hand_id,
            "number": number,
            "previous": previous,
            "seats": seats,
        })
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if deal is not UNSET:
            field_dict["deal"] = deal
        if settlement is not UNSET:
            field_dict["settlement"] = settlement

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_proof import DealProof # noqa: PLC0415
        from ..models.hand_record_seat import HandRecordSeat # noqa: PLC0415
        from ..models.hand_record_settlement import HandRecordSettlement # noqa: PLC0415
        d = dict(src_dict)
        record = cast(Literal['maubinh-hand-record/1'] , d.pop("record"))
        if record != 'maubinh-hand-record/1':
            raise ValueError(f"record must match const 'maubinh-hand-record/1', got '{record}'")

        table_id = d.pop("table_id")

        hand_id = d.pop("hand_id")

        number = d.pop("number")

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = HandRecordSeat.from_dict(seats_item_data)



            seats.append(seats_item)


        _started_at = d.pop("started_at", UNSET)
        started_at: datetime.datetime | Unset
        if isinstance(_started_at,  Unset):
            started_at = UNSET
        else:
            started_at = datetime.datetime.fromisoformat(_started_at)




        _deal = d.pop("deal", UNSET)
        deal: DealProof | Unset
        if isinstance(_deal,  Unset):
            deal = UNSET
        else:
            deal = DealProof.from_dict(_deal)




        _settlement = d.pop("settlement", UNSET)
        settlement: HandRecordSettlement | Unset
        if isinstance(_settlement,  Unset):
            settlement = UNSET
        else:
            settlement = HandRecordSettlement.from_dict(_settlement)




        hand_record = cls(
            record=record,
            table_id=table_id,
            hand_id=hand_id,
            number=number,
            previous=previous,
            seats=seats,
            started_at=started_at,
            deal=deal,
            settlement=settlement,
        )

        return hand_record

