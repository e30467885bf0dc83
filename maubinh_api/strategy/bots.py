"""Bots: set a hand as a player of a chosen level would.

A level is a mix of the ways people actually set hands, each a real
arrangement of the cards, valued by the one model of
:mod:`maubinh_api.strategy.valuation`:

* ``best``: the best arrangement (what ``/optimal`` answers);
* ``close``: one of the best few, picked with chances that fall with its
  loss (a softmax of ``-loss / temperature``): the small slips of a good player;
* ``auto``: the ``strongest`` split, chi by chi from the back: what a player
  who fills the back first does;
* ``front_heavy``: the legal split with the strongest front (the best of
  those): a front too strong, the classic beginner's habit;
* ``pair_broken``: the best split that breaks up a pair the best play keeps
  together;
* ``foul``: a ``close`` choice with the back and middle swapped (binh lủng),
  only for beginners, now and then;

and a natural is missed (played as chi) with the level's chance.  The levels'
mixes are set so that their average loss is about 1.0, 0.4, 0.15, 0.05 and 0
points per opponent (measured by ``bench/levels.py``; see docs/strategy.md).

The same cards, variant, level and seed give the same arrangement, and
:func:`expected_loss` is what a level gives up on a hand on average over its
seeds, computed exactly from the mix (what a drill's difficulty is judged by).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.labels import LabelledCode
from ..rules.texts import words
from .levels import Level
from .valuation import Valuation

__all__ = ["LEVELS", "Play", "Style", "expected_loss", "play"]


class Style(LabelledCode):
    """How a bot came to its arrangement (the kind of mistake, if any)."""

    BEST = "best", words("The best arrangement")
    CLOSE = "close", words("Close to the best")
    AUTO = "auto", words("Strongest back first (auto-arrange)")
    FRONT_HEAVY = "front_heavy", words("Front too strong")
    PAIR_BROKEN = "pair_broken", words("A pair broken up")
    FOUL = "foul", words("Fouled (binh lủng)")
    NATURAL_MISSED = "natural_missed", words("Natural not declared")


@dataclass(frozen=True, slots=True)
class Mix:
    """A level: the chance of each style (the rest is ``close``), the
    temperature of ``close`` (points per opponent) and the chance of missing a natural."""

    weights: tuple[tuple[Style, float], ...]
    temperature: float
    natural_miss: float


LEVELS: Final = {
    Level.BEGINNER: Mix(
        (
            (Style.BEST, 0.20),
            (Style.AUTO, 0.20),
            (Style.FRONT_HEAVY, 0.12),
            (Style.PAIR_BROKEN, 0.12),
            (Style.FOUL, 0.03),
        ),
        0.6,
        0.35,
    ),
    Level.CASUAL: Mix(
        ((Style.BEST, 0.45), (Style.AUTO, 0.06), (Style.FRONT_HEAVY, 0.04), (Style.PAIR_BROKEN, 0.07)), 0.3, 0.10
    ),
    Level.CLUB: Mix(((Style.BEST, 0.62), (Style.PAIR_BROKEN, 0.02), (Style.AUTO, 0.01)), 0.12, 0.03),
    Level.EXPERT: Mix(((Style.BEST, 0.80),), 0.05, 0.0),
    Level.BEST: Mix(((Style.BEST, 1.0),), 0.0, 0.0),
}


@dataclass(frozen=True, slots=True)
class Play:
    """A bot's arrangement, how it came to it, and what it is worth."""

    arrangement: Arrangement
    declare_natural: bool
    style: Style
    level: Level
    seed: int


def play(found: Valuation, level: Level, seed: int) -> Play:
    """The arrangement a player of ``level`` sets for the valued hand ``found`` (deterministic
    in ``seed``; the valuation says the cards, the variant and the table size)."""
    rng = np.random.default_rng(_entropy(found, level, seed))
    mix = LEVELS[level]
    best = found.splits[0]
    if found.declares_natural:
        assert found.natural is not None
        if rng.random() >= mix.natural_miss:
            return Play(found.natural.split or found.arrangement(best), True, Style.BEST, level, seed)
        return Play(found.arrangement(best), False, Style.NATURAL_MISSED, level, seed)
    draw = rng.random()
    style = Style.CLOSE
    for candidate, weight in mix.weights:
        if draw < weight:
            style = candidate
            break
        draw -= weight
    split = _by_style(found, style, mix, rng)
    if split is None:
        style, split = Style.CLOSE, _close(found, mix, rng)
    if style is Style.FOUL:
        chosen = found.arrangement(split)  # the two fives the wrong way round (they differ: _by_style checks)
        return Play(Arrangement(back=chosen.middle, middle=chosen.back, front=chosen.front), False, style, level, seed)
    if _key(found, split) == found.chi[0]:
        style = Style.BEST
    return Play(found.arrangement(split), False, style, level, seed)


def _entropy(found: Valuation, level: Level, seed: int) -> list[int]:
    """The random state of one play: the seed, the level, the cards and the rules."""
    digest = hashlib.sha256(f"{level.value}|{found.variant.fingerprint}|{list(found.hand)}".encode()).digest()
    return [seed & 0xFFFFFFFFFFFFFFFF, int.from_bytes(digest[:8], "little")]


def _key(found: Valuation, split: int) -> tuple[int, int, int]:
    """The chi classes of a split (its place on the shortlist if it is there)."""
    if split in found.splits:
        return found.chi[found.splits.index(split)]
    return found.classes_of(found.arrangement(split))


def _by_style(found: Valuation, style: Style, mix: Mix, rng: np.random.Generator) -> int | None:
    """The split id a style picks (None when the hand offers no such split)."""
    if style is Style.BEST or mix.temperature == 0.0:
        return found.splits[0]
    if style is Style.CLOSE:
        return _close(found, mix, rng)
    if style is Style.AUTO:
        return found.kernel_hand.strongest(1)[0][0]
    if style is Style.FRONT_HEAVY:
        return found.kernel_hand.front_heavy()
    if style is Style.PAIR_BROKEN:
        split = found.kernel_hand.pair_broken(found.splits[0])
        return None if split < 0 else split
    chosen = _close(found, mix, rng)  # Style.FOUL: a slip with the fives the wrong way round
    high, low, _ = _key(found, chosen)
    return None if high == low else chosen


def _close(found: Valuation, mix: Mix, rng: np.random.Generator) -> int:
    """A slip: one of the next best distinct arrangements (not the best),
    the smaller its loss the likelier."""
    loss = np.array(found.exact[1:]) - found.exact[0]
    if len(loss) == 0:
        return found.splits[0]
    weights = _slip_weights(loss, mix.temperature)
    place = 1 + int(rng.choice(len(weights), p=weights / weights.sum()))
    return found.splits[place]


def _slip_weights(loss: npt.NDArray[np.float64], temperature: float) -> npt.NDArray[np.float64]:
    """How likely each slip is, unnormalised: the smaller its loss the likelier.  When the best is
    so far ahead that every weight underflows to 0 (a loss of 62 points at a temperature of 0.05),
    they are taken relative to the likeliest, which leaves their shares as they were."""
    scaled = loss / max(temperature, 1e-6)
    weights: npt.NDArray[np.float64] = np.exp(scaled)
    if not weights.sum() > 0:
        weights = np.exp(scaled - scaled.max())
    return weights


def expected_loss(found: Valuation, level: Level) -> float:
    """What a player of ``level`` gives up on the valued hand ``found``, on average over every seed
    (points per opponent): each style's loss weighted by its chance, exactly as :func:`play` draws
    them (a style the hand offers no split for falls back to ``close``)."""
    mix = LEVELS[level]
    if found.declares_natural:
        assert found.natural_ev is not None
        return mix.natural_miss * max(0.0, found.natural_ev - found.best_normal_ev)
    if mix.temperature == 0.0:
        return 0.0
    chances = _close_chances(found, mix)
    places = range(len(chances))
    close = sum(chances[place] * (found.exact[0] - found.exact[place]) for place in places)
    fouled = max(0.0, found.best_ev - found.fouled_value())
    total = 0.0
    rest = 1.0
    for style, weight in mix.weights:
        rest -= weight
        if style is Style.BEST:
            continue
        if style is Style.FOUL:  # a close slip with its fives swapped; equal fives fall back to a close slip
            swapped = sum(chances[place] for place in places if found.chi[place][0] != found.chi[place][1])
            total += weight * (swapped * fouled + (1.0 - swapped) * close)
            continue
        split = _by_style(found, style, mix, np.random.default_rng(0))  # these styles draw nothing
        total += weight * (close if split is None else _split_loss(found, split))
    return total + rest * close


def _close_chances(found: Valuation, mix: Mix) -> list[float]:
    """The chance of each shortlisted split (best first) being the ``close`` slip."""
    if len(found.exact) == 1:
        return [1.0]
    loss = np.array(found.exact[1:]) - found.exact[0]
    weights = _slip_weights(loss, mix.temperature)
    return [0.0, *(weights / weights.sum()).tolist()]


def _split_loss(found: Valuation, split: int) -> float:
    """What setting the split ``split`` (a legal one) gives up against the best play."""
    return max(0.0, found.best_ev - found.value_of(_key(found, split)))
