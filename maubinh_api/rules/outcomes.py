"""What a settlement records: its outcomes, and the codes it gives them.

A position is won for a reason, a pair total is multiplied for a kind of
event, a natural decides a pair for a reason: each code is a
:class:`~maubinh_api.rules.labels.LabelledCode`, its English and Vietnamese
label beside it, the one source the answers' ``{key, label}`` enumerations
are built from.
The records (a pair's positions and multipliers, a player's points and
money, the house's take) are frozen dataclasses that
:mod:`~maubinh_api.rules.settlement` fills in and
:mod:`~maubinh_api.rules.explanations` puts into words (each line a :class:`~maubinh_api.rules.texts.Text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .arrangement import Position
from .labels import LabelledCode
from .naturals import NaturalHand
from .texts import Text, words
from .variants import Variant

__all__ = [
    "HouseTake",
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

    STRONGER_HAND = "stronger_hand", words("Stronger chi")
    TIE = "tie", words("Tie")
    OPPONENT_FOULED = "opponent_fouled", words("The opponent fouled")
    BOTH_FOULED = "both_fouled", words("Both fouled: nothing paid")
    NATURAL = "natural", words("Decided by a natural")


class MultiplierKind(LabelledCode):
    """What multiplied a pair total."""

    #: sập hầm: one player won all three positions
    SCOOP = "scoop", words("Scoop (sập hầm)")
    #: binh lủng: the opponent's arrangement was fouled
    FOUL = "foul", words("Fouled opponent (binh lủng)")
    #: sập làng: one player scooped, or was scooped by, every opponent
    SAP_LANG = "sap_lang", words("Sập làng")


class NaturalOutcomeReason(LabelledCode):
    """Why a natural (thắng trắng) decided a pair as it did."""

    NATURAL_VS_HAND = "natural_vs_hand", words("A natural against a hand")
    HIGHER_NATURAL = "higher_natural", words("The higher natural")
    TIE_BREAK = "tie_break", words("Equal naturals, decided by the tie-break")
    EQUAL_NATURALS = "equal_naturals", words("Equal naturals: a draw")
    NATURALS_DRAW = "naturals_draw", words("Naturals draw under this variant")


class SapLang(LabelledCode):
    """A player's sập làng status."""

    #: bắt sập làng: scooped every opponent
    SCOOPED_ALL = "scooped_all", words("Scooped every opponent (bắt sập làng)")
    #: sập làng: scooped by every opponent
    SCOOPED_BY_ALL = "scooped_by_all", words("Scooped by every opponent (sập làng)")


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
    lines: tuple[Text, ...] = ()

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
    lines: tuple[Text, ...] = ()


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
