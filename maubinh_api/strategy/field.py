"""The field: the opponents a hand meets, and what an arrangement scores against them.

For a player's 13 cards the field is the bank hands that share none of them
(:mod:`maubinh_api.strategy.bank`), each set as the service sets it.  An
arrangement is settled against every one of them exactly as
:mod:`maubinh_api.rules.settlement` settles a pair: positions with the bonus
table, ties, the majority unit, the scoop multiplier, the opponent's natural;
the mean over the field is its expected points per opponent.

Sập làng depends on the other opponents at the table too (a pair is
multiplied when either player scooped, or was scooped by, everybody).  Given
the player's hand and one opponent's, the other opponents are treated as
independent draws: the player scoops each with the chance it scoops the
field, and the opponent scoops (is scooped by) each with the rate the bank
measured for that hand.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement, Position
from ..rules.cards import Card
from ..rules.naturals import NaturalHand
from ..rules.variants import NATURAL_KEYS, NaturalVsNatural, RuleSet, Variant
from .bank import NO_NATURAL, HandBank
from .classes import HandClasses

__all__ = [
    "Field",
    "Outlook",
    "Scoring",
    "field_for",
    "field_of",
    "fouled_points",
    "natural_points",
    "outlook",
    "scoring_for",
]

Floats = npt.NDArray[np.float64]
F32 = npt.NDArray[np.float32]
Ints = npt.NDArray[np.intp]
POSITIONS: Final = (Position.BACK, Position.MIDDLE, Position.FRONT)


@dataclass(frozen=True)
class Scoring:
    """A variant's values per class: what winning each position with each
    class is worth (the bonus table, else 1), and each natural's payout."""

    rules: RuleSet
    classes: HandClasses
    values: tuple[F32, F32, F32]  #: back, middle, front, indexed by class number
    whole_values: tuple[npt.NDArray[np.int64], ...]  #: the same as integers (every value is whole)
    natural_payout: F32  #: by natural index (NATURAL_KEYS order; NO_NATURAL and unlisted ones 0)


def _scoring(rules: RuleSet) -> Scoring:
    classes = HandClasses.for_wheel(rules.wheel)
    values = []
    for position in POSITIONS:
        categories = classes.categories3 if position is Position.FRONT else classes.categories5
        by_category = {}
        for category in set(categories):
            bonus = rules.bonus_value(f"{position.value}.{category.key}")
            by_category[category] = 1 if bonus is None else bonus
        values.append(np.array([by_category[category] for category in categories], dtype=np.float32))
    payout = np.zeros(NO_NATURAL + 1, dtype=np.float32)
    for index, key in enumerate(NATURAL_KEYS):
        payout[index] = rules.naturals.get(key, 0)
    return Scoring(
        rules=rules,
        classes=classes,
        values=(values[0], values[1], values[2]),
        whole_values=tuple(column.astype(np.int64) for column in values),
        natural_payout=payout,
    )


_SCORINGS: dict[str, Scoring] = {}


def scoring_for(variant: Variant) -> Scoring:
    """The scoring of a variant (cached by fingerprint; a race only builds twice)."""
    found = _SCORINGS.get(variant.fingerprint)
    if found is None:
        found = _scoring(variant.rules)
        if len(_SCORINGS) >= 64:
            _SCORINGS.pop(next(iter(_SCORINGS)), None)
        _SCORINGS[variant.fingerprint] = found
    return found


#: Scoop rates are kept in the packed table as integers in 1/_RATE_SCALE.
_RATE_SCALE: Final = 30_000


@functools.lru_cache(maxsize=16)
def _bank_table(bank: HandBank, classes: HandClasses) -> npt.NDArray[np.int16]:
    """Every bank hand's class numbers under a wheel setting, natural and
    scoop rates, one row of 16 bytes per hand: picking a field's rows out of
    the bank then reads one cache line per opponent instead of one per column."""
    settings = bank.settings
    table = np.zeros((bank.size, 8), dtype=np.int16)
    table[:, 0] = np.take(classes.class_of_id5, settings.back)
    table[:, 1] = np.take(classes.class_of_id5, settings.middle)
    table[:, 2] = np.take(classes.class_of_id3, settings.front)
    table[:, 3] = settings.natural
    table[:, 4] = np.round(settings.scoops * _RATE_SCALE)
    table[:, 5] = np.round(settings.scooped * _RATE_SCALE)
    return table


@dataclass(frozen=True)
class Field:
    """The opponents one hand can meet: per opponent, the class numbers of
    its back, middle and front, what it wins each position with, the payout
    of its natural (0 if it plays its chi) and its scoop rates."""

    scoring: Scoring
    opponents: int  #: opponents at the table (1-3)
    chi: tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], npt.NDArray[np.int16]]
    values: tuple[F32, F32, F32]
    natural: npt.NDArray[np.uint8]  #: natural index, NO_NATURAL when it plays its chi
    natural_payout: F32
    scoops: F32  #: how often this opponent scoops another player
    scooped: F32  #: how often it is scooped

    @property
    def size(self) -> int:
        return len(self.natural)

    @functools.cached_property
    def summary(self) -> Summary:
        """What :func:`expected` needs, computed on first use."""
        return summarise(self)

    @property
    def sap_lang(self) -> bool:
        """Whether sập làng can happen at this table."""
        rules = self.scoring.rules
        return rules.sap_lang and self.opponents + 1 >= rules.sap_lang_min_players


def field_for(bank: HandBank, cards: list[Card] | tuple[Card, ...], scoring: Scoring, opponents: int) -> Field:
    """The field of a hand, from ``bank``, under ``scoring``."""
    rows = bank.survivors(cards)
    picked = np.take(_bank_table(bank, scoring.classes), rows, axis=0).T
    back, middle, front = (np.ascontiguousarray(picked[place]) for place in range(3))
    natural = picked[3].astype(np.uint8)
    payout = np.take(scoring.natural_payout, natural)
    # An opponent whose natural this variant does not pay plays its chi.
    natural = np.where(payout > 0, natural, NO_NATURAL).astype(np.uint8)
    return Field(
        scoring=scoring,
        opponents=opponents,
        chi=(back, middle, front),
        values=(
            np.take(scoring.values[0], back),
            np.take(scoring.values[1], middle),
            np.take(scoring.values[2], front),
        ),
        natural=natural,
        natural_payout=payout,
        scoops=picked[4] * np.float32(1 / _RATE_SCALE),
        scooped=picked[5] * np.float32(1 / _RATE_SCALE),
    )


def field_of(
    shown: list[tuple[Arrangement, NaturalHand | None]],
    scoring: Scoring,
    opponents: int,
    *,
    scoops: float = 0.0,
    scooped: float = 0.0,
) -> Field:
    """A field of given opponents: each an arrangement and the natural it
    declares (None to play the chi); ``scoops``/``scooped`` are their scoop
    rates (used for sập làng only)."""
    classes = scoring.classes
    chi = tuple(
        np.array(
            [
                np.searchsorted(
                    classes.scores3 if position is Position.FRONT else classes.scores5, shown_[0][position].score
                )
                for shown_ in shown
            ],
            dtype=np.int16,
        )
        for position in POSITIONS
    )
    natural = np.array(
        [NO_NATURAL if found is None else NATURAL_KEYS.index(found.key) for _, found in shown], dtype=np.uint8
    )
    size = len(shown)
    return Field(
        scoring=scoring,
        opponents=opponents,
        chi=(chi[0], chi[1], chi[2]),
        values=tuple(np.take(scoring.values[place], chi[place]) for place in range(3)),  # type: ignore[arg-type]
        natural=natural,
        natural_payout=np.take(scoring.natural_payout, natural),
        scoops=np.full(size, scoops, dtype=np.float32),
        scooped=np.full(size, scooped, dtype=np.float32),
    )


@dataclass(frozen=True)
class Outlook:
    """How arrangements fare against a field, one row per arrangement.

    ``win``/``tie``/``lose`` are per position (back, middle, front) over the
    opponents who play their chi; ``position_points`` the expected points of
    each position before the majority unit and multipliers (over the whole
    field, opponents' naturals scoring 0 there); ``scoop``/``scooped`` the
    chances of winning or losing all three against one opponent;
    ``sap_lang_won``/``sap_lang_lost`` the chances of scooping every
    opponent or being scooped by every one (0 where sập làng is off);
    ``natural_against`` the chance that the opponent shows a natural."""

    ev: Floats
    win: Floats
    tie: Floats
    lose: Floats
    position_points: Floats
    scoop: Floats
    scooped: Floats
    sap_lang_won: Floats
    sap_lang_lost: Floats
    natural_against: float
    points: F32  #: per arrangement and opponent, the pair total (sập làng as expected)


def outlook(field: Field, chi: tuple[Ints, Ints, Ints], *, detail: bool = True) -> Outlook:
    """Settle arrangements (given by the class numbers of their back, middle
    and front) against every opponent of the field.  Without ``detail`` only
    ``ev`` (and the scoop rates) are filled; the per-position figures are zeros."""
    rules = field.scoring.rules
    count = len(chi[0])
    plays = field.natural == NO_NATURAL
    shown = max(int(np.count_nonzero(plays)), 1)
    ahead = np.zeros((count, field.size), dtype=np.int8)  # positions won minus positions lost
    points = np.zeros((count, field.size), dtype=np.float32)
    win, tie, lose, position_points = (np.zeros((count, 3)) for _ in range(4))
    for place, (mine, theirs, my_values, their_values) in enumerate(
        zip(chi, field.chi, field.scoring.values, field.values, strict=True)
    ):
        column = np.asarray(mine, dtype=np.int16)[:, None]
        outcome = np.sign(column - theirs).astype(np.int8)
        won, lost = outcome > 0, outcome < 0
        scored = won * np.take(my_values, mine)[:, None] - lost * their_values
        points += scored
        ahead += outcome
        if detail:
            win[:, place] = (won & plays).sum(axis=1) / shown
            lose[:, place] = (lost & plays).sum(axis=1) / shown
            tie[:, place] = np.clip(1.0 - win[:, place] - lose[:, place], 0.0, 1.0)
            position_points[:, place] = (scored * plays).mean(axis=1)
    if rules.majority_bonus:
        points += rules.majority_bonus * np.sign(ahead)
    scoop, scooped = ahead == 3, ahead == -3
    if rules.scoop_multiplier != 1:
        points *= np.where(scoop | scooped, np.float32(rules.scoop_multiplier), np.float32(1.0))
    if shown < field.size:
        points = np.where(plays, points, -field.natural_payout)
        scoop &= plays
        scooped &= plays
    scoop_rate = scoop.mean(axis=1)
    scooped_rate = scooped.mean(axis=1)
    if field.sap_lang:
        points = _with_sap_lang(points, scoop, scooped, scoop_rate, scooped_rate, field)
        sap_lang_won, sap_lang_lost = scoop_rate**field.opponents, scooped_rate**field.opponents
    else:
        sap_lang_won = sap_lang_lost = np.zeros(count)
    return Outlook(
        ev=points.mean(axis=1, dtype=np.float64),
        win=win,
        tie=tie,
        lose=lose,
        position_points=position_points,
        scoop=scoop_rate,
        scooped=scooped_rate,
        sap_lang_won=sap_lang_won,
        sap_lang_lost=sap_lang_lost,
        natural_against=1.0 - shown / field.size if np.any(plays) else 1.0,
        points=points,
    )


def expected(field: Field, chi: tuple[Ints, Ints, Ints]) -> Floats:
    """Expected points per opponent of arrangements against the field: the
    ``ev`` of :func:`outlook`, computed without settling every pair.

    A pair total is additive over the positions except for the majority unit
    and the scoop (and sập làng) multipliers.  The additive part only needs,
    per position, how many opponents a class beats and what those that beat
    it are worth: counts and sums over the field's sorted classes.  The
    rest only needs to know which opponents the arrangement scoops or is
    scooped by (and, with a majority unit, who is ahead): one comparison per
    opponent and position, on bytes."""
    rules = field.scoring.rules
    summary = field.summary
    count = len(chi[0])
    mine = [np.asarray(column, dtype=np.intp) for column in chi]
    my_values = [
        np.take(values, column).astype(np.float64) for values, column in zip(field.scoring.values, mine, strict=True)
    ]
    total = np.zeros(count)
    for place in range(3):
        below, value_below = summary.below[place], summary.value_below[place]
        beaten = np.take(below, mine[place])  # opponents whose chi this class beats
        lost = value_below[-1] - np.take(value_below, mine[place] + 1)  # what those above it win
        total += beaten * my_values[place] - lost
    columns = [np.asarray(column, dtype=np.int16)[:, None] for column in chi]
    back, middle, front = summary.chi
    swept = (columns[0] > back) & (columns[1] > middle) & (columns[2] > front)
    swept_by = (columns[0] < back) & (columns[1] < middle) & (columns[2] < front)
    majority = rules.majority_bonus
    if majority:
        ahead = (
            np.sign(columns[0] - back).astype(np.int8)
            + np.sign(columns[1] - middle).astype(np.int8)
            + np.sign(columns[2] - front).astype(np.int8)
        )
        total += majority * (np.sign(ahead) * summary.plays).sum(axis=1, dtype=np.float64)
    wins = np.count_nonzero(swept, axis=1).astype(np.float64)
    losses = np.count_nonzero(swept_by, axis=1).astype(np.float64)
    lost_value = swept_by.astype(np.float32) @ summary.value_sum  # what the sweepers' chi are worth
    won_each = my_values[0] + my_values[1] + my_values[2] + majority
    multiplier = rules.scoop_multiplier
    total += (multiplier - 1) * (wins * won_each - lost_value - losses * majority)
    if field.sap_lang:
        others = field.opponents - 1
        size = field.size
        mine_all, mine_none = (wins / size) ** others, (losses / size) ** others
        theirs_none = summary.scooped_power(others)
        theirs_all = summary.scoops_power(others)
        won_chance = wins * mine_all + (1 - mine_all) * (swept.astype(np.float32) @ theirs_none)
        lost_by = swept_by.astype(np.float32)
        lost_total = (lost_value + losses * majority) * mine_none + (1 - mine_none) * (
            lost_by @ (summary.value_sum * theirs_all) + majority * (lost_by @ theirs_all)
        )
        extra = field.scoring.rules.sap_lang_multiplier - 1
        total += extra * multiplier * (won_each * won_chance - lost_total)
    total -= summary.natural_total
    result: Floats = total / field.size
    return result


@dataclass(frozen=True)
class Summary:
    """What :func:`expected` reads from a field, prepared once per field:
    each position's cumulative count and value of the opponents' classes
    (opponents who play their chi), and per opponent the classes (a natural
    holder's set so that it neither sweeps nor is swept), what its three
    chi are worth together, its scoop rates and whether it plays its chi."""

    plays: npt.NDArray[np.int8]
    chi: tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], npt.NDArray[np.int16]]
    below: tuple[npt.NDArray[np.int64], ...]  #: per position and class c: opponents whose class is below c
    value_below: tuple[npt.NDArray[np.int64], ...]  #: per position and class c: what those chi are worth
    value_sum: F32
    scoops: F32
    scooped: F32
    natural_total: float

    def scooped_power(self, power: int) -> F32:
        result: F32 = self.scooped**power
        return result

    def scoops_power(self, power: int) -> F32:
        result: F32 = self.scoops**power
        return result


_ZERO: Final = np.zeros(1, dtype=np.int64)


def summarise(field: Field) -> Summary:
    """The :class:`Summary` of a field."""
    plays = field.natural == NO_NATURAL
    below, value_below = [], []
    shown = field.chi if bool(np.all(plays)) else tuple(column[plays] for column in field.chi)
    for place, values in enumerate(field.scoring.whole_values):
        # A chi's value is a function of its class: integer counts and sums (an
        # integer cumsum is several times faster than a float one).
        counts = np.bincount(shown[place].astype(np.intp), minlength=len(values))
        below.append(np.concatenate((_ZERO, np.cumsum(counts))))
        value_below.append(np.concatenate((_ZERO, np.cumsum(counts * values))))
    # Natural holders must be neither swept nor sweeping: classes beyond any chi's.
    high, low = np.int16(32_000), np.int16(-32_000)
    back = np.where(plays, field.chi[0], high).astype(np.int16)
    middle = np.where(plays, field.chi[1], low).astype(np.int16)
    front = field.chi[2]
    value_sum = (np.where(plays, field.values[0] + field.values[1] + field.values[2], 0.0)).astype(np.float32)
    return Summary(
        plays=plays.astype(np.int8),
        chi=(back, middle, front),
        below=tuple(below),
        value_below=tuple(value_below),
        value_sum=value_sum,
        scoops=field.scoops,
        scooped=field.scooped,
        natural_total=float(np.sum(field.natural_payout, dtype=np.float64)),
    )


def _with_sap_lang(  # noqa: PLR0917 - the outlook's own arrays
    points: F32,
    scoop: npt.NDArray[np.bool_],
    scooped: npt.NDArray[np.bool_],
    scoop_rate: Floats,
    scooped_rate: Floats,
    field: Field,
) -> F32:
    """Pair totals with the expected sập làng multiplier (R12: at most once a pair).

    A pair the player wins all three of is multiplied when the player also
    scoops every other opponent, or when every other opponent scoops this
    one; a pair the player loses all three of, when every other opponent
    scoops the player, or this opponent scoops every other one."""
    others = field.opponents - 1
    mine_all = (scoop_rate**others)[:, None]
    mine_none = (scooped_rate**others)[:, None]
    theirs_none = (field.scooped.astype(np.float64) ** others)[None, :]
    theirs_all = (field.scoops.astype(np.float64) ** others)[None, :]
    chance = np.where(scoop, mine_all + theirs_none - mine_all * theirs_none, 0.0) + np.where(
        scooped, mine_none + theirs_all - mine_none * theirs_all, 0.0
    )
    extra = field.scoring.rules.sap_lang_multiplier - 1
    result: F32 = (points * (1.0 + extra * chance)).astype(np.float32)
    return result


def fouled_points(field: Field) -> F32:
    """Per opponent, the pair total of a fouled arrangement (RULES §6, R11, R13)."""
    rules = field.scoring.rules
    if rules.foul_pays_bonuses:
        won: F32 = field.values[0] + field.values[1] + field.values[2]
    else:
        won = np.full(field.size, 3.0, dtype=np.float32)
    points = -(won + rules.majority_bonus) * rules.foul_multiplier
    if field.sap_lang and rules.foul_counts_as_scoop:
        points = points * rules.sap_lang_multiplier  # scooped by every opponent
    result: F32 = np.where(field.natural == NO_NATURAL, points, -field.natural_payout).astype(np.float32)
    return result


def natural_points(field: Field, natural: NaturalHand) -> F32:
    """Per opponent, the pair total of declaring ``natural`` (R7-R9).  Two
    equal naturals draw here (the tie-breaks need the opponent's cards)."""
    rules = field.scoring.rules
    mine = NATURAL_KEYS.index(natural.key)
    theirs = field.natural.astype(np.intp)
    points = np.full(field.size, float(natural.payout), dtype=np.float32)
    if rules.natural_vs_natural is NaturalVsNatural.DRAW:
        points[theirs != NO_NATURAL] = 0.0
    else:
        higher = (theirs != NO_NATURAL) & (theirs < mine)
        points[higher] = -field.natural_payout[higher]
        points[theirs == mine] = 0.0
    return points
