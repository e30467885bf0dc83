"""The codes a settlement gives its outcomes, each with the words a player uses.

A position is won for a reason, a pair total is multiplied for a kind of
event, a natural decides a pair for a reason: each code is a ``StrEnum``
(so it compares equal to its text) with an English and a Vietnamese label,
the one source the answers' ``{key, label}`` enumerations are built from.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["LabelledCode", "MultiplierKind", "NaturalOutcomeReason", "PositionReason", "SapLang"]


class LabelledCode(StrEnum):
    """A code with the words a player uses for it.

    >>> PositionReason.TIE.label_vi
    'Hòa'
    """

    @property
    def label_en(self) -> str:
        return _LABELS[self][0]

    @property
    def label_vi(self) -> str:
        return _LABELS[self][1]


class PositionReason(LabelledCode):
    """Why one position (chi) between two players went as it did."""

    STRONGER_HAND = "stronger_hand"
    TIE = "tie"
    OPPONENT_FOULED = "opponent_fouled"
    BOTH_FOULED = "both_fouled"
    NATURAL = "natural"


class MultiplierKind(LabelledCode):
    """What multiplied a pair total."""

    SCOOP = "scoop"  #: sập hầm: one player won all three positions
    FOUL = "foul"  #: binh lủng: the opponent's arrangement was fouled
    SAP_LANG = "sap_lang"  #: sập làng: one player scooped, or was scooped by, every opponent


class NaturalOutcomeReason(LabelledCode):
    """Why a natural (thắng trắng) decided a pair as it did."""

    NATURAL_VS_HAND = "natural_vs_hand"
    HIGHER_NATURAL = "higher_natural"
    TIE_BREAK = "tie_break"
    EQUAL_NATURALS = "equal_naturals"
    NATURALS_DRAW = "naturals_draw"


class SapLang(LabelledCode):
    """A player's sập làng status."""

    SCOOPED_ALL = "scooped_all"  #: bắt sập làng: scooped every opponent
    SCOOPED_BY_ALL = "scooped_by_all"  #: sập làng: scooped by every opponent


_LABELS: Final[dict[LabelledCode, tuple[str, str]]] = {
    SapLang.SCOOPED_ALL: ("Scooped every opponent (bắt sập làng)", "Bắt sập làng"),
    SapLang.SCOOPED_BY_ALL: ("Scooped by every opponent (sập làng)", "Bị sập làng"),
    PositionReason.STRONGER_HAND: ("Stronger chi", "Chi mạnh hơn"),
    PositionReason.TIE: ("Tie", "Hòa"),
    PositionReason.OPPONENT_FOULED: ("The opponent fouled", "Đối thủ binh lủng"),
    PositionReason.BOTH_FOULED: ("Both fouled: nothing paid", "Cả hai binh lủng: không tính"),
    PositionReason.NATURAL: ("Decided by a natural", "Thắng trắng quyết định"),
    MultiplierKind.SCOOP: ("Scoop (sập hầm)", "Sập hầm"),
    MultiplierKind.FOUL: ("Fouled opponent (binh lủng)", "Đối thủ binh lủng"),
    MultiplierKind.SAP_LANG: ("Sập làng", "Sập làng"),
    NaturalOutcomeReason.NATURAL_VS_HAND: ("A natural against a hand", "Thắng trắng gặp bài thường"),
    NaturalOutcomeReason.HIGHER_NATURAL: ("The higher natural", "Thắng trắng cao hơn"),
    NaturalOutcomeReason.TIE_BREAK: (
        "Equal naturals, decided by the tie-break",
        "Cùng loại thắng trắng, so bài để phân định",
    ),
    NaturalOutcomeReason.EQUAL_NATURALS: ("Equal naturals: a draw", "Thắng trắng ngang nhau: hòa"),
    NaturalOutcomeReason.NATURALS_DRAW: (
        "Naturals draw under this variant",
        "Hai thắng trắng gặp nhau thì hòa theo luật này",
    ),
}
