"""The sentences that explain a settlement, in English and Vietnamese.

Players and auditors read these; each line states one step (a position, a
bonus, a multiplier, a natural, a fee) with the figure it produces, so the
lines of a pair add up to its total and the lines of a player to their net.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from .arrangement import Position
from .chi import Category
from .knobs import RuleSet
from .money import money_text, quantize
from .naturals import Natural
from .numerals import vi_number, vi_percent
from .outcomes import (
    Line,
    Multiplier,
    MultiplierKind,
    NaturalOutcomeReason,
    PairOutcome,
    PlayerOutcome,
    PositionReason,
    SapLang,
)
from .table import Reveal

__all__ = ["pair_lines", "player_lines"]


_POSITION_EN = {Position.BACK: "Back", Position.MIDDLE: "Middle", Position.FRONT: "Front"}
_POSITION_VI = {Position.BACK: "Chi đầu", Position.MIDDLE: "Chi giữa", Position.FRONT: "Chi cuối"}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _bonus_labels(key: str) -> tuple[str, str]:
    position_text, category_key = key.split(".")
    position, category = Position(position_text), Category.from_key(category_key)
    return (
        f"{category.label_en.lower()} in the {position.value}",
        f"{category.label_vi.lower()} {position.label_vi}",
    )


def _percent(value: Decimal) -> str:
    return f"{(value * 100).normalize():f}%"


def pair_lines(pair: PairOutcome, reveals: Mapping[str, Reveal]) -> tuple[Line, ...]:
    """Explain one pair, step by step, ending with its total."""
    a, b = pair.players
    lines: list[Line] = []
    if pair.natural is not None:
        lines.extend(_natural_lines(pair, reveals))
    elif all(position.reason is PositionReason.BOTH_FOULED for position in pair.positions):
        lines.append(
            Line(
                f"{a} and {b} are both fouled (binh lủng): no payment.",
                f"{a} và {b} đều binh lủng: không ai trả.",
            )
        )
    else:
        lines.extend(_position_lines(pair, reveals))
        running = sum(p.value if p.winner == a else -p.value for p in pair.positions)
        if pair.majority_units and pair.majority is not None:
            loser = b if pair.majority == a else a
            running += pair.majority_units if pair.majority == a else -pair.majority_units
            lines.append(
                Line(
                    f"Majority of positions to {pair.majority}: {loser} pays {pair.majority} "
                    f"{pair.majority_units} more.",
                    f"{pair.majority} thắng nhiều chi hơn: {loser} trả thêm {pair.majority_units} chi.",
                )
            )
        for multiplier in pair.multipliers:
            running *= multiplier.factor
            lines.append(_multiplier_line(multiplier, running, a))
    lines.append(
        Line(
            f"Total: {a} {_signed(pair.points)}, {b} {_signed(-pair.points)}.",
            f"Tổng: {a} {_signed(pair.points)} chi, {b} {_signed(-pair.points)} chi.",
        )
    )
    return tuple(lines)


def _position_lines(pair: PairOutcome, reveals: Mapping[str, Reveal]) -> list[Line]:
    a, b = pair.players
    lines: list[Line] = []
    fouled = next((position for position in pair.positions if position.reason is PositionReason.OPPONENT_FOULED), None)
    if fouled is not None:
        winner = fouled.winner
        loser = b if winner == a else a
        if reveals[loser].seat.forfeit:
            lines.append(
                Line(
                    f"{loser} left before the reveal, which counts as a foul: "
                    f"{winner} wins all three positions with its own chi.",
                    f"{loser} rời bàn trước khi lật bài, tính như binh lủng: {winner} thắng cả 3 chi.",
                )
            )
        else:
            lines.append(
                Line(
                    f"{loser} is fouled (binh lủng): {winner} wins all three positions with its own chi.",
                    f"{loser} binh lủng: {winner} thắng cả 3 chi.",
                )
            )
    for outcome in pair.positions:
        where_en, where_vi = _POSITION_EN[outcome.position], _POSITION_VI[outcome.position]
        hand_a, hand_b = (_hand(reveals[player], outcome.position) for player in (a, b))
        if outcome.winner is None:
            lines.append(
                Line(
                    f"{where_en}: {a}'s {hand_a[0]} ties {b}'s {hand_b[0]}: no payment.",
                    f"{where_vi}: {a} ({hand_a[1]}) hòa {b} ({hand_b[1]}).",
                )
            )
            continue
        winner = outcome.winner
        loser = b if winner == a else a
        won, lost = (hand_a, hand_b) if winner == a else (hand_b, hand_a)
        bonus_en = bonus_vi = ""
        if outcome.bonus is not None:
            label_en, label_vi = _bonus_labels(outcome.bonus)
            bonus_en, bonus_vi = f" (bonus: {label_en})", f" (thưởng {label_vi})"
        if outcome.reason is PositionReason.OPPONENT_FOULED:
            lines.append(
                Line(
                    f"{where_en}: {winner}'s {won[0]}: {loser} pays {winner} {outcome.value}{bonus_en}.",
                    f"{where_vi}: {winner} ({won[1]}): {loser} trả {winner} {outcome.value} chi{bonus_vi}.",
                )
            )
        else:
            lines.append(
                Line(
                    f"{where_en}: {winner}'s {won[0]} beats {loser}'s {lost[0]}: "
                    f"{loser} pays {winner} {outcome.value}{bonus_en}.",
                    f"{where_vi}: {winner} ({won[1]}) thắng {loser} ({lost[1]}): "
                    f"{loser} trả {winner} {outcome.value} chi{bonus_vi}.",
                )
            )
    return lines


def _hand(reveal: Reveal, position: Position) -> tuple[str, str]:
    arrangement = reveal.seat.arrangement
    if arrangement is None:
        return ("no hand", "không có bài")
    hand = arrangement[position]
    return (hand.description_en, hand.description_vi)


def _multiplier_line(multiplier: Multiplier, running: int, first: str) -> Line:
    factor, player = multiplier.factor, multiplier.player
    result_en = f"{first} {_signed(running)}"
    if multiplier.kind is MultiplierKind.SCOOP:
        return Line(
            f"Scoop (sập hầm): {player} won all three positions: × {factor}, {result_en}.",
            f"Sập hầm: {player} thắng cả 3 chi: nhân {factor}, {first} {_signed(running)} chi.",
        )
    if multiplier.kind is MultiplierKind.FOUL:
        return Line(
            f"Foul penalty: × {factor}, {result_en}.",
            f"Phạt binh lủng: nhân {factor}, {first} {_signed(running)} chi.",
        )
    if multiplier.reason is SapLang.SCOOPED_ALL:
        return Line(
            f"Sập làng: {player} scooped every opponent: × {factor}, {result_en}.",
            f"Bắt sập làng: {player} thắng sập cả làng: nhân {factor}, {first} {_signed(running)} chi.",
        )
    return Line(
        f"Sập làng: {player} was scooped by every opponent: × {factor}, {result_en}.",
        f"Sập làng: {player} thua sập cả làng: nhân {factor}, {first} {_signed(running)} chi.",
    )


def _natural_lines(pair: PairOutcome, reveals: Mapping[str, Reveal]) -> list[Line]:
    decision = pair.natural
    assert decision is not None
    a, b = pair.players
    naturals = {player: reveals[player].natural for player in (a, b)}
    if decision.reason is NaturalOutcomeReason.NATURAL_VS_HAND:
        winner = decision.winner
        assert winner is not None and decision.key is not None
        loser = b if winner == a else a
        natural = Natural.from_key(decision.key)
        return [
            Line(
                f"{winner} has a natural, {natural.label_en} ({natural.label_vi}): {loser} pays {winner} "
                f"{decision.payout}; the chi are not compared.",
                f"{winner} thắng trắng ({natural.label_vi}): {loser} trả {winner} {decision.payout} chi, không so chi.",
            )
        ]
    held = {player: natural.natural for player, natural in naturals.items() if natural is not None}
    if decision.reason is NaturalOutcomeReason.NATURALS_DRAW:
        return [
            Line(
                f"{a} ({held[a].label_en}) and {b} ({held[b].label_en}) both have naturals, "
                "which this variant scores as a draw: no payment.",
                f"{a} ({held[a].label_vi}) và {b} ({held[b].label_vi}) đều thắng trắng: luật này tính hòa.",
            )
        ]
    if decision.reason is NaturalOutcomeReason.EQUAL_NATURALS:
        return [
            Line(
                f"{a} ({held[a].label_en}) and {b} ({held[b].label_en}) hold naturals of equal rank: no payment.",
                f"{a} ({held[a].label_vi}) và {b} ({held[b].label_vi}) thắng trắng ngang nhau: hòa.",
            )
        ]
    winner = decision.winner
    assert winner is not None
    loser = b if winner == a else a
    if decision.reason is NaturalOutcomeReason.HIGHER_NATURAL:
        return [
            Line(
                f"Both have naturals: {winner}'s {held[winner].label_en} outranks {loser}'s "
                f"{held[loser].label_en}: {loser} pays {winner} {decision.payout}.",
                f"Cả hai thắng trắng: {held[winner].label_vi} của {winner} lớn hơn {held[loser].label_vi} của "
                f"{loser}: {loser} trả {winner} {decision.payout} chi.",
            )
        ]
    natural = held[winner]
    return [
        Line(
            f"Both have {natural.label_en}: {winner} wins the tie-break ({_TIEBREAK_EN[natural]}): "
            f"{loser} pays {winner} {decision.payout}.",
            f"Cả hai cùng {natural.label_vi}: {winner} hơn ({_TIEBREAK_VI[natural]}): "
            f"{loser} trả {winner} {decision.payout} chi.",
        )
    ]


_TIEBREAK_EN = {
    Natural.FIVE_PAIRS_TRIPS: "higher three of a kind",
    Natural.SIX_PAIRS: "higher top pair",
    Natural.FOUR_TRIPS: "higher top three of a kind",
    Natural.THREE_QUADS: "higher top four of a kind",
    Natural.THREE_FLUSHES: "stronger chi, compared from the back",
    Natural.THREE_STRAIGHTS: "stronger chi, compared from the back",
}
_TIEBREAK_VI = {
    Natural.FIVE_PAIRS_TRIPS: "sám lớn hơn",
    Natural.SIX_PAIRS: "đôi cao nhất lớn hơn",
    Natural.FOUR_TRIPS: "sám cao nhất lớn hơn",
    Natural.THREE_QUADS: "tứ quý cao nhất lớn hơn",
    Natural.THREE_FLUSHES: "so từng chi, từ chi đầu",
    Natural.THREE_STRAIGHTS: "so từng chi, từ chi đầu",
}


def player_lines(outcome: PlayerOutcome, bet: Decimal, rules: RuleSet, everyone_even: bool) -> tuple[Line, ...]:
    """Explain a player's money: points times bet, rake, draw fee, net."""
    decimals = rules.amount_decimals

    def money(value: Decimal) -> tuple[str, str]:  # the API's notation, and the Vietnamese way
        return money_text(value, decimals), vi_number(quantize(value, decimals))

    amount, amount_vi = money(outcome.amount)
    lines = [
        Line(
            f"Points {_signed(outcome.points)} × bet {bet:f} = {amount}.",
            f"Điểm {_signed(outcome.points)} × mức cược {vi_number(bet)} = {amount_vi}.",
        )
    ]
    if outcome.rake > 0:
        rake, rake_vi = money(outcome.rake)
        lines.append(
            Line(
                f"Rake: the house keeps {_percent(rules.rake)} of the winnings {amount} = {rake}.",
                f"Tiền xâu: nhà cái thu {vi_percent(rules.rake)} tiền thắng {amount_vi} = {rake_vi}.",
            )
        )
    if everyone_even and outcome.draw_fee > 0:
        fee, fee_vi = money(outcome.draw_fee)
        lines.append(
            Line(
                f"Draw fee: every player nets 0, so each pays {_percent(rules.draw_fee)} of the bet = {fee}.",
                f"Phí hòa: cả bàn hòa tiền, mỗi người trả {vi_percent(rules.draw_fee)} mức cược = {fee_vi}.",
            )
        )
    net, net_vi = money(outcome.net)
    lines.append(Line(f"Net: {net}.", f"Thực nhận: {net_vi}."))
    return tuple(lines)
