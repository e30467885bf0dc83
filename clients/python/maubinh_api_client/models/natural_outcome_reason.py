from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.natural_outcome_reason_key import NaturalOutcomeReasonKey
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="NaturalOutcomeReason")



@_attrs_define
class NaturalOutcomeReason:
    """ Why: a natural against a hand, the higher natural, a tie-break, equal naturals, or naturals that draw by the
    variant.

        Attributes:
            key (NaturalOutcomeReasonKey):
            label (Labels):
     """

    key: NaturalOutcomeReasonKey
    label: Labels





    def to_dict(self) -> dict[str, Any]:
        from ..models.labels import Labels # noqa: PLC0415
        key = self.key.value

        label = self.label.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
            "label": label,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.labels import Labels # noqa: PLC0415
        d = dict(src_dict)
        key = NaturalOutcomeReasonKey(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        natural_outcome_reason = cls(
            key=key,
            label=label,
        )

        return natural_outcome_reason

