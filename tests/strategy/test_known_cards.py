"""Hand-sharing evidence (strategy/known_cards.py): zero on average for an honest seat, however it
plays; positive for a seat that sets its hand knowing its partner's 13 cards."""

from __future__ import annotations

import math

import numpy as np
import pytest

from maubinh_api.rules.variants import preset
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.known_cards import KnownCards
from maubinh_api.strategy.model import shipped_model

MODEL = shipped_model(active_kernel())
CLASSIC = preset("classic")
OPPONENTS = 2  # three seats: the pair and one other, who holds 13 of the 26 cards the pair does not
HANDS = 400


@pytest.fixture(scope="module")
def known() -> KnownCards:
    return KnownCards(MODEL, CLASSIC, opponents=OPPONENTS)


def _deals(seed: int, hands: int = HANDS):
    """Each hand: a seat's cards, its partner's, and the seat's shortlist (its best first, each with
    its own expected points)."""
    rng = np.random.default_rng(seed)
    tables = MODEL.tables(CLASSIC)
    for _ in range(hands):
        deck = rng.permutation(52)
        own, partner = sorted(int(card) for card in deck[:13]), [int(card) for card in deck[13:26]]
        picks = MODEL.kernel.hand(tables, tuple(own), opponents=OPPONENTS, shortlist=8, field=True).shortlist()
        yield own, partner, [(high, low, front) for _, high, low, front, _ in picks], [pick[4] for pick in picks]


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    array = np.asarray(values)
    return float(array.mean()), float(array.std(ddof=1) / math.sqrt(len(array)))


def test_an_honest_seat_scores_zero_on_average_however_it_plays(known):
    rng = np.random.default_rng(11)
    careless = []
    for own, partner, chi, own_values in _deals(seed=1):
        # A player who leaves its best play more than half the time, by its own cards only.
        weights = np.exp((np.asarray(own_values) - max(own_values)) / 0.15)
        played = chi[int(rng.choice(len(chi), p=weights / weights.sum()))]
        careless.append(known.evidence(own, partner, played, chi[0], rng))
        assert known.evidence(own, partner, chi[0], chi[0], rng) == 0.0  # its best play weighs nothing
    mean, error = _mean_and_error(careless)
    assert sum(value != 0.0 for value in careless) > HANDS / 3  # it did leave its best play often
    # E[x] = 0 exactly for honest play (the module's docstring): the mean of 400 hands within 4
    # standard errors of it, which an honest seat misses once in about 16,000 runs.
    assert abs(mean) < 4 * error


def test_a_seat_that_knows_its_partners_cards_scores_above_zero(known):
    rng = np.random.default_rng(12)
    cheat = KnownCards(MODEL, CLASSIC, opponents=OPPONENTS, size=128)  # the sharer's own, careful valuation
    sharing = []
    for own, partner, chi, _ in _deals(seed=2, hands=600):
        # It values its shortlist against opponents drawn from the 26 cards the pair does not hold
        # (its own draw: the evidence is weighed on fresh ones) and plays the best of them.
        pair = set(own) | set(partner)
        field = cheat.field([card for card in range(52) if card not in pair], rng)
        played = chi[int(np.argmax(cheat.values(field, chi)))]
        sharing.append(known.evidence(own, partner, played, chi[0], rng))
    mean, error = _mean_and_error(sharing)
    # It leaves its own best play in about a fifth of its hands, for about 0.05 points a hand on
    # average, spread about 0.3: 5.2 standard errors over these 600 hands (3.2 to 3.9 over 400 in
    # three other seeds). Above 3 the test says sharing is there; an honest seat is above 3 one run
    # in 700.
    assert mean / error > 3


PEEK_OPPONENTS = 3  # a table of four: the three other seats' cards are what a peeker sees


@pytest.fixture(scope="module")
def peeking() -> KnownCards:
    return KnownCards(MODEL, CLASSIC, opponents=PEEK_OPPONENTS, size=32, pairwise=True)


def _table_deals(seed: int, hands: int):
    """Each hand: a seat's cards, the three others', and the seat's shortlist (its best first)."""
    rng = np.random.default_rng(seed)
    tables = MODEL.tables(CLASSIC)
    for _ in range(hands):
        deck = rng.permutation(52)
        own = sorted(int(card) for card in deck[:13])
        others = [sorted(int(card) for card in deck[13 * seat : 13 * seat + 13]) for seat in (1, 2, 3)]
        picks = MODEL.kernel.hand(tables, tuple(own), opponents=PEEK_OPPONENTS, shortlist=8, field=True).shortlist()
        yield own, others, [(high, low, front) for _, high, low, front, _ in picks], [pick[4] for pick in picks]


def _peeking_evidence(known, own, others, played, best, *, rng):
    """The evidence against the others as the screening play sets them, and 32 opponents dealt from
    the 39 cards the seat does not hold."""
    back, middle, front = known.screen_classes(others)
    screened = [(int(back[seat]), int(middle[seat]), int(front[seat])) for seat in range(len(others))]
    unseen = known.field([card for card in range(52) if card not in set(own)], rng)
    return known.peeking_evidence(screened, unseen, played, best)


def test_an_honest_seat_scores_zero_peeking_evidence_on_average_however_it_plays(peeking):
    rng = np.random.default_rng(21)
    careless = []
    for own, others, chi, own_values in _table_deals(seed=3, hands=HANDS):
        weights = np.exp((np.asarray(own_values) - max(own_values)) / 0.15)
        played = chi[int(rng.choice(len(chi), p=weights / weights.sum()))]
        careless.append(_peeking_evidence(peeking, own, others, played, chi[0], rng=rng))
        assert _peeking_evidence(peeking, own, others, chi[0], chi[0], rng=rng) == 0.0
    mean, error = _mean_and_error(careless)
    assert sum(value != 0.0 for value in careless) > HANDS / 5
    # E[x] = 0 exactly (the module's docstring): within 4 standard errors, missed once in 16,000 runs.
    assert abs(mean) < 4 * error


def test_a_seat_that_sees_the_other_hands_scores_above_zero(peeking):
    rng = np.random.default_rng(22)
    peeked = []
    for own, others, chi, _ in _table_deals(seed=4, hands=300):
        # It sets the best of its shortlist against the others' hands as set (here by the screening play).
        played = chi[int(np.argmax(peeking.values(peeking.field_of_hands(others), chi)))]
        peeked.append(_peeking_evidence(peeking, own, others, played, chi[0], rng=rng))
    mean, error = _mean_and_error(peeked)
    # It leaves its own best in about a seventh of its hands, for 0.41 points a hand on average,
    # spread 1.2: 5.8 standard errors over these 300 hands (8.6 over 600 in another seed).
    assert mean / error > 4
