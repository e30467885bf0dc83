"""What each data file of a model was built for, recorded beside it, and the check that it still holds.

A model's data files (``odds/<preset>.npz``, ``bank/deals.npz``, ``bank/<preset>.npz``,
``levels.json``) are built offline, for the presets' rules of the day, and all but the odds and
the deals from other data files: a preset's bank is the deals set by players who value hands with
the preset's odds; the yardsticks are bots playing with every preset's odds and bank.  The model's
manifest, ``model.json`` beside them, records of each file (its *record*):

- ``sha256``: the file's own digest, so that the record is of these very bytes;
- ``rules``: the fingerprint (:meth:`~maubinh_api.rules.knobs.RuleSet.fingerprint`) of the rules of
  each preset it was built for (:func:`rules_of`: its own preset's; every preset's for
  ``levels.json``; none for the deals, which are random cards);
- ``inputs``: the digest of each data file it was built from (:func:`inputs_of`);

and the model the files make: its ``version`` (``X-Model-Version``) and rules ``engine``.  The
builders (``make odds``, ``make bank``, ``make levels``) write the record of each file they write
(:func:`record_built`).  The version digests the data files alone, not the manifest, so a record
changes no answer.

A model whose files no longer hold is refused (:func:`check_files`, at start-up): a file built for
a preset's rules that are not the preset's rules today, from a data file that has since been
rebuilt, or that is not the file its record is of, each named with the ``make`` target that
rebuilds it.

>>> names = sorted(DATA_NAMES)
>>> names[:3], names[-1]
(['bank/chinese-poker-2-4.npz', 'bank/classic.npz', 'bank/deals.npz'], 'odds/online.npz')
>>> rules_of("bank/online.npz"), rules_of("bank/deals.npz"), inputs_of("bank/online.npz")
(('online',), (), ('bank/deals.npz', 'odds/online.npz'))
>>> target_of("levels.json"), target_of("odds/classic.npz")
('levels', 'odds')
>>> stale_files(SHIPPED, targets=TARGETS)
[]
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..rules.knobs import ENGINE_VERSION
from ..rules.variants import PRESET_NAMES, preset

__all__ = [
    "DATA_NAMES",
    "MANIFEST",
    "SHIPPED",
    "TARGETS",
    "ModelFilesError",
    "Survey",
    "check_files",
    "check_shipped",
    "file_digest",
    "inputs_of",
    "read_manifest",
    "record_built",
    "rules_of",
    "shipped_survey",
    "stale_files",
    "survey",
    "target_of",
    "write_manifest",
]

#: The file that names a model's version and rules engine and records its data files, beside them.
MANIFEST: Final = "model.json"
#: Where the package keeps the shipped model's files.
SHIPPED: Final = Path(str(resources.files(__package__ or "maubinh_api.strategy")))
#: The yardsticks' file.
LEVELS: Final = "levels.json"
_FOLDERS: Final = ("odds", "bank")
#: The make targets that build the data files, in the order they must run (each reads the former's).
TARGETS: Final = ("odds", "bank", "levels")
#: Every data file a model may have, by its name under the model's folder.
DATA_NAMES: Final = frozenset(
    {f"odds/{name}.npz" for name in PRESET_NAMES} | {f"bank/{name}.npz" for name in (*PRESET_NAMES, "deals")} | {LEVELS}
)


class ModelFilesError(ValueError):
    """A model's folder whose files are not the model its manifest names, or not what they were built for."""


def target_of(name: str) -> str:
    """The make target that builds the data file ``name``."""
    return "levels" if name == LEVELS else name.split("/", maxsplit=1)[0]


def rules_of(name: str) -> tuple[str, ...]:
    """The presets whose rules the data file ``name`` was built for."""
    if name == LEVELS:
        return PRESET_NAMES
    preset_name = name.split("/")[1].removesuffix(".npz")
    return () if preset_name == "deals" else (preset_name,)


def inputs_of(name: str) -> tuple[str, ...]:
    """The data files the data file ``name`` is built from."""
    if name == LEVELS:
        return tuple(sorted(DATA_NAMES - {LEVELS}))
    if name.startswith("bank/") and rules_of(name):
        return ("bank/deals.npz", f"odds/{rules_of(name)[0]}.npz")
    return ()


def file_digest(path: Path) -> str:
    """``sha256:`` and the hex digest of a file's bytes."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Survey:
    """What a model's folder holds: the version its files make and each data file's digest."""

    version: str
    digests: Mapping[str, str]


def survey(root: Path, engine: int) -> Survey:
    """The data files under ``root``: the model version, ``model-<16 hex digits>``, a digest of the
    rules engine's version and of every data file there (the odds, then the banks, each in the
    presets' order and the deals last, then the yardsticks), and each file's own digest."""
    version = hashlib.sha256(f"engine {engine}\n".encode())
    digests: dict[str, str] = {}
    names = [f"{folder}/{name}.npz" for folder in _FOLDERS for name in (*PRESET_NAMES, "deals")]
    for name in [*names, LEVELS]:
        path = root.joinpath(name)
        if not path.is_file():  # a model of fewer presets, or a builder's folder of one kind
            continue
        data = path.read_bytes()
        version.update(data)
        digests[name] = "sha256:" + hashlib.sha256(data).hexdigest()
    return Survey(f"model-{version.hexdigest()[:16]}", digests)


def read_manifest(root: Path) -> dict[str, Any]:
    """The manifest of the model under ``root``."""
    try:
        manifest = json.loads(root.joinpath(MANIFEST).read_text("utf-8"))
    except (OSError, ValueError) as error:
        raise ModelFilesError(f"{root}: no readable {MANIFEST} ({error})") from None
    if not isinstance(manifest, dict):
        raise ModelFilesError(f"{root}: {MANIFEST} is not an object")
    return manifest


def write_manifest(root: Path, manifest: Mapping[str, Any]) -> None:
    """Write the manifest of the model under ``root`` (keys sorted: the same records, the same bytes)."""
    root.joinpath(MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", "utf-8")


def record_built(root: Path, name: str, inputs: Mapping[str, Path]) -> None:
    """Record in the manifest under ``root`` that its data file ``name`` was just built for the
    presets' rules of today from ``inputs`` (each input's name and the file the build read it from),
    and the version the model's files make now."""
    if name not in DATA_NAMES or set(inputs) != set(inputs_of(name)):
        raise ValueError(f"{name} is built from {', '.join(inputs_of(name)) or 'no data file'}, not {sorted(inputs)}")
    manifest = read_manifest(root) if root.joinpath(MANIFEST).is_file() else {}
    files = dict(manifest.get("files", {}))
    files[name] = {
        "sha256": file_digest(root / name),
        "rules": {preset_name: preset(preset_name).fingerprint for preset_name in rules_of(name)},
        "inputs": {source: file_digest(inputs[source]) for source in inputs_of(name)},
    }
    found = survey(root, ENGINE_VERSION)
    write_manifest(root, {**manifest, "version": found.version, "engine": ENGINE_VERSION, "files": files})


def stale_files(root: Path, *, targets: Collection[str], found: Survey | None = None) -> list[tuple[str, str]]:
    """Each data file under ``root`` built by one of ``targets`` whose record does not hold, and why
    (``found``: the folder's survey, if it was taken already)."""
    records = _mapping(read_manifest(root).get("files"))
    digests = (found or survey(root, ENGINE_VERSION)).digests
    stale = [
        (name, "recorded in its manifest, but missing")
        for name in records
        if name in DATA_NAMES and name not in digests and target_of(name) in targets
    ]
    for name, digest in digests.items():
        why = _why_stale(name, records.get(name), digest, digests) if target_of(name) in targets else None
        if why is not None:
            stale.append((name, why))
    return sorted(stale, key=lambda entry: (TARGETS.index(target_of(entry[0])), entry[0]))


def _why_stale(name: str, record: object, digest: str, digests: Mapping[str, str]) -> str | None:
    """Why the data file ``name`` (of ``digest``) is not what ``record`` says it was built for, if it is not."""
    if not isinstance(record, dict):
        return f"no record in its {MANIFEST} of the rules it was built for"
    if record.get("sha256") != digest:
        return f"not the file its {MANIFEST} records ({record.get('sha256')}): it is {digest}"
    rules, inputs = _mapping(record.get("rules")), _mapping(record.get("inputs"))
    for preset_name in rules_of(name):
        built, now = rules.get(preset_name), preset(preset_name).fingerprint
        if built is None:
            return f"not built for the {preset_name} preset (its record names {', '.join(rules) or 'no preset'})"
        if built != now:
            return f"built for the {preset_name} preset's rules {built}, but they are now {now}"
    for source in inputs_of(name):
        if inputs.get(source) != digests.get(source):
            return f"built from {source} {inputs.get(source)}, which is now {digests.get(source, 'missing')}"
    return None


def _mapping(value: object) -> Mapping[str, object]:
    return value if isinstance(value, dict) else {}


def check_files(root: Path, *, kept: bool, targets: Collection[str] = TARGETS, found: Survey | None = None) -> None:
    """Refuse the model under ``root`` if a data file of ``targets`` is not what its record says it
    was built for: a :class:`ModelFilesError` naming each such file and what to do, the ``make``
    target that rebuilds it or, for a kept model (``kept``), which is not rebuilt, removing it."""
    stale = stale_files(root, targets=targets, found=found)
    if not stale:
        return
    lines = [f"{root / name}: {why}" for name, why in stale]
    if kept:
        remedy = f"a kept model is never rebuilt (that would be another model): remove {root}"
    else:
        remedy = "rebuild with " + ", then ".join(
            f"make {target}" for target in TARGETS if any(target_of(name) == target for name, _ in stale)
        )
        lines = [
            f"{line}; rebuild it with make {target_of(name)}" for line, (name, _) in zip(lines, stale, strict=True)
        ]
    raise ModelFilesError("data files not built for today's rules and data:\n  " + "\n  ".join([*lines, remedy]))


@functools.cache
def shipped_survey() -> Survey:
    """The shipped model's files (read once per process)."""
    return survey(SHIPPED, ENGINE_VERSION)


@functools.cache
def check_shipped(targets: tuple[str, ...] = TARGETS) -> None:
    """Refuse the shipped model if a data file of ``targets`` is not what its record says it was
    built for (checked once per process)."""
    check_files(SHIPPED, kept=False, targets=targets, found=shipped_survey())
