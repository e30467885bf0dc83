"""What knowing a partner's 13 cards is worth to a seat: the evidence of hand sharing.

Two seats that show each other their cards know 26, and the best arrangement against the rest
of the table changes with them (card removal). A seat's arrangement is valued two ways against
opponents drawn at random:

* from the **26 cards the pair does not hold** (what a seat that knows its partner's cards plays
  against), and
* from the **39 cards the seat alone does not hold** (what an honest seat plays against).

The evidence of one hand is how much better the arrangement played does than the seat's own best
under the first valuation, less the same under the second::

    x = [V26(played) - V26(best)] - [V39(played) - V39(best)]

For an honest seat the arrangement played depends on its own cards only, and the partner's cards
are a random 13 of the 39, so an opponent drawn from the 26 left is a random 13 of the 39 too:
``E[V26(a)] = V39(a)`` for every arrangement ``a``, and ``E[x] = 0`` exactly, however well or badly
the seat plays (a seat that plays its best scores 0). A seat that sets its hand by the 26 cards
leaves its best play when they say so, and ``x`` is then positive. Taking the difference from the
seat's own best removes what card removal does to every arrangement alike: measured on 3-seat
classic tables, ``V26(played) - V39(played)`` alone spreads about 0.9 points a hand, ``x`` of a
careless honest seat 0.16, and a seat that sets by the 26 cards scores about 0.05 a hand on
average (``tests/strategy/test_known_cards.py`` holds both).

Opponents are drawn ``size`` at a time and set by the screening best play (the kernel without a
bank, about 0.1 ms a hand); the values are the reference kernel's exact settlement against them
(:func:`~maubinh_api.strategy.reference.exact_values`), naturals not declared and sập làng as if
never: the same rule both ways, which is all the null needs.

**Peeking** is the same question asked of the other seats' cards: a seat that sees them sets
against them. Its evidence values the arrangement played against the best one against the actual
opponents' cards, each set by the screening best play, less the same against opponents drawn from
the 39 cards the seat does not hold::

    x = [A(played) - A(best)] - [V39(played) - V39(best)]

Each actual opponent holds a random 13 of those 39 for an honest seat, so ``E[A(a)] = V39(a)`` and
``E[x] = 0`` exactly. The opponents are valued one by one (``pairwise``: no sập làng), since a
field of the two or three actual opponents would otherwise weigh a sweep of all of them unlike a
drawn field does.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.variants import Variant
from .model import Model
from .reference import ReferenceField, exact_values, field_of_classes
from .valuation import SHORTLIST

__all__ = ["FIELD_SIZE", "Chi", "Columns", "KnownCards"]

#: An arrangement's classes: back, middle, front (as the kernel numbers them).
Chi = tuple[int, int, int]
#: Many arrangements' classes: an array of backs, of middles, of fronts.
Columns = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]
#: Opponents drawn for each valuation.
FIELD_SIZE = 64


class KnownCards:
    """Sharing and peeking evidence under one variant at one table size."""

    def __init__(
        self, model: Model, variant: Variant, *, opponents: int, size: int = FIELD_SIZE, pairwise: bool = False
    ) -> None:
        self._model = model
        self._variant = variant
        self._screen = model.with_bank(None)  # opponents set by the screening best play: no bank needed
        self._tables = self._screen.tables(variant)
        self.opponents = opponents
        self.size = size
        # Valued as a table of two, a field's opponents count one by one (no sập làng to weigh).
        self._field_opponents = 1 if pairwise else opponents

    def classes_of(self, arrangement: Arrangement) -> Chi:
        """An arrangement's classes (back, middle, front) as the kernel numbers them."""
        return self._tables.classes.of_arrangement(arrangement)

    def best_of(self, hands: Sequence[Sequence[int]]) -> list[Chi | None]:
        """Each hand's (card indices) own best play, as the service values it against its field;
        None for cards that may hold a natural (their best play may be no chi at all)."""
        rows = np.array([sorted(hand) for hand in hands], dtype=np.uint8)
        found = self._model.kernel.best_splits(
            self._model.tables(self._variant), rows, opponents=self.opponents, shortlist=SHORTLIST
        )
        return [
            None if hint else (int(high), int(low), int(front))
            for high, low, front, hint in zip(found.high, found.low, found.front, found.natural_hint, strict=True)
        ]

    def relative(self, field: ReferenceField, played: Chi, best: Chi) -> float:
        """How much ``played`` does better than ``best`` against ``field``, points per opponent."""
        values = self.values(field, (played, best))
        return float(values[0] - values[1])

    def field(self, pool: Sequence[int], rng: np.random.Generator) -> ReferenceField:
        """``size`` opponents dealt at random from ``pool`` (card indices), each set by the screening best play."""
        return self.field_of_hands(self.deal(pool, rng))

    def deal(self, pool: Sequence[int], rng: np.random.Generator) -> npt.NDArray[np.uint8]:
        """``size`` hands of 13 dealt at random from ``pool`` (card indices), not yet set: what
        :meth:`field` draws (a caller that needs no field deals them anyway to keep ``rng``'s place)."""
        cards = np.asarray(pool, dtype=np.uint8)
        return rng.permuted(np.tile(cards, (self.size, 1)), axis=1)[:, :13]

    def field_of_hands(self, hands: Sequence[Sequence[int]] | npt.NDArray[np.uint8]) -> ReferenceField:
        """Opponents holding ``hands`` (13 card indices each), each set by the screening best play."""
        return self.field_of_columns(self.screen_classes(hands))

    def screen_classes(self, hands: Sequence[Sequence[int]] | npt.NDArray[np.uint8]) -> Columns:
        """The classes of each hand's (13 card indices) screening best play: back, middle, front."""
        rows = np.sort(np.asarray(hands, dtype=np.uint8), axis=1)
        found = self._screen.kernel.best_splits(self._tables, rows, opponents=self.opponents, shortlist=1)
        return (found.high.astype(np.int64), found.low.astype(np.int64), found.front.astype(np.int64))

    def field_of_plays(self, chi: Sequence[Chi]) -> ReferenceField:
        """Opponents who set arrangements of these classes."""
        columns = tuple(np.array([row[place] for row in chi], dtype=np.int64) for place in range(3))
        return self.field_of_columns((columns[0], columns[1], columns[2]))

    def field_of_columns(self, columns: Columns) -> ReferenceField:
        """Opponents whose backs, middles and fronts are of these classes (one array each)."""
        return field_of_classes(self._tables, columns, self._field_opponents)

    def values(self, field: ReferenceField, chi: Sequence[Chi]) -> npt.NDArray[np.float64]:
        """Expected points per opponent of each arrangement against ``field``."""
        columns = tuple(np.array([row[place] for row in chi], dtype=np.int64) for place in range(3))
        return exact_values(field, (columns[0], columns[1], columns[2]))

    def evidence(
        self, own: Sequence[int], partner: Sequence[int], played: Chi, best: Chi, rng: np.random.Generator
    ) -> float:
        """``x`` of one hand: ``own`` and ``partner`` are the two seats' cards (indices), ``played``
        and ``best`` the classes of what the seat set and of its own best play."""
        if played == best:
            return 0.0  # the same arrangement both ways: nothing to weigh (and no draw needed)
        held = set(own)
        pair = held | set(partner)
        alone = [card for card in range(52) if card not in held]
        unknown = [card for card in range(52) if card not in pair]
        knowing = self.relative(self.field(unknown, rng), played, best)
        return knowing - self.relative(self.field(alone, rng), played, best)

    def peeking_evidence(self, others: Sequence[Chi], unseen: ReferenceField, played: Chi, best: Chi) -> float:
        """``x`` of one hand for peeking: ``others`` the other seats' hands as the screening best play
        sets them (:meth:`screen_classes`), ``unseen`` opponents dealt from the 39 cards the seat does
        not hold, set the same way; ``played`` and ``best`` the classes of what the seat set and of
        its own best play."""
        if played == best:
            return 0.0
        return self.relative(self.field_of_plays(others), played, best) - self.relative(unseen, played, best)
