from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RuleOverridesNaturalTableOverride")



@_attrs_define
class RuleOverridesNaturalTableOverride:
    """ 
        Attributes:
            dragon_flush (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            dragon (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            three_straight_flushes (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            thirteen_one_colour (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            twelve_one_colour (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            five_pairs_trips (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            six_pairs (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            four_trips (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            three_quads (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            three_flushes (int | None | Unset): The payout per opponent in units, or null to remove the natural.
            three_straights (int | None | Unset): The payout per opponent in units, or null to remove the natural.
     """

    dragon_flush: int | None | Unset = UNSET
    dragon: int | None | Unset = UNSET
    three_straight_flushes: int | None | Unset = UNSET
    thirteen_one_colour: int | None | Unset = UNSET
    twelve_one_colour: int | None | Unset = UNSET
    five_pairs_trips: int | None | Unset = UNSET
    six_pairs: int | None | Unset = UNSET
    four_trips: int | None | Unset = UNSET
    three_quads: int | None | Unset = UNSET
    three_flushes: int | None | Unset = UNSET
    three_straights: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        dragon_flush: int | None | Unset
        if isinstance(self.dragon_flush, Unset):
            dragon_flush = UNSET
        else:
            dragon_flush = self.dragon_flush

        dragon: int | None | Unset
        if isinstance(self.dragon, Unset):
            dragon = UNSET
        else:
            dragon = self.dragon

        three_straight_flushes: int | None | Unset
        if isinstance(self.three_straight_flushes, Unset):
            three_straight_flushes = UNSET
        else:
            three_straight_flushes = self.three_straight_flushes

        thirteen_one_colour: int | None | Unset
        if isinstance(self.thirteen_one_colour, Unset):
            thirteen_one_colour = UNSET
        else:
            thirteen_one_colour = self.thirteen_one_colour

        twelve_one_colour: int | None | Unset
        if isinstance(self.twelve_one_colour, Unset):
            twelve_one_colour = UNSET
        else:
            twelve_one_colour = self.twelve_one_colour

        five_pairs_trips: int | None | Unset
        if isinstance(self.five_pairs_trips, Unset):
            five_pairs_trips = UNSET
        else:
            five_pairs_trips = self.five_pairs_trips

        six_pairs: int | None | Unset
        if isinstance(self.six_pairs, Unset):
            six_pairs = UNSET
        else:
            six_pairs = self.six_pairs

        four_trips: int | None | Unset
        if isinstance(self.four_trips, Unset):
            four_trips = UNSET
        else:
            four_trips = self.four_trips

        three_quads: int | None | Unset
        if isinstance(self.three_quads, Unset):
            three_quads = UNSET
        else:
            three_quads = self.three_quads

        three_flushes: int | None | Unset
        if isinstance(self.three_flushes, Unset):
            three_flushes = UNSET
        else:
            three_flushes = self.three_flushes

        three_straights: int | None | Unset
        if isinstance(self.three_straights, Unset):
            three_straights = UNSET
        else:
            three_straights = self.three_straights


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if dragon_flush is not UNSET:
            field_dict["dragon_flush"] = dragon_flush
        if dragon is not UNSET:
            field_dict["dragon"] = dragon
        if three_straight_flushes is not UNSET:
            field_dict["three_straight_flushes"] = three_straight_flushes
        if thirteen_one_colour is not UNSET:
            field_dict["thirteen_one_colour"] = thirteen_one_colour
        if twelve_one_colour is not UNSET:
            field_dict["twelve_one_colour"] = twelve_one_colour
        if five_pairs_trips is not UNSET:
            field_dict["five_pairs_trips"] = five_pairs_trips
        if six_pairs is not UNSET:
            field_dict["six_pairs"] = six_pairs
        if four_trips is not UNSET:
            field_dict["four_trips"] = four_trips
        if three_quads is not UNSET:
            field_dict["three_quads"] = three_quads
        if three_flushes is not UNSET:
            field_dict["three_flushes"] = three_flushes
        if three_straights is not UNSET:
            field_dict["three_straights"] = three_straights

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_dragon_flush(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dragon_flush = _parse_dragon_flush(d.pop("dragon_flush", UNSET))


        def _parse_dragon(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dragon = _parse_dragon(d.pop("dragon", UNSET))


        def _parse_three_straight_flushes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        three_straight_flushes = _parse_three_straight_flushes(d.pop("three_straight_flushes", UNSET))


        def _parse_thirteen_one_colour(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        thirteen_one_colour = _parse_thirteen_one_colour(d.pop("thirteen_one_colour", UNSET))


        def _parse_twelve_one_colour(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        twelve_one_colour = _parse_twelve_one_colour(d.pop("twelve_one_colour", UNSET))


        def _parse_five_pairs_trips(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        five_pairs_trips = _parse_five_pairs_trips(d.pop("five_pairs_trips", UNSET))


        def _parse_six_pairs(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        six_pairs = _parse_six_pairs(d.pop("six_pairs", UNSET))


        def _parse_four_trips(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        four_trips = _parse_four_trips(d.pop("four_trips", UNSET))


        def _parse_three_quads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        three_quads = _parse_three_quads(d.pop("three_quads", UNSET))


        def _parse_three_flushes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        three_flushes = _parse_three_flushes(d.pop("three_flushes", UNSET))


        def _parse_three_straights(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        three_straights = _parse_three_straights(d.pop("three_straights", UNSET))


        rule_overrides_natural_table_override = cls(
            dragon_flush=dragon_flush,
            dragon=dragon,
            three_straight_flushes=three_straight_flushes,
            thirteen_one_colour=thirteen_one_colour,
            twelve_one_colour=twelve_one_colour,
            five_pairs_trips=five_pairs_trips,
            six_pairs=six_pairs,
            four_trips=four_trips,
            three_quads=three_quads,
            three_flushes=three_flushes,
            three_straights=three_straights,
        )

        return rule_overrides_natural_table_override

