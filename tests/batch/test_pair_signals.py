"""The pair statistic: each player's usual play away from the partner, the false-alarm bound, and
a statistic that names the same pair and the same gain whichever way round the pair is written."""

from __future__ import annotations

import math

import pytest

from maubinh_api.batch.pair_signals import FAMILY_ALPHA, MIN_PAIR_HANDS, PAIR_ALPHA, UsualPlay, pair_row, threshold
from maubinh_api.batch.pairs import PairSums


def _sums(hands, loss_first, loss_second, **more):
    return PairSums(hands=hands, loss_first=loss_first * hands, loss_second=loss_second * hands, **more)


def test_a_player_s_usual_play_is_the_median_of_its_other_partners_weighted_by_hands():
    usual = UsualPlay.of(
        {
            ("ann", "bob"): _sums(100, 0.1, 0.0),
            ("ann", "cay"): _sums(300, 0.2, 0.0),
            ("ann", "dan"): _sums(150, 2.0, 0.0),  # ann dumps to dan: 2 points a hand worse
        }
    )
    # Away from dan: bob's 100 hands at 0.1 and cay's 300 at 0.2; the weighted median is 0.2.
    assert usual.without("ann", "dan") == 0.2
    # Away from bob: cay's 300 at 0.2 and dan's 150 at 2.0: still 0.2, dan's hands do not move it.
    assert usual.without("ann", "bob") == 0.2
    # dan met only ann: held to the reference level.
    assert usual.without("dan", "ann") == 0.0


@pytest.mark.parametrize(("tested", "expected"), [(1, PAIR_ALPHA), (100, PAIR_ALPHA), (1000, FAMILY_ALPHA / 1000)])
def test_the_flag_s_threshold_is_bonferroni_over_the_pairs_and_never_above_one_in_10000(tested, expected):
    assert threshold(tested) == expected


def _row(pair, sums):
    return pair_row(pair, sums, UsualPlay.of({pair: sums}), tested=1)


def test_the_same_pair_written_the_other_way_round_gives_the_same_finding():
    # 400 hands: the first won 0.4 a hand beyond the cards (sd about 2), the second played 0.3 worse.
    ours = PairSums(hands=400, money=160.0, money_squared=1660.0, play_gap=120.0, play_gap_squared=400.0)
    theirs = PairSums(hands=400, money=-160.0, money_squared=1660.0, play_gap=-120.0, play_gap_squared=400.0)
    forward, backward = _row(("ann", "bob"), ours), _row(("bob", "ann"), theirs)
    assert forward["paid_to"] == backward["paid_to"] == "ann"
    assert forward["z_money"] == -backward["z_money"] and forward["p_value"] == backward["p_value"]
    # z_money = 160 / sqrt(400 x (1660 - 160^2/400) / 399) = 160 / sqrt(400 x 4) = 4.0
    assert math.isclose(forward["z_money"], 4.0)


def test_a_pair_with_too_few_hands_is_not_tested_however_one_sided():
    few = PairSums(hands=MIN_PAIR_HANDS - 1, money=500.0, money_squared=2600.0)
    row = _row(("ann", "bob"), few)
    assert row["p_value"] < 1e-10 and not row["tested"] and not row["flagged"]


def test_sharing_is_a_third_one_sided_test_once_enough_hands_were_weighed():
    # 400 hands weighed, 0.1 a hand of evidence with a root mean square of 0.4: z = 40 / sqrt(64) = 5.
    shared = {"shared_hands": 400, "shared": 40.0, "shared_squared": 64.0}
    row = _row(("ann", "bob"), _sums(400, 0.0, 0.0, money_squared=400.0, play_gap_squared=400.0, **shared))
    assert row["z_sharing"] == 5.0 and row["signal"] == "sharing" and row["paid_to"] is None
    # Bonferroni over three statistics: the one-sided normal p of 5, tripled.
    assert math.isclose(row["p_value"], 3 * 0.5 * math.erfc(5 / math.sqrt(2)))
    assert row["flagged"]
    # Evidence against sharing (below 0) is no finding: one-sided.
    against = _row(("ann", "bob"), _sums(400, 0.0, 0.0, money_squared=400.0, **shared | {"shared": -40.0}))
    assert against["p_value"] == 1.0 and not against["flagged"]
    # Too few hands weighed: not a test, and the p-value stays the money and play tests' (doubled).
    few = _row(
        ("ann", "bob"), _sums(400, 0.0, 0.0, money_squared=400.0, **shared | {"shared_hands": MIN_PAIR_HANDS - 1})
    )
    assert few["signal"] != "sharing" and few["p_value"] == 1.0
