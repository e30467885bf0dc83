"""The kernel's tables for one variant and one hand bank: what both kernels read.

The expected-points model (:mod:`maubinh_api.strategy.valuation`) is computed
by a kernel (:mod:`maubinh_api.strategy.kernel`, compiled, or
:mod:`maubinh_api.strategy.reference`, NumPy) from the same named arrays and
numbers, gathered here once per variant and bank:

* the split tables (:mod:`maubinh_api.strategy.splits`) and the hand classes
  under the variant's wheel (class ids to class numbers, the front floor);
* the screening odds per class (:attr:`maubinh_api.strategy.odds.PositionOdds.screen`);
* the scoring per class and natural (:mod:`maubinh_api.strategy.scoring`)
  and the ``strongest`` ranking's per-class parts;
* the bank: per card, a bit per bank hand holding it, and per bank hand the
  class numbers of the chi it is set to, its natural and, where sập làng can
  happen, its scoop rates.

>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.bank import load_bank
>>> from maubinh_api.strategy.odds import odds_for
>>> tables = kernel_tables(preset("classic"), odds=odds_for(preset("classic")), bank=load_bank("classic"))
>>> tables.rules["bank_size"], tables.arrays["bank_rows"].shape
(400000, (400000, 4))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..rules.chi import Wheel
from ..rules.evaluator import colex_offsets
from ..rules.knobs import NaturalVsNatural, RuleSet
from ..rules.ordered_splits import FIVES, THREES
from ..rules.table import MAX_PLAYERS
from ..rules.variants import Variant
from .bank import HandBank
from .classes import HandClasses
from .odds import Odds
from .scoring import Scoring, scoring_for
from .splits import SPLIT_FIRST, SPLIT_FRONT, SPLIT_SECOND, strongest_parts

__all__ = ["RATE_SCALE", "KernelTables", "bank_rows", "kernel_tables"]

#: Bank scoop rates are kept as integers in 1/RATE_SCALE.
RATE_SCALE: Final = 30_000


def plain_knobs(rules: RuleSet) -> dict[str, int]:
    """Every knob whose value is a whole number or a yes/no, as the kernel reads it: by its own name
    (``kernel_src/knobs.h``, which ``make spec`` writes from the knob table, and ``reference.py``),
    so that a knob the kernel comes to value needs no line here."""
    found = {knob.name: getattr(rules, knob.name) for knob in fields(rules)}
    return {name: int(value) for name, value in found.items() if isinstance(value, bool | int)}


def _frozen(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    result = np.ascontiguousarray(array)
    result.flags.writeable = False
    return result


_CONSTANTS: Final = {
    "split_first": SPLIT_FIRST,
    "split_second": SPLIT_SECOND,
    "split_front": SPLIT_FRONT,
    "fives": _frozen(FIVES.astype(np.uint8)),
    "threes": _frozen(THREES.astype(np.uint8)),
    "offsets5": _frozen(colex_offsets(5).astype(np.int32)),
    "offsets3": _frozen(colex_offsets(3).astype(np.int32)),
}


#: The bank rows of the presets, each under its own wheel and sập làng setting (at most a table per
#: preset bank and setting: 3 to 6 MB each).  A variant of another setting gets rows of its own.
_SHARED_ROWS: dict[tuple[int, Wheel, bool], tuple[HandBank, npt.NDArray[np.int16]]] = {}


def bank_rows(bank: HandBank, classes: HandClasses, *, rates: bool) -> npt.NDArray[np.int16]:
    """Every bank hand's class numbers under a wheel setting and its natural,
    and with ``rates`` how often it scoops and is scooped by another bank hand
    (in 1/RATE_SCALE; what sập làng needs): one row of 4 int16 (8 bytes) or 8
    (16 bytes) per hand.  A field's rows are scattered over the bank, so each
    costs a cache miss: one row holds all a hand needs, and without sập làng
    the table is half as large and stays in cache better."""
    settings = bank.settings
    table = np.zeros((bank.size, 8 if rates else 4), dtype=np.int16)
    table[:, 0] = np.take(classes.class_of_id5, settings.back)
    table[:, 1] = np.take(classes.class_of_id5, settings.middle)
    table[:, 2] = np.take(classes.class_of_id3, settings.front)
    table[:, 3] = settings.natural
    if rates:
        table[:, 4] = np.round(settings.scoops * RATE_SCALE)
        table[:, 5] = np.round(settings.scooped * RATE_SCALE)
    return _frozen(table)


def _rows_for(variant: Variant, bank: HandBank, classes: HandClasses) -> npt.NDArray[np.int16]:
    """A variant's bank rows: a preset's are built once and kept, and a variant with overrides uses
    them when it has the setting of a preset; otherwise it gets its own (kept with its tables), so
    that no variant's first use is cheaper because another variant of its setting came before."""
    rates = variant.rules.sap_lang
    key = (id(bank), variant.rules.wheel, rates)
    found = _SHARED_ROWS.get(key)
    if found is not None and found[0] is bank:
        return found[1]
    rows = bank_rows(bank, classes, rates=rates)
    if variant.is_preset:
        _SHARED_ROWS[key] = (bank, rows)
    return rows


class KernelTables:
    """The arrays and numbers of one variant, its screening odds and a hand bank (or none)."""

    def __init__(self, variant: Variant, odds: Odds, bank: HandBank | None) -> None:
        rules = variant.rules
        classes = odds.classes
        scoring: Scoring = scoring_for(variant)
        strong = strongest_parts(classes)
        self.variant = variant
        self.classes = classes
        self.odds = odds
        self.scoring = scoring
        self.bank = bank
        width = 8 if rules.sap_lang else 4  # the bank's scoop rates only where sập làng can happen
        arrays: dict[str, npt.NDArray[Any]] = dict(_CONSTANTS)
        arrays |= {
            "class_of_id5": classes.class_of_id5,
            "class_of_id3": classes.class_of_id3,
            "front_floor": classes.front_floor,
            "screen_back": odds.back.screen,
            "screen_middle": odds.middle.screen,
            "screen_front": odds.front.screen,
            "value_back": scoring.values[0],
            "value_middle": scoring.values[1],
            "value_front": scoring.values[2],
            "strong_back": strong[0],
            "strong_middle": strong[1],
            "strong_front": strong[2],
            "natural_payout": scoring.natural_payout,
            "holds": bank.holds if bank is not None else np.zeros((52, 0), dtype=np.uint64),
            "bank_rows": np.zeros((0, width), dtype=np.int16) if bank is None else _rows_for(variant, bank, classes),
        }
        self.arrays: Mapping[str, npt.NDArray[Any]] = MappingProxyType(
            {name: _frozen(array) for name, array in arrays.items()}
        )
        # Where sập làng is played, by table size, as the rules say it (RuleSet.plays_sap_lang).
        self._sap_lang_tables = tuple(rules.plays_sap_lang(players) for players in range(MAX_PLAYERS + 1))
        self.rules: Mapping[str, int | float] = MappingProxyType(
            plain_knobs(rules)
            | {
                "n5": len(classes.scores5),
                "n3": len(classes.scores3),
                # Bit p set: sập làng is played at a table of p (RuleSet.plays_sap_lang, read, not restated).
                "sap_lang_tables": sum(1 << players for players, plays in enumerate(self._sap_lang_tables) if plays),
                "natural_draw": int(rules.natural_vs_natural is NaturalVsNatural.DRAW),
                "bank_size": 0 if bank is None else bank.size,
                "bank_width": width,
                "natural_rate": float(odds.natural_rate),
                "natural_cost": float(odds.natural_cost),
            }
        )

    def sap_lang_at(self, opponents: int) -> bool:
        """Whether sập làng can happen at a table of ``opponents`` + 1."""
        return self._sap_lang_tables[opponents + 1]


_PRESETS: dict[tuple[str, int, int], tuple[Odds, HandBank | None, KernelTables]] = {}
#: Preset tables each process keeps: every preset with its shipped odds and bank (what a service and a
#: batch worker use), and room for the builders, which value hands under odds of their own.
_PRESETS_KEPT: Final = 32


def kernel_tables(variant: Variant, *, odds: Odds, bank: HandBank | None) -> KernelTables:
    """The tables of a variant with its screening odds and a hand bank (None for the screen alone:
    what the builders use before a bank exists).  A preset's are built once and kept (the entry holds
    the odds and bank it was built from, so that its identity cannot be taken over by another
    object); a variant with overrides gets new ones, which the model's store keeps for whoever asked
    (:mod:`~maubinh_api.strategy.variant_store`)."""
    if not variant.is_preset:
        return KernelTables(variant, odds, bank)
    key = (variant.name, id(odds), id(bank))
    found = _PRESETS.get(key)
    if found is None:
        found = (odds, bank, KernelTables(variant, odds, bank))
        if len(_PRESETS) >= _PRESETS_KEPT:
            _PRESETS.pop(next(iter(_PRESETS)), None)
        _PRESETS[key] = found
    return found[2]
