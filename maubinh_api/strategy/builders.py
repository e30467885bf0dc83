"""What every builder of the shipped data (``make odds``, ``make bank``, ``make levels``) shares:
its command line's common arguments, and how it writes a file and says so."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..rules.variants import PRESET_NAMES

__all__ = ["builder_arguments", "write_data"]


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


def write_data(path: Path, data: bytes, name: str) -> None:
    """Write a built file and say where, and how large."""
    path.write_bytes(data)
    print(f"{name}: wrote {path} ({path.stat().st_size:,} bytes)", flush=True)
