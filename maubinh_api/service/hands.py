"""Valuing, playing, grading and analysing hands: the sequences every entry point runs.

A :class:`HandService` is built once by a composition root (``create_app``, a batch worker,
the yardsticks builder) around the :class:`~maubinh_api.strategy.model.Model` it chose, and
every sequence passes that model down whole: no step below it picks its own.

A hand's valuation (every split screened, the shortlist settled exactly) is the expensive
step; each sequence here computes it once per 13 cards and hands it to every step after it.

>>> from maubinh_api.rules.cards import DECK
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> service = HandService(shipped_model(active_kernel()))
>>> played = service.graded_play(DECK[:13], preset("classic"), Level.BEST, seed=1, opponents=3)
>>> played.judgement.ev_loss
0.0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..rules.arrangement import Arrangement
from ..rules.cards import DECK, Card
from ..rules.chi import Wheel
from ..rules.variants import Variant, preset
from ..strategy.analysis import Analysis, Grade, analyse, grade, grade_all
from ..strategy.bots import Play, play
from ..strategy.classes import HandClasses
from ..strategy.drills import DrillSet, Theme, deal_drills
from ..strategy.level_reference import LossReference
from ..strategy.levels import Level
from ..strategy.model import Model
from ..strategy.optimiser import Objective, Solution, optimise
from ..strategy.valuation import Valuation, value_hand

__all__ = ["Analyst", "GradedPlay", "HandService", "JudgedPlay"]

Judgement = TypeVar("Judgement", Grade, Analysis)


def _ordered(cards: Iterable[Card]) -> list[Card]:
    """The cards in deck order: a valuation (and its cache) does not depend on the order given."""
    return sorted(cards, key=lambda card: card.index)


@dataclass(frozen=True, slots=True)
class JudgedPlay(Generic[Judgement]):
    """A bot's play, the valuation of its hand, and what was said of the arrangement it set."""

    valuation: Valuation
    play: Play
    judgement: Judgement


#: A bot's play and its grade (what it gave up against the best): what ``/play`` answers and the
#: yardsticks measure.
GradedPlay = JudgedPlay[Grade]


#: The owners' services one service keeps made (far more than the tenants of any deployment).
OWNERS_KEPT = 4096


class HandService:
    """What the entry points ask of the strategy, computed with one model."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._owners: dict[str, HandService] = {}

    def for_owner(self, owner: str) -> HandService:
        """This service for one owner (a tenant): the tables of the variants with overrides it plays
        are kept on its own shelf of the model's store (:mod:`~maubinh_api.strategy.variant_store`).
        Made once per owner (10 µs a request otherwise); the owners are the tenants a deployment
        names, so the memo is bounded by them (and forgets all beyond ``OWNERS_KEPT``)."""
        if owner == self.model.owner:
            return self
        found = self._owners.get(owner)
        if found is None:
            if len(self._owners) >= OWNERS_KEPT:
                self._owners.clear()
            found = self._owners[owner] = HandService(self.model.owned_by(owner))
        return found

    def holds_tables(self, variant: Variant) -> bool:
        """Whether valuing a hand under ``variant`` finds its tables built for this owner."""
        return self.model.holds_tables(variant)

    def value(self, cards: Iterable[Card], variant: Variant, *, opponents: int) -> Valuation:
        """A (checked) hand's valuation under ``variant`` at a table of ``opponents`` + 1."""
        return value_hand(_ordered(cards), variant, self.model, opponents=opponents)

    def optimal(
        self, cards: Sequence[Card], variant: Variant, *, objective: Objective, top: int, opponents: int
    ) -> Solution:
        """The best arrangement of 13 (checked) cards and the next best distinct ones."""
        return optimise(cards, variant, self.model, objective=objective, top=top, opponents=opponents)

    def bot_play(
        self, cards: Sequence[Card], variant: Variant, level: Level, seed: int, *, opponents: int
    ) -> tuple[Valuation, Play]:
        """How a player of ``level`` sets the cards (deterministic in ``seed``), with the hand's valuation."""
        valuation = self.value(cards, variant, opponents=opponents)
        return valuation, play(valuation, level, seed)

    def graded_play(
        self, cards: Sequence[Card], variant: Variant, level: Level, seed: int, *, opponents: int
    ) -> GradedPlay:
        """A bot's play, graded: what the level yardsticks are measured from."""
        return self._judged(cards, variant, level, seed, opponents=opponents, judge=grade)

    def _judged(
        self,
        cards: Sequence[Card],
        variant: Variant,
        level: Level,
        seed: int,
        *,
        opponents: int,
        judge: Callable[..., Judgement],  # grade or analyse: the same arguments, a grade or a full analysis
    ) -> JudgedPlay[Judgement]:
        valuation, played = self.bot_play(cards, variant, level, seed, opponents=opponents)
        said = judge(played.arrangement, valuation, declare_natural=played.declare_natural)
        return JudgedPlay(valuation, played, said)

    def analyst(self, variant: Variant, *, opponents: int) -> Analyst:
        """An analyst of arrangements under ``variant`` at a table of ``opponents`` + 1."""
        return Analyst(self, variant, opponents=opponents)

    def grade_all(self, played: Sequence[tuple[Arrangement, bool]], variant: Variant, *, opponents: int) -> list[Grade]:
        """Every arrangement's grade (each with its ``declare_natural``), in one kernel call."""
        return grade_all(played, variant, self.model, opponents=opponents)

    def drills(
        self, theme: Theme, count: int, seed: int, variant: Variant, *, opponents: int, level: Level
    ) -> DrillSet:
        """``count`` drills of ``theme`` dealt from ``seed``, their difficulty judged for ``level``."""
        return deal_drills(theme, count, seed, variant, self.model, opponents=opponents, level=level)

    def yardsticks(
        self, preset_name: str, opponents: int, theme: Theme = Theme.RANDOM
    ) -> Mapping[Level, LossReference]:
        """Each level's loss per hand under a preset at a table of ``opponents`` + 1, on the drills of
        ``theme`` (random deals by default)."""
        if theme is Theme.RANDOM:
            return self.model.yardsticks(preset_name, opponents)
        return self.model.yardsticks(preset_name, opponents, theme.value)

    def warm_up(self, variants: Iterable[Variant], table_sizes: Iterable[int]) -> None:
        """Load the odds, the bank and the kernel's tables of each variant at each table size
        (one valuation each), its yardsticks, and both wheels' hand classes, so that no request or
        task pays for them."""
        for wheel in Wheel:
            HandClasses.for_wheel(wheel)
        sizes = tuple(table_sizes)
        for variant in variants:
            for opponents in sizes:
                self.value(DECK[:13], variant, opponents=opponents)  # any 13 cards do
                self.yardsticks(variant.name, opponents)

    def readiness(self, preset_names: Iterable[str]) -> dict[str, str]:
        """Each preset's odds and bank, loaded (or the error it raises): what ``/readyz`` reports."""
        names = tuple(preset_names)
        for name in names:
            self.model.odds(preset(name))
        checks = {"odds": "ok"}
        for name in names:
            self.model.bank(name)
        checks["bank"] = "ok"
        return checks


#: Valuations an Analyst keeps: each holds its kernel model (about a megabyte), and a batch of 100
#: distinct hands kept whole took 100 MB more (bench/memory.py); ways to set one hand come together.
KEPT_VALUATIONS = 4


class Analyst:
    """Analyses arrangements under one variant and table size; arrangements of the same 13 cards
    share one valuation (a batch often holds several ways to set one hand), the last few kept."""

    def __init__(self, service: HandService, variant: Variant, *, opponents: int) -> None:
        self.service = service
        self.variant = variant
        self.opponents = opponents
        self._valuations: dict[frozenset[Card], Valuation] = {}

    def analyse(self, arrangement: Arrangement, declare_natural: bool) -> Analysis:
        """The analysis of ``arrangement``, played with or without declaring its natural."""
        key = frozenset(arrangement.cards)
        valuation = self._valuations.get(key)
        if valuation is None:
            valuation = self.service.value(arrangement.cards, self.variant, opponents=self.opponents)
            if len(self._valuations) >= KEPT_VALUATIONS:
                del self._valuations[next(iter(self._valuations))]  # the oldest
            self._valuations[key] = valuation
        return analyse(arrangement, valuation, declare_natural=declare_natural)
