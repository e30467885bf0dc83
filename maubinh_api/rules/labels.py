"""Codes with the words a player uses for them: the one shape of every enumeration.

A code is a ``StrEnum`` member (so it compares equal to its text, which is
what requests send and answers give as ``key``) declared with its label
beside it, a :class:`~maubinh_api.rules.texts.Text` (its Vietnamese from the
catalogue)::

    class Verdict(LabelledCode):
        BEST = "best", words("Best")

The answers' ``{key, label: {en, vi}}`` enumerations, the schemas'
accepted values and the spec's ``enum`` lists are all read from these
classes (tests/test_enumerations.py holds the spec to them).

>>> class Side(LabelledCode):
...     BANKER = "banker", Text("Banker", "Nhà cái")
>>> Side("banker") is Side.BANKER, Side.BANKER == "banker", Side.BANKER.label.vi
(True, True, 'Nhà cái')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from .texts import Text

__all__ = ["LabelledCode", "keys"]


class LabelledCode(StrEnum):
    """A code with its label in both languages (``label``)."""

    label: Text

    # The label's default is for type checkers only, which read ``Level("club")`` (a lookup by key)
    # as a call of this method: a member declared without its label is refused.
    def __new__(cls, key: str, said: Text | None = None) -> Self:
        if not isinstance(said, Text) or not said.en or not said.vi:
            raise ValueError(f"{cls.__name__} {key!r} needs its label in English and Vietnamese")
        member = str.__new__(cls, key)
        member._value_ = key
        member.label = said
        return member


def keys(codes: type[StrEnum]) -> tuple[str, ...]:
    """The keys of an enumeration, in its order (what a request may send).

    >>> from maubinh_api.rules.arrangement import Position
    >>> keys(Position)
    ('back', 'middle', 'front')
    """
    return tuple(code.value for code in codes)
