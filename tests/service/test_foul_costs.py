"""What a fouled seat gave up (service/foul_costs.py), over seeded tables: the at-table figures
are the settlement's own differences, the expected ones the grade's."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from maubinh_api.rules.arrangement import Arrangement, foul_reasons
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.table import Seat
from maubinh_api.rules.variants import preset
from maubinh_api.service.foul_costs import foul_costs
from maubinh_api.service.hands import HandService
from maubinh_api.service.settling import settle_table
from maubinh_api.strategy.analysis import grade
from maubinh_api.strategy.kernel import active_kernel
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.model import shipped_model

SERVICE = HandService(shipped_model(active_kernel()))


def _swapped(arrangement: Arrangement) -> Arrangement:
    """Back and middle exchanged: fouled whenever the back was the stronger (what a dumper does)."""
    return Arrangement(back=arrangement.middle, middle=arrangement.back, front=arrangement.front)


def _tables(count: int, seats: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        deck = rng.sample(DECK, 13 * seats)
        yield [deck[13 * seat : 13 * (seat + 1)] for seat in range(seats)]


@pytest.mark.parametrize(("variant_name", "seats"), [("classic", 2), ("online", 3), ("extended", 4)])
def test_each_fouled_seats_cost_is_the_settlements_own_difference(variant_name, seats):
    variant = preset(variant_name)
    checked = 0
    for number, hands in enumerate(_tables(12, seats, seed=seats)):
        table = []
        for index, cards in enumerate(hands):
            _, played = SERVICE.bot_play(cards, variant, Level.CLUB, number * 10 + index, opponents=seats - 1)
            arrangement = _swapped(played.arrangement) if index == 0 else played.arrangement
            table.append(Seat(f"p{index}", arrangement, declare_natural=False))
        settlement = settle_table(table, variant, Decimal(3))
        costs = foul_costs(SERVICE, table, variant, settlement)
        fouled = {seat.id for seat in table if foul_reasons(seat.arrangement, variant.rules)}
        assert set(costs) == fouled
        for index, seat in enumerate(table):
            if seat.id not in costs:
                continue
            cost = costs[seat.id]
            replayed = list(table)
            replayed[index] = Seat(seat.id, cost.best.arrangement, cost.best.declare_natural)
            again = settle_table(replayed, variant, Decimal(3))
            assert cost.points == again.players[index].points - settlement.players[index].points
            assert [player for player, _ in cost.paid] == [other.id for other in table if other is not seat]
            graded = grade(seat.arrangement, SERVICE.value(seat.arrangement.cards, variant, opponents=seats - 1))
            assert (cost.ev, cost.best.ev, cost.ev_loss) == pytest.approx((graded.ev, graded.best_ev, graded.ev_loss))
            assert cost.ev_loss > 0  # a foul is never the best play of cards that can be set legally
            checked += 1
    assert checked >= 6  # the swap fouls most tables' first seat: the test saw enough fouls to mean something
