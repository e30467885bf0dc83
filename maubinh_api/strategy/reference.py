"""The model's reference kernel, in NumPy: the oracle of the compiled one.

Everything the expected points of :mod:`maubinh_api.strategy.valuation` are
made of, for one hand, from the tables of :mod:`maubinh_api.strategy.kernel_tables`:

1. **screening**: every legal split valued in closed form from the position
   odds (no card removal, the positions' correlation through fitted
   exponents), and the shortlists of distinct splits;
2. **the field**: the bank hands sharing none of the player's cards, each set
   as the service sets it; opponents whose natural the variant pays apart;
3. **exact**: an arrangement settled against every opponent of the field,
   as :mod:`maubinh_api.rules.settlement` settles a pair (positions with the
   bonus table, ties, the majority unit, the scoop multiplier, the
   opponent's natural) and sập làng as expected: given the player's hand and
   one opponent's, the other opponents are independent draws, the player
   scooping each with its rate against the field and the opponent scooping
   (being scooped by) each with its rate in the bank.

:class:`ReferenceHand` answers exactly what the compiled
``maubinh_api.strategy.compiled_kernel.Hand`` answers (the screening values
bit for bit, the exact values within 1e-9; ``tests/strategy/test_kernel.py``).
It is also what runs with ``MAUBINH_KERNEL=reference``, about five times
slower.  :func:`field_of` and :func:`pair_totals` settle given opponents pair
by pair, for the tests that tie the model to the settlement engine.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement, Position
from ..rules.cards import DECK
from ..rules.knobs import NATURAL_KEYS
from ..rules.naturals import NaturalHand, qualifying
from ..rules.ordered_splits import FIVES, THREES
from .bank import NO_NATURAL
from .kernel_tables import RATE_SCALE, KernelTables
from .splits import (
    SPLIT_FIRST,
    SPLIT_FRONT,
    SPLIT_SECOND,
    BestSplits,
    Hands,
    LegalSplits,
    Played,
    best_distinct,
    split_key,
    subset_classes,
)

__all__ = [
    "ReferenceField",
    "ReferenceHand",
    "ReferenceKernel",
    "exact_values",
    "field_of",
    "field_of_classes",
    "pair_totals",
]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
ADDITIVE, SCOOP, SCOOPED, VALUE, LOSS_IF_LOST, WIN, TIE, LOSE = range(8)
POSITIONS: Final = (Position.BACK, Position.MIDDLE, Position.FRONT)
Chi = tuple[int, int, int]
#: The split tables as index arrays (NumPy converts a uint16 index on every use).
_FIRST, _SECOND, _FRONT = (table.astype(np.intp) for table in (SPLIT_FIRST, SPLIT_SECOND, SPLIT_FRONT))


def _power(base: F64, exponent: int) -> F64:
    """``base ** exponent`` for exponents 0-2, as the compiled kernel multiplies it out."""
    if exponent == 0:
        return np.ones_like(base)
    result = base
    for _ in range(exponent - 1):
        result = result * base
    return result


@functools.lru_cache(maxsize=64)
def _columns(screen: _Frozen) -> tuple[F64, ...]:
    """A screening table's columns, each contiguous (gathering a column reads
    8 bytes a split, a row 64)."""
    return tuple(np.ascontiguousarray(screen.array[:, column]) for column in range(screen.array.shape[1]))


class _Frozen:
    """An array hashed by identity (the tables' arrays are frozen and live as long as the tables)."""

    __slots__ = ("array",)

    def __init__(self, array: F64) -> None:
        self.array = array

    def __hash__(self) -> int:
        return id(self.array)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Frozen) and other.array is self.array


def screen_values(tables: KernelTables, high: I64, low: I64, front: I64, *, opponents: int) -> F64:
    """Screening values of splits given by their classes, against ``opponents``
    players of the preset (operation for operation as the compiled kernel)."""
    rules = tables.rules
    odds = tables.odds
    back, middle, fronts = (_columns(_Frozen(position.screen)) for position in (odds.back, odds.middle, odds.front))

    def pick(column: int) -> tuple[F64, F64, F64]:
        return back[column][high], middle[column][low], fronts[column][front]

    majority = float(rules["majority_bonus"])
    b, m, f = pick(ADDITIVE)
    total = b + m + f
    b, m, f = pick(SCOOP)
    scoop = b * m * f
    b, m, f = pick(SCOOPED)
    scooped = b * m * f
    b, m, f = pick(VALUE)
    scoop_gain = scoop * (b + m + f + majority)
    b, m, f = pick(LOSS_IF_LOST)
    scooped_loss = scooped * (b + m + f + majority)
    multiplier = int(rules["scoop_multiplier"])
    if multiplier != 1:
        total = total + float(multiplier - 1) * (scoop_gain - scooped_loss)
    if rules["majority_bonus"]:
        total = total + majority * _ahead_minus_behind(pick(WIN), pick(TIE), pick(LOSE))
    if tables.sap_lang_at(opponents):
        extra = float((int(rules["sap_lang_multiplier"]) - 1) * multiplier)
        others = opponents - 1
        total = total + extra * (scoop_gain * _power(scoop, others) - scooped_loss * _power(scooped, others))
    result: F64 = (1.0 - float(rules["natural_rate"])) * total - float(rules["natural_cost"])
    return result


def _ahead_minus_behind(win: tuple[F64, ...], tie: tuple[F64, ...], lose: tuple[F64, ...]) -> F64:
    """P(won more positions than lost) - P(lost more than won), positions
    independent: the first two positions give the chances of being 2, 1, 0,
    -1 or -2 positions ahead; the third then decides the sign."""
    w1, w2, w3 = win
    t1, t2, t3 = tie
    l1, l2, l3 = lose
    two_ahead, two_behind = w1 * w2, l1 * l2
    one_ahead, one_behind = w1 * t2 + t1 * w2, l1 * t2 + t1 * l2
    level = t1 * t2 + w1 * l2 + l1 * w2
    result: F64 = two_ahead - two_behind + one_ahead * (w3 + t3) - one_behind * (t3 + l3) + level * (w3 - l3)
    return result


@dataclass(frozen=True)
class ReferenceField:
    """The opponents one hand meets: those who play their chi column by column
    (classes, what each position is worth to them, their chi together, and
    their scoop rates raised to the other opponents' count), and how many
    declare each natural the variant pays."""

    tables: KernelTables
    opponents: int
    size: int  #: every opponent, natural holders included
    back: I64
    middle: I64
    front: I64
    values: tuple[I64, I64, I64]
    value_sum: I64
    none_power: F64  #: (rate at which the opponent is scooped) ** (opponents - 1)
    all_power: F64  #: (rate at which the opponent scoops) ** (opponents - 1)
    naturals: I64  #: per natural index: opponents declaring it
    natural_total: int  #: what they take from a hand without a natural

    @property
    def plays(self) -> int:
        return len(self.back)

    @property
    def sap_lang(self) -> bool:
        return self.tables.sap_lang_at(self.opponents)


def _field(tables: KernelTables, rows: npt.NDArray[np.int16], opponents: int) -> ReferenceField:
    """A field from bank-table rows: class numbers, natural and (where sập làng can happen) scoop rates."""
    payout = tables.scoring.natural_payout
    natural = rows[:, 3].astype(np.intp) & 0xFF
    live = payout[natural] > 0  # NO_NATURAL pays nothing: those opponents play their chi
    plays = rows[~live]
    play_rates = plays[:, 4:6] if plays.shape[1] > 4 else np.zeros((len(plays), 2), dtype=np.int16)
    back, middle, front = (np.ascontiguousarray(plays[:, place]).astype(np.int64) for place in range(3))
    scoring = tables.scoring.values
    values = (
        scoring[0][back].astype(np.int64),
        scoring[1][middle].astype(np.int64),
        scoring[2][front].astype(np.int64),
    )
    others = opponents - 1
    return ReferenceField(
        tables=tables,
        opponents=opponents,
        size=len(rows),
        back=back,
        middle=middle,
        front=front,
        values=values,
        value_sum=values[0] + values[1] + values[2],
        none_power=_power(play_rates[:, 1].astype(np.float64) / RATE_SCALE, others),
        all_power=_power(play_rates[:, 0].astype(np.float64) / RATE_SCALE, others),
        naturals=np.bincount(natural[live], minlength=256).astype(np.int64),
        natural_total=int(payout[natural[live]].sum(dtype=np.int64)),
    )


def survivors(tables: KernelTables, hand: Sequence[int]) -> npt.NDArray[np.intp]:
    """Rows of the bank hands holding none of the hand's cards (card indices), in order."""
    holds = tables.arrays["holds"]
    free = np.invert(np.bitwise_or.reduce(holds[list(hand)], axis=0)).view(np.uint8)
    size = int(tables.rules["bank_size"])
    if size % 8:  # bits past the bank's end in its last byte
        free[size // 8] &= (1 << (size % 8)) - 1
    free[(size + 7) // 8 :] = 0
    nonzero = np.flatnonzero(free)  # one byte in ten or so: unpack only those
    bits = np.unpackbits(free[nonzero], bitorder="little").reshape(-1, 8).view(np.bool_)
    rows: npt.NDArray[np.intp] = (nonzero[:, None] * 8 + np.arange(8))[bits]
    return rows


def bank_field(tables: KernelTables, hand: Sequence[int], opponents: int) -> ReferenceField:
    """The field of a hand (card indices): the bank hands holding none of its cards."""
    table = tables.arrays["bank_rows"]
    width = table.shape[1]
    as_words = table.view(np.int64).reshape(len(table), width // 4)  # gather whole rows, 8 bytes at a time
    return _field(tables, as_words[survivors(tables, hand)].view(np.int16).reshape(-1, width), opponents)


def field_of(
    shown: list[tuple[Arrangement, NaturalHand | None]],
    tables: KernelTables,
    opponents: int,
    *,
    scoops: float = 0.0,
    scooped: float = 0.0,
) -> ReferenceField:
    """A field of given opponents: each an arrangement and the natural it
    declares (None to play the chi); ``scoops``/``scooped`` are their scoop
    rates (used for sập làng only)."""
    classes = tables.classes
    rows = np.zeros((len(shown), 8), dtype=np.int16)
    for row, (arrangement, natural) in enumerate(shown):
        rows[row, 0] = np.searchsorted(classes.scores5, arrangement.back.score)
        rows[row, 1] = np.searchsorted(classes.scores5, arrangement.middle.score)
        rows[row, 2] = np.searchsorted(classes.scores3, arrangement.front.score)
        rows[row, 3] = NO_NATURAL if natural is None else NATURAL_KEYS.index(natural.key)
    rows[:, 4] = round(scoops * RATE_SCALE)
    rows[:, 5] = round(scooped * RATE_SCALE)
    return _field(tables, rows, opponents)


def field_of_classes(tables: KernelTables, chi: tuple[I64, I64, I64], opponents: int) -> ReferenceField:
    """A field of opponents given by the classes of their back, middle and front (one row each), all
    playing their chi, none scooping at a known rate (sập làng as if never)."""
    rows = np.zeros((len(chi[0]), 8), dtype=np.int16)
    for place in range(3):
        rows[:, place] = chi[place]
    rows[:, 3] = NO_NATURAL
    return _field(tables, rows, opponents)


def _sweeps(field: ReferenceField, chi: tuple[I64, I64, I64]) -> tuple[npt.NDArray[np.int8], ...]:
    """Per arrangement and opponent who plays: each position's outcome (+1, 0, -1)."""
    theirs = (field.back, field.middle, field.front)
    return tuple(
        np.sign(np.asarray(mine, dtype=np.int16)[:, None] - other.astype(np.int16)[None, :]).astype(np.int8)
        for mine, other in zip(chi, theirs, strict=True)
    )


def exact_values(field: ReferenceField, chi: tuple[I64, I64, I64]) -> F64:
    """Expected points per opponent of arrangements (the classes of their back,
    middle and front) against the field."""
    rules = field.tables.rules
    outcomes = _sweeps(field, chi)
    my_values = [field.tables.scoring.values[place].astype(np.int64)[chi[place]] for place in range(3)]
    whole = np.zeros(len(chi[0]), dtype=np.int64)
    for place, outcome in enumerate(outcomes):
        whole += (outcome > 0).sum(axis=1) * my_values[place] - (outcome < 0) @ field.values[place]
    majority, multiplier = int(rules["majority_bonus"]), int(rules["scoop_multiplier"])
    ahead = outcomes[0] + outcomes[1] + outcomes[2]
    whole += majority * np.sign(ahead).sum(axis=1)
    swept, swept_by = ahead == 3, ahead == -3
    wins, losses = swept.sum(axis=1), swept_by.sum(axis=1)
    lost_value = swept_by @ field.value_sum
    won_each = my_values[0] + my_values[1] + my_values[2] + majority
    whole += (multiplier - 1) * (wins * won_each - lost_value - losses * majority)
    total = whole.astype(np.float64)
    if field.sap_lang:
        others, size = field.opponents - 1, float(field.size)
        mine_all = _power(wins / size, others)
        mine_none = _power(losses / size, others)
        won_chance = wins * mine_all + (1.0 - mine_all) * (swept @ field.none_power)
        lost_total = (lost_value + losses * majority) * mine_none + (1.0 - mine_none) * (
            swept_by @ (field.value_sum * field.all_power) + majority * (swept_by @ field.all_power)
        )
        extra = float((int(rules["sap_lang_multiplier"]) - 1) * multiplier)
        total = total + extra * (won_each * won_chance - lost_total)
    result: F64 = (total - float(field.natural_total)) / float(field.size)
    return result


def pair_totals(field: ReferenceField, chi: tuple[I64, I64, I64]) -> F64:
    """Per arrangement and opponent who plays (in field order), the pair total
    as the settlement engine settles the pair (sập làng as expected): what
    :func:`exact_values` sums without settling every pair."""
    rules = field.tables.rules
    outcomes = _sweeps(field, chi)
    points = np.zeros(outcomes[0].shape, dtype=np.float64)
    for place, outcome in enumerate(outcomes):
        mine = field.tables.scoring.values[place].astype(np.float64)[chi[place]]
        points += (outcome > 0) * mine[:, None] - (outcome < 0) * field.values[place][None, :]
    ahead = outcomes[0] + outcomes[1] + outcomes[2]
    points += int(rules["majority_bonus"]) * np.sign(ahead)
    scoop, scooped = ahead == 3, ahead == -3
    points *= np.where(scoop | scooped, float(rules["scoop_multiplier"]), 1.0)
    if field.sap_lang:
        others = field.opponents - 1
        mine_all = _power(scoop.sum(axis=1) / field.size, others)[:, None]
        mine_none = _power(scooped.sum(axis=1) / field.size, others)[:, None]
        theirs_none, theirs_all = field.none_power[None, :], field.all_power[None, :]
        chance = np.where(scoop, mine_all + theirs_none - mine_all * theirs_none, 0.0) + np.where(
            scooped, mine_none + theirs_all - mine_none * theirs_all, 0.0
        )
        points *= 1.0 + (int(rules["sap_lang_multiplier"]) - 1) * chance
    return points


def outlook_counts(field: ReferenceField, chi: Chi) -> tuple[int, ...]:
    """The counts behind an outlook, over the opponents who play: wins and
    losses per position, each position's points, scoops, scoops against, and
    the opponents who play (as the compiled kernel's ``outlook``)."""
    mine = tuple(np.array([value]) for value in chi)
    outcomes = [outcome[0] for outcome in _sweeps(field, (mine[0], mine[1], mine[2]))]
    wins = [int(np.count_nonzero(outcome > 0)) for outcome in outcomes]
    losses = [int(np.count_nonzero(outcome < 0)) for outcome in outcomes]
    points = [
        int(np.count_nonzero(outcome > 0)) * int(field.tables.scoring.values[place][chi[place]])
        - int(field.values[place][outcome < 0].sum())
        for place, outcome in enumerate(outcomes)
    ]
    ahead = outcomes[0] + outcomes[1] + outcomes[2]
    scoops, scooped = int(np.count_nonzero(ahead == 3)), int(np.count_nonzero(ahead == -3))
    return (*wins, *losses, *points, scoops, scooped, field.plays)


def fouled_sums(field: ReferenceField) -> tuple[int, int, int, int, int]:
    """A fouled arrangement (docs/rules.md, "Settling a table", R11, R13): its total against the field,
    the opponents' back, middle and front values together, and the field size."""
    rules = field.tables.rules
    back, middle, front = (int(values.sum()) for values in field.values)
    won = back + middle + front if rules["foul_pays_bonuses"] else 3 * field.plays
    per_unit = int(rules["foul_multiplier"])
    if field.sap_lang and rules["foul_counts_as_scoop"]:
        per_unit *= int(rules["sap_lang_multiplier"])
    total = -(won + int(rules["majority_bonus"]) * field.plays) * per_unit - field.natural_total
    return (total, back, middle, front, field.size)


def natural_sum(field: ReferenceField, mine: int, payout: int) -> int:
    """Total points of declaring natural ``mine`` (an index of NATURAL_KEYS) worth
    ``payout`` against the field (R7-R9; two equal naturals draw)."""
    total = field.plays * payout
    if field.tables.rules["natural_draw"]:
        return total
    counts = field.naturals
    higher = np.arange(len(counts)) < mine
    payouts = field.tables.scoring.natural_payout.astype(np.int64)
    total -= int((counts[higher] * payouts[higher]).sum())
    lower = ~higher
    lower[mine] = False
    return total + int(counts[lower].sum()) * payout


def _held_pairs(hand: Sequence[int]) -> tuple[I64, I64]:
    """Per five- and three-card subset: the ranks (a bit each) it holds two or more of."""
    ranks = np.asarray(hand, dtype=np.int64) >> 2
    results = []
    for subsets in (FIVES, THREES):
        subset_ranks = ranks[subsets]
        mask = np.zeros(len(subsets), dtype=np.int64)
        for rank in range(13):
            mask |= ((subset_ranks == rank).sum(axis=1) >= 2).astype(np.int64) << rank
        results.append(mask)
    return results[0], results[1]


class ReferenceHand:
    """One hand against one model's tables, in NumPy (see the module docstring)."""

    def __init__(
        self, tables: KernelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> None:
        self.tables = tables
        self.cards = cards
        self.opponents = opponents
        five, three = subset_classes(cards, tables.classes)
        first, second, front = five[_FIRST], five[_SECOND], three[_FRONT]
        high, low = np.maximum(first, second), np.minimum(first, second)
        legal = low >= tables.classes.front_floor[front]
        if tables.rules["foul_on_equal"]:
            legal &= first != second
        self.legal = int(np.count_nonzero(legal) + np.count_nonzero(legal & (first == second)))
        rows = np.flatnonzero(legal)
        self._chi = (high[rows], low[rows], front[rows])
        self._splits = LegalSplits(
            split=rows.astype(np.uint16),
            high=self._chi[0].astype(np.int16),
            low=self._chi[1].astype(np.int16),
            front=self._chi[2].astype(np.int16),
            count=self.legal,
        )
        self._screen = screen_values(tables, *self._chi, opponents=opponents)
        self._keys = (self._chi[0] << 22) | (self._chi[1] << 9) | self._chi[2]
        self._shortlist = best_distinct(self._screen, self._keys, shortlist)
        self.natural_hint = bool(qualifying([DECK[index] for index in cards]))
        self._field = bank_field(tables, cards, opponents) if field else None

    @property
    def field_size(self) -> int:
        return 0 if self._field is None else self._field.size

    @property
    def plays(self) -> int:
        return 0 if self._field is None else self._field.plays

    def _need_field(self) -> ReferenceField:
        if self._field is None:
            raise ValueError("this hand was built without its field")
        return self._field

    def _pick(self, row: int) -> tuple[int, int, int, int]:
        splits = self._splits
        return (int(splits.split[row]), int(splits.high[row]), int(splits.low[row]), int(splits.front[row]))

    def shortlist(self) -> tuple[tuple[int, int, int, int, float], ...]:
        return tuple((*self._pick(row), float(self._screen[row])) for row in self._shortlist)

    def strongest(self, count: int) -> tuple[tuple[int, int, int, int, int], ...]:
        arrays, (high, low, front) = self.tables.arrays, self._chi
        ranking = arrays["strong_back"][high] + arrays["strong_middle"][low] + arrays["strong_front"][front]
        rows = best_distinct(ranking, self._keys, count)
        return tuple((*self._pick(row), int(ranking[row])) for row in rows)

    def exact(self, chi: Sequence[Chi]) -> list[float]:
        columns = np.array(chi, dtype=np.int64).reshape(-1, 3).T
        values: list[float] = exact_values(self._need_field(), (columns[0], columns[1], columns[2])).tolist()
        return values

    def screen(self, chi: Sequence[Chi]) -> list[float]:
        columns = np.array(chi, dtype=np.int64).reshape(-1, 3).T
        values: list[float] = screen_values(
            self.tables, columns[0], columns[1], columns[2], opponents=self.opponents
        ).tolist()
        return values

    def outlook(self, high: int, low: int, front: int) -> tuple[int, ...]:
        return outlook_counts(self._need_field(), (high, low, front))

    def fouled(self) -> tuple[int, int, int, int, int]:
        return fouled_sums(self._need_field())

    def natural(self, mine: int, payout: int) -> int:
        return natural_sum(self._need_field(), mine, payout)

    def splits(self) -> tuple[LegalSplits, F64]:
        return self._splits, self._screen

    def distinct(self) -> int:
        return len(np.unique(self._keys))

    def count_above(self, threshold: float, gap: float, excluded: tuple[int, ...]) -> int:
        keys, first = np.unique(self._keys, return_index=True)
        above = self._screen[first] + gap > threshold
        return int(np.count_nonzero(above & ~np.isin(keys, np.array(excluded, dtype=np.int64))))

    def with_chi(self, high: int, low: int, front: int) -> list[int]:
        rows = np.flatnonzero(self._keys == split_key(high, low, front))
        return [int(split) for split in self._splits.split[rows]]

    def front_heavy(self) -> int:
        front = self._splits.front
        strongest = np.flatnonzero(front == front.max())
        return int(self._splits.split[strongest[np.argmax(self._screen[strongest])]])

    def pair_broken(self, split: int) -> int:
        fives, threes = _held_pairs(self.cards)
        kept = int(fives[SPLIT_FIRST[split]] | fives[SPLIT_SECOND[split]] | threes[SPLIT_FRONT[split]])
        if not kept:
            return -1
        ids = self._splits.split.astype(np.intp)
        held = fives[SPLIT_FIRST[ids]] | fives[SPLIT_SECOND[ids]] | threes[SPLIT_FRONT[ids]]
        candidates = np.flatnonzero((held & kept) != kept)
        if len(candidates) == 0:
            return -1
        return int(ids[candidates[np.argmax(self._screen[candidates])]])


class ReferenceKernel:
    """The NumPy kernel (``MAUBINH_KERNEL=reference``)."""

    name: Final = "reference"

    def best_splits(
        self, tables: KernelTables, hands: Hands, *, opponents: int, shortlist: int, played: Played | None = None
    ) -> BestSplits:
        field = tables.bank is not None
        found = []
        for row, cards in enumerate(np.asarray(hands, dtype=np.uint8).tolist()):
            hand = ReferenceHand(tables, tuple(cards), opponents=opponents, shortlist=shortlist, field=field)
            picks = hand.shortlist()
            values = hand.exact([pick[1:4] for pick in picks]) if field else [pick[4] for pick in picks]
            best = max(range(len(picks)), key=lambda place: (values[place], -place))  # the first of equals
            mine, foul = 0.0, 0.0
            if played is not None:
                high, low, front = (int(value) for value in played[row])
                mine = hand.exact([(high, low, front)])[0]
                total, *_, size = hand.fouled()
                foul = total / size
            found.append((*picks[best][1:4], hand.natural_hint, values[best], mine, foul))
        columns = list(zip(*found, strict=True)) if found else [()] * 7
        return BestSplits(
            high=np.array(columns[0], dtype=np.int16),
            low=np.array(columns[1], dtype=np.int16),
            front=np.array(columns[2], dtype=np.int16),
            natural_hint=np.array(columns[3], dtype=np.bool_),
            value=np.array(columns[4], dtype=np.float64),
            played=None if played is None else np.array(columns[5], dtype=np.float64),
            fouled=None if played is None else np.array(columns[6], dtype=np.float64),
        )

    def hand(
        self, tables: KernelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> ReferenceHand:
        return ReferenceHand(tables, cards, opponents=opponents, shortlist=shortlist, field=field)
