from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.changes_lines import ChangesLines
  from ..models.move import Move





T = TypeVar("T", bound="Changes")



@_attrs_define
class Changes:
    """ What to change to reach the best play.

        Attributes:
            moves (list[Move]):
            declare_natural (bool | None): The declaration the best play needs, when it differs from this play's.
            lines (ChangesLines): The advice, line by line, in English and Vietnamese.
     """

    moves: list[Move]
    declare_natural: bool | None
    lines: ChangesLines





    def to_dict(self) -> dict[str, Any]:
        from ..models.changes_lines import ChangesLines # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)



        declare_natural: bool | None
        declare_natural = self.declare_natural

        lines = self.lines.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "moves": moves,
            "declare_natural": declare_natural,
            "lines": lines,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.changes_lines import ChangesLines # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            moves_item = Move.from_dict(moves_item_data)



            moves.append(moves_item)


        def _parse_declare_natural(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        declare_natural = _parse_declare_natural(d.pop("declare_natural"))


        lines = ChangesLines.from_dict(d.pop("lines"))




        changes = cls(
            moves=moves,
            declare_natural=declare_natural,
            lines=lines,
        )

        return changes

