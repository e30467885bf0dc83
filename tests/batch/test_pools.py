"""The pools a worker keeps (batch/pools.py): set once per variant and table size, shared by the
sharing and peeking checks, and the same on every worker."""

from __future__ import annotations

import numpy as np

from maubinh_api.batch.engine import worker_service
from maubinh_api.batch.pools import WorkerPools, worker_pools
from maubinh_api.rules.variants import preset


def test_a_worker_keeps_one_set_of_pools_per_model():
    model = worker_service().model  # a worker builds a model per task around the same files
    assert worker_pools(model) is worker_pools(worker_service().model)


def test_a_pool_is_set_once_and_valued_as_each_check_values():
    pools, classic = WorkerPools(worker_service().model, pool_size=2_000), preset("classic")
    assert pools.pool(classic, 3) is pools.pool(classic, 3)
    seat = range(13)  # a seat holding the first 13 cards of the deck
    pairwise = pools.pool(classic, 3).unseen_by(seat, pools.valuer(classic, 3, pairwise=True))
    whole = pools.pool(classic, 3).unseen_by(seat, pools.valuer(classic, 3))
    # The same pooled hands either way: about 2,000 x 1.28% miss the seat's cards.
    assert pairwise.size == whole.size and 10 <= whole.size <= 50


def test_every_worker_sets_the_same_pool():
    first, second = WorkerPools(worker_service().model, 2_000), WorkerPools(worker_service().model, 2_000)
    known = first.valuer(preset("online"), 2, pairwise=True)
    seat = range(13, 26)
    a = first.pool(preset("online"), 2).unseen_by(seat, known)
    b = second.pool(preset("online"), 2).unseen_by(seat, known)
    assert a.size == b.size
    chi = [(100, 80, 10), (120, 60, 12)]
    assert np.array_equal(known.values(a, chi), known.values(b, chi))
