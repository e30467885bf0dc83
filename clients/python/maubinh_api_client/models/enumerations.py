from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.difficulty import Difficulty
  from ..models.drill_theme import DrillTheme
  from ..models.enumerations_knob_values import EnumerationsKnobValues
  from ..models.foul_code_member import FoulCodeMember
  from ..models.hand_category import HandCategory
  from ..models.knob_member import KnobMember
  from ..models.multiplier_kind import MultiplierKind
  from ..models.natural_member import NaturalMember
  from ..models.natural_outcome_reason import NaturalOutcomeReason
  from ..models.objective_member import ObjectiveMember
  from ..models.player_level import PlayerLevel
  from ..models.position_member import PositionMember
  from ..models.position_reason import PositionReason
  from ..models.sap_lang_result import SapLangResult
  from ..models.style import Style
  from ..models.verdict import Verdict





T = TypeVar("T", bound="Enumerations")



@_attrs_define
class Enumerations:
    """ Every enumeration of the API, each a list of its members in the service's order.

        Attributes:
            levels (list[PlayerLevel]):
            styles (list[Style]):
            verdicts (list[Verdict]):
            objectives (list[ObjectiveMember]):
            positions (list[PositionMember]):
            categories (list[HandCategory]):
            naturals (list[NaturalMember]):
            foul_reasons (list[FoulCodeMember]):
            position_reasons (list[PositionReason]):
            multipliers (list[MultiplierKind]):
            natural_outcome_reasons (list[NaturalOutcomeReason]):
            sap_lang_results (list[SapLangResult]):
            drill_themes (list[DrillTheme]):
            difficulties (list[Difficulty]):
            knobs (list[KnobMember]): The knobs of a rule set (the fields of `RuleSet` and `RuleOverrides`), in the order a
                variant lists them.
            knob_values (EnumerationsKnobValues): The knobs whose values come from a fixed set; for the maps, the keys they
                may hold; for `table`, its fields.
     """

    levels: list[PlayerLevel]
    styles: list[Style]
    verdicts: list[Verdict]
    objectives: list[ObjectiveMember]
    positions: list[PositionMember]
    categories: list[HandCategory]
    naturals: list[NaturalMember]
    foul_reasons: list[FoulCodeMember]
    position_reasons: list[PositionReason]
    multipliers: list[MultiplierKind]
    natural_outcome_reasons: list[NaturalOutcomeReason]
    sap_lang_results: list[SapLangResult]
    drill_themes: list[DrillTheme]
    difficulties: list[Difficulty]
    knobs: list[KnobMember]
    knob_values: EnumerationsKnobValues





    def to_dict(self) -> dict[str, Any]:
        from ..models.difficulty import Difficulty # noqa: PLC0415
        from ..models.drill_theme import DrillTheme # noqa: PLC0415
        from ..models.enumerations_knob_values import EnumerationsKnobValues # noqa: PLC0415
        from ..models.foul_code_member import FoulCodeMember # noqa: PLC0415
        from ..models.hand_category import HandCategory # noqa: PLC0415
        from ..models.knob_member import KnobMember # noqa: PLC0415
        from ..models.multiplier_kind import MultiplierKind # noqa: PLC0415
        from ..models.natural_member import NaturalMember # noqa: PLC0415
        from ..models.natural_outcome_reason import NaturalOutcomeReason # noqa: PLC0415
        from ..models.objective_member import ObjectiveMember # noqa: PLC0415
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        from ..models.position_member import PositionMember # noqa: PLC0415
        from ..models.position_reason import PositionReason # noqa: PLC0415
        from ..models.sap_lang_result import SapLangResult # noqa: PLC0415
        from ..models.style import Style # noqa: PLC0415
        from ..models.verdict import Verdict # noqa: PLC0415
        levels = []
        for levels_item_data in self.levels:
            levels_item = levels_item_data.to_dict()
            levels.append(levels_item)



        styles = []
        for styles_item_data in self.styles:
            styles_item = styles_item_data.to_dict()
            styles.append(styles_item)



        verdicts = []
        for verdicts_item_data in self.verdicts:
            verdicts_item = verdicts_item_data.to_dict()
            verdicts.append(verdicts_item)



        objectives = []
        for objectives_item_data in self.objectives:
            objectives_item = objectives_item_data.to_dict()
            objectives.append(objectives_item)



        positions = []
        for positions_item_data in self.positions:
            positions_item = positions_item_data.to_dict()
            positions.append(positions_item)



        categories = []
        for categories_item_data in self.categories:
            categories_item = categories_item_data.to_dict()
            categories.append(categories_item)



        naturals = []
        for naturals_item_data in self.naturals:
            naturals_item = naturals_item_data.to_dict()
            naturals.append(naturals_item)



        foul_reasons = []
        for foul_reasons_item_data in self.foul_reasons:
            foul_reasons_item = foul_reasons_item_data.to_dict()
            foul_reasons.append(foul_reasons_item)



        position_reasons = []
        for position_reasons_item_data in self.position_reasons:
            position_reasons_item = position_reasons_item_data.to_dict()
            position_reasons.append(position_reasons_item)



        multipliers = []
        for multipliers_item_data in self.multipliers:
            multipliers_item = multipliers_item_data.to_dict()
            multipliers.append(multipliers_item)



        natural_outcome_reasons = []
        for natural_outcome_reasons_item_data in self.natural_outcome_reasons:
            natural_outcome_reasons_item = natural_outcome_reasons_item_data.to_dict()
            natural_outcome_reasons.append(natural_outcome_reasons_item)



        sap_lang_results = []
        for sap_lang_results_item_data in self.sap_lang_results:
            sap_lang_results_item = sap_lang_results_item_data.to_dict()
            sap_lang_results.append(sap_lang_results_item)



        drill_themes = []
        for drill_themes_item_data in self.drill_themes:
            drill_themes_item = drill_themes_item_data.to_dict()
            drill_themes.append(drill_themes_item)



        difficulties = []
        for difficulties_item_data in self.difficulties:
            difficulties_item = difficulties_item_data.to_dict()
            difficulties.append(difficulties_item)



        knobs = []
        for knobs_item_data in self.knobs:
            knobs_item = knobs_item_data.to_dict()
            knobs.append(knobs_item)



        knob_values = self.knob_values.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "levels": levels,
            "styles": styles,
            "verdicts": verdicts,
            "objectives": objectives,
            "positions": positions,
            "categories": categories,
            "naturals": naturals,
            "foul_reasons": foul_reasons,
            "position_reasons": position_reasons,
            "multipliers": multipliers,
            "natural_outcome_reasons": natural_outcome_reasons,
            "sap_lang_results": sap_lang_results,
            "drill_themes": drill_themes,
            "difficulties": difficulties,
            "knobs": knobs,
            "knob_values": knob_values,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.difficulty import Difficulty # noqa: PLC0415
        from ..models.drill_theme import DrillTheme # noqa: PLC0415
        from ..models.enumerations_knob_values import EnumerationsKnobValues # noqa: PLC0415
        from ..models.foul_code_member import FoulCodeMember # noqa: PLC0415
        from ..models.hand_category import HandCategory # noqa: PLC0415
        from ..models.knob_member import KnobMember # noqa: PLC0415
        from ..models.multiplier_kind import MultiplierKind # noqa: PLC0415
        from ..models.natural_member import NaturalMember # noqa: PLC0415
        from ..models.natural_outcome_reason import NaturalOutcomeReason # noqa: PLC0415
        from ..models.objective_member import ObjectiveMember # noqa: PLC0415
        from ..models.player_level import PlayerLevel # noqa: PLC0415
        from ..models.position_member import PositionMember # noqa: PLC0415
        from ..models.position_reason import PositionReason # noqa: PLC0415
        from ..models.sap_lang_result import SapLangResult # noqa: PLC0415
        from ..models.style import Style # noqa: PLC0415
        from ..models.verdict import Verdict # noqa: PLC0415
        d = dict(src_dict)
        levels = []
        _levels = d.pop("levels")
        for levels_item_data in (_levels):
            levels_item = PlayerLevel.from_dict(levels_item_data)



            levels.append(levels_item)


        styles = []
        _styles = d.pop("styles")
        for styles_item_data in (_styles):
            styles_item = Style.from_dict(styles_item_data)



            styles.append(styles_item)


        verdicts = []
        _verdicts = d.pop("verdicts")
        for verdicts_item_data in (_verdicts):
            verdicts_item = Verdict.from_dict(verdicts_item_data)



            verdicts.append(verdicts_item)


        objectives = []
        _objectives = d.pop("objectives")
        for objectives_item_data in (_objectives):
            objectives_item = ObjectiveMember.from_dict(objectives_item_data)



            objectives.append(objectives_item)


        positions = []
        _positions = d.pop("positions")
        for positions_item_data in (_positions):
            positions_item = PositionMember.from_dict(positions_item_data)



            positions.append(positions_item)


        categories = []
        _categories = d.pop("categories")
        for categories_item_data in (_categories):
            categories_item = HandCategory.from_dict(categories_item_data)



            categories.append(categories_item)


        naturals = []
        _naturals = d.pop("naturals")
        for naturals_item_data in (_naturals):
            naturals_item = NaturalMember.from_dict(naturals_item_data)



            naturals.append(naturals_item)


        foul_reasons = []
        _foul_reasons = d.pop("foul_reasons")
        for foul_reasons_item_data in (_foul_reasons):
            foul_reasons_item = FoulCodeMember.from_dict(foul_reasons_item_data)



            foul_reasons.append(foul_reasons_item)


        position_reasons = []
        _position_reasons = d.pop("position_reasons")
        for position_reasons_item_data in (_position_reasons):
            position_reasons_item = PositionReason.from_dict(position_reasons_item_data)



            position_reasons.append(position_reasons_item)


        multipliers = []
        _multipliers = d.pop("multipliers")
        for multipliers_item_data in (_multipliers):
            multipliers_item = MultiplierKind.from_dict(multipliers_item_data)



            multipliers.append(multipliers_item)


        natural_outcome_reasons = []
        _natural_outcome_reasons = d.pop("natural_outcome_reasons")
        for natural_outcome_reasons_item_data in (_natural_outcome_reasons):
            natural_outcome_reasons_item = NaturalOutcomeReason.from_dict(natural_outcome_reasons_item_data)



            natural_outcome_reasons.append(natural_outcome_reasons_item)


        sap_lang_results = []
        _sap_lang_results = d.pop("sap_lang_results")
        for sap_lang_results_item_data in (_sap_lang_results):
            sap_lang_results_item = SapLangResult.from_dict(sap_lang_results_item_data)



            sap_lang_results.append(sap_lang_results_item)


        drill_themes = []
        _drill_themes = d.pop("drill_themes")
        for drill_themes_item_data in (_drill_themes):
            drill_themes_item = DrillTheme.from_dict(drill_themes_item_data)



            drill_themes.append(drill_themes_item)


        difficulties = []
        _difficulties = d.pop("difficulties")
        for difficulties_item_data in (_difficulties):
            difficulties_item = Difficulty.from_dict(difficulties_item_data)



            difficulties.append(difficulties_item)


        knobs = []
        _knobs = d.pop("knobs")
        for knobs_item_data in (_knobs):
            knobs_item = KnobMember.from_dict(knobs_item_data)



            knobs.append(knobs_item)


        knob_values = EnumerationsKnobValues.from_dict(d.pop("knob_values"))




        enumerations = cls(
            levels=levels,
            styles=styles,
            verdicts=verdicts,
            objectives=objectives,
            positions=positions,
            categories=categories,
            naturals=naturals,
            foul_reasons=foul_reasons,
            position_reasons=position_reasons,
            multipliers=multipliers,
            natural_outcome_reasons=natural_outcome_reasons,
            sap_lang_results=sap_lang_results,
            drill_themes=drill_themes,
            difficulties=difficulties,
            knobs=knobs,
            knob_values=knob_values,
        )

        return enumerations

