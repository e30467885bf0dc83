"""Reading a field of a saved summary forgivingly: a missing or odd figure becomes NaN, a
missing section an empty one, so that the summaries of an odd or partial run still load.

>>> as_float("1.5"), as_float(None), as_float(True)
(1.5, nan, nan)
>>> dict(mapping([1, 2]))
{}
"""

from __future__ import annotations

import math
from collections.abc import Mapping

__all__ = ["as_float", "mapping"]


def as_float(value: object) -> float:
    """A number from an input field (int, float, Decimal or numeric string); NaN when there is none."""
    if value is None or isinstance(value, bool):
        return math.nan
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return math.nan


def mapping(value: object) -> Mapping[str, object]:
    """``value`` if it is a mapping, else an empty one (a missing section renders as dashes, not a crash)."""
    return value if isinstance(value, Mapping) else {}
