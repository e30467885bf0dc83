from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement import Arrangement
  from ..models.chi_hands import ChiHands
  from ..models.position_outlooks import PositionOutlooks
  from ..models.sap_lang_chance import SapLangChance





T = TypeVar("T", bound="AnalysisBest")



@_attrs_define
class AnalysisBest:
    """ The best play of the cards (the `best` of POST /v1/arrangements/optimal), and how it fares against the field:
    `positions`, `scoop_chance`, `scooped_chance` and `sap_lang_chance` are exactly what the analysis of the best play
    itself answers (its `arrangement`, with its `declare_natural`), so that a client can say what each of
    `changes.moves` changes, chi by chi.

        Attributes:
            arrangement (Arrangement): Three chi: back and middle of 5 cards, front of 3. A request may write its cards in
                any notation; an answer writes them canonically, and posts on as it is.
            ev (float): Its expected points per opponent.
            declare_natural (bool):
            chi (ChiHands): The three chi, classified.
            positions (None | PositionOutlooks): How each chi of the best play fares against one opponent; null when the
                best play declares a natural (no chi are compared then).
            scoop_chance (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be off
                by a few 0.0001).
            scooped_chance (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be
                off by a few 0.0001).
            sap_lang_chance (None | SapLangChance): The best play's chances of scooping every opponent and of being scooped
                by every one, when sập làng can happen at this table; otherwise null (as the analysis's own `sap_lang_chance`).
     """

    arrangement: Arrangement
    ev: float
    declare_natural: bool
    chi: ChiHands
    positions: None | PositionOutlooks
    scoop_chance: float
    scooped_chance: float
    sap_lang_chance: None | SapLangChance





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.position_outlooks import PositionOutlooks # noqa: PLC0415
        from ..models.sap_lang_chance import SapLangChance # noqa: PLC0415
        arrangement = self.arrangement.to_dict()

        ev = self.ev

        declare_natural = self.declare_natural

        chi = self.chi.to_dict()

        positions: dict[str, Any] | None
        if isinstance(self.positions, PositionOutlooks):
            positions = self.positions.to_dict()
        else:
            positions = self.positions

        scoop_chance = self.scoop_chance

        scooped_chance = self.scooped_chance

        sap_lang_chance: dict[str, Any] | None
        if isinstance(self.sap_lang_chance, SapLangChance):
            sap_lang_chance = self.sap_lang_chance.to_dict()
        else:
            sap_lang_chance = self.sap_lang_chance


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arrangement": arrangement,
            "ev": ev,
            "declare_natural": declare_natural,
            "chi": chi,
            "positions": positions,
            "scoop_chance": scoop_chance,
            "scooped_chance": scooped_chance,
            "sap_lang_chance": sap_lang_chance,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.position_outlooks import PositionOutlooks # noqa: PLC0415
        from ..models.sap_lang_chance import SapLangChance # noqa: PLC0415
        d = dict(src_dict)
        arrangement = Arrangement.from_dict(d.pop("arrangement"))




        ev = d.pop("ev")

        declare_natural = d.pop("declare_natural")

        chi = ChiHands.from_dict(d.pop("chi"))




        def _parse_positions(data: object) -> None | PositionOutlooks:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                positions_type_1 = PositionOutlooks.from_dict(data)



                return positions_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PositionOutlooks, data)

        positions = _parse_positions(d.pop("positions"))


        scoop_chance = d.pop("scoop_chance")

        scooped_chance = d.pop("scooped_chance")

        def _parse_sap_lang_chance(data: object) -> None | SapLangChance:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sap_lang_chance_type_1 = SapLangChance.from_dict(data)



                return sap_lang_chance_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SapLangChance, data)

        sap_lang_chance = _parse_sap_lang_chance(d.pop("sap_lang_chance"))


        analysis_best = cls(
            arrangement=arrangement,
            ev=ev,
            declare_natural=declare_natural,
            chi=chi,
            positions=positions,
            scoop_chance=scoop_chance,
            scooped_chance=scooped_chance,
            sap_lang_chance=sap_lang_chance,
        )

        return analysis_best

