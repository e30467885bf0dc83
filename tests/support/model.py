"""The model the tests value hands with, built here as a composition root builds it, and the
strategy's calls tests make most, with the hand valued first under that model."""

from __future__ import annotations

from collections.abc import Sequence

from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import Card
from maubinh_api.rules.variants import Variant
from maubinh_api.strategy.analysis import Analysis, Grade, analyse, grade
from maubinh_api.strategy.bots import Play, play
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import Model, shipped_model
from maubinh_api.strategy.valuation import Valuation, value_hand

#: The shipped files and the kernel MAUBINH_KERNEL chooses (the compiled one by default).
MODEL: Model = shipped_model(active_kernel())


def valued(cards: Sequence[Card], variant: Variant, *, opponents: int = 3, model: Model = MODEL) -> Valuation:
    """The valuation of ``cards`` (in any order) under ``model``."""
    return value_hand(sorted(cards, key=lambda card: card.index), variant, model, opponents=opponents)


def analyse_hand(
    arrangement: Arrangement, variant: Variant, *, declare_natural: bool = True, opponents: int = 3
) -> Analysis:
    """The analysis of ``arrangement``, its hand valued under :data:`MODEL`."""
    return analyse(
        arrangement, valued(arrangement.cards, variant, opponents=opponents), declare_natural=declare_natural
    )


def grade_hand(
    arrangement: Arrangement, variant: Variant, *, declare_natural: bool = True, opponents: int = 3
) -> Grade:
    """The grade of ``arrangement``, its hand valued under :data:`MODEL`."""
    return grade(arrangement, valued(arrangement.cards, variant, opponents=opponents), declare_natural=declare_natural)


def play_hand(cards: Sequence[Card], variant: Variant, level: Level, seed: int, *, opponents: int = 3) -> Play:
    """A bot's play of ``cards``, the hand valued under :data:`MODEL`."""
    return play(valued(cards, variant, opponents=opponents), level, seed)
