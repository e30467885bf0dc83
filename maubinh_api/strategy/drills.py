"""Drills: seeded hands chosen so that a decision matters, by theme, for practice.

A drill is 13 cards and the reason they were chosen (its :class:`Theme`), never their answer:
the player sets them and ``/v1/arrangements/analysis`` grades the play.  Each theme is a
condition on the hand's valuation (docs/strategy.md, "Drills"), checked on candidate hands dealt
one after another from the seed until ``count`` pass:

* ``random``: any deal, as a table deals it;
* ``auto_blunder``: the auto-arrangement (strongest chi first, ``objective: strongest``) is a
  blunder: it gives up at least ``AUTO_BLUNDER`` points per opponent;
* ``front_decides``: the auto-arrangement gives up at least ``FRONT_LOSS``, and every card the
  analysis moves to reach the best play goes into or out of the front;
* ``foul_trap``: the best play's back and middle are of one category, two pair or better, so the
  two chi the wrong way round is binh lủng;
* ``natural_call``: the cards hold a natural the variant pays, and declaring it and playing the
  best chi differ by at most ``NATURAL_MARGIN`` points per opponent (either may be the better);
* ``sap_lang``: sập làng can happen at the table, the best play scoops every opponent or is
  scooped by every one with a chance of at least ``SAP_LANG_CHANCE``, and the typical level gives
  up at least ``DECISION_FLOOR`` on the hand.

Apart from ``random`` and ``natural_call`` a drill holds no natural the variant pays, so that the
decision is the arrangement.  No two of ``VARIED_RUN`` natural_call drills in a row hold the same
pattern (:func:`~maubinh_api.strategy.natural_deals.pattern`): a candidate that would repeat one is
passed over before it is valued.  A drill's difficulty is what the typical level (``casual`` unless
asked) gives up on it on average (:func:`~maubinh_api.strategy.bots.expected_loss`) against what
that level gives up on an average hand (its yardstick, :mod:`~maubinh_api.strategy.level_reference`).

The same seed, theme, count, table and variant always give the same drills, and a longer run
starts with the drills of a shorter one: candidate ``k`` is dealt from ``(seed, theme, k)`` alone.

>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> model = shipped_model(active_kernel())
>>> found = deal_drills(Theme.AUTO_BLUNDER, 2, 7, preset("classic"), model, opponents=3, level=Level.CASUAL)
>>> [drill.theme.value for drill in found.drills], found.drills == deal_drills(
...     Theme.AUTO_BLUNDER, 2, 7, preset("classic"), model, opponents=3, level=Level.CASUAL).drills
(['auto_blunder', 'auto_blunder'], True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..rules.arrangement import Arrangement, Position
from ..rules.cards import DECK, Card, Rank
from ..rules.chi import Category
from ..rules.errors import ErrorCode, RuleError
from ..rules.labels import LabelledCode
from ..rules.naturals import Natural
from ..rules.table import check_opponents
from ..rules.texts import words
from ..rules.variants import Variant
from .analysis import best_play, grade, moves_between
from .bots import expected_loss
from .levels import Level
from .model import Model
from .natural_deals import deal_natural, pattern
from .valuation import Valuation, value_hand

__all__ = [
    "AUTO_BLUNDER",
    "DECISION_FLOOR",
    "DIFFICULTY_BANDS",
    "FRONT_LOSS",
    "MAX_DRILLS",
    "NATURAL_MARGIN",
    "RESERVE",
    "SAP_LANG_CHANCE",
    "TRIES_PER_DRILL",
    "TYPICAL",
    "UNITS",
    "VARIED_RUN",
    "Difficulty",
    "Drill",
    "DrillError",
    "DrillSet",
    "Theme",
    "deal_drills",
    "difficulty_of",
    "tries",
]


class Theme(LabelledCode):
    """Why a drill's cards were chosen: the decision it trains."""

    RANDOM = "random", words("Any deal")
    AUTO_BLUNDER = "auto_blunder", words("Auto-arrange blunders")
    FRONT_DECIDES = "front_decides", words("The front decides")
    FOUL_TRAP = "foul_trap", words("One swap from binh lủng")
    NATURAL_CALL = "natural_call", words("Declare the natural or not")
    SAP_LANG = "sap_lang", words("Sập làng at stake")


class Difficulty(LabelledCode):
    """How much the typical level gives up on a drill, against an average hand."""

    EASY = "easy", words("Easy")
    MEDIUM = "medium", words("Medium")
    HARD = "hard", words("Hard")


#: The auto-arrangement's loss from which it is a blunder (the verdicts' last band, points per opponent).
AUTO_BLUNDER: Final = 1.0
#: The auto-arrangement's loss from which a front that decides is a mistake (the inaccuracy band's end).
FRONT_LOSS: Final = 0.3
#: The largest gap between declaring the natural and the best chi play that is still a close call.
NATURAL_MARGIN: Final = 1.0
#: The chance of scooping every opponent, or of being scooped by every one, from which sập làng is at stake.
SAP_LANG_CHANCE: Final = 0.05
#: What the typical level must give up on a sập làng drill (points per opponent): the arrangement matters.
DECISION_FLOOR: Final = 0.1
#: Upper bounds (exclusive) of the typical level's loss on a drill over its yardstick's mean (its loss
#: on an average hand): under 0.75 is easy, under 1.5 medium, more is hard.  Of random deals, 45 to 64%
#: are easy and 12 to 18% hard for a casual player, by preset (bench/drills.py prints every theme's spread).
DIFFICULTY_BANDS: Final = ((Difficulty.EASY, 0.75), (Difficulty.MEDIUM, 1.5))
#: The level a drill's difficulty is judged for unless a request names another.
TYPICAL: Final = Level.CASUAL
#: The most drills one request deals.
MAX_DRILLS: Final = 20
#: Candidate hands a drill of each theme takes to find under the presets, the most of the four rounded
#: (bench/drills.py measures them; online's natural_call, whose naturals pay 18, takes 29 on average: a
#: run's drills of distinct patterns, ``VARIED_RUN``, pass over more of its few close calls).
UNITS: Final = {
    Theme.RANDOM: 1,
    Theme.AUTO_BLUNDER: 3,
    Theme.FRONT_DECIDES: 7,
    Theme.FOUL_TRAP: 7,
    Theme.NATURAL_CALL: 30,
    Theme.SAP_LANG: 16,
}
#: A request gives up (a variant that seldom deals the theme) after valuing its theme's units times
#: (``TRIES_PER_DRILL`` × count + ``RESERVE``) candidates: under online at a table of four, whose
#: natural_call drill is one hand in 21 (one in 25 once a run's patterns must differ), a request of one
#: such drill, or of five, is then missed less than once in 40,000, one of 20 about once in 100
#: million.  The service reserves that many cost units and gives back those a search did not use: a
#: request pays a unit per hand it valued (a candidate passed over for its pattern is not valued).
TRIES_PER_DRILL: Final = 2
RESERVE: Final = 6
#: No two natural_call drills among this many in a row hold the same pattern (the five highest ranks
#: held twice or more, :func:`~maubinh_api.strategy.natural_deals.pattern`): a candidate that repeats
#: one of the last ``VARIED_RUN - 1`` drills' is passed over before it is valued.  A practice run is
#: five deals by default; under ``online`` the close calls are few patterns (the highest three
#: straights and flushes), so a longer run may show one again after four others.
VARIED_RUN: Final = 5
#: Two pair and up: a back and middle of one such category compare by ranks a player can misjudge.
TRAP_ORDER: Final = Category.TWO_PAIR.order


class DrillError(RuleError):
    """A theme the variant or table cannot deal (or did not within the request's tries)."""


@dataclass(frozen=True, slots=True)
class Drill:
    """13 cards to set, why they were chosen, and how hard they are for the typical level."""

    cards: tuple[Card, ...]  #: high to low
    theme: Theme
    difficulty: Difficulty
    typical_loss: float  #: what the typical level gives up on these cards on average (points per opponent)


@dataclass(frozen=True, slots=True)
class DrillSet:
    """The drills one request dealt, and what they were dealt under."""

    theme: Theme
    seed: int
    level: Level  #: the level the difficulty is judged for
    opponents: int
    drills: tuple[Drill, ...]
    tried: int  #: candidate hands valued to find them


def deal_drills(
    theme: Theme, count: int, seed: int, variant: Variant, model: Model, *, opponents: int, level: Level
) -> DrillSet:
    """``count`` drills of ``theme`` under ``variant`` at a table of ``opponents`` + 1, dealt from
    ``seed``; their difficulty judged for ``level`` against its yardstick under the variant's preset."""
    check_opponents(opponents)
    if not 1 <= count <= MAX_DRILLS:
        raise ValueError(f"count must be 1 to {MAX_DRILLS}, not {count}")
    if level is Level.BEST:
        raise ValueError("the best level gives up nothing: no difficulty is judged for it")
    check_theme(theme, variant, opponents)
    yardstick = model.yardsticks(variant.name, opponents)[level].mean
    condition = _CONDITIONS[theme]
    drills: list[Drill] = []
    most = tries(theme, count)
    valued = skipped = 0
    recent: list[frozenset[Rank]] = []  # the patterns of the last drills found (natural_call)
    for candidate in itertools.count():
        if valued == most:
            break
        cards = _deal(theme, seed, candidate, variant)
        held = pattern(cards) if theme is Theme.NATURAL_CALL else None
        if held is not None and held in recent[-(VARIED_RUN - 1) :] and skipped < most:
            skipped += 1  # dealt, never valued: it costs nothing (and repeats are let through after most)
            continue
        valued += 1
        found = value_hand(sorted(cards, key=lambda card: card.index), variant, model, opponents=opponents)
        if not condition(found, level):
            continue
        loss = expected_loss(found, level)
        ordered = tuple(sorted(cards, key=lambda card: -card.index))
        drills.append(Drill(ordered, theme, difficulty_of(loss, yardstick), loss))
        if held is not None:
            recent.append(held)
        if len(drills) == count:
            return DrillSet(theme, seed, level, opponents, tuple(drills), valued)
    raise DrillError(
        words(
            "only {found} of {count} drills of theme {theme} were found in {most} hands dealt under"
            " this variant and table: it seldom deals them; ask for fewer, or another theme or variant",
            found=len(drills),
            count=count,
            theme=theme.value,
            most=most,
        ),
        path=("theme",),
        code=ErrorCode.THEME_UNAVAILABLE,
    )


def tries(theme: Theme, count: int) -> int:
    """The most candidate hands a request for ``count`` drills of ``theme`` values before it gives up.

    >>> tries(Theme.RANDOM, 5), tries(Theme.NATURAL_CALL, 20)
    (16, 1380)
    """
    return UNITS[theme] * (TRIES_PER_DRILL * count + RESERVE)


def check_theme(theme: Theme, variant: Variant, opponents: int) -> None:
    """Refuse at once a theme the variant or table can never deal."""
    rules = variant.rules
    if theme is Theme.NATURAL_CALL and not rules.naturals:
        raise DrillError(
            words("theme natural_call needs a natural, and this variant pays none"),
            path=("theme",),
            code=ErrorCode.THEME_UNAVAILABLE,
        )
    if theme is Theme.SAP_LANG and not rules.plays_sap_lang(opponents + 1):
        raise DrillError(
            words(
                "theme sap_lang needs sập làng, which this variant does not play at a table of {players}"
                " (knobs sap_lang and sap_lang_min_players): the online and extended presets play it at 4 players",
                players=opponents + 1,
            ),
            path=("theme",),
            code=ErrorCode.THEME_UNAVAILABLE,
        )


def difficulty_of(loss: float, yardstick: float) -> Difficulty:
    """The band of ``loss`` (the typical level's on a drill) over ``yardstick`` (its loss on an average hand)."""
    ratio = loss / yardstick if yardstick > 0 else 0.0
    for difficulty, bound in DIFFICULTY_BANDS:
        if ratio < bound:
            return difficulty
    return Difficulty.HARD


def _deal(theme: Theme, seed: int, candidate: int, variant: Variant) -> tuple[Card, ...]:
    """Candidate ``candidate`` of a request: a random deal, or a hand built to hold one of the
    variant's naturals (drawn evenly among them)."""
    rng = np.random.default_rng([seed, list(Theme).index(theme), candidate])
    if theme is Theme.NATURAL_CALL:
        naturals = sorted(Natural.from_key(key) for key in variant.rules.naturals)
        return deal_natural(naturals[int(rng.integers(len(naturals)))], rng)
    return tuple(DECK[int(place)] for place in rng.permutation(52)[:13])


def _auto(found: Valuation) -> Arrangement:
    """The auto-arrangement: the strongest split (the kernel walks the splits for it once per use)."""
    return found.arrangement(found.kernel_hand.strongest(1)[0][0])


def _loss(arrangement: Arrangement, found: Valuation) -> float:
    return grade(arrangement, found, declare_natural=False).ev_loss


def _auto_blunder(found: Valuation, _level: Level) -> bool:
    return found.natural is None and _loss(_auto(found), found) >= AUTO_BLUNDER


def _front_decides(found: Valuation, _level: Level) -> bool:
    if found.natural is not None:
        return False
    auto = _auto(found)
    if _loss(auto, found) < FRONT_LOSS:
        return False
    moves = moves_between(auto, best_play(found).arrangement, found)
    return bool(moves) and all(Position.FRONT in (move.source, move.target) for move in moves)


def _foul_trap(found: Valuation, _level: Level) -> bool:
    if found.natural is not None:
        return False
    best = best_play(found).arrangement
    return best.back.category.order == best.middle.category.order >= TRAP_ORDER


def _natural_call(found: Valuation, _level: Level) -> bool:
    if found.natural_ev is None:
        return False
    return abs(found.natural_ev - found.best_normal_ev) <= NATURAL_MARGIN


def _sap_lang(found: Valuation, level: Level) -> bool:
    if found.natural is not None or not found.sap_lang:
        return False
    outlook = found.outlook(found.chi[0])
    at_stake = max(outlook.sap_lang_won, outlook.sap_lang_lost) >= SAP_LANG_CHANCE
    return at_stake and expected_loss(found, level) >= DECISION_FLOOR


def _any(_found: Valuation, _level: Level) -> bool:
    return True


_CONDITIONS: Final[dict[Theme, Callable[[Valuation, Level], bool]]] = {
    Theme.RANDOM: _any,
    Theme.AUTO_BLUNDER: _auto_blunder,
    Theme.FRONT_DECIDES: _front_decides,
    Theme.FOUL_TRAP: _foul_trap,
    Theme.NATURAL_CALL: _natural_call,
    Theme.SAP_LANG: _sap_lang,
}
