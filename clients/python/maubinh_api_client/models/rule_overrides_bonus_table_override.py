from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RuleOverridesBonusTableOverride")



@_attrs_define
class RuleOverridesBonusTableOverride:
    """ 
        Attributes:
            front_trips (int | None | Unset): The value of winning the position with that hand (replaces the 1 unit), or
                null to remove the entry.
            middle_full_house (int | None | Unset): The value of winning the position with that hand (replaces the 1 unit),
                or null to remove the entry.
            middle_quads (int | None | Unset): The value of winning the position with that hand (replaces the 1 unit), or
                null to remove the entry.
            middle_straight_flush (int | None | Unset): The value of winning the position with that hand (replaces the 1
                unit), or null to remove the entry.
            middle_royal_flush (int | None | Unset): The value of winning the position with that hand (replaces the 1 unit),
                or null to remove the entry.
            back_quads (int | None | Unset): The value of winning the position with that hand (replaces the 1 unit), or null
                to remove the entry.
            back_straight_flush (int | None | Unset): The value of winning the position with that hand (replaces the 1
                unit), or null to remove the entry.
            back_royal_flush (int | None | Unset): The value of winning the position with that hand (replaces the 1 unit),
                or null to remove the entry.
     """

    front_trips: int | None | Unset = UNSET
    middle_full_house: int | None | Unset = UNSET
    middle_quads: int | None | Unset = UNSET
    middle_straight_flush: int | None | Unset = UNSET
    middle_royal_flush: int | None | Unset = UNSET
    back_quads: int | None | Unset = UNSET
    back_straight_flush: int | None | Unset = UNSET
    back_royal_flush: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        front_trips: int | None | Unset
        if isinstance(self.front_trips, Unset):
            front_trips = UNSET
        else:
            front_trips = self.front_trips

        middle_full_house: int | None | Unset
        if isinstance(self.middle_full_house, Unset):
            middle_full_house = UNSET
        else:
            middle_full_house = self.middle_full_house

        middle_quads: int | None | Unset
        if isinstance(self.middle_quads, Unset):
            middle_quads = UNSET
        else:
            middle_quads = self.middle_quads

        middle_straight_flush: int | None | Unset
        if isinstance(self.middle_straight_flush, Unset):
            middle_straight_flush = UNSET
        else:
            middle_straight_flush = self.middle_straight_flush

        middle_royal_flush: int | None | Unset
        if isinstance(self.middle_royal_flush, Unset):
            middle_royal_flush = UNSET
        else:
            middle_royal_flush = self.middle_royal_flush

        back_quads: int | None | Unset
        if isinstance(self.back_quads, Unset):
            back_quads = UNSET
        else:
            back_quads = self.back_quads

        back_straight_flush: int | None | Unset
        if isinstance(self.back_straight_flush, Unset):
            back_straight_flush = UNSET
        else:
            back_straight_flush = self.back_straight_flush

        back_royal_flush: int | None | Unset
        if isinstance(self.back_royal_flush, Unset):
            back_royal_flush = UNSET
        else:
            back_royal_flush = self.back_royal_flush


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if front_trips is not UNSET:
            field_dict["front.trips"] = front_trips
        if middle_full_house is not UNSET:
            field_dict["middle.full_house"] = middle_full_house
        if middle_quads is not UNSET:
            field_dict["middle.quads"] = middle_quads
        if middle_straight_flush is not UNSET:
            field_dict["middle.straight_flush"] = middle_straight_flush
        if middle_royal_flush is not UNSET:
            field_dict["middle.royal_flush"] = middle_royal_flush
        if back_quads is not UNSET:
            field_dict["back.quads"] = back_quads
        if back_straight_flush is not UNSET:
            field_dict["back.straight_flush"] = back_straight_flush
        if back_royal_flush is not UNSET:
            field_dict["back.royal_flush"] = back_royal_flush

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_front_trips(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        front_trips = _parse_front_trips(d.pop("front.trips", UNSET))


        def _parse_middle_full_house(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        middle_full_house = _parse_middle_full_house(d.pop("middle.full_house", UNSET))


        def _parse_middle_quads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        middle_quads = _parse_middle_quads(d.pop("middle.quads", UNSET))


        def _parse_middle_straight_flush(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        middle_straight_flush = _parse_middle_straight_flush(d.pop("middle.straight_flush", UNSET))


        def _parse_middle_royal_flush(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        middle_royal_flush = _parse_middle_royal_flush(d.pop("middle.royal_flush", UNSET))


        def _parse_back_quads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        back_quads = _parse_back_quads(d.pop("back.quads", UNSET))


        def _parse_back_straight_flush(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        back_straight_flush = _parse_back_straight_flush(d.pop("back.straight_flush", UNSET))


        def _parse_back_royal_flush(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        back_royal_flush = _parse_back_royal_flush(d.pop("back.royal_flush", UNSET))


        rule_overrides_bonus_table_override = cls(
            front_trips=front_trips,
            middle_full_house=middle_full_house,
            middle_quads=middle_quads,
            middle_straight_flush=middle_straight_flush,
            middle_royal_flush=middle_royal_flush,
            back_quads=back_quads,
            back_straight_flush=back_straight_flush,
            back_royal_flush=back_royal_flush,
        )

        return rule_overrides_bonus_table_override

