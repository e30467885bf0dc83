from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.analysis_best import AnalysisBest
  from ..models.changes import Changes
  from ..models.chi_hands import ChiHands
  from ..models.foul_reason import FoulReason
  from ..models.natural_review import NaturalReview
  from ..models.position_outlooks import PositionOutlooks
  from ..models.sap_lang_chance import SapLangChance
  from ..models.verdict import Verdict





T = TypeVar("T", bound="AnalysisAnswer")



@_attrs_define
class AnalysisAnswer:
    """ The analysis of one play (an item of a batch).

        Attributes:
            ev (float): Expected points per opponent of this play, rounded to 4 decimals like every expected value the
                service answers.
            best (AnalysisBest): The best play of the cards (the `best` of POST /v1/arrangements/optimal), and how it fares
                against the field: `positions`, `scoop_chance`, `scooped_chance` and `sap_lang_chance` are exactly what the
                analysis of the best play itself answers (its `arrangement`, with its `declare_natural`), so that a client can
                say what each of `changes.moves` changes, chi by chi.
            ev_loss (float): `best.ev - ev` (0 for the best play; never negative).
            rank (int | None): The play's place among the distinct legal arrangements and the natural, 1 the best (null for
                a fouled arrangement that collects no natural).
            distinct_arrangements (int): The distinct legal arrangements of the cards.
            positions (None | PositionOutlooks): How each chi fares against one opponent; null when this play collects a
                natural (no chi are compared then).
            scoop_chance (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be off
                by a few 0.0001).
            scooped_chance (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be
                off by a few 0.0001).
            opponent_natural (float): A probability, rounded to 4 decimals like every expected value (so sums of them may be
                off by a few 0.0001).
            sap_lang_chance (None | SapLangChance): The chances of scooping every opponent and of being scooped by every one
                (never more than `scoop_chance` and `scooped_chance`), when sập làng can happen at this table; otherwise null.
            fouled (bool):
            reasons (list[FoulReason]):
            natural (NaturalReview | None):
            verdict (Verdict): The grade of the loss in points per opponent: best (0), good (< 0.1), inaccuracy (< 0.3),
                mistake (< 1.0), blunder (>= 1.0); foul for a fouled arrangement that collects no natural.
            changes (Changes): What to change to reach the best play.
            opponents (int): The opponents at the table (1-3).
            chi (ChiHands): The three chi, classified.
     """

    ev: float
    best: AnalysisBest
    ev_loss: float
    rank: int | None
    distinct_arrangements: int
    positions: None | PositionOutlooks
    scoop_chance: float
    scooped_chance: float
    opponent_natural: float
    sap_lang_chance: None | SapLangChance
    fouled: bool
    reasons: list[FoulReason]
    natural: NaturalReview | None
    verdict: Verdict
    changes: Changes
    opponents: int
    chi: ChiHands





    def to_dict(self) -> dict[str, Any]:
        from ..models.analysis_best import AnalysisBest # noqa: PLC0415
        from ..models.changes import Changes # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.foul_reason import FoulReason # noqa: PLC0415
        from ..models.natural_review import NaturalReview # noqa: PLC0415
        from ..models.position_outlooks import PositionOutlooks # noqa: PLC0415
        from ..models.sap_lang_chance import SapLangChance # noqa: PLC0415
        from ..models.verdict import Verdict # noqa: PLC0415
        ev = self.ev

        best = self.best.to_dict()

        ev_loss = self.ev_loss

        rank: int | None
        rank = self.rank

        distinct_arrangements = self.distinct_arrangements

        positions: dict[str, Any] | None
        if isinstance(self.positions, PositionOutlooks):
            positions = self.positions.to_dict()
        else:
            positions = self.positions

        scoop_chance = self.scoop_chance

        scooped_chance = self.scooped_chance

        opponent_natural = self.opponent_natural

        sap_lang_chance: dict[str, Any] | None
        if isinstance(self.sap_lang_chance, SapLangChance):
            sap_lang_chance = self.sap_lang_chance.to_dict()
        else:
            sap_lang_chance = self.sap_lang_chance

        fouled = self.fouled

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)



        natural: dict[str, Any] | None
        if isinstance(self.natural, NaturalReview):
            natural = self.natural.to_dict()
        else:
            natural = self.natural

        verdict = self.verdict.to_dict()

        changes = self.changes.to_dict()

        opponents = self.opponents

        chi = self.chi.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ev": ev,
            "best": best,
            "ev_loss": ev_loss,
            "rank": rank,
            "distinct_arrangements": distinct_arrangements,
            "positions": positions,
            "scoop_chance": scoop_chance,
            "scooped_chance": scooped_chance,
            "opponent_natural": opponent_natural,
            "sap_lang_chance": sap_lang_chance,
            "fouled": fouled,
            "reasons": reasons,
            "natural": natural,
            "verdict": verdict,
            "changes": changes,
            "opponents": opponents,
            "chi": chi,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_best import AnalysisBest # noqa: PLC0415
        from ..models.changes import Changes # noqa: PLC0415
        from ..models.chi_hands import ChiHands # noqa: PLC0415
        from ..models.foul_reason import FoulReason # noqa: PLC0415
        from ..models.natural_review import NaturalReview # noqa: PLC0415
        from ..models.position_outlooks import PositionOutlooks # noqa: PLC0415
        from ..models.sap_lang_chance import SapLangChance # noqa: PLC0415
        from ..models.verdict import Verdict # noqa: PLC0415
        d = dict(src_dict)
        ev = d.pop("ev")

        best = AnalysisBest.from_dict(d.pop("best"))




        ev_loss = d.pop("ev_loss")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))


        distinct_arrangements = d.pop("distinct_arrangements")

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

        opponent_natural = d.pop("opponent_natural")

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


        fouled = d.pop("fouled")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in (_reasons):
            reasons_item = FoulReason.from_dict(reasons_item_data)



            reasons.append(reasons_item)


        def _parse_natural(data: object) -> NaturalReview | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                natural_type_1 = NaturalReview.from_dict(data)



                return natural_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NaturalReview | None, data)

        natural = _parse_natural(d.pop("natural"))


        verdict = Verdict.from_dict(d.pop("verdict"))




        changes = Changes.from_dict(d.pop("changes"))




        opponents = d.pop("opponents")

        chi = ChiHands.from_dict(d.pop("chi"))




        analysis_answer = cls(
            ev=ev,
            best=best,
            ev_loss=ev_loss,
            rank=rank,
            distinct_arrangements=distinct_arrangements,
            positions=positions,
            scoop_chance=scoop_chance,
            scooped_chance=scooped_chance,
            opponent_natural=opponent_natural,
            sap_lang_chance=sap_lang_chance,
            fouled=fouled,
            reasons=reasons,
            natural=natural,
            verdict=verdict,
            changes=changes,
            opponents=opponents,
            chi=chi,
        )

        return analysis_answer

