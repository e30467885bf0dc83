"""The format of the shipped data files (hand bank, odds tables): named NumPy arrays in a
compressed ``.npz``, with a ``meta`` entry of JSON that says what built them and in which version.

>>> data = pack({"version": 2}, counts=np.arange(3))
>>> arrays, meta = unpack(data, version=("version", 2, "counts"))
>>> arrays["counts"].tolist(), meta
([0, 1, 2], {'version': 2})
>>> unpack(data, version=("version", 3, "counts"))
Traceback (most recent call last):
...
ValueError: counts of version 2, expected 3
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["pack", "unpack"]


def pack(meta: Mapping[str, Any], **arrays: npt.ArrayLike) -> bytes:
    """The ``.npz`` bytes of ``arrays`` and ``meta`` (keys sorted: the same data, the same bytes)."""
    buffer = io.BytesIO()
    contents: dict[str, Any] = {**arrays, "meta": np.array(json.dumps(meta, sort_keys=True))}
    np.savez_compressed(buffer, **contents)
    return buffer.getvalue()


def unpack(
    data: bytes, *, version: tuple[str, int, str] | None = None
) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
    """The arrays and the meta of :func:`pack`'s bytes; with ``version`` (the meta key, the
    version expected, what the file is called), a file of another version is refused."""
    with np.load(io.BytesIO(data)) as stored:
        meta: dict[str, Any] = json.loads(str(stored["meta"]))
        arrays = {name: stored[name] for name in stored.files if name != "meta"}
    if version is not None:
        key, expected, what = version
        if meta.get(key) != expected:
            raise ValueError(f"{what} of version {meta.get(key)}, expected {expected}")
    return arrays, meta
