from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.natural_key import NaturalKey
from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement import Arrangement
  from ..models.labels import Labels





T = TypeVar("T", bound="Natural")



@_attrs_define
class Natural:
    """ The natural (thắng trắng) a hand holds under the variant, the highest it qualifies for.

        Attributes:
            key (NaturalKey):
            label (Labels):
            payout (int): Units each opponent without a natural pays.
            split (Arrangement | None): For three straight flushes, three flushes and three straights, the strongest split
                that shows the natural and is not fouled under the variant; otherwise null.
     """

    key: NaturalKey
    label: Labels
    payout: int
    split: Arrangement | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.labels import Labels # noqa: PLC0415
        key = self.key.value

        label = self.label.to_dict()

        payout = self.payout

        split: dict[str, Any] | None
        if isinstance(self.split, Arrangement):
            split = self.split.to_dict()
        else:
            split = self.split


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
            "label": label,
            "payout": payout,
            "split": split,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement import Arrangement # noqa: PLC0415
        from ..models.labels import Labels # noqa: PLC0415
        d = dict(src_dict)
        key = NaturalKey(d.pop("key"))




        label = Labels.from_dict(d.pop("label"))




        payout = d.pop("payout")

        def _parse_split(data: object) -> Arrangement | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                split_type_1 = Arrangement.from_dict(data)



                return split_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Arrangement | None, data)

        split = _parse_split(d.pop("split"))


        natural = cls(
            key=key,
            label=label,
            payout=payout,
            split=split,
        )

        return natural

