"""What each bot level gives up per hand: the yardstick a player is graded against.

``levels.json`` holds, per preset, table size (opponents 1-3) and level, the
mean and standard deviation of ``ev_loss`` per hand (points per opponent)
and the share of hands set exactly as the best play, over seeded random
hands set by that level's bot.  A hand history's player is
said to play like the level whose loss its own is closest to, and is flagged
as too strong for a human when its loss is implausibly far below the
``expert`` level's for its number of hands.

Rebuilt (seeded, about 20 seconds on 2 cores) by ``make levels``:
:mod:`maubinh_api.service.level_yardsticks` measures it.

>>> reference = loss_reference("classic", 3)
>>> reference[Level.BEST].mean
0.0
>>> reference[Level.BEGINNER].mean > reference[Level.CASUAL].mean > reference[Level.CLUB].mean
True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Final

from ..rules.table import check_opponents
from .levels import Level

__all__ = ["OUTPUT", "LossReference", "loss_reference"]

OUTPUT: Final = Path(__file__).parent / "levels.json"


@dataclass(frozen=True, slots=True)
class LossReference:
    """A level's loss per hand (points per opponent): mean and standard
    deviation, and how often it sets the best play."""

    mean: float
    sd: float
    hands: int
    best_share: float  #: share of hands set exactly as the best play (loss 0)


@functools.cache
def _table(root: Path | None) -> dict[str, object]:
    folder = root if root is not None else Path(str(resources.files(__package__)))
    data: dict[str, object] = json.loads(folder.joinpath("levels.json").read_text("utf-8"))
    return data


@functools.lru_cache(maxsize=64)
def loss_reference(preset_name: str, opponents: int, root: Path | None = None) -> Mapping[Level, LossReference]:
    """Each level's loss per hand under a preset at a table of ``opponents`` + 1, of the model
    whose files are under ``root`` (the shipped one by default; read once: a grading job asks for
    it on every hand)."""
    check_opponents(opponents)
    presets = _table(root)["presets"]
    assert isinstance(presets, dict)
    if preset_name not in presets:
        raise ValueError(f"no level reference for preset {preset_name!r}")
    rows = presets[preset_name][str(opponents)]
    return MappingProxyType(
        {
            Level(level): LossReference(row["mean"], row["sd"], row["hands"], row["best_share"])
            for level, row in rows.items()
        }
    )
