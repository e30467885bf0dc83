"""Running sums: partitions added up give what one pass over every value gives."""

from __future__ import annotations

import statistics

from hypothesis import given
from hypothesis import strategies as st

from maubinh_api.batch.sums import FoulCount, RunningSums

VALUES = st.lists(st.integers(-200, 200), max_size=50)


@given(VALUES, VALUES)
def test_two_partitions_merged_are_one_pass_over_both(first, second):
    left, right, whole = RunningSums(), RunningSums(), RunningSums()
    for value in first:
        left.add(value)
    for value in second:
        right.add(value)
    for value in first + second:
        whole.add(value)
    left.merge(right)
    assert left == whole
    if whole.hands >= 2:  # the sample SD and the mean, as the statistics module computes them
        assert abs(whole.sd - statistics.stdev(first + second)) < 1e-9 * max(1.0, whole.sd)
        assert abs(whole.mean - statistics.fmean(first + second)) < 1e-9


@given(st.lists(st.booleans(), max_size=50), st.lists(st.booleans(), max_size=50))
def test_foul_counts_merge_and_give_the_share_of_fouls(first, second):
    left, right = FoulCount(), FoulCount()
    for fouled in first:
        left.add(fouled)
    for fouled in second:
        right.add(fouled)
    left.merge(right)
    hands = first + second
    assert (left.hands, left.fouls) == (len(hands), sum(hands))
    assert left.rate == (sum(hands) / len(hands) if hands else 0.0)
