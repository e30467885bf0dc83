"""The model's inputs, chosen once: the kernel that computes, and where a preset's hand bank,
a variant's screening odds and a preset's level yardsticks come from.

An entry point's composition root (``create_app``, a batch worker, a builder) makes one
:class:`Model` and hands it to the service layer, which passes its parts to every valuation;
nothing below the root picks a kernel or opens a data file for a request.  The strategy's
functions keep the shipped files as their defaults for doctests, tests and the builders.

>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import kernel_named
>>> model = shipped_model(kernel_named("reference"))
>>> model.kernel.name, model.bank("classic").size
('reference', 400000)
>>> model.tables(preset("classic")) is model.tables(preset("classic"))
True
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources

from ..rules.variants import ENGINE_VERSION, PRESET_NAMES, Variant
from .bank import HandBank, load_bank
from .bots import Level
from .kernel import Kernel
from .level_reference import LossReference, loss_reference
from .odds import Odds, odds_for
from .tables import ModelTables, model_tables

__all__ = ["Model", "shipped_model", "shipped_model_version"]


@dataclass(frozen=True)
class Model:
    """The kernel and the three data sources every valuation and grade reads."""

    kernel: Kernel
    #: a preset's hand bank (the field a hand is settled against)
    bank: Callable[[str], HandBank]
    #: a variant's screening odds
    odds: Callable[[Variant], Odds]
    #: each level's loss per hand under a preset at a table of ``opponents`` + 1
    yardsticks: Callable[[str, int], Mapping[Level, LossReference]]

    def tables(self, variant: Variant) -> ModelTables:
        """The kernel's tables of ``variant`` from this model's bank and odds (cached)."""
        return model_tables(variant, odds=self.odds(variant), bank=self.bank(variant.name))


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
