from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement import Arrangement





T = TypeVar("T", bound="HandRecordSeat")



@_attrs_define
class HandRecordSeat:
    """ 
        Attributes:
            player_id (str): The player's id at this table, unique in it, 1 to 64 characters. It is read in Unicode NFC
                (`e` and U+0301 is `é`, the same id), and answered so. It may not hold a character of
                Unicode's categories Cc (controls, U+0085 too), Cf (format, such as the bidi overrides
                U+202A-U+202E and U+2066-U+2069, zero-width characters and the BOM), Zl or Zp (U+2028,
                U+2029), Co, Cs or Cn, nor the quotation marks U+201C and U+201D that the explanation lines
                put around every id: a 422, `player_id_character`. None of those can change how the
                explanation lines read.
            cards (list[str]): The 13 cards dealt to the seat.
            arrangement (Arrangement | Unset): Three chi: back and middle of 5 cards, front of 3. A request may write its
                cards in any notation; an answer writes them canonically, and posts on as it is.
            declare_natural (bool | Unset): Whether the player declared a natural (false when the player chose to play the
                hand out).
            forfeit (bool | Unset): The player left before the reveal.
            set_after_ms (int | Unset): Milliseconds from the deal to the arrangement being set, if the platform timed it.
     """

    player_id: str
    cards: list[str]
    arrangement: Arrangement | Unset = UNSET
    declare_natural: bool | Unset = UNSET
    forfeit: bool | Unset = UNSET
    set_after_ms: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        player_id = self.player_id

        cards = self.cards



        arrangement: dict[str, Any] | Unset = UNSET
        if not isinstance(self.arrangement, Unset):
            arrangement = self.arrangement.to_dict()

        declare_natural = self.declare_natural

        forfeit = self.forfeit

        set_after_ms = self.set_after_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "player_id": player_id,
            "cards": cards,
        })
        if arrangement is not UNSET:
            field_dict["arrangement"] = arrangement
        if declare_natural is not UNSET:
            field_dict["declare_natural"] = declare_natural
        if forfeit is not UNSET:
            field_dict["forfeit"] = forfeit
        if set_after_ms is not UNSET:
            field_dict["set_after_ms"] = set_after_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        d = dict(src_dict)
        player_id = d.pop("player_id")

        cards = cast(list[str], d.pop("cards"))


        _arrangement = d.pop("arrangement", UNSET)
        arrangement: Arrangement | Unset
        if isinstance(_arrangement,  Unset):
            arrangement = UNSET
        else:
            arrangement = Arrangement.from_dict(_arrangement)




        declare_natural = d.pop("declare_natural", UNSET)

        forfeit = d.pop("forfeit", UNSET)

        set_after_ms = d.pop("set_after_ms", UNSET)

        hand_record_seat = cls(
            player_id=player_id,
            cards=cards,
            arrangement=arrangement,
            declare_natural=declare_natural,
            forfeit=forfeit,
            set_after_ms=set_after_ms,
        )

        return hand_record_seat

