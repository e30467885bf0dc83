"""What a fouled seat gave up: the best legal play of its cards, what it was worth against the
foul, and whom the foul paid at its table.

A platform that watches for chip dumping as it happens asks a settlement for this
(``foul_cost``): a deliberate foul (binh lủng) pays the other seats, and at two seats all of it
goes to the one partner.  Two measures, because they answer two questions:

* **expected points per opponent** (``ev_loss``): the best legal play's value less the foul's,
  against random opponents, the same valuation ``/analysis`` and ``batch grade`` use: how much a
  player of any level gives up by fouling these cards, whatever the others held;
* **at this table** (``paid``): the table settled again with the seat's best legal play in place of
  the foul, the other seats as they played; each opponent's difference is what the foul passed to
  it, and their sum (``points``) what it cost the seat here.

>>> from decimal import Decimal
>>> from maubinh_api.rules.arrangement import Arrangement
>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.chi import Wheel
>>> from maubinh_api.rules.table import Seat
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> def seat(name, text):
...     cards = parse_cards(text.split())
...     return Seat(name, Arrangement.from_cards(back=cards[:5], middle=cards[5:10], front=cards[10:],
...                                              wheel=Wheel.LOW))
>>> an = seat("an", "2c 3d 4h 7s 9c  As Ad Kc Kd 5s  Qh Jh 8d")  # a pair and two pairs behind: fouled
>>> binh = seat("binh", "Ts Th Td 9s 9h  8s 8h 4d 4c Jd  Js Jc 9d")
>>> variant = preset("classic")
>>> settlement = settle_table([an, binh], variant, Decimal(10))
>>> found = foul_costs(HandService(shipped_model(active_kernel())), [an, binh], variant, settlement)
>>> cost = found["an"]
>>> cost.ev_loss > 0, cost.points == sum(points for _, points in cost.paid), [name for name, _ in cost.paid]
(True, True, ['binh'])
>>> sorted(found)  # binh did not foul
['an']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.naturals import NaturalHand
from ..rules.settlement import Settlement
from ..rules.table import Seat
from ..rules.variants import Variant
from ..strategy.analysis import BestPlay, best_play
from .hands import HandService
from .settling import settle_table

__all__ = ["FoulCost", "foul_costs"]


@dataclass(frozen=True, slots=True)
class FoulCost:
    """What one fouled seat gave up against the best legal play of its cards."""

    best: BestPlay  #: the best legal play (a natural declared, when declaring it is the best)
    natural: NaturalHand | None  #: the natural the cards hold, if any
    ev: float  #: the foul's expected points per opponent
    opponents: int  #: the table's other seats, whom the expected points are against
    paid: tuple[tuple[str, int], ...]  #: each opponent, the points the foul passed to it beyond the best play's

    @property
    def ev_loss(self) -> float:
        """Expected points per opponent given up by fouling."""
        return self.best.ev - self.ev

    @property
    def points(self) -> int:
        """The units the best play would have had at this table beyond what the foul had."""
        return sum(points for _, points in self.paid)


def foul_costs(
    service: HandService, seats: Sequence[Seat], variant: Variant, settlement: Settlement
) -> dict[str, FoulCost]:
    """Each fouled seat's cost, by player id: every seat that set a fouled arrangement and collected
    no natural (a forfeit has no cards to value; a declared natural wins whatever its chi)."""
    opponents = len(seats) - 1
    costs = {}
    for index, (seat, outcome) in enumerate(zip(seats, settlement.players, strict=True)):
        if seat.arrangement is None or not outcome.fouled or outcome.natural is not None:
            continue
        found = service.value(seat.arrangement.cards, variant, opponents=opponents)
        best = best_play(found)
        replayed = list(seats)
        replayed[index] = Seat(seat.id, best.arrangement, best.declare_natural)
        again = settle_table(replayed, variant, settlement.bet, explain=False)
        costs[seat.id] = FoulCost(
            best=best,
            natural=found.natural,
            ev=found.fouled_value(),
            opponents=opponents,
            paid=_passed(seat.id, settlement, again),
        )
    return costs


def _passed(player: str, played: Settlement, replayed: Settlement) -> tuple[tuple[str, int], ...]:
    """Each of ``player``'s opponents, what ``player`` had from it with its best play less what it had."""
    passed = []
    for actual, best in zip(played.pairs, replayed.pairs, strict=True):
        if player in actual.players:
            other = actual.players[1] if actual.players[0] == player else actual.players[0]
            passed.append((other, best.points_for(player) - actual.points_for(player)))
    return tuple(passed)
