"""The model, chosen once: the kernel that computes, and where a preset's hand bank, a
variant's screening odds and a preset's level yardsticks come from.

An entry point's composition root (``create_app``, a batch worker, a builder, a test's
fixture) makes one :class:`Model` and hands it to the service layer, which passes it whole to
every valuation; the strategy's entry points take it as a required argument, so nothing below
the root picks a kernel or opens a data file on its own.

>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import kernel_named
>>> model = shipped_model(kernel_named("reference"))
>>> model.kernel.name, model.bank("classic").size
('reference', 400000)
>>> model.tables(preset("classic")) is model.tables(preset("classic"))
True
>>> screen = model.with_bank(None)  # what the builders value hands with before a bank exists
>>> screen.tables(preset("classic")).bank is None
True
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from importlib import resources

from ..rules.knobs import ENGINE_VERSION
from ..rules.variants import PRESET_NAMES, Variant
from .bank import HandBank, load_bank
from .kernel import Kernel
from .level_reference import LossReference, loss_reference
from .levels import Level
from .odds import Odds, odds_for
from .tables import KernelTables, kernel_tables

__all__ = ["Model", "shipped_model", "shipped_model_version"]


@dataclass(frozen=True)
class Model:
    """The kernel and the three data sources every valuation and grade reads."""

    kernel: Kernel
    #: a preset's hand bank (the field a hand is settled against); None: splits are valued by
    #: the position odds alone, and a natural is worth its payout
    bank: Callable[[str], HandBank | None]
    #: a variant's screening odds
    odds: Callable[[Variant], Odds]
    #: each level's loss per hand under a preset at a table of ``opponents`` + 1
    yardsticks: Callable[[str, int], Mapping[Level, LossReference]]

    def tables(self, variant: Variant) -> KernelTables:
        """The kernel's tables of ``variant`` from this model's bank and odds (cached)."""
        return kernel_tables(variant, odds=self.odds(variant), bank=self.bank(variant.name))

    def with_bank(self, bank: HandBank | None) -> Model:
        """This model with ``bank`` for every preset; None values splits by the position odds
        alone (what the builders use before a bank exists)."""
        return replace(self, bank=lambda _preset_name: bank)

    def with_odds(self, odds: Odds) -> Model:
        """This model with ``odds`` for every variant (what the odds builder values hands with)."""
        return replace(self, odds=lambda _variant: odds)


def shipped_model(kernel: Kernel) -> Model:
    """The model of the files shipped in the package (each read once per process)."""
    return Model(kernel=kernel, bank=load_bank, odds=odds_for, yardsticks=loss_reference)


@functools.cache
def shipped_model_version() -> str:
    """The version of the shipped model, ``model-<16 hex digits>``: a digest of the rules engine's
    version and of every data file the strategy answers from (screening odds, hand banks, the bot
    levels' yardsticks). It changes when a figure an answer gives may change for the same request.
    """
    digest = hashlib.sha256(f"engine {ENGINE_VERSION}\n".encode())
    strategy = resources.files(__package__ or "maubinh_api.strategy")
    for folder in ("odds", "bank"):
        for name in (*PRESET_NAMES, "deals"):
            path = strategy.joinpath(folder, f"{name}.npz")
            if path.is_file():
                digest.update(path.read_bytes())
    digest.update(strategy.joinpath("levels.json").read_bytes())
    return f"model-{digest.hexdigest()[:16]}"
