"""The timing check: its chi-square tail against the exact one, and who it flags."""

from __future__ import annotations

import math

import pytest

from maubinh_api.batch.sums import RunningSums
from maubinh_api.batch.timing_signals import HUMAN_LOG_SD, MIN_TIMED_HANDS, timing_signals


def _exact_lower_tail(statistic: float, freedom: int) -> float:
    """P(chi-square <= statistic) for an even number of degrees of freedom (a Poisson sum)."""
    half = statistic / 2
    return 1 - math.exp(-half) * sum(half**k / math.factorial(k) for k in range(freedom // 2))


def _times(count: int, spread: float) -> RunningSums:
    """``count`` log-times whose sample standard deviation is exactly ``spread`` (half at +d, half at -d)."""
    times = RunningSums()
    step = spread * math.sqrt((count - 1) / count)
    for number in range(count):
        times.add(8.0 + (step if number % 2 else -step))
    return times


@pytest.mark.parametrize(("count", "spread"), [(41, 0.15), (41, 0.2), (101, 0.18), (101, 0.2)])
def test_the_tail_is_close_to_the_exact_chi_square_s(count, spread):
    found = timing_signals(_times(count, spread), tested=1)["p_too_regular"]
    exact = _exact_lower_tail((count - 1) * spread**2 / HUMAN_LOG_SD**2, count - 1)
    # Wilson-Hilferty: 12% over the exact tail at 40 degrees of freedom and p 0.00006, 6% at 100 and p 0.00002.
    assert math.isclose(found, exact, rel_tol=0.15)


def test_a_steady_player_is_flagged_and_a_person_or_a_short_record_is_not():
    assert timing_signals(_times(200, 0.03), tested=10)["too_regular"]  # the rooms' bots
    assert not timing_signals(_times(200, 0.45), tested=10)["too_regular"]  # the rooms' people
    assert not timing_signals(_times(MIN_TIMED_HANDS - 1, 0.01), tested=10)["too_regular"]
    assert timing_signals(RunningSums(), tested=10) == {
        "timed_hands": 0, "time_spread": pytest.approx(math.nan, nan_ok=True), "p_too_regular": 1.0,
        "too_regular": False,
    }  # fmt: skip
