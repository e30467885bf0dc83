"""A variant's scoring per hand class: what winning each position with each class is worth.

Winning a position pays its bonus-table entry (which replaces the unit, R10)
or 1; a natural pays its payout.  Per class number (:mod:`maubinh_api.
strategy.classes`) these are small integer arrays, so the model settles a
pair with lookups.

>>> from maubinh_api.rules.variants import preset
>>> scoring = scoring_for(preset("classic"))
>>> quads = [index for index, category in enumerate(scoring.classes.categories5) if category.key == "quads"]
>>> int(scoring.values[0][quads[0]]), int(scoring.values[1][quads[0]])  # back.quads 4, middle.quads 8
(4, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Position
from ..rules.knobs import NATURAL_KEYS, RuleSet
from ..rules.variants import Variant
from .classes import HandClasses

__all__ = ["NATURAL_SLOTS", "POSITIONS", "Scoring", "position_values", "scoring_for"]

#: Entries of a natural payout table (every natural index and NO_NATURAL).
NATURAL_SLOTS: Final = 256
POSITIONS: Final = (Position.BACK, Position.MIDDLE, Position.FRONT)

I32 = npt.NDArray[np.int32]


@dataclass(frozen=True)
class Scoring:
    """A variant's values per class: what winning each position with each
    class is worth (the bonus table, else 1), and each natural's payout."""

    rules: RuleSet
    classes: HandClasses
    values: tuple[I32, I32, I32]  #: back, middle, front, indexed by class number
    natural_payout: I32  #: by natural index (NATURAL_KEYS order; NO_NATURAL and unlisted ones 0)


def position_values(classes: HandClasses, position: Position, rules: RuleSet) -> I32:
    """What winning ``position`` with each class is worth under ``rules``: its bonus-table entry
    (which replaces the unit, R10), else 1; indexed by class number."""
    worth = [rules.bonus_value(f"{position.value}.{kind.key}") for kind in classes.kinds]
    by_kind = np.array([1 if bonus is None else bonus for bonus in worth], dtype=np.int32)
    result: I32 = by_kind[classes.kind_of_class3 if position is Position.FRONT else classes.kind_of_class5]
    return result


def _scoring(rules: RuleSet) -> Scoring:
    classes = HandClasses.for_wheel(rules.wheel)
    values = [position_values(classes, position, rules) for position in POSITIONS]
    payout = np.zeros(NATURAL_SLOTS, dtype=np.int32)
    for index, key in enumerate(NATURAL_KEYS):
        payout[index] = rules.naturals.get(key, 0)
    for array in (*values, payout):
        array.flags.writeable = False
    return Scoring(rules=rules, classes=classes, values=(values[0], values[1], values[2]), natural_payout=payout)


def scoring_for(variant: Variant) -> Scoring:
    """The scoring of a variant (built each time: its kernel tables, which are kept, hold it)."""
    return _scoring(variant.rules)
