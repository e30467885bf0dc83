from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset_name import PresetName
from typing import cast

if TYPE_CHECKING:
  from ..models.line import Line





T = TypeVar("T", bound="VariantSummary")



@_attrs_define
class VariantSummary:
    """ A preset.

        Attributes:
            name (PresetName): A rule preset (`GET /v1/variants` describes each).
            title (Line): A text for people, in English and Vietnamese (an explanation step, a reason, a title).
            description (Line): A text for people, in English and Vietnamese (an explanation step, a reason, a title).
            sources (list[Line]): The Vietnamese source texts the preset follows, each described in both languages (the
                service's rule book, docs/rules.md, cites them).
            fingerprint (str): SHA-256 of the resolved rule set in canonical form (`GET /v1/variants/{fingerprint}` shows
                it); a knob added after 1.0.0 is left out while it has its default, so that adding one changes no fingerprint
                (docs/rules.md, "Fingerprint").
     """

    name: PresetName
    title: Line
    description: Line
    sources: list[Line]
    fingerprint: str





    def to_dict(self) -> dict[str, Any]:
        from ..models.line import Line # noqa: PLC0415
        name = self.name.value

        title = self.title.to_dict()

        description = self.description.to_dict()

        sources = []
        for componentsschemas_sources_item_data in self.sources:
            componentsschemas_sources_item = componentsschemas_sources_item_data.to_dict()
            sources.append(componentsschemas_sources_item)



        fingerprint = self.fingerprint


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "title": title,
            "description": description,
            "sources": sources,
            "fingerprint": fingerprint,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line import Line # noqa: PLC0415
        d = dict(src_dict)
        name = PresetName(d.pop("name"))




        title = Line.from_dict(d.pop("title"))




        description = Line.from_dict(d.pop("description"))




        sources = []
        _sources = d.pop("sources")
        for componentsschemas_sources_item_data in (_sources):
            componentsschemas_sources_item = Line.from_dict(componentsschemas_sources_item_data)



            sources.append(componentsschemas_sources_item)


        fingerprint = d.pop("fingerprint")

        variant_summary = cls(
            name=name,
            title=title,
            description=description,
            sources=sources,
            fingerprint=fingerprint,
        )

        return variant_summary

