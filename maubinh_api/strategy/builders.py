"""What every builder of the shipped data (``make odds``, ``make bank``, ``make levels``) shares:
its command line's common arguments, the check that the data it reads holds, and how it writes a
file, records what the file was built for and says so."""

from __future__ import annotations

import argparse
from collections.abc import Collection, Mapping
from pathlib import Path

from ..rules.variants import PRESET_NAMES
from .data_files import DATA_NAMES, ModelFilesError, check_shipped, record_built

__all__ = ["builder_arguments", "check_reads", "write_data"]


def builder_arguments(module: str, doc: str | None, output: Path, *, presets: bool = True) -> argparse.ArgumentParser:
    """A parser for ``python -m module`` (described by the first paragraph of its ``doc``) with
    the arguments every builder takes: the seed, the worker processes, where to write and, with
    ``presets``, which presets to build (repeatable; default all)."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=(doc or "").split("\n\n")[0])
    if presets:
        parser.add_argument(
            "--preset", action="append", choices=PRESET_NAMES, help="a preset (repeatable; default all)"
        )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--output", type=Path, default=output)
    return parser


def check_reads(targets: Collection[str]) -> None:
    """Stop the build (a message, no traceback) if a shipped data file it reads, one built by the
    make ``targets``, is not what the package's ``model.json`` records it was built for: the files
    a build reads are the inputs it records."""
    try:
        check_shipped(tuple(targets))
    except ModelFilesError as error:
        raise SystemExit(f"the data this build reads does not hold: {error}") from None


def write_data(path: Path, data: bytes, name: str, inputs: Mapping[str, Path] | None = None) -> None:
    """Write a built file, say where and how large, and, when it is a model's data file (under
    ``odds/`` or ``bank/``, or ``levels.json``), record in that model's ``model.json`` what it was
    built for: today's rules and ``inputs`` (each data file it was built from: its name in a model,
    and the file the build read)."""
    path.write_bytes(data)
    print(f"{name}: wrote {path} ({path.stat().st_size:,} bytes)", flush=True)
    root = path.parent if path.suffix == ".json" else path.parent.parent
    if path.relative_to(root).as_posix() in DATA_NAMES:
        record_built(root, path.relative_to(root).as_posix(), inputs or {})
