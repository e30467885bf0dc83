"""Settling a table of 2-4 players: who pays whom, and why (docs/rules.md, "Settling a table"-8).

Every pair of players is settled on its own:

* a natural wins its payout from a player without one; two naturals follow
  ``natural_vs_natural`` (R7, R8); naturals are never multiplied (R9);
* otherwise each position is won by the stronger chi, worth the bonus-table
  value of the winning hand or 1 (R10), a tie scoring nothing; the player who
  won more positions gets ``majority_bonus`` more; winning all three (a
  scoop, sập hầm) multiplies the pair total by ``scoop_multiplier``;
* a fouled hand (binh lủng), or a player who left before the reveal, loses
  all three positions to a non-fouled opponent, who wins each with its own
  hand's value (R11); the total is multiplied by ``foul_multiplier``
  instead; two fouled hands score nothing against each other;
* sập làng: at a table of at least ``sap_lang_min_players``, the pairs of a
  player who scooped every opponent, or was scooped by every opponent, are
  multiplied by ``sap_lang_multiplier``, once per pair (R12); a fouled hand
  counts as scooped when ``foul_counts_as_scoop`` (R13).

A player's points are the sum of their pair totals; money follows
:mod:`maubinh_api.rules.money`.  Every figure is explained line by line in
English and Vietnamese (:mod:`maubinh_api.rules.explanations`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from itertools import combinations

from . import explanations
from .arrangement import Position, bonus_for, foul_reasons, position_value
from .chi import Chi, compare
from .knobs import NaturalVsNatural
from .money import draw_fee_of, quantize, rake_of
from .naturals import compare_naturals, detect
from .outcomes import (
    HouseTake,
    Multiplier,
    MultiplierKind,
    NaturalDecision,
    NaturalOutcomeReason,
    PairOutcome,
    PlayerOutcome,
    PositionOutcome,
    PositionReason,
    SapLang,
    Settlement,
)
from .table import Reveal, Seat, SeatError, check_table
from .variants import Variant

# The outcomes and the table's types are re-exported: ``settle`` and what it takes and gives in one import.
__all__ = [
    "HouseTake",
    "Multiplier",
    "NaturalDecision",
    "PairOutcome",
    "PlayerOutcome",
    "PositionOutcome",
    "SapLang",
    "Seat",
    "SeatError",
    "Settlement",
    "check_table",
    "settle",
]


def settle(seats: Sequence[Seat], variant: Variant, bet: Decimal, *, explain: bool = True) -> Settlement:
    """Settle a table.  Errors carry paths into ``seats`` (``(2, 'id')``...).

    ``explain=False`` leaves the explanation lines empty (the same points and
    money): a simulation of millions of deals reads only the numbers."""
    check_table(seats)
    rules = variant.rules
    reveals = [_reveal(seat, variant) for seat in seats]
    by_id = {reveal.id: reveal for reveal in reveals}
    drafts = [_settle_pair(first, second, variant) for first, second in combinations(reveals, 2)]

    sap_lang = _sap_lang(reveals, drafts, variant)
    pairs = []
    for draft in drafts:
        involved = [player for player in draft.players if player in sap_lang]
        pair = draft
        if involved:  # R12: once per pair, even if both players qualify
            player, factor = involved[0], rules.sap_lang_multiplier
            pair = replace(
                pair,
                points=pair.points * factor,
                multipliers=(*pair.multipliers, Multiplier(MultiplierKind.SAP_LANG, factor, player, sap_lang[player])),
            )
        pairs.append(replace(pair, lines=explanations.pair_lines(pair, by_id)) if explain else pair)

    players, house = _money(reveals, pairs, sap_lang, variant, bet, explain=explain)
    return Settlement(variant=variant, bet=bet, players=players, pairs=tuple(pairs), house_take=house)


def _reveal(seat: Seat, variant: Variant) -> Reveal:
    arrangement = seat.arrangement
    if arrangement is None:
        return Reveal(seat=seat, natural=None, fouled=True)
    natural = detect(arrangement.cards, variant.rules) if seat.declare_natural else None
    return Reveal(seat=seat, natural=natural, fouled=bool(foul_reasons(arrangement, variant.rules)))


def _settle_pair(first: Reveal, second: Reveal, variant: Variant) -> PairOutcome:
    rules = variant.rules
    ids = (first.seat.id, second.seat.id)
    if first.natural is not None or second.natural is not None:
        return _natural_pair(first, second, variant)
    if first.fouled or second.fouled:
        return _foul_pair(first, second, variant)

    a, b = first.seat.arrangement, second.seat.arrangement
    assert a is not None and b is not None  # neither is fouled, so neither forfeited
    positions = []
    total = 0
    wins = {ids[0]: 0, ids[1]: 0}
    for position, chi in a:
        other = b[position]
        outcome = compare(chi, other)
        if outcome == 0:
            positions.append(PositionOutcome(position, None, 0, PositionReason.TIE))
            continue
        winner, winning_chi = (ids[0], chi) if outcome > 0 else (ids[1], other)
        value = position_value(position, winning_chi, rules)
        positions.append(
            PositionOutcome(
                position, winner, value, PositionReason.STRONGER_HAND, _bonus_key(position, winning_chi, variant)
            )
        )
        wins[winner] += 1
        total += value if winner == ids[0] else -value
    majority = _majority(wins, ids)
    if majority is not None:
        total += rules.majority_bonus if majority == ids[0] else -rules.majority_bonus
    scoop = next((player for player, count in wins.items() if count == 3), None)
    multipliers: tuple[Multiplier, ...] = ()
    if scoop is not None:
        total *= rules.scoop_multiplier
        multipliers = (Multiplier(MultiplierKind.SCOOP, rules.scoop_multiplier, scoop),)
    return PairOutcome(
        players=ids,
        points=total,
        positions=tuple(positions),
        majority=majority if rules.majority_bonus else None,
        majority_units=rules.majority_bonus if majority is not None else 0,
        scoop=scoop,
        multipliers=multipliers,
        natural=None,
    )


def _majority(wins: dict[str, int], ids: tuple[str, str]) -> str | None:
    if wins[ids[0]] > wins[ids[1]]:
        return ids[0]
    if wins[ids[1]] > wins[ids[0]]:
        return ids[1]
    return None


def _bonus_key(position: Position, chi: Chi, variant: Variant) -> str | None:
    bonus = bonus_for(position, chi, variant.rules)
    return None if bonus is None else bonus.key


def _foul_pair(first: Reveal, second: Reveal, variant: Variant) -> PairOutcome:
    rules = variant.rules
    ids = (first.seat.id, second.seat.id)
    if first.fouled and second.fouled:
        positions = tuple(PositionOutcome(position, None, 0, PositionReason.BOTH_FOULED) for position in Position)
        return PairOutcome(ids, 0, positions, None, 0, None, (), None)
    winner_state = second if first.fouled else first
    winner = winner_state.id
    arrangement = winner_state.seat.arrangement
    assert arrangement is not None
    positions_list = []
    total = 0
    for position, chi in arrangement:
        bonus = _bonus_key(position, chi, variant) if rules.foul_pays_bonuses else None
        value = position_value(position, chi, rules) if rules.foul_pays_bonuses else 1
        positions_list.append(PositionOutcome(position, winner, value, PositionReason.OPPONENT_FOULED, bonus))
        total += value
    total += rules.majority_bonus  # the fouled hand lost all three positions
    total *= rules.foul_multiplier
    return PairOutcome(
        players=ids,
        points=total if winner == ids[0] else -total,
        positions=tuple(positions_list),
        majority=winner if rules.majority_bonus else None,
        majority_units=rules.majority_bonus,
        scoop=None,
        multipliers=(Multiplier(MultiplierKind.FOUL, rules.foul_multiplier, winner),),
        natural=None,
    )


def _natural_pair(first: Reveal, second: Reveal, variant: Variant) -> PairOutcome:
    ids = (first.seat.id, second.seat.id)
    positions = tuple(PositionOutcome(position, None, 0, PositionReason.NATURAL) for position in Position)
    if first.natural is not None and second.natural is not None:
        outcome = compare_naturals(first.natural, second.natural, variant.rules)
        if outcome == 0:
            draw_knob = variant.rules.natural_vs_natural is NaturalVsNatural.DRAW
            reason = NaturalOutcomeReason.NATURALS_DRAW if draw_knob else NaturalOutcomeReason.EQUAL_NATURALS
            decision = NaturalDecision(None, None, 0, reason)
        else:
            reason = (
                NaturalOutcomeReason.HIGHER_NATURAL
                if first.natural.natural is not second.natural.natural
                else NaturalOutcomeReason.TIE_BREAK
            )
            paid = first.natural if outcome > 0 else second.natural
            decision = NaturalDecision(ids[0] if outcome > 0 else ids[1], paid.key, paid.payout, reason)
    else:
        holder = first if first.natural is not None else second
        assert holder.natural is not None
        decision = NaturalDecision(
            holder.seat.id, holder.natural.key, holder.natural.payout, NaturalOutcomeReason.NATURAL_VS_HAND
        )
    points = 0 if decision.winner is None else decision.payout if decision.winner == ids[0] else -decision.payout
    return PairOutcome(ids, points, positions, None, 0, None, (), decision)


def _sap_lang(reveals: Sequence[Reveal], pairs: Sequence[PairOutcome], variant: Variant) -> dict[str, SapLang]:
    """Who scooped every opponent, or was scooped by every opponent."""
    rules = variant.rules
    if not rules.plays_sap_lang(len(reveals)):
        return {}
    scooped: set[tuple[str, str]] = set()  # (winner, loser)
    for pair in pairs:
        kinds = {multiplier.kind: multiplier.player for multiplier in pair.multipliers}
        winner = kinds.get(MultiplierKind.SCOOP) or (
            kinds.get(MultiplierKind.FOUL) if rules.foul_counts_as_scoop else None
        )
        if winner is not None:  # R13: a foul counts as a scoop when the variant says so
            scooped.add((winner, pair.players[1] if winner == pair.players[0] else pair.players[0]))
    found: dict[str, SapLang] = {}
    for reveal in reveals:
        others = [other.id for other in reveals if other is not reveal]
        if all((reveal.id, other) in scooped for other in others):
            found[reveal.id] = SapLang.SCOOPED_ALL
        elif all((other, reveal.id) in scooped for other in others):
            found[reveal.id] = SapLang.SCOOPED_BY_ALL
    return found


def _money(
    reveals: Sequence[Reveal],
    pairs: Sequence[PairOutcome],
    sap_lang: Mapping[str, SapLang],
    variant: Variant,
    bet: Decimal,
    *,
    explain: bool,
) -> tuple[tuple[PlayerOutcome, ...], HouseTake]:
    rules = variant.rules
    decimals = rules.amount_decimals
    zero = quantize(Decimal(0), decimals)
    points = {
        reveal.id: sum(pair.points_for(reveal.id) for pair in pairs if reveal.id in pair.players) for reveal in reveals
    }
    everyone_even = all(value == 0 for value in points.values())
    outcomes = []
    for reveal in reveals:
        # Exact: the bet has no more decimal places than amount_decimals.
        amount = quantize(points[reveal.id] * bet, decimals)
        rake = rake_of(amount, rules.rake, decimals)
        fee = draw_fee_of(bet, rules.draw_fee, decimals) if everyone_even else zero
        outcome = PlayerOutcome(
            id=reveal.id,
            points=points[reveal.id],
            amount=amount,
            rake=rake,
            draw_fee=fee,
            net=amount - rake - fee,
            natural=reveal.natural,
            fouled=reveal.fouled,
            forfeit=reveal.seat.forfeit,
            sap_lang=sap_lang.get(reveal.id),
        )
        if explain:
            outcome = replace(outcome, lines=explanations.player_lines(outcome, bet, rules, everyone_even))
        outcomes.append(outcome)
    house = HouseTake(
        rake=sum((outcome.rake for outcome in outcomes), zero),
        draw_fee=sum((outcome.draw_fee for outcome in outcomes), zero),
    )
    return tuple(outcomes), house
