from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.verdict_key import VerdictKey
from typing import cast

if TYPE_CHECKING:
  from ..models.labels import Labels





T = TypeVar("T", bound="Verdict")



@_attrs_define
class Verdict:
    """ The grade of the loss in points per opponent: best (0), good (< 0.1), inaccuracy (< 0.3), mistake (< 1.0), blunder
    (>= 1.0); foul for a fouled arrangement that collects no natural.

        Attributes:
            key (VerdictKey):
            label (Labels):
     """

    key: VerdictKey
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
        key = VerdictKey(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        verdict = cls(
            key=key,
            label=label,
        )

        return verdict

