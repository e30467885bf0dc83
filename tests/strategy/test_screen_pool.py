"""The screen pool (strategy/screen_pool.py): the pooled hands a seat keeps are those that miss its
cards, as many as chance says, and value an arrangement as opponents freshly dealt from the 39
cards it does not hold do."""

from __future__ import annotations

import math

import numpy as np
import pytest

from maubinh_api.rules.variants import preset
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.known_cards import KnownCards
from maubinh_api.strategy.model import shipped_model
from maubinh_api.strategy.screen_pool import ScreenPool

MODEL = shipped_model(active_kernel())
MISS: float = math.comb(39, 13) / math.comb(52, 13)  # a random hand holds none of 13 given cards: 1.28%


@pytest.fixture(scope="module")
def known() -> KnownCards:
    return KnownCards(MODEL, preset("classic"), opponents=3, size=3000, pairwise=True)


@pytest.fixture(scope="module")
def pool(known) -> ScreenPool:
    return ScreenPool(known, size=40_000, seed=7)


def test_a_seat_keeps_the_pooled_hands_that_miss_its_cards(pool):
    rng = np.random.default_rng(3)
    for _ in range(5):
        own = [int(card) for card in rng.permutation(52)[:13]]
        kept = pool.unseen_by(own).size
        # Binomial(40,000, 1.28%): mean 512, sd 22.5; within 5 sd, missed once in 3 million seats.
        assert abs(kept - 40_000 * MISS) < 5 * math.sqrt(40_000 * MISS * (1 - MISS))


def test_the_pool_values_arrangements_as_fresh_opponents_do(known, pool):
    rng = np.random.default_rng(4)
    tables = MODEL.tables(preset("classic"))
    for _ in range(3):
        own = sorted(int(card) for card in rng.permutation(52)[:13])
        picks = MODEL.kernel.hand(tables, tuple(own), opponents=3, shortlist=4, field=True).shortlist()
        chi = [(high, low, front) for _, high, low, front, _ in picks]
        pooled = known.values(pool.unseen_by(own), chi)
        fresh = known.values(known.field([card for card in range(52) if card not in set(own)], rng), chi)
        # Two estimates of one figure, from ~512 and 3,000 opponents: a hand's points against one
        # opponent spread about 3, so they differ by about 3 x sqrt(1/512 + 1/3000) = 0.14 a
        # side; 0.7 is 5 of those. The differences between arrangements agree closer still.
        assert np.abs(pooled - fresh).max() < 0.7
