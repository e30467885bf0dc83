"""The models a deployment answers from: the one shipped in the package, and the ones it keeps so
that a request may pin its answers to a model (``X-Model-Version``) and get them byte for byte as
that model's first release answered, after any upgrade (docs/integrating.md, "Pinned models").

A kept model is a folder of the data files a release shipped (``odds/``, ``bank/``, ``levels.json``)
and a ``model.json`` naming its version and rules engine and recording what each file was built for;
the package keeps the previous ones under ``strategy/models/`` and an operator may add a folder of
their own (``MAUBINH_MODELS_DIR``).  Their files are checked at start-up against their version and,
as the shipped model's are, against those records (:mod:`~maubinh_api.strategy.data_files`): a kept
model answers pinned requests under today's rules, so one whose files were built for a preset's
rules that have changed since is refused, and is removed rather than rebuilt (a rebuild is another
model); a ``model.json`` written before the records began names only the version, which holds its
files as before.  Their banks and tables are read at the first request that pins them (most
requests pin the current model, and each kept model costs its banks' memory).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..strategy.model import MANIFEST
from .hands import HandService

__all__ = ["Models", "UnknownModel", "kept_folders"]


class UnknownModel(LookupError):
    """A model version this deployment does not keep."""

    def __init__(self, asked: str, known: tuple[str, ...]) -> None:
        super().__init__(f"no model {asked!r} here; this deployment answers {', '.join(known)}")
        self.asked, self.known = asked, known


class Models:
    """Each declared model's service layer, by version; one of them answers unpinned requests."""

    def __init__(self, services: Mapping[str, HandService], default: str) -> None:
        if default not in services:
            raise UnknownModel(default, tuple(services))
        self.services = dict(services)
        self.default = default

    @property
    def versions(self) -> tuple[str, ...]:
        """The versions answered, the default first."""
        return (self.default, *(version for version in self.services if version != self.default))

    def service(self, version: str | None) -> HandService:
        """The service layer of ``version`` (the default's when None)."""
        found = self.services.get(version or self.default)
        if found is None:
            raise UnknownModel(version or "", self.versions)
        return found


def kept_folders(*roots: Path | None) -> list[Path]:
    """The kept models' folders under each of ``roots`` (a root that does not exist holds none)."""
    found: list[Path] = []
    for root in roots:
        if root is not None and root.is_dir():
            found += sorted(child for child in root.iterdir() if (child / MANIFEST).is_file())
    return found
