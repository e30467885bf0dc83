"""What a settlement records: its outcomes, and the codes it gives them.

A position is won for a reason, a pair total is multiplied for a kind of
event, a natural decides a pair for a reason: each code is a
:class:`~maubinh_api.rules.labels.LabelledCode`, its English and Vietnamese
label beside it, the one source the answers' ``{key, label}`` enumerations
are built from.
The records (a pair's positions and multipliers, a player's points and
money, the house's take) are frozen dataclasses that
:mod:`~maubinh_api.rules.settlement` fills in and
:mod:`~maubinh_api.rules.explanations` puts into words (:class:`Line`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .arrangement import Position
from .labels import LabelledCode
from .naturals import NaturalHand
from .variants import Variant

__all__ = [
    "HouseTake",
    "Line",
    "Multiplier",
    "MultiplierKind",
    "NaturalDecision",
    "NaturalOutcomeReason",
    "PairOutcome",
    "PlayerOutcome",
    "PositionOutcome",
    "PositionReason",
    "SapLang",
    "Settlement",
]


class PositionReason(LabelledCode):
    """Why one position (chi) between two players went as it did."""

    STRONGER_HAND = "stronger_hand", "Stronger chi", "Chi mạnh hơn"
    TIE = "tie", "Tie", "Hòa"
    OPPONENT_FOULED = "opponent_fouled", "The opponent fouled", "Đối thủ binh lủng"
    BOTH_FOULED = "both_fouled", "Both fouled: nothing paid", "Cả hai binh lủng: không tính"
    NATURAL = "natural", "Decided by a natural", "Thắng trắng quyết định"


class MultiplierKind(LabelledCode):
    """What multiplied a pair total."""

    #: sập hầm: one player won all three positions
    SCOOP = "scoop", "Scoop (sập hầm)", "Sập hầm"
    #: binh lủng: the opponent's arrangement was fouled
    FOUL = "foul", "Fouled opponent (binh lủng)", "Đối thủ binh lủng"
    #: sập làng: one player scooped, or was scooped by, every opponent
    SAP_LANG = "sap_lang", "Sập làng", "Sập làng"


class NaturalOutcomeReason(LabelledCode):
    """Why a natural (thắng trắng) decided a pair as it did."""

    NATURAL_VS_HAND = "natural_vs_hand", "A natural against a hand", "Thắng trắng gặp bài thường"
    HIGHER_NATURAL = "higher_natural", "The higher natural", "Thắng trắng cao hơn"
    TIE_BREAK = "tie_break", "Equal naturals, decided by the tie-break", "Cùng loại thắng trắng, so bài để phân định"
    EQUAL_NATURALS = "equal_naturals", "Equal naturals: a draw", "Thắng trắng ngang nhau: hòa"
    NATURALS_DRAW = (
        "naturals_draw",
        "Naturals draw under this variant",
        "Hai thắng trắng gặp nhau thì hòa theo luật này",
    )


class SapLang(LabelledCode):
    """A player's sập làng status."""

    #: bắt sập làng: scooped every opponent
    SCOOPED_ALL = "scooped_all", "Scooped every opponent (bắt sập làng)", "Bắt sập làng"
    #: sập làng: scooped by every opponent
    SCOOPED_BY_ALL = "scooped_by_all", "Scooped by every opponent (sập làng)", "Bị sập làng"


@dataclass(frozen=True, slots=True)
class Line:
    """One explanation, in both languages."""

    en: str
    vi: str


@dataclass(frozen=True, slots=True)
class PositionOutcome:
    """One position of one pair."""

    position: Position
    winner: str | None
    value: int
    reason: PositionReason
    bonus: str | None = None  #: the bonus-table key that set the value


@dataclass(frozen=True, slots=True)
class Multiplier:
    """A multiplier applied to a pair total."""

    kind: MultiplierKind
    factor: int
    player: str  #: whose scoop, whose opponent fouled, whose sập làng
    reason: SapLang | None = None  #: for sap_lang: which way it went for ``player``


@dataclass(frozen=True, slots=True)
class NaturalDecision:
    """How naturals decided a pair."""

    winner: str | None  #: who is paid, None for a draw
    key: str | None  #: the natural paid
    payout: int
    reason: NaturalOutcomeReason


@dataclass(frozen=True, slots=True)
class PairOutcome:
    """The settlement between two players; ``points`` are for ``players[0]``."""

    players: tuple[str, str]
    points: int
    positions: tuple[PositionOutcome, ...]
    majority: str | None
    majority_units: int
    scoop: str | None
    multipliers: tuple[Multiplier, ...]
    natural: NaturalDecision | None
    lines: tuple[Line, ...] = ()

    def points_for(self, player: str) -> int:
        """The pair total from ``player``'s side."""
        return self.points if player == self.players[0] else -self.points


@dataclass(frozen=True, slots=True)
class PlayerOutcome:
    """One player's result."""

    id: str
    points: int
    amount: Decimal
    rake: Decimal
    draw_fee: Decimal
    net: Decimal
    natural: NaturalHand | None
    fouled: bool
    forfeit: bool
    sap_lang: SapLang | None
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True, slots=True)
class HouseTake:
    """What the house keeps: rake and draw fees."""

    rake: Decimal
    draw_fee: Decimal

    @property
    def total(self) -> Decimal:
        """Rake plus draw fees."""
        return self.rake + self.draw_fee


@dataclass(frozen=True, slots=True)
class Settlement:
    """The settled table."""

    variant: Variant
    bet: Decimal
    players: tuple[PlayerOutcome, ...]
    pairs: tuple[PairOutcome, ...]
    house_take: HouseTake
