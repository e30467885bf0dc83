"""Analysis of a player's arrangement: what it is worth, what it gives up, and why.

The expected points come from the one model of
:mod:`maubinh_api.strategy.valuation` (opponents dealt from the 39 other
cards, set as the service sets them), so the best arrangement and its value
are exactly those of ``/v1/arrangements/optimal``.

The loss (``ev_loss``) is the best arrangement's expected points per opponent
minus this one's, never negative; the verdict names its band (``VERDICT_BANDS``);
``changes`` lists the cards to move to reach the best arrangement, laid out as
close to the player's as the best chi strengths allow (moving a card for an
equal one is no change).

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.rules.chi import Wheel
>>> cards = parse_cards('As Ad Kc Kd 7h 9s 9h 8c 5d 3c Qs Jh 2s'.split())
>>> from maubinh_api.strategy.kernel import active_kernel
>>> from maubinh_api.strategy.model import shipped_model
>>> from maubinh_api.strategy.valuation import value_hand
>>> played = Arrangement.from_cards(back=cards[:5], middle=cards[5:10], front=cards[10:], wheel=Wheel.LOW)
>>> found = value_hand(sorted(cards, key=lambda card: card.index), preset("classic"), shipped_model(active_kernel()))
>>> result = analyse(played, found)
>>> result.ev <= result.best.ev and result.ev_loss >= 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from ..rules.arrangement import Arrangement, FoulReason, Position, foul_reasons
from ..rules.cards import Card
from ..rules.labels import LabelledCode
from ..rules.naturals import NaturalHand
from ..rules.table import check_opponents
from ..rules.texts import Text, words
from ..rules.variants import Variant
from .model import Model
from .splits import hand_indices
from .valuation import SHORTLIST, Outlook, Valuation, value_hand

__all__ = [
    "VERDICT_BANDS",
    "Analysis",
    "Grade",
    "Move",
    "NaturalReview",
    "PlayOutlook",
    "PositionOutlook",
    "Verdict",
    "advice",
    "analyse",
    "best_play",
    "grade",
    "grade_all",
    "play_outlook",
]

Chi = tuple[int, int, int]
POSITIONS: Final = (Position.BACK, Position.MIDDLE, Position.FRONT)
#: Losses (points per opponent) within this are the best (floating-point noise).
EXACT: Final = 1e-9


class Verdict(LabelledCode):
    """How an arrangement is graded, by its loss against the best."""

    BEST = "best", words("Best")
    GOOD = "good", words("Good")
    INACCURACY = "inaccuracy", words("Inaccuracy")
    MISTAKE = "mistake", words("Mistake")
    BLUNDER = "blunder", words("Blunder")
    FOUL = "foul", words("Foul")


#: Upper bounds (exclusive) of the loss, in points per opponent, of each
#: verdict below ``blunder``: a loss of 0 is ``best``, under 0.1 ``good``,
#: under 0.3 ``inaccuracy``, under 1.0 ``mistake``, and 1.0 or more ``blunder``.
#: A fouled arrangement that collects no natural is ``foul`` whatever it loses.
VERDICT_BANDS: Final = ((Verdict.GOOD, 0.1), (Verdict.INACCURACY, 0.3), (Verdict.MISTAKE, 1.0))


def verdict_of(loss: float, *, fouled: bool) -> Verdict:
    """The verdict for a loss (points per opponent)."""
    if fouled:
        return Verdict.FOUL
    if loss <= EXACT:
        return Verdict.BEST
    for verdict, bound in VERDICT_BANDS:
        if loss < bound:
            return verdict
    return Verdict.BLUNDER


@dataclass(frozen=True, slots=True)
class PositionOutlook:
    """One position against one opponent of the field: the chances of winning,
    tying and losing it, and its expected points (the position's own value or
    the opponent's, before the majority unit and multipliers).  An opponent who
    declares a natural compares no chi: with :attr:`Analysis.opponent_natural`
    the three chances add up to 1."""

    position: Position
    win: float
    tie: float
    lose: float
    points: float


@dataclass(frozen=True, slots=True)
class PlayOutlook:
    """How a play fares against the field: each position against one opponent (empty when the play
    collects a natural: no chi are compared), the chances of scooping one opponent and of being
    scooped by one, and of doing so against every opponent where sập làng applies."""

    positions: tuple[PositionOutlook, ...]
    scoop: float  #: wins all three positions against one opponent
    scooped: float  #: loses all three to one opponent (never more than any position's loss)
    sap_lang: tuple[float, float] | None  #: (scoops every opponent, scooped by every one) where it applies


@dataclass(frozen=True, slots=True)
class Move:
    """Cards to move from one chi to another."""

    cards: tuple[Card, ...]
    source: Position
    target: Position


@dataclass(frozen=True, slots=True)
class NaturalReview:
    """The hand's natural: whether this play collects it, and what not collecting it gives up."""

    natural: NaturalHand
    collected: bool
    ev: float  #: expected points per opponent of declaring it
    chi_ev: float  #: expected points per opponent of the best play of the chi (not declaring it)
    #: points per opponent this play loses by not declaring it: what declaring is worth above the best
    #: play of the chi (0 if collected or not worth it); the rest of its loss is the chi's (``chi_ev`` less its ev)
    given_up: float


@dataclass(frozen=True, slots=True)
class BestPlay:
    """The best play of the hand, as ``/optimal`` answers it."""

    arrangement: Arrangement
    ev: float
    declare_natural: bool


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything :func:`analyse` finds about one arrangement."""

    arrangement: Arrangement
    declare_natural: bool
    opponents: int
    ev: float
    best: BestPlay
    #: the best play's outlook: what analysing the best play (with its declaration) gives as this play's
    best_outlook: PlayOutlook
    ev_loss: float
    rank: int | None  #: among the distinct legal arrangements (None when fouled)
    distinct: int  #: distinct legal arrangements of the hand
    positions: tuple[PositionOutlook, ...]  #: empty when the play collects a natural (no chi compared)
    scoop: float  #: wins all three positions against one opponent
    scooped: float  #: loses all three to one opponent (never more than any position's loss)
    sap_lang: tuple[float, float] | None  #: (scoops every opponent, scooped by every one) where it applies
    opponent_natural: float  #: one opponent declares a natural, so no chi are compared with it
    foul_reasons: tuple[FoulReason, ...]
    natural: NaturalReview | None
    verdict: Verdict
    moves: tuple[Move, ...]
    declare_change: bool | None  #: the declaration the best play needs, when it differs

    @property
    def fouled(self) -> bool:
        return bool(self.foul_reasons)

    @property
    def outlook(self) -> PlayOutlook:
        """This play's outlook, as :attr:`best_outlook` gives the best play's."""
        return PlayOutlook(self.positions, self.scoop, self.scooped, self.sap_lang)


def analyse(arrangement: Arrangement, found: Valuation, *, declare_natural: bool = True) -> Analysis:
    """Grade ``arrangement`` against the best play of its cards (``found``: their valuation,
    which says the variant and the table size)."""
    _check_cards(arrangement, found)
    opponents = found.opponents
    reasons = foul_reasons(arrangement, found.variant.rules)
    natural = found.natural
    collects = declare_natural and natural is not None
    chi = found.classes_of(arrangement)
    ev = _played_value(found, chi, collects=collects, fouled=bool(reasons))
    best = best_play(found)
    loss = max(0.0, best.ev - ev)
    fouled_play = bool(reasons) and not collects
    mine = play_outlook(found, chi, collects=collects, fouled=fouled_play)
    return Analysis(
        arrangement=arrangement,
        declare_natural=declare_natural,
        opponents=opponents,
        ev=ev,
        best=best,
        # The best chi play is the shortlist's first (never fouled); the valuation keeps the outlooks it
        # computed, so a play that sets the best chi costs no second pass over the field.
        best_outlook=play_outlook(found, found.chi[0], collects=best.declare_natural, fouled=False),
        ev_loss=loss,
        rank=None if reasons and not collects else _rank(found, ev),
        distinct=found.kernel_hand.distinct(),
        positions=mine.positions,
        scoop=mine.scoop,
        scooped=mine.scooped,
        sap_lang=mine.sap_lang,
        opponent_natural=1.0 - _playing_share(found),
        foul_reasons=reasons,
        natural=_natural_review(found, collects),
        verdict=verdict_of(loss, fouled=fouled_play),
        # Declaring a natural wins whatever the layout: then declaring is the only change.
        moves=() if loss <= EXACT or best.declare_natural else moves_between(arrangement, best.arrangement, found),
        declare_change=None if best.declare_natural == collects else best.declare_natural,
    )


@dataclass(frozen=True, slots=True)
class Grade:
    """The short grade of one arrangement (what a hand history needs): the
    numbers of :class:`Analysis` without the odds, rank and moves."""

    ev: float
    best_ev: float
    ev_loss: float
    verdict: Verdict
    fouled: bool
    natural: NaturalHand | None  #: the hand's natural, if it holds one the variant pays
    natural_missed: bool  #: held, declaring it was the best play, and it was not collected
    #: The classes (back, middle, front, as the kernel numbers them) of the best chi play, where the
    #: hand was graded in one kernel call with others (:func:`grade_all`): what the card checks weigh a
    #: play against, for free. None for a hand graded alone (one that may hold a natural). Not part of
    #: the grade's value: two grades of one play are equal with or without it.
    best_chi: tuple[int, int, int] | None = field(default=None, compare=False)


def grade(arrangement: Arrangement, found: Valuation, *, declare_natural: bool = True) -> Grade:
    """Grade ``arrangement`` as :func:`analyse` does (same ``ev``, ``ev_loss``
    and verdict), skipping what a grade does not show.

    >>> from maubinh_api.rules.cards import parse_cards
    >>> from maubinh_api.rules.variants import preset
    >>> from maubinh_api.rules.chi import Wheel
    >>> cards = parse_cards('As Ad Kc Kd 7h 9s 9h 8c 5d 3c Qs Jh 2s'.split())
    >>> from maubinh_api.strategy.kernel import active_kernel
    >>> from maubinh_api.strategy.model import shipped_model
    >>> from maubinh_api.strategy.valuation import value_hand
    >>> played = Arrangement.from_cards(back=cards[:5], middle=cards[5:10], front=cards[10:], wheel=Wheel.LOW)
    >>> model = shipped_model(active_kernel())
    >>> found = value_hand(sorted(cards, key=lambda card: card.index), preset("classic"), model)
    >>> short = grade(played, found)
    >>> full = analyse(played, found)
    >>> (short.ev, short.ev_loss, short.verdict) == (full.ev, full.ev_loss, full.verdict)
    True
    """
    _check_cards(arrangement, found)
    reasons = foul_reasons(arrangement, found.variant.rules)
    collects = declare_natural and found.natural is not None
    ev = _played_value(found, found.classes_of(arrangement), collects=collects, fouled=bool(reasons))
    best = found.best_ev
    loss = max(0.0, best - ev)
    return Grade(
        ev=ev,
        best_ev=best,
        ev_loss=loss,
        verdict=verdict_of(loss, fouled=bool(reasons) and not collects),
        fouled=bool(reasons) and not collects,
        natural=found.natural,
        natural_missed=found.natural is not None and found.declares_natural and not collects,
    )


def grade_all(
    played: Sequence[tuple[Arrangement, bool]], variant: Variant, model: Model, *, opponents: int = 3
) -> list[Grade]:
    """:func:`grade` for many arrangements (each with its ``declare_natural``)
    under one variant and table size, the same numbers: ``model``'s kernel
    values every hand and its arrangement in one call; a hand that can hold a
    natural is graded again one by one, with its natural.

    >>> from maubinh_api.rules.cards import parse_cards
    >>> from maubinh_api.rules.variants import preset
    >>> from maubinh_api.rules.chi import Wheel
    >>> cards = parse_cards('As Ad Kc Kd 7h 9s 9h 8c 5d 3c Qs Jh 2s'.split())
    >>> from maubinh_api.strategy.kernel import active_kernel
    >>> from maubinh_api.strategy.model import shipped_model
    >>> from maubinh_api.strategy.valuation import value_hand
    >>> model = shipped_model(active_kernel())
    >>> one = Arrangement.from_cards(back=cards[:5], middle=cards[5:10], front=cards[10:], wheel=Wheel.LOW)
    >>> found = value_hand(sorted(cards, key=lambda card: card.index), preset("classic"), model)
    >>> grade_all([(one, True)], preset("classic"), model) == [grade(one, found)]
    True
    """
    check_opponents(opponents)
    if not played:
        return []
    tables = model.tables(variant)
    classes = tables.classes
    hands = np.array([hand_indices(arrangement.cards) for arrangement, _ in played], dtype=np.uint8)
    scores = np.array([[arrangement[position].score for position in POSITIONS] for arrangement, _ in played])
    chi = np.stack(
        [
            np.searchsorted(classes.scores5, scores[:, 0]),
            np.searchsorted(classes.scores5, scores[:, 1]),
            np.searchsorted(classes.scores3, scores[:, 2]),
        ],
        axis=1,
    ).astype(np.int16)
    found = model.kernel.best_splits(tables, hands, opponents=opponents, shortlist=SHORTLIST, played=chi)
    assert found.played is not None and found.fouled is not None
    grades = []
    for row, (arrangement, declare) in enumerate(played):
        if found.natural_hint[row]:
            cards = sorted(arrangement.cards, key=lambda card: card.index)
            grades.append(
                grade(arrangement, value_hand(cards, variant, model, opponents=opponents), declare_natural=declare)
            )
            continue
        fouled = bool(foul_reasons(arrangement, variant.rules))
        ev = float(found.fouled[row] if fouled else found.played[row])
        best = float(found.value[row])
        loss = max(0.0, best - ev)
        best_chi = (int(found.high[row]), int(found.low[row]), int(found.front[row]))
        grades.append(Grade(ev, best, loss, verdict_of(loss, fouled=fouled), fouled, None, False, best_chi))
    return grades


def _check_cards(arrangement: Arrangement, found: Valuation) -> None:
    if frozenset(arrangement.cards) != frozenset(found.cards):
        raise ValueError("the arrangement holds other cards than the valuation's hand")


def best_play(found: Valuation) -> BestPlay:
    """The best play of a valued hand (the natural when declaring it is worth at least the best chi play)."""
    if found.declares_natural:
        assert found.natural is not None and found.natural_ev is not None
        shown = found.natural.split or found.arrangement(found.splits[0])
        return BestPlay(arrangement=shown, ev=found.natural_ev, declare_natural=True)
    return BestPlay(arrangement=found.arrangement(found.splits[0]), ev=found.best_normal_ev, declare_natural=False)


def _played_value(found: Valuation, chi: Chi, *, collects: bool, fouled: bool) -> float:
    """Expected points of what was played: the natural collected, a foul's cost, or the chi."""
    if collects:
        assert found.natural_ev is not None
        return found.natural_ev
    if fouled:
        return found.fouled_value()
    return found.value_of(chi)


def _rank(found: Valuation, ev: float) -> int:
    """1 + the distinct legal arrangements worth more than ``ev``: the
    shortlist by its exact values, the rest by their screening values shifted
    by the shortlist's mean gap between the two."""
    gap = float(np.mean(np.array(found.exact) - np.array(found.screen)))
    threshold = ev + EXACT
    better = found.kernel_hand.count_above(threshold, gap, found.keys())
    better += sum(value > threshold for value in found.exact)
    if found.natural_ev is not None and found.natural_ev > threshold:
        better += 1
    return better + 1


def _playing_share(found: Valuation) -> float:
    """The share of the field that plays its chi (the rest declares a natural)."""
    size = found.kernel_hand.field_size
    return found.kernel_hand.plays / size if size else 1.0


def play_outlook(found: Valuation, chi: Chi, *, collects: bool, fouled: bool) -> PlayOutlook:
    """How a play setting the chi ``chi`` fares against the field: nothing compared when it collects the
    natural, every position lost to whoever plays the chi when it is fouled (neither needs a pass over
    the field), else the outlook of its chi."""
    mine = None if collects or fouled else found.outlook(chi)
    return PlayOutlook(
        positions=() if collects else _positions(mine, fouled=fouled, found=found),
        scoop=0.0 if mine is None else mine.scoop,
        scooped=_scooped(found, mine, collects=collects, fouled=fouled),
        sap_lang=_sap_lang(found, mine, collects=collects, fouled=fouled),
    )


def _positions(mine: Outlook | None, *, fouled: bool, found: Valuation) -> tuple[PositionOutlook, ...]:
    # The outlook's chances are among the opponents who play their chi: over
    # the whole field, like the scoops, they leave room for an opponent's natural.
    share = _playing_share(found)
    if fouled:
        _, *values, size = found.kernel_hand.fouled()
        return tuple(
            PositionOutlook(position=position, win=0.0, tie=0.0, lose=share, points=-value / size)
            for position, value in zip(POSITIONS, values, strict=True)
        )
    assert mine is not None
    return tuple(
        PositionOutlook(
            position=position,
            win=mine.win[place] * share,
            tie=mine.tie[place] * share,
            lose=mine.lose[place] * share,
            points=mine.points[place],
        )
        for place, position in enumerate(POSITIONS)
    )


def _scooped(found: Valuation, mine: Outlook | None, *, collects: bool, fouled: bool) -> float:
    """The chance of losing all three positions to one opponent (a fouled
    hand loses them to everyone who plays the chi)."""
    if collects:
        return 0.0
    if fouled:
        return found.kernel_hand.plays / found.kernel_hand.field_size
    assert mine is not None
    return mine.scooped


def _sap_lang(found: Valuation, mine: Outlook | None, *, collects: bool, fouled: bool) -> tuple[float, float] | None:
    if not found.sap_lang:
        return None
    if collects:
        return (0.0, 0.0)
    if fouled:
        # A foul counts as scooped (R13) by every opponent who plays the chi; one who declares
        # a natural settles by the natural instead, and then the table is no sập làng.
        lost = _playing_share(found) ** found.opponents if found.variant.rules.foul_counts_as_scoop else 0.0
        return (0.0, lost)
    assert mine is not None
    return (mine.sap_lang_won, mine.sap_lang_lost)


def _natural_review(found: Valuation, collects: bool) -> NaturalReview | None:
    """The natural's review. Not declaring gives up what declaring is worth above the best play of the
    chi, whatever chi this play sets: what it loses beyond that is how it set them, not the natural."""
    if found.natural is None or found.natural_ev is None:
        return None
    given_up = 0.0 if collects else max(0.0, found.natural_ev - found.best_normal_ev)
    return NaturalReview(
        natural=found.natural,
        collected=collects,
        ev=found.natural_ev,
        chi_ev=found.best_normal_ev,
        given_up=given_up,
    )


def moves_between(played: Arrangement, target: Arrangement, found: Valuation) -> tuple[Move, ...]:
    """The fewest cards to move to turn ``played`` into an arrangement with
    ``target``'s chi strengths (cards of equal rank swapped for each other
    are not moved)."""
    where = {card: position for position, hand in played for card in hand.cards}
    best_layout = _closest_layout(target, found, where)
    moves: dict[tuple[Position, Position], list[Card]] = {}
    for position in POSITIONS:
        for card in best_layout[position]:
            source = where[card]
            if source is not position:
                moves.setdefault((source, position), []).append(card)
    return tuple(
        Move(cards=tuple(sorted(cards, key=lambda card: -card.index)), source=source, target=target_position)
        for (source, target_position), cards in sorted(
            moves.items(), key=lambda item: (POSITIONS.index(item[0][0]), POSITIONS.index(item[0][1]))
        )
    )


def _closest_layout(
    target: Arrangement, found: Valuation, where: dict[Card, Position]
) -> dict[Position, tuple[Card, ...]]:
    """Among the legal splits with ``target``'s chi strengths, the one that
    keeps the most cards where the player put them."""
    best: dict[Position, tuple[Card, ...]] = {position: target[position].cards for position in POSITIONS}
    best_kept = sum(where[card] is position for position in POSITIONS for card in best[position])
    for split in found.kernel_hand.with_chi(*found.classes_of(target)):
        arrangement = found.arrangement(split)
        layouts = [arrangement]
        if arrangement.back.score == arrangement.middle.score:
            layouts.append(Arrangement(back=arrangement.middle, middle=arrangement.back, front=arrangement.front))
        for layout in layouts:
            kept = sum(where[card] is position for position, part in layout for card in part.cards)
            if kept > best_kept:
                best_kept = kept
                best = {position: layout[position].cards for position in POSITIONS}
    return best


#: Where a card is moved from and to, as advice says it.
_CHI: Final = {
    Position.BACK: words("the back"),
    Position.MIDDLE: words("the middle"),
    Position.FRONT: words("the front"),
}


def advice(analysis: Analysis) -> list[Text]:
    """What to change, in both languages: one line per group of cards to move, the points at stake
    on the only one or on a line of their own after several, or why the arrangement is already the
    best.

    E.g. ``Move 9♥ 9♦ from the middle to the front: +0.42 points per opponent``,
    ``Chuyển 9♥ 9♦ từ chi giữa sang chi cuối: +0,42 điểm mỗi đối thủ``."""
    if analysis.ev_loss <= EXACT:
        return [words("This is the best arrangement of these cards.")]
    gain = f"+{analysis.ev_loss:.2f}"
    lines: list[Text] = []
    if analysis.declare_change is True:
        assert analysis.natural is not None
        lines.append(words("Declare the natural ({natural})", natural=analysis.natural.natural.natural.label))
    elif analysis.declare_change is False:
        lines.append(words("Do not declare the natural: play the chi"))
    for move in analysis.moves:
        shown = " ".join(f"{card.rank.label.vi}{card.suit.symbol}" for card in move.cards)
        source, target = _CHI[move.source], _CHI[move.target]
        lines.append(words("Move {cards} from {source} to {target}", cards=shown, source=source, target=target))
    if not lines:  # the same cards, another way round (a fouled hand's two fives)
        lines.append(words("Set the chi as the best arrangement shows"))
    gained = Text(gain, gain.replace(".", ","))
    if len(lines) == 1:
        return [words("{advice}: {gain} points per opponent", advice=lines[0], gain=gained)]
    # Glued to the last of several changes, the gain read as that one change's (issue 54, D5).
    count = str(len(lines))
    return [*lines, words("The {count} changes above, together: {gain} points per opponent", count=count, gain=gained)]
