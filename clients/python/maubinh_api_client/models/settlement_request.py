from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset_name import PresetName
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.forfeited_seat import ForfeitedSeat
  from ..models.played_seat import PlayedSeat
  from ..models.variant import Variant





T = TypeVar("T", bound="SettlementRequest")



@_attrs_define
class SettlementRequest:
    """ 
        Attributes:
            bet (str): The bet (mức cược), as a decimal string: > 0, at most 10^12, with no more decimal places than the
                variant's amount_decimals. A JSON number is refused (`bet_format`) since 1.0.0: money never passes through a
                binary float.
            players (list[ForfeitedSeat | PlayedSeat]):
            variant (PresetName | Unset | Variant): A preset name, or a preset with overrides (an answer's `variant`, as it
                came). Omitted means the service default.
            foul_cost (bool | Unset): true adds `foul_cost` to every player's result: for a seat that set a
                fouled arrangement and collected no natural, what the foul gave up
                against the best legal play of its cards and whom it paid; null for
                the others. A platform watching for chip dumping as it happens asks
                for it. It costs a unit more for each fouled seat (one for each
                player is reserved, and those not used are given back).
                 Default: False.
     """

    bet: str
    players: list[ForfeitedSeat | PlayedSeat]
    variant: PresetName | Unset | Variant = UNSET
    foul_cost: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        from ..models.forfeited_seat import ForfeitedSeat # noqa: PLC0415
        from ..models.played_seat import PlayedSeat # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        bet = self.bet

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any]
            if isinstance(players_item_data, PlayedSeat):
                players_item = players_item_data.to_dict()
            else:
                players_item = players_item_data.to_dict()

            players.append(players_item)



        variant: dict[str, Any] | str | Unset
        if isinstance(self.variant, Unset):
            variant = UNSET
        elif isinstance(self.variant, PresetName):
            variant = self.variant.value
        else:
            variant = self.variant.to_dict()


        foul_cost = self.foul_cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "bet": bet,
            "players": players,
        })
        if variant is not UNSET:
            field_dict["variant"] = variant
        if foul_cost is not UNSET:
            field_dict["foul_cost"] = foul_cost

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.forfeited_seat import ForfeitedSeat # noqa: PLC0415
        from ..models.played_seat import PlayedSeat # noqa: PLC0415
        from ..models.variant import Variant # noqa: PLC0415
        d = dict(src_dict)
        bet = d.pop("bet")

        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            def _parse_players_item(data: object) -> ForfeitedSeat | PlayedSeat:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_input_type_0 = PlayedSeat.from_dict(data)



                    return componentsschemas_player_input_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_player_input_type_1 = ForfeitedSeat.from_dict(data)



                return componentsschemas_player_input_type_1

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)


        def _parse_variant(data: object) -> PresetName | Unset | Variant:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_variant_spec_type_0 = PresetName(data)



                return componentsschemas_variant_spec_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_variant_spec_type_1 = Variant.from_dict(data)



            return componentsschemas_variant_spec_type_1

        variant = _parse_variant(d.pop("variant", UNSET))


        foul_cost = d.pop("foul_cost", UNSET)

        settlement_request = cls(
            bet=bet,
            players=players,
            variant=variant,
            foul_cost=foul_cost,
        )

        return settlement_request

