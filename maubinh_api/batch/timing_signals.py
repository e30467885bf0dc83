"""Decision times too regular for a person: the bot check's timing, where the history logs it.

A person takes a different time to set each hand: 13 cards that set themselves go quickly, a close
choice between two fronts slowly. A program that waits a fixed time, or a fixed time give or take a
little, does not. The check reads each player's times in logs, ``log(1 + decision_ms)``, so that
it looks at how much a time varies relative to its size, and tests whether their spread is below
``HUMAN_LOG_SD``, the least a person's is taken to be: under a spread of exactly that, ``(n - 1)
s² / HUMAN_LOG_SD²`` follows a chi-square law with ``n - 1`` degrees of freedom, and a player whose
statistic falls in its lower tail (Wilson and Hilferty's normal approximation, close from a few
tens of hands) is flagged as the other checks are: under ``FAMILY_ALPHA`` over the players tested,
never above ``PAIR_ALPHA``, with at least ``MIN_TIMED_HANDS`` timed hands.

``HUMAN_LOG_SD`` is an assumption, not a measurement of people: 0.25 is a quarter either way from a
typical time, chosen well below the spread the simulated rooms give their people (0.45) and far
above their bots' (0.03). A platform that has measured its own players' spread gives it with
``--human-time-spread``.

>>> from maubinh_api.batch.sums import RunningSums
>>> steady, person = RunningSums(), RunningSums()
>>> for number in range(200):
...     steady.add(math.log1p(4000 + 40 * (number % 5)))  # 4.0-4.16 s: within 2% of 4 s
...     person.add(math.log1p(25000 * math.exp(0.45 * ((number * 7919) % 200 - 100) / 58)))
>>> timing_signals(steady, tested=10)["too_regular"], timing_signals(person, tested=10)["too_regular"]
(True, False)
"""

from __future__ import annotations

import math
from typing import Any, Final

from .pair_signals import FAMILY_ALPHA, PAIR_ALPHA
from .sums import RunningSums

__all__ = ["HUMAN_LOG_SD", "MIN_TIMED_HANDS", "TIMING_COLUMNS", "timing_rule", "timing_signals"]

#: The least spread of a person's decision times, in natural logs (a quarter either way).
HUMAN_LOG_SD: Final = 0.25
#: Fewer timed hands than this are not tested.
MIN_TIMED_HANDS: Final = 30
TIMING_COLUMNS: Final = ("timed_hands", "time_spread", "p_too_regular", "too_regular")


def timing_rule(spread: float = HUMAN_LOG_SD) -> str:
    return (
        f"for each player with at least {MIN_TIMED_HANDS} timed hands: s = the standard deviation of "
        f"log(1 + decision_ms); p = the lower tail of chi-square(n − 1) at (n − 1) s² / {spread}²; flagged when "
        f"p < min({PAIR_ALPHA}, {FAMILY_ALPHA} / players tested)"
    )


def _lower_tail(statistic: float, freedom: int) -> float:
    """P(chi-square(freedom) <= statistic), by Wilson and Hilferty's cube-root normal approximation."""
    ratio = (statistic / freedom) ** (1 / 3)
    mean, spread = 1 - 2 / (9 * freedom), math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(-((ratio - mean) / spread) / math.sqrt(2.0))


def timing_signals(times: RunningSums, *, tested: int, spread: float = HUMAN_LOG_SD) -> dict[str, Any]:
    """A player's decision-time figures and flag; ``times`` holds its ``log(1 + decision_ms)``."""
    count = times.hands
    if count < 2:
        return {"timed_hands": count, "time_spread": math.nan, "p_too_regular": 1.0, "too_regular": False}
    p_value = _lower_tail((count - 1) * times.sd**2 / spread**2, count - 1)
    limit = min(PAIR_ALPHA, FAMILY_ALPHA / max(tested, 1))
    return {
        "timed_hands": count,
        "time_spread": times.sd,
        "p_too_regular": p_value,
        "too_regular": count >= MIN_TIMED_HANDS and p_value < limit,
    }
