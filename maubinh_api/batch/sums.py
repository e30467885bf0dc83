"""Running sums the batch tool adds up across partitions, exactly (integers), in partition order.

>>> points = RunningSums()
>>> for value in (3, -1, -2):
...     points.add(value)
>>> points.hands, points.mean, round(points.sd, 4)
(3, 0.0, 2.6458)
>>> fouls = FoulCount()
>>> fouls.add(True); fouls.add(False)
>>> fouls.rate
0.5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["FoulCount", "RunningSums"]


@dataclass(slots=True)
class RunningSums:
    """How many values, their sum and the sum of their squares: a mean and a sample standard
    deviation that partitions add up (exactly for whole numbers such as points; losses, which are
    not, are added in partition order)."""

    hands: int = 0
    total: float = 0
    squares: float = 0

    def add(self, value: float) -> None:
        """One more value (a player's points in one deal, or a hand's loss)."""
        self.hands += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: RunningSums) -> None:
        """Another partition's sums added to these."""
        self.hands += other.hands
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        """The mean value (0 with none)."""
        return self.total / self.hands if self.hands else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 with fewer than two values)."""
        if self.hands < 2:
            return 0.0
        return math.sqrt(max(0.0, (self.squares - self.total * self.total / self.hands) / (self.hands - 1)))


@dataclass(slots=True)
class FoulCount:
    """Hands and how many of them fouled."""

    hands: int = 0
    fouls: int = 0

    def add(self, fouled: bool) -> None:
        """One more hand."""
        self.hands += 1
        self.fouls += int(fouled)

    def merge(self, other: FoulCount) -> None:
        """Another partition's counts added to these."""
        self.hands += other.hands
        self.fouls += other.fouls

    @property
    def rate(self) -> float:
        """Fouls per hand (0 with no hands)."""
        return self.fouls / self.hands if self.hands else 0.0
