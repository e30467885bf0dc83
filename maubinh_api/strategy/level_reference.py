"""What each bot level gives up per hand: the yardstick a player is graded against.

``levels.json`` holds, per preset, table size (opponents 1-3) and level, the
mean and standard deviation of ``ev_loss`` per hand (points per opponent)
and the share of hands set exactly as the best play, over seeded random
hands set by that level's bot (``presets``).  It holds the same figures over the
drills of each theme the preset deals at that table (``themes``): a drill is chosen
because a decision matters, so what a level gives up on it, and how often it sets the
best play, are not a random hand's, and a practice run of a theme is judged against
the levels on that theme's drills.  A
hand history's player is said to play like the level whose loss its own is closest
to, and is flagged as too strong for a human when its loss is implausibly far below
the ``expert`` level's for its number of hands.

Rebuilt (seeded) by ``make levels``: :mod:`maubinh_api.service.level_yardsticks` measures it.

>>> reference = loss_reference("classic", 3)
>>> reference[Level.BEST].mean
0.0
>>> reference[Level.BEGINNER].mean > reference[Level.CASUAL].mean > reference[Level.CLUB].mean
True
>>> trap = loss_reference("classic", 3, "foul_trap")
>>> trap[Level.CASUAL].mean > reference[Level.CASUAL].mean
True
>>> loss_reference("classic", 3, "sap_lang") == reference  # classic deals no sập làng: the random figures
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
from typing import Final, Protocol

from ..rules.table import check_opponents
from .levels import Level

__all__ = ["OUTPUT", "RANDOM", "LossReference", "Yardsticks", "loss_reference"]

OUTPUT: Final = Path(__file__).parent / "levels.json"
#: The theme of a random deal (``Theme.RANDOM`` of :mod:`~maubinh_api.strategy.drills`, which reads
#: this module through the model): its figures are the file's ``presets``.
RANDOM: Final = "random"


@dataclass(frozen=True, slots=True)
class LossReference:
    """A level's loss per hand (points per opponent): mean and standard
    deviation, and how often it sets the best play."""

    mean: float
    sd: float
    hands: int
    best_share: float  #: share of hands set exactly as the best play (loss 0)


class Yardsticks(Protocol):
    """Each level's loss per hand under a preset at a table of ``opponents`` + 1, on the drills of
    ``theme`` (random deals by default): what a model's ``yardsticks`` is."""

    def __call__(self, preset_name: str, opponents: int, theme: str = RANDOM) -> Mapping[Level, LossReference]: ...


@functools.cache
def _table(root: Path | None) -> dict[str, object]:
    folder = root if root is not None else Path(str(resources.files(__package__)))
    data: dict[str, object] = json.loads(folder.joinpath("levels.json").read_text("utf-8"))
    return data


@functools.lru_cache(maxsize=256)
def loss_reference(
    preset_name: str, opponents: int, theme: str = RANDOM, root: Path | None = None
) -> Mapping[Level, LossReference]:
    """Each level's loss per hand under a preset at a table of ``opponents`` + 1, on the drills of
    ``theme``, of the model whose files are under ``root`` (the shipped one by default; read once: a
    grading job asks for it on every hand).  The random theme, and a theme the file holds no figures
    for (a model of a release before theme yardsticks, or a theme the preset never deals at that
    table, dealt under a variant with overrides), have the figures of random hands."""
    check_opponents(opponents)
    table = _table(root)
    presets = table["presets"]
    assert isinstance(presets, dict)
    if preset_name not in presets:
        raise ValueError(f"no level reference for preset {preset_name!r}")
    rows = presets[preset_name][str(opponents)]
    themes = table.get("themes", {})
    assert isinstance(themes, dict)
    rows = themes.get(preset_name, {}).get(str(opponents), {}).get(theme, rows)
    return MappingProxyType(
        {
            Level(level): LossReference(row["mean"], row["sd"], row["hands"], row["best_share"])
            for level, row in rows.items()
        }
    )
