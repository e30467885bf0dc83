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





T = TypeVar("T", bound="PlayedSeat")



@_attrs_define
class PlayedSeat:
    """ A player who sets an arrangement.

        Attributes:
            id (str): The player's id at this table, unique in it, 1 to 64 characters. It is read in Unicode NFC
                (`e` and U+0301 is `é`, the same id), and answered so. It may not hold a character of
                Unicode's categories Cc (controls, U+0085 too), Cf (format, such as the bidi overrides
                U+202A-U+202E and U+2066-U+2069, zero-width characters and the BOM), Zl or Zp (U+2028,
                U+2029), Co, Cs or Cn, nor the quotation marks U+201C and U+201D that the explanation lines
                put around every id: a 422, `player_id_character`. None of those can change how the
                explanation lines read.
            arrangement (Arrangement): Three chi: back and middle of 5 cards, front of 3. A request may write its cards in
                any notation; an answer writes them canonically, and posts on as it is.
            forfeit (bool | Unset): Omitted, or false for a player who plays. Default: False.
            declare_natural (bool | Unset): false plays the arrangement even if the hand holds a natural. Default: True.
     """

    id: str
    arrangement: Arrangement
    forfeit: bool | Unset = False
    declare_natural: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        id = self.id

        arrangement = self.arrangement.to_dict()

        forfeit = self.forfeit

        declare_natural = self.declare_natural


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "arrangement": arrangement,
        })
        if forfeit is not UNSET:
            field_dict["forfeit"] = forfeit
        if declare_natural is not UNSET:
            field_dict["declare_natural"] = declare_natural

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        arrangement = Arrangement.from_dict(d.pop("arrangement"))




        forfeit = d.pop("forfeit", UNSET)

        declare_natural = d.pop("declare_natural", UNSET)

        played_seat = cls(
            id=id,
            arrangement=arrangement,
            forfeit=forfeit,
            declare_natural=declare_natural,
        )

        return played_seat

