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
  from ..models.rule_overrides import RuleOverrides





T = TypeVar("T", bound="Variant")



@_attrs_define
class Variant:
    """ A preset with overrides: what a request's `variant` may be, and what every answer's `variant` is (an answer always
    has all three fields, so that it can be sent back as it is).

        Attributes:
            preset (PresetName): A rule preset (`GET /v1/variants` describes each).
            overrides (RuleOverrides | Unset): Knobs to change (JSON Merge Patch over the preset). See docs/rules.md.
            fingerprint (str | Unset): SHA-256 of the resolved rule set in canonical form (`GET /v1/variants/{fingerprint}`
                shows it); a knob added after 1.0.0 is left out while it has its default, so that adding one changes no
                fingerprint (docs/rules.md, "Fingerprint").
     """

    preset: PresetName
    overrides: RuleOverrides | Unset = UNSET
    fingerprint: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_overrides import RuleOverrides # noqa: PLC0415
        preset = self.preset.value

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        fingerprint = self.fingerprint


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "preset": preset,
        })
        if overrides is not UNSET:
            field_dict["overrides"] = overrides
        if fingerprint is not UNSET:
            field_dict["fingerprint"] = fingerprint

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides import RuleOverrides # noqa: PLC0415
        d = dict(src_dict)
        preset = PresetName(d.pop("preset"))




        _overrides = d.pop("overrides", UNSET)
        overrides: RuleOverrides | Unset
        if isinstance(_overrides,  Unset):
            overrides = UNSET
        else:
            overrides = RuleOverrides.from_dict(_overrides)




        fingerprint = d.pop("fingerprint", UNSET)

        variant = cls(
            preset=preset,
            overrides=overrides,
            fingerprint=fingerprint,
        )

        return variant

