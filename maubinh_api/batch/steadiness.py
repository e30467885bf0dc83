"""Play too steady for its level: the bot check's spread of losses.

A person who gives up a club player's amount on average does so the way people do: most hands set
as well as they can be, now and then a costly slip (a pair broken, the strongest back first, a
foul). A program tuned to lose about that much to look human tends to give it up a little on every
hand. The mean is the same; the spread is not. This check holds the spread of a player's losses
(``ev_loss`` per hand, on random deals) against the least spread the levels allow at that mean.

**The null.** A player sets each hand as one of two neighbouring levels would (``strategy/bots.py``:
best, expert, club, casual, beginner, in order of what they give up), the weaker one a share ``t``
of the time. ``t`` is fitted so that the expected loss over the player's own hands (their variants
and table sizes) is what the player lost. Of every mix of levels with that mean, a mix of the two
neighbours spreads least, neighbours on the lower convex hull of the levels' second moments
against their means (``steadiness.json`` holds them; measured, the hull runs through every level
in order, or nearly): any other mix spreads more, and the test errs toward not flagging.

**The statistic.** ``Q``, the sum over the player's hands of the squared distance of each loss from
the mix's mean for its cell (preset and table size), against its expectation ``E`` under the mix::

    z_steady = (Q - E) / sqrt(Σ n_c · g_c · (1 + n_c / N_c))

where ``g_c = (μ4 - σ⁴) - 2bμ3 + b²σ²`` is the per-hand variance of ``(ℓ - μ)² - bℓ`` under the mix
(its central moments, from the yardsticks' raw ones), ``b = dE/dM`` the slope of the expected spread
on the expected loss between the two levels (fitting ``t`` from the player's own mean moves ``E``
with it), and ``n_c / N_c`` the player's hands in a cell against the yardstick's: the yardstick's
own error. ``p_steady`` is the normal lower tail. Losses are right-skewed, so ``Q``'s lower tail is
lighter than the normal's and the p errs toward not flagging.

A player with at least ``MIN_STEADY_HANDS`` hands on random deals is flagged when ``p_steady`` is
under ``FAMILY_ALPHA`` over the players tested, never above ``PAIR_ALPHA``, as the other player
checks are. Drills are left out (a drill is dealt because a decision matters: its losses are not a
random hand's).

**What it cannot see.** The levels are the service's bots, modelled on how people play; a person
whose every slip is small and frequent would look like a steady program. A flag is a reason to look
at the hands, not proof. And a bot that copies the levels' mix of slips, big ones included, looks
like the level it copies: only the other checks can see it.

>>> yardsticks = load_yardsticks()
>>> yardsticks.levels[0], yardsticks.levels[-1]
('best', 'beginner')
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .pair_signals import FAMILY_ALPHA, PAIR_ALPHA
from .sums import RunningSums

__all__ = [
    "LEVEL_ORDER",
    "MIN_STEADY_HANDS",
    "STEADINESS_COLUMNS",
    "YARDSTICKS",
    "Cell",
    "SteadyYardsticks",
    "load_yardsticks",
    "steadiness_rule",
    "steadiness_signals",
    "steady_hands",
]

#: The yardsticks' file: each level's raw moments of the loss per hand, per preset and table size.
YARDSTICKS: Final = Path(__file__).parent / "steadiness.json"
#: The levels in order of what they give up (the spread's curve runs through them in this order).
LEVEL_ORDER: Final = ("best", "expert", "club", "casual", "beginner")
#: Fewer hands on random deals than this are not tested: the normal law of a spread needs volume.
MIN_STEADY_HANDS: Final = 200
STEADINESS_COLUMNS: Final = ("steady_hands", "spread_ratio", "z_steady", "p_steady", "too_steady")
#: A preset's name and the opponents at the table.
Cell = tuple[str, int]
#: Raw moments E[ℓ], E[ℓ²], E[ℓ³], E[ℓ⁴] of a level's loss per hand.
Moments = tuple[float, float, float, float]


@dataclass(frozen=True)
class SteadyYardsticks:
    """What ``make steadiness`` measured: per cell, each level's raw moments and its hands."""

    model: str  #: the model version the levels were played with
    levels: tuple[str, ...]
    cells: Mapping[Cell, Mapping[str, Moments]]
    hands: Mapping[Cell, int]


@functools.cache
def load_yardsticks(path: Path = YARDSTICKS) -> SteadyYardsticks:
    """The yardsticks in ``path`` (the shipped file by default; read once a process)."""
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    cells: dict[Cell, dict[str, Moments]] = {}
    hands: dict[Cell, int] = {}
    for name, tables in data["presets"].items():
        for opponents, levels in tables.items():
            cell = (name, int(opponents))
            cells[cell] = {level: _moments(row["moments"]) for level, row in levels.items()}
            hands[cell] = min(int(row["hands"]) for row in levels.values())
    return SteadyYardsticks(str(data["model"]), LEVEL_ORDER, cells, hands)


def _moments(values: list[float]) -> Moments:
    first, second, third, fourth = (float(value) for value in values)
    return first, second, third, fourth


def steady_hands(cells: Mapping[Cell, RunningSums]) -> int:
    """A player's hands on random deals (what ``MIN_STEADY_HANDS`` counts)."""
    return sum(sums.hands for sums in cells.values())


def steadiness_rule() -> str:
    """The flag's statistic in words (for the report and the summary)."""
    return (
        f"for each player with at least {MIN_STEADY_HANDS} hands on random deals: t = the mix of two neighbouring "
        "levels whose expected loss on the player's hands is the player's; Q = the sum of squared distances of each "
        "hand's loss from the mix's mean; z_steady = (Q − its expectation under the mix) / its standard error (the "
        "levels' own fourth moments, and the yardsticks' error); p_steady = the normal lower tail; flagged when "
        f"p_steady < min({PAIR_ALPHA}, {FAMILY_ALPHA} / players tested)"
    )


#: A level over the player's hands: its expected total loss, its expected sum of squared losses, its name.
_Point = tuple[float, float, str]


@dataclass(frozen=True)
class _Mix:
    """Two neighbouring levels and the weaker one's share, with dM/dt over the player's hands."""

    lower: str
    upper: str
    share: float
    slope: float  #: dM/dt: how the expected total loss moves with the share


def _fit(cells: Mapping[Cell, RunningSums], yardsticks: SteadyYardsticks) -> _Mix:
    """The two levels, neighbours on the lower hull of the levels' second moments against their
    means (over the player's hands), whose mix has the player's total loss (the weakest at most)."""
    total = math.fsum(sums.total for sums in cells.values())
    points = [
        (
            math.fsum(sums.hands * yardsticks.cells[cell][level][0] for cell, sums in cells.items()),
            math.fsum(sums.hands * yardsticks.cells[cell][level][1] for cell, sums in cells.items()),
            level,
        )
        for level in yardsticks.levels
    ]
    hull: list[_Point] = []
    for point in sorted(points):
        # keep the lower hull convex: drop the last point while it lies on or above the chord
        while len(hull) >= 2 and _above_chord(hull[-2], hull[-1], point):
            hull.pop()
        hull.append(point)
    for place in range(len(hull) - 1):
        (low, _, lower), (high, _, upper) = hull[place], hull[place + 1]
        if total <= high or place == len(hull) - 2:
            share = min(1.0, max(0.0, (total - low) / (high - low))) if high > low else 0.0
            return _Mix(lower, upper, share, high - low)
    return _Mix(hull[0][2], hull[0][2], 0.0, 0.0)  # every level expects the same loss here


def _above_chord(first: _Point, middle: _Point, last: _Point) -> bool:
    """Whether ``middle`` lies on or above the line from ``first`` to ``last``."""
    return (middle[0] - first[0]) * (last[1] - first[1]) - (middle[1] - first[1]) * (last[0] - first[0]) <= 0


def _central(first: Moments, second: Moments, share: float) -> tuple[float, float, float, float]:
    """The mix's mean, variance, third and fourth central moments (raw moments mix linearly)."""
    raw = [(1 - share) * a + share * b for a, b in zip(first, second, strict=True)]
    mean = raw[0]
    variance = max(0.0, raw[1] - mean**2)
    third = raw[2] - 3 * mean * raw[1] + 2 * mean**3
    fourth = raw[3] - 4 * mean * raw[2] + 6 * mean**2 * raw[1] - 3 * mean**4
    return mean, variance, third, fourth


def steadiness_signals(
    cells: Mapping[Cell, RunningSums], yardsticks: SteadyYardsticks, *, tested: int
) -> dict[str, Any]:
    """A player's spread figures and flag: ``cells`` holds their losses on random deals by preset and
    table size; ``tested``: the players of the history with at least ``MIN_STEADY_HANDS`` of them."""
    known = {cell: sums for cell, sums in cells.items() if cell in yardsticks.cells and sums.hands}
    hands = steady_hands(known)
    quiet = {"steady_hands": hands, "spread_ratio": math.nan, "z_steady": math.nan, "p_steady": 1.0}
    if hands < 2:
        return quiet | {"too_steady": False}
    mix = _fit(known, yardsticks)
    spread = expected = variance = slope_spread = 0.0
    parts = []
    for cell, sums in known.items():
        first, second = yardsticks.cells[cell][mix.lower], yardsticks.cells[cell][mix.upper]
        mean, var, third, fourth = _central(first, second, mix.share)
        spread += sums.squares - 2 * mean * sums.total + sums.hands * mean**2
        expected += sums.hands * var
        # d(var)/dt of the mix: d(raw2)/dt - 2 mean d(mean)/dt
        slope_spread += sums.hands * ((second[1] - first[1]) - 2 * mean * (second[0] - first[0]))
        parts.append((sums.hands, yardsticks.hands[cell], var, third, fourth))
    slope = slope_spread / mix.slope if mix.slope > 0 else 0.0
    for count, measured, var, third, fourth in parts:
        per_hand = max(0.0, (fourth - var**2) - 2 * slope * third + slope**2 * var)
        variance += count * per_hand * (1 + count / measured)
    if not variance > 0:
        return quiet | {"spread_ratio": spread / expected if expected > 0 else math.nan, "too_steady": False}
    z = (spread - expected) / math.sqrt(variance)
    p_value = 0.5 * math.erfc(-z / math.sqrt(2.0))
    limit = min(PAIR_ALPHA, FAMILY_ALPHA / max(tested, 1))
    return {
        "steady_hands": hands,
        "spread_ratio": spread / expected,
        "z_steady": z,
        "p_steady": p_value,
        "too_steady": hands >= MIN_STEADY_HANDS and p_value < limit,
    }
