"""The player check: the binomial tail of fouls against the beginner's rate, and the flag."""

from __future__ import annotations

import math

import pytest

from maubinh_api.batch.grading import LEVELS, PlayerSums
from maubinh_api.batch.player_signals import BEGINNER_FOUL_RATE, foul_p, player_signals
from maubinh_api.strategy.levels import Level


@pytest.mark.parametrize("fouls", [0, 1, 2, 5, 9, 20])
def test_the_foul_tail_is_the_binomial_s(fouls):
    hands, rate = 60, BEGINNER_FOUL_RATE
    exact = sum(math.comb(hands, k) * rate**k * (1 - rate) ** (hands - k) for k in range(fouls, hands + 1))
    assert math.isclose(foul_p(hands=hands, fouls=fouls), exact, rel_tol=1e-9)


def _player(hands, fouls, mean_loss):
    """A player whose every hand is judged against yardsticks with a beginner's mean loss of 1.0 (sd 1)."""
    sums = PlayerSums(hands=hands, loss=mean_loss * hands, fouls=fouls)
    beginner = LEVELS.index(Level.BEGINNER)
    sums.level_mean[beginner], sums.level_variance[beginner] = 1.0 * hands, 1.0 * hands
    return sums


def test_a_beginner_s_fouls_are_not_flagged_and_a_dumper_s_are():
    assert BEGINNER_FOUL_RATE == 0.03  # strategy/bots.py: the beginner's chance of a foul
    beginner = player_signals(_player(1000, 30, 1.0), tested=10)
    assert not beginner["dumping"] and beginner["p_fouls"] > 0.5
    # 80 fouls in 1,000 hands at 3 in 100: a binomial tail far below 1 in 10,000.
    dumper = player_signals(_player(1000, 80, 1.0), tested=10)
    assert dumper["dumping"] and dumper["p_fouls"] < 1e-10
    # ... unless the platform's own players foul 8 in 100.
    assert not player_signals(_player(1000, 80, 1.0), tested=10, foul_rate=0.08)["dumping"]


def test_weak_sets_alone_are_shown_not_flagged():
    # Loss 0.2 a hand above the beginner's over 1,000 hands: z = 0.2 / (1 / sqrt(1000)) = 6.3.
    weak = player_signals(_player(1000, 0, 1.2), tested=10)
    assert not weak["dumping"] and math.isclose(weak["z_vs_beginner"], 0.2 * math.sqrt(1000))
