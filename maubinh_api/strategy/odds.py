"""Position odds: how a chi fares against a well-played opponent (the optimiser's tables).

For each position the shipped tables hold the distribution of the chi that
a good player (the optimiser itself, iterated to a fixed point, see
:mod:`maubinh_api.strategy.odds_build`) sets there: a probability per hand
class.  From it, for a variant, every class gets

* ``win``, ``tie``, ``lose``: the chance of beating, tying or losing to the
  opponent's chi in that position;
* ``value``: what winning the position with this class is worth (the bonus
  table, else 1);
* ``loss_value``: the expected units paid when losing it (the opponent's
  winning hands carry their own bonuses);
* ``additive``: ``win * value - loss_value``, the position's expected points
  before any scoop or majority.

Positions are not independent (a strong hand tends to be strong in all three
chi), so the chance of winning all three is modelled as the product of
``win ** scoop_exponent`` over the positions, the exponent fitted by the
builder to the scoops it observed; likewise for losing all three.

Tables are per preset (``odds/<preset>.npz``); a variant with overrides
uses its preset's distributions with its own bonus table and wheel.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Position
from ..rules.chi import Wheel
from ..rules.knobs import NATURAL_KEYS, RuleSet
from ..rules.variants import Variant
from .classes import HandClasses
from .npz import pack, unpack
from .scoring import position_values

__all__ = ["SCREEN_COLUMNS", "Odds", "OddsTables", "PositionOdds", "build_odds", "load_tables", "odds_for"]

Floats = npt.NDArray[np.float64]
TABLE_VERSION: Final = 1


@dataclass(frozen=True)
class OddsTables:
    """What a table file holds: opponents' chi distributions by class id,
    how often an opponent holds each natural, and the scoop calibration."""

    back: Floats  #: probability per 5-card class id (ID5_COUNT entries)
    middle: Floats  #: probability per 5-card class id
    front: Floats  #: probability per 3-card class id (455 entries)
    naturals: Floats  #: per natural key (NATURAL_KEYS order): share of hands declaring it
    scoop_exponent: float  #: P(win all three) = product of win ** this exponent
    scooped_exponent: float  #: P(lose all three) = product of lose ** this exponent
    meta: dict[str, Any]

    def save(self) -> bytes:
        """The .npz bytes of these tables."""
        return pack(
            self.meta,
            back=self.back.astype(np.float32),
            middle=self.middle.astype(np.float32),
            front=self.front.astype(np.float32),
            naturals=self.naturals,
            scoop=np.array([self.scoop_exponent, self.scooped_exponent]),
        )

    @classmethod
    def load(cls, data: bytes) -> OddsTables:
        """Read tables written by :meth:`save`."""
        arrays, meta = unpack(data, version=("table_version", TABLE_VERSION, "odds tables"))
        return cls(
            back=arrays["back"].astype(np.float64),
            middle=arrays["middle"].astype(np.float64),
            front=arrays["front"].astype(np.float64),
            naturals=arrays["naturals"].astype(np.float64),
            scoop_exponent=float(arrays["scoop"][0]),
            scooped_exponent=float(arrays["scoop"][1]),
            meta=meta,
        )

    @classmethod
    def uniform(cls) -> OddsTables:
        """A flat starting point for building tables (every class id a hand can have equally likely)."""
        classes = HandClasses.for_wheel(Wheel.LOW)
        five = (classes.class_of_id5 >= 0).astype(np.float64)
        three = np.ones(len(classes.class_of_id3))
        return cls(
            back=five / five.sum(),
            middle=five / five.sum(),
            front=three / three.sum(),
            naturals=np.zeros(len(NATURAL_KEYS)),
            scoop_exponent=1.0,
            scooped_exponent=1.0,
            meta={"table_version": TABLE_VERSION, "source": "uniform"},
        )


#: Columns of :attr:`PositionOdds.screen`, in order.
SCREEN_COLUMNS: Final = ("additive", "scoop", "scooped", "value", "loss_if_lost", "win", "tie", "lose")


@dataclass(frozen=True)
class PositionOdds:
    """Per-class odds at one position (arrays indexed by class number)."""

    win: Floats
    tie: Floats
    lose: Floats
    value: Floats
    loss_value: Floats
    additive: Floats
    #: What the screening value of a split reads, class-major (one row of eight
    #: per class, see SCREEN_COLUMNS): additive, win ** scoop_exponent,
    #: lose ** scooped_exponent, value, the expected units paid when this
    #: position is lost (loss_value / lose), win, tie, lose.
    screen: Floats


@dataclass(frozen=True)
class Odds:
    """Everything the optimiser needs for one variant."""

    classes: HandClasses
    back: PositionOdds
    middle: PositionOdds
    front: PositionOdds
    natural_rate: float  #: chance an opponent declares a natural
    natural_cost: float  #: expected units an opponent's natural takes from a hand without one

    def position(self, position: Position) -> PositionOdds:
        """The odds of one position."""
        return {Position.BACK: self.back, Position.MIDDLE: self.middle, Position.FRONT: self.front}[position]


@functools.cache
def load_tables(preset_name: str, root: Path | None = None) -> OddsTables:
    """The tables of a preset, of the model whose files are under ``root`` (the shipped one by default)."""
    folder = root if root is not None else Path(str(resources.files(__package__)))
    return OddsTables.load(folder.joinpath("odds", f"{preset_name}.npz").read_bytes())


_PRESETS: dict[tuple[str, Path | None], Odds] = {}


def odds_for(variant: Variant, root: Path | None = None) -> Odds:
    """The odds of a variant: its preset's tables (of the model under ``root``, the shipped one by
    default) under its own rules.  A preset's are built once per process and model and kept (a race
    only builds twice); a variant with overrides gets its own each time: the model's store
    (:mod:`~maubinh_api.strategy.variant_store`) keeps them with its kernel tables, for whoever asked."""
    if not variant.is_preset:
        return build_odds(variant.rules, load_tables(variant.name, root))
    found = _PRESETS.get((variant.name, root))
    if found is None:
        found = _PRESETS[variant.name, root] = build_odds(variant.rules, load_tables(variant.name, root))
    return found


def build_odds(rules: RuleSet, tables: OddsTables) -> Odds:
    """Derive per-class odds for ``rules`` from opponents' chi distributions."""
    classes = HandClasses.for_wheel(rules.wheel)
    back = _to_classes(tables.back, classes.class_of_id5, len(classes.scores5))
    middle = _to_classes(tables.middle, classes.class_of_id5, len(classes.scores5))
    front = _to_classes(tables.front, classes.class_of_id3, len(classes.scores3))
    payouts = np.array([rules.naturals.get(key, 0) for key in NATURAL_KEYS], dtype=np.float64)
    live = tables.naturals * (payouts > 0)
    exponents = (tables.scoop_exponent, tables.scooped_exponent)
    return Odds(
        classes=classes,
        back=_position_odds(back, _values(Position.BACK, classes, rules), exponents),
        middle=_position_odds(middle, _values(Position.MIDDLE, classes, rules), exponents),
        front=_position_odds(front, _values(Position.FRONT, classes, rules), exponents),
        natural_rate=float(live.sum()),
        natural_cost=float((live * payouts).sum()),
    )


def _to_classes(by_id: Floats, class_of_id: npt.NDArray[np.int32], size: int) -> Floats:
    valid = class_of_id >= 0
    counts = np.bincount(class_of_id[valid], weights=by_id[: len(class_of_id)][valid], minlength=size)
    total = counts.sum()
    result: Floats = counts / total if total > 0 else counts.astype(np.float64)
    return result


def _values(position: Position, classes: HandClasses, rules: RuleSet) -> Floats:
    return position_values(classes, position, rules).astype(np.float64)


def _position_odds(distribution: Floats, value: Floats, exponents: tuple[float, float]) -> PositionOdds:
    below = np.concatenate([[0.0], np.cumsum(distribution)[:-1]])
    win = below
    tie = distribution
    lose = np.clip(1.0 - win - tie, 0.0, 1.0)
    paid = distribution * value  # what each opponent class wins when it is the stronger
    loss_value = np.concatenate([np.cumsum(paid[::-1])[::-1][1:], [0.0]])
    additive = win * value - loss_value
    loss_if_lost = np.divide(loss_value, lose, out=np.zeros_like(lose), where=lose > 0)
    screen = np.ascontiguousarray(
        np.stack([additive, win ** exponents[0], lose ** exponents[1], value, loss_if_lost, win, tie, lose], axis=1)
    )
    screen.flags.writeable = False
    return PositionOdds(
        win=win,
        tie=tie,
        lose=lose,
        value=value,
        loss_value=loss_value,
        additive=additive,
        screen=screen,
    )
