"""Valuing, playing, grading and analysing hands: the sequences every entry point runs.

A hand's valuation (every split screened, the shortlist settled exactly) is the expensive
step; each sequence here computes it once per 13 cards and hands it to every step after it.

>>> from maubinh_api.rules.cards import DECK
>>> from maubinh_api.rules.variants import preset
>>> played = graded_play(DECK[:13], preset("classic"), Level.BEST, seed=1, opponents=3)
>>> played.judgement.ev_loss
0.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.variants import Variant
from ..strategy.analysis import Analysis, Grade, analyse, grade
from ..strategy.bots import Level, Play, play
from ..strategy.valuation import Valuation, value_hand

__all__ = ["AnalysedPlay", "Analyst", "GradedPlay", "JudgedPlay", "analysed_play", "bot_play", "graded_play"]

Judgement = TypeVar("Judgement", Grade, Analysis)


def _ordered(cards: Sequence[Card]) -> list[Card]:
    """The cards in deck order: a valuation (and its cache) does not depend on the order given."""
    return sorted(cards, key=lambda card: card.index)


def bot_play(
    cards: Sequence[Card], variant: Variant, level: Level, seed: int, *, opponents: int
) -> tuple[Valuation, Play]:
    """How a player of ``level`` sets the cards (deterministic in ``seed``), with the hand's valuation."""
    valuation = value_hand(_ordered(cards), variant, opponents=opponents)
    return valuation, play(_ordered(cards), variant, level, seed, opponents=opponents, valuation=valuation)


@dataclass(frozen=True, slots=True)
class JudgedPlay(Generic[Judgement]):
    """A bot's play, the valuation of its hand, and what was said of the arrangement it set."""

    valuation: Valuation
    play: Play
    judgement: Judgement


#: A bot's play and its grade (what it gave up against the best): what the yardsticks measure.
GradedPlay = JudgedPlay[Grade]
#: A bot's play and its full analysis: what ``/play`` answers.
AnalysedPlay = JudgedPlay[Analysis]


def graded_play(cards: Sequence[Card], variant: Variant, level: Level, seed: int, *, opponents: int) -> GradedPlay:
    """A bot's play, graded: what the level yardsticks are measured from."""
    return _judged(cards, variant, level, seed, opponents=opponents, judge=grade)


def analysed_play(cards: Sequence[Card], variant: Variant, level: Level, seed: int, *, opponents: int) -> AnalysedPlay:
    """A bot's play with the analysis of the arrangement it set."""
    return _judged(cards, variant, level, seed, opponents=opponents, judge=analyse)


def _judged(
    cards: Sequence[Card],
    variant: Variant,
    level: Level,
    seed: int,
    *,
    opponents: int,
    judge: Callable[..., Judgement],  # grade or analyse: the same arguments, a grade or a full analysis
) -> JudgedPlay[Judgement]:
    valuation, played = bot_play(cards, variant, level, seed, opponents=opponents)
    said = judge(
        played.arrangement, variant, declare_natural=played.declare_natural, opponents=opponents, valuation=valuation
    )
    return JudgedPlay(valuation, played, said)


class Analyst:
    """Analyses arrangements under one variant and table size; arrangements of the same 13 cards
    share one valuation (a batch often holds several ways to set one hand)."""

    def __init__(self, variant: Variant, *, opponents: int) -> None:
        self.variant = variant
        self.opponents = opponents
        self._valuations: dict[frozenset[Card], Valuation] = {}

    def analyse(self, arrangement: Arrangement, declare_natural: bool) -> Analysis:
        """The analysis of ``arrangement``, played with or without declaring its natural."""
        key = frozenset(arrangement.cards)
        valuation = self._valuations.get(key)
        if valuation is None:
            valuation = value_hand(_ordered(arrangement.cards), self.variant, opponents=self.opponents)
            self._valuations[key] = valuation
        return analyse(
            arrangement,
            self.variant,
            declare_natural=declare_natural,
            opponents=self.opponents,
            valuation=valuation,
        )
