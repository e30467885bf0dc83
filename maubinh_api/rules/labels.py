"""Codes with the words a player uses for them: the one shape of every enumeration.

A code is a ``StrEnum`` member (so it compares equal to its text, which is
what requests send and answers give as ``key``) declared with its English
and Vietnamese labels beside it::

    class Verdict(LabelledCode):
        BEST = "best", "Best", "Tốt nhất"

The answers' ``{key, label: {en, vi}}`` enumerations, the schemas'
accepted values and the spec's ``enum`` lists are all read from these
classes (tests/test_enumerations.py holds the spec to them).

>>> class Side(LabelledCode):
...     BANKER = "banker", "Banker", "Nhà cái"
>>> Side("banker") is Side.BANKER, Side.BANKER == "banker", Side.BANKER.label_vi
(True, True, 'Nhà cái')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self

__all__ = ["LabelledCode", "keys"]


class LabelledCode(StrEnum):
    """A code with its label in English (``label_en``) and Vietnamese (``label_vi``)."""

    label_en: str
    label_vi: str

    # The labels' defaults are for type checkers only, which read ``Level("club")`` (a lookup by
    # key) as a call of this method: a member declared without both labels is refused.
    def __new__(cls, key: str, english: str = "", vietnamese: str = "") -> Self:
        if not english or not vietnamese:
            raise ValueError(f"{cls.__name__} {key!r} needs its English and Vietnamese labels")
        member = str.__new__(cls, key)
        member._value_ = key
        member.label_en = english
        member.label_vi = vietnamese
        return member


def keys(codes: type[StrEnum]) -> tuple[str, ...]:
    """The keys of an enumeration, in its order (what a request may send).

    >>> from maubinh_api.rules.arrangement import Position
    >>> keys(Position)
    ('back', 'middle', 'front')
    """
    return tuple(code.value for code in codes)
