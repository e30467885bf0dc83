"""The sentences that explain a settlement, in English and Vietnamese.

Players and auditors read these; each line states one step (a position, a
bonus, a multiplier, a natural, a fee) with the figure it produces, so the
lines of a pair add up to its total and the lines of a player to their net.
Each line is a :class:`~maubinh_api.rules.texts.Text` (its Vietnamese from the
catalogue); a number is written the Vietnamese way in the Vietnamese
(:mod:`~maubinh_api.rules.numerals`).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from .arrangement import Position
from .chi import Category, told_apart
from .knobs import RuleSet
from .money import money_text, quantize
from .naturals import Natural
from .numerals import vi_number, vi_percent
from .outcomes import (
    Multiplier,
    MultiplierKind,
    NaturalOutcomeReason,
    PairOutcome,
    PlayerOutcome,
    PositionOutcome,
    PositionReason,
    SapLang,
)
from .table import Reveal
from .texts import NOTHING, Text, phrase, words

__all__ = ["pair_lines", "player_lines"]


#: A position's name at the head of its line.
_POSITION = {Position.BACK: words("Back"), Position.MIDDLE: words("Middle"), Position.FRONT: words("Front")}


def _lower(said: Text) -> Text:
    return Text(said.en.lower(), said.vi.lower())


def _glossed(said: Text) -> Text:
    """``said`` in English followed by its Vietnamese in brackets, as the English names a term of the
    game (``fouled (binh lủng)``); the Vietnamese alone in the Vietnamese."""
    return Text(f"{said.en} ({said.vi})", said.vi)


#: A fouled hand: "fouled (binh lủng)" in English, the term alone in Vietnamese.
# TRANSLATORS: the Vietnamese term for a fouled hand, which the English quotes in brackets.
_FOULED = _glossed(words("fouled"))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _who(player: str) -> Text:
    """A player's id as the lines name it: in quotation marks, so that no id reads as a figure or a
    word of the line (``Net: +9999.00`` is a name there); rules/player_ids.py refuses the marks in ids."""
    quoted = f"\u201c{player}\u201d"
    return Text(quoted, quoted)


def _score(player: str, points: int) -> Text:
    """A player's points in a pair (``p1 +6``)."""
    # TRANSLATORS: a player's points in a pair, e.g. "p1 +6"; chi is the unit.
    return words("{player} {points}", player=_who(player), points=_signed(points))


def _bonus_label(key: str) -> Text:
    position_text, category_key = key.split(".")
    return words(
        "{category} in the {position}",
        category=_lower(Category.from_key(category_key).label),
        position=_lower(_POSITION[Position(position_text)]),
    )


def _percent(value: Decimal) -> Text:
    return Text(f"{(value * 100).normalize():f}%", vi_percent(value))


def pair_lines(pair: PairOutcome, reveals: Mapping[str, Reveal]) -> tuple[Text, ...]:
    """Explain one pair, step by step, ending with its total."""
    a, b = pair.players
    lines: list[Text] = []
    if pair.natural is not None:
        lines.extend(_natural_lines(pair, reveals))
    elif all(position.reason is PositionReason.BOTH_FOULED for position in pair.positions):
        # TRANSLATORS: {fouled} is "fouled (binh lủng)" in English, the term alone in Vietnamese.
        lines.append(words("{a} and {b} are both {fouled}: no payment.", a=_who(a), b=_who(b), fouled=_FOULED))
    else:
        lines.extend(_position_lines(pair, reveals))
        running = sum(p.value if p.winner == a else -p.value for p in pair.positions)
        if pair.majority_units and pair.majority is not None:
            loser = b if pair.majority == a else a
            running += pair.majority_units if pair.majority == a else -pair.majority_units
            lines.append(
                words(
                    "Majority of positions to {majority}: {loser} pays {majority} {units} more.",
                    majority=_who(pair.majority),
                    loser=_who(loser),
                    units=pair.majority_units,
                )
            )
        for multiplier in pair.multipliers:
            running *= multiplier.factor
            lines.append(_multiplier_line(multiplier, running, a))
    lines.append(words("Total: {first}, {second}.", first=_score(a, pair.points), second=_score(b, -pair.points)))
    return tuple(lines)


def _position_lines(pair: PairOutcome, reveals: Mapping[str, Reveal]) -> list[Text]:
    fouled = next((position for position in pair.positions if position.reason is PositionReason.OPPONENT_FOULED), None)
    lines = [] if fouled is None or fouled.winner is None else [_foul_line(pair, fouled.winner, reveals)]
    return lines + [_position_line(pair, outcome, reveals) for outcome in pair.positions]


def _foul_line(pair: PairOutcome, winner: str, reveals: Mapping[str, Reveal]) -> Text:
    """Why ``winner`` takes all three positions from a fouled opponent (or one who left)."""
    a, b = pair.players
    loser = b if winner == a else a
    if reveals[loser].seat.forfeit:
        return words(
            "{loser} left before the reveal, which counts as a foul: "
            "{winner} wins all three positions with its own chi.",
            loser=_who(loser),
            winner=_who(winner),
        )
    # TRANSLATORS: {fouled} is "fouled (binh lủng)" in English, the term alone in Vietnamese.
    return words(
        "{loser} is {fouled}: {winner} wins all three positions with its own chi.",
        loser=_who(loser),
        fouled=_FOULED,
        winner=_who(winner),
    )


def _position_line(pair: PairOutcome, outcome: PositionOutcome, reveals: Mapping[str, Reveal]) -> Text:
    """One position between the pair: the chi each held, who paid whom and why."""
    a, b = pair.players
    where = _POSITION[outcome.position]
    hand_a, hand_b = _hands(reveals[a], reveals[b], outcome.position)
    if outcome.winner is None:
        return words(
            "{where}: {a}'s {hand_a} ties {b}'s {hand_b}: no payment.",
            where=where,
            a=_who(a),
            hand_a=hand_a,
            b=_who(b),
            hand_b=hand_b,
        )
    winner = outcome.winner
    loser = b if winner == a else a
    won, lost = (hand_a, hand_b) if winner == a else (hand_b, hand_a)
    bonus = NOTHING if outcome.bonus is None else words(" (bonus: {bonus})", bonus=_bonus_label(outcome.bonus))
    if outcome.reason is PositionReason.OPPONENT_FOULED:
        return words(
            "{where}: {winner}'s {won}: {loser} pays {winner} {value}{bonus}.",
            where=where, winner=_who(winner), won=won, loser=_who(loser), value=outcome.value, bonus=bonus,
        )  # fmt: skip
    return words(
        "{where}: {winner}'s {won} beats {loser}'s {lost}: {loser} pays {winner} {value}{bonus}.",
        where=where, winner=_who(winner), won=won, loser=_who(loser), lost=lost, value=outcome.value, bonus=bonus,
    )  # fmt: skip


def _hands(reveal_a: Reveal, reveal_b: Reveal, position: Position) -> tuple[Text, Text]:
    """The two chi at ``position``, told apart by their kicker where their names read the same."""
    mine, theirs = reveal_a.seat.arrangement, reveal_b.seat.arrangement
    if mine is None or theirs is None:
        return (
            words("no hand") if mine is None else mine[position].description,
            words("no hand") if theirs is None else theirs[position].description,
        )
    return told_apart(mine[position], theirs[position])


def _multiplier_line(multiplier: Multiplier, running: int, first: str) -> Text:
    factor, player, result = multiplier.factor, multiplier.player, _score(first, running)
    if multiplier.kind is MultiplierKind.FOUL:
        return words("Foul penalty: × {factor}, {result}.", factor=factor, result=result)
    name = multiplier.kind.label
    if multiplier.kind is MultiplierKind.SCOOP:
        # TRANSLATORS: {multiplier} is the multiplier's name, "Scoop (sập hầm)" / "Sập hầm".
        line = phrase("{multiplier}: {player} won all three positions: × {factor}, {result}.")
    elif multiplier.reason is SapLang.SCOOPED_ALL:
        # The English names the multiplier (sập làng), the Vietnamese the feat (bắt sập làng).
        name = Text(name.en, SapLang.SCOOPED_ALL.label.vi)
        # TRANSLATORS: {multiplier} is "Sập làng" in English, "Bắt sập làng" in Vietnamese.
        line = phrase("{multiplier}: {player} scooped every opponent: × {factor}, {result}.")
    else:
        # TRANSLATORS: {multiplier} is "Sập làng" in both languages.
        line = phrase("{multiplier}: {player} was scooped by every opponent: × {factor}, {result}.")
    return line.format(multiplier=name, player=_who(player), factor=factor, result=result)


def _natural_lines(pair: PairOutcome, reveals: Mapping[str, Reveal]) -> list[Text]:
    decision = pair.natural
    assert decision is not None
    a, b = pair.players
    if decision.reason is NaturalOutcomeReason.NATURAL_VS_HAND:
        winner = decision.winner
        assert winner is not None and decision.key is not None
        # TRANSLATORS: {natural} is the natural's English name and its Vietnamese in brackets in
        # English, its Vietnamese name alone in Vietnamese.
        said = words(
            "{winner} has a natural, {natural}: {loser} pays {winner} {payout}; the chi are not compared.",
            winner=_who(winner), natural=_glossed(Natural.from_key(decision.key).label),
            loser=_who(b if winner == a else a), payout=decision.payout,
        )  # fmt: skip
        return [said]
    naturals = {player: reveals[player].natural for player in (a, b)}
    held = {player: natural.natural.label for player, natural in naturals.items() if natural is not None}
    if decision.reason is NaturalOutcomeReason.NATURALS_DRAW:
        said = words(
            "{a} ({natural_a}) and {b} ({natural_b}) both have naturals, "
            "which this variant scores as a draw: no payment.",
            a=_who(a), natural_a=held[a], b=_who(b), natural_b=held[b],
        )  # fmt: skip
        return [said]
    if decision.reason is NaturalOutcomeReason.EQUAL_NATURALS:
        said = words(
            "{a} ({natural_a}) and {b} ({natural_b}) hold naturals of equal rank: no payment.",
            a=_who(a), natural_a=held[a], b=_who(b), natural_b=held[b],
        )  # fmt: skip
        return [said]
    winner = decision.winner
    assert winner is not None
    loser = b if winner == a else a
    if decision.reason is NaturalOutcomeReason.HIGHER_NATURAL:
        said = words(
            "Both have naturals: {winner}'s {won} outranks {loser}'s {lost}: {loser} pays {winner} {payout}.",
            winner=_who(winner), won=held[winner], loser=_who(loser), lost=held[loser], payout=decision.payout,
        )  # fmt: skip
        return [said]
    natural = naturals[winner]
    assert natural is not None
    said = words(
        "Both have {natural}: {winner} wins the tie-break ({tie_break}): {loser} pays {winner} {payout}.",
        natural=held[winner], winner=_who(winner), tie_break=_TIE_BREAK[natural.natural], loser=_who(loser),
        payout=decision.payout,
    )  # fmt: skip
    return [said]


#: What decides between two equal naturals, for those a tie-break can part.
_TIE_BREAK = {
    Natural.FIVE_PAIRS_TRIPS: words("higher three of a kind"),
    Natural.SIX_PAIRS: words("higher top pair"),
    Natural.FOUR_TRIPS: words("higher top three of a kind"),
    Natural.THREE_QUADS: words("higher top four of a kind"),
    Natural.THREE_FLUSHES: words("stronger chi, compared from the back"),
    Natural.THREE_STRAIGHTS: words("stronger chi, compared from the back"),
}


def player_lines(outcome: PlayerOutcome, bet: Decimal, rules: RuleSet, everyone_even: bool) -> tuple[Text, ...]:
    """Explain a player's money: points times bet, rake, draw fee, net."""
    decimals = rules.amount_decimals

    def money(value: Decimal) -> Text:  # the API's notation, and the Vietnamese way
        return Text(money_text(value, decimals), vi_number(quantize(value, decimals)))

    amount = money(outcome.amount)
    lines = [
        words(
            "Points {points} × bet {bet} = {amount}.",
            points=_signed(outcome.points),
            bet=Text(f"{bet:f}", vi_number(bet)),
            amount=amount,
        )
    ]
    if outcome.rake > 0:
        lines.append(
            words(
                "Rake: the house keeps {share} of the winnings {amount} = {rake}.",
                share=_percent(rules.rake),
                amount=amount,
                rake=money(outcome.rake),
            )
        )
    if everyone_even and outcome.draw_fee > 0:
        lines.append(
            words(
                "Draw fee: every player nets 0, so each pays {share} of the bet = {fee}.",
                share=_percent(rules.draw_fee),
                fee=money(outcome.draw_fee),
            )
        )
    lines.append(words("Net: {net}.", net=money(outcome.net)))
    return tuple(lines)
