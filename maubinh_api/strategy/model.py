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

A variant with overrides has tables of its own, kept in the model's store for the model's owner
(:mod:`~maubinh_api.strategy.variant_store`; the service layer makes a model per tenant with
:meth:`Model.owned_by`):

>>> from maubinh_api.rules.variants import resolve_variant
>>> doubled = resolve_variant({"preset": "classic", "overrides": {"scoop_multiplier": 6}})
>>> model.owned_by("a").tables(doubled) is model.owned_by("a").tables(doubled)
True
>>> model.owned_by("a").tables(doubled) is model.owned_by("b").tables(doubled)
False
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from ..rules.variants import Variant
from .bank import HandBank, load_bank
from .data_files import (
    MANIFEST,
    SHIPPED,
    TARGETS,
    ModelFilesError,
    check_files,
    check_shipped,
    read_manifest,
    shipped_survey,
    survey,
)
from .kernel import Kernel
from .kernel_tables import KernelTables, kernel_tables
from .level_reference import Yardsticks, loss_reference
from .odds import Odds, odds_for
from .variant_store import VariantStore

__all__ = [
    "KEPT_IN_PACKAGE",
    "MANIFEST",
    "TABLES_KEPT",
    "TABLES_PER_OWNER",
    "Model",
    "ModelFilesError",
    "kept_model",
    "model_version",
    "shipped_model",
    "shipped_model_version",
]

#: Variants with overrides whose tables a model's store keeps (about 1.7 MB each), and of them, the
#: most one owner keeps: a platform plays a few.
TABLES_KEPT: Final = 32
TABLES_PER_OWNER: Final = 4


@dataclass(frozen=True)
class Model:
    """The kernel and the three data sources every valuation and grade reads."""

    kernel: Kernel
    #: a preset's hand bank (the field a hand is settled against); None: splits are valued by
    #: the position odds alone, and a natural is worth its payout
    bank: Callable[[str], HandBank | None]
    #: a variant's screening odds
    odds: Callable[[Variant], Odds]
    #: each level's loss per hand under a preset at a table of ``opponents`` + 1, on a theme's drills
    yardsticks: Yardsticks
    #: where the tables of variants with overrides are kept, per owner
    store: VariantStore[KernelTables] = field(
        default_factory=lambda: VariantStore(capacity=TABLES_KEPT, per_owner=TABLES_PER_OWNER), compare=False
    )
    #: whose shelf of the store this model's variants are kept on
    owner: str = ""
    #: ``model-<16 hex digits>`` (:func:`model_version`): what ``X-Model-Version`` names; empty for
    #: a model of no files (a builder's, a test's)
    version: str = ""

    def tables(self, variant: Variant) -> KernelTables:
        """The kernel's tables of ``variant`` from this model's bank and odds: a preset's shared by
        every model (built once), a variant with overrides' kept on the owner's shelf."""
        bank = self.bank(variant.name)
        if variant.is_preset:
            return kernel_tables(variant, odds=self.odds(variant), bank=bank)
        return self.store.tables(
            self.owner, variant, bank, lambda: kernel_tables(variant, odds=self.odds(variant), bank=bank)
        )

    def holds_tables(self, variant: Variant) -> bool:
        """Whether the tables of ``variant`` are ready for this model's owner (a preset's always are,
        once built): a request that would build them does more work."""
        return variant.is_preset or self.store.holds(self.owner, variant, self.bank(variant.name))

    def owned_by(self, owner: str) -> Model:
        """This model, keeping the tables of variants with overrides on ``owner``'s shelf."""
        return self if owner == self.owner else replace(self, owner=owner)

    def with_bank(self, bank: HandBank | None) -> Model:
        """This model with ``bank`` for every preset; None values splits by the position odds
        alone (what the builders use before a bank exists).  A store of its own: tables of other
        banks do not mix."""
        return replace(self, bank=lambda _preset_name: bank, store=_new_store())

    def with_odds(self, odds: Odds) -> Model:
        """This model with ``odds`` for every variant (what the odds builder values hands with)."""
        return replace(self, odds=lambda _variant: odds, store=_new_store())


def _new_store() -> VariantStore[KernelTables]:
    return VariantStore(capacity=TABLES_KEPT, per_owner=TABLES_PER_OWNER)


def shipped_model(
    kernel: Kernel, store: VariantStore[KernelTables] | None = None, *, checked: Collection[str] = TARGETS
) -> Model:
    """The model of the files shipped in the package (each read once per process), keeping the
    tables of variants with overrides in ``store`` (a new one of ``TABLES_KEPT`` by default).

    The data files built by the make targets ``checked`` (all by default) must be what the
    package's ``model.json`` records they were built for, the presets' rules of today among them
    (:mod:`~maubinh_api.strategy.data_files`), or it is a :class:`ModelFilesError` naming each
    file and its target.  A builder checks only the files it reads: those it is rebuilding may be
    stale."""
    check_shipped(tuple(target for target in TARGETS if target in checked))
    return Model(
        kernel=kernel,
        bank=load_bank,
        odds=odds_for,
        yardsticks=loss_reference,
        store=store if store is not None else _new_store(),
        version=shipped_model_version(),
    )


#: Where the package keeps the models of earlier releases (one folder each, named by version).
KEPT_IN_PACKAGE: Final = SHIPPED / "models"


def kept_model(kernel: Kernel, root: Path, store: VariantStore[KernelTables] | None = None) -> Model:
    """The model whose files a release kept under ``root`` (``odds/``, ``bank/``, ``levels.json``
    and ``model.json``), checked against the version its manifest names, so that a pinned request
    is answered from the very files that version was computed of; and, when its manifest records
    what each file was built for (a model kept since the records began), against those records:
    a kept model answers under today's rules, so one built for a preset's rules that have changed
    since is refused (it is not rebuilt: a rebuild is another model)."""
    manifest = read_manifest(root)
    try:
        named, engine = str(manifest["version"]), int(manifest["engine"])
    except (ValueError, KeyError, TypeError) as error:
        raise ModelFilesError(f"{root}: no readable {MANIFEST} ({error})") from None
    found = survey(root, engine)
    if found.version != named:
        raise ModelFilesError(f"{root}: its files are {found.version}, not the {named} its {MANIFEST} names")
    if "files" in manifest:
        check_files(root, kept=True, found=found)
    return Model(
        kernel=kernel,
        bank=functools.partial(load_bank, root=root),
        odds=functools.partial(odds_for, root=root),
        yardsticks=functools.partial(loss_reference, root=root),
        store=store if store is not None else _new_store(),
        version=named,
    )


def model_version(root: Path, engine: int) -> str:
    """The version of the model whose files are under ``root``, ``model-<16 hex digits>``: a digest
    of the rules engine's version and of every data file the strategy answers from (screening odds,
    hand banks, the bot levels' yardsticks; not the manifest). It changes when a figure an answer
    gives may change for the same request."""
    return survey(root, engine).version


def shipped_model_version() -> str:
    """The version of the model shipped in the package (:func:`model_version`)."""
    return shipped_survey().version
