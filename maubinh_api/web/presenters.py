"""JSON forms of domain objects: the answers' building blocks.

Each function maps one domain value to the dictionary openapi.yaml
describes; views compose them and never shape JSON themselves.
"""

from __future__ import annotations

from typing import Any

from ..rules.arrangement import Arrangement, Bonus, FoulReason
from ..rules.explanations import Line
from ..rules.hands import Hand
from ..rules.money import money_text
from ..rules.naturals import NaturalHand
from ..rules.settlement import PairOutcome, PlayerOutcome, Settlement
from ..rules.variants import Variant
from ..strategy.optimiser import Choice, Solution


def hand_json(hand: Hand) -> dict[str, Any]:
    """A classified chi (``Hand`` in openapi.yaml)."""
    return {
        "cards": [str(card) for card in hand.cards],
        "category": hand.category.key,
        "label": {"en": hand.category.label_en, "vi": hand.category.label_vi},
        "description": {"en": hand.description_en, "vi": hand.description_vi},
        "strength": list(hand.strength),
    }


def variant_json(variant: Variant) -> dict[str, Any]:
    """The ``variant`` member of every answer."""
    return {"name": variant.name, "fingerprint": variant.fingerprint, "overridden": list(variant.overridden)}


def variant_summary_json(variant: Variant) -> dict[str, Any]:
    """A preset in the list of ``GET /v1/variants``."""
    return {
        "name": variant.name,
        "title": variant.title,
        "description": variant.description,
        "sources": list(variant.sources),
        "fingerprint": variant.fingerprint,
    }


def variant_detail_json(variant: Variant) -> dict[str, Any]:
    """One preset, every knob resolved (``GET /v1/variants/{name}``)."""
    return variant_summary_json(variant) | {"rules": variant.rules.canonical()}


def arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    """The three chi, classified."""
    return {position.value: hand_json(hand) for position, hand in arrangement}


def foul_reason_json(reason: FoulReason) -> dict[str, str]:
    """One reason an arrangement is fouled."""
    return {"code": reason.code, "detail": reason.detail_en, "detail_vi": reason.detail_vi}


def bonus_json(bonus: Bonus) -> dict[str, Any]:
    """One bonus-table entry."""
    return {
        "position": bonus.position.value,
        "key": bonus.key,
        "value": bonus.value,
        "label": {"en": bonus.label_en, "vi": bonus.label_vi},
    }


def natural_json(natural: NaturalHand | None) -> dict[str, Any] | None:
    """A natural (thắng trắng) and its payout, with the split that shows it
    for the naturals that depend on the split."""
    if natural is None:
        return None
    return {
        "key": natural.key,
        "label": {"en": natural.natural.label_en, "vi": natural.natural.label_vi},
        "payout": natural.payout,
        "split": None
        if natural.split is None
        else {position.value: [str(card) for card in hand.cards] for position, hand in natural.split},
    }


def line_json(line: Line) -> dict[str, str]:
    """One explanation line."""
    return {"en": line.en, "vi": line.vi}


def settlement_json(settlement: Settlement) -> dict[str, Any]:
    """A settled table (``Settlement`` in openapi.yaml)."""
    decimals = settlement.variant.rules.amount_decimals
    return {
        "players": [player_json(player, decimals) for player in settlement.players],
        "pairs": [pair_json(pair) for pair in settlement.pairs],
        "house_take": {
            "rake": money_text(settlement.house_take.rake, decimals),
            "draw_fee": money_text(settlement.house_take.draw_fee, decimals),
            "total": money_text(settlement.house_take.total, decimals),
        },
        "bet": f"{settlement.bet:f}",
        "variant": variant_json(settlement.variant),
    }


def player_json(player: PlayerOutcome, decimals: int) -> dict[str, Any]:
    """One player's result."""
    return {
        "id": player.id,
        "points": player.points,
        "amount": money_text(player.amount, decimals),
        "rake": money_text(player.rake, decimals),
        "draw_fee": money_text(player.draw_fee, decimals),
        "net": money_text(player.net, decimals),
        "natural": natural_json(player.natural),
        "fouled": player.fouled,
        "forfeit": player.forfeit,
        "sap_lang": None if player.sap_lang is None else player.sap_lang.value,
        "lines": [line_json(line) for line in player.lines],
    }


def pair_json(pair: PairOutcome) -> dict[str, Any]:
    """The settlement between two players, from the first one's side."""
    return {
        "players": list(pair.players),
        "points": pair.points,
        "positions": {
            outcome.position.value: {
                "winner": outcome.winner,
                "value": outcome.value,
                "reason": outcome.reason,
                "bonus": outcome.bonus,
            }
            for outcome in pair.positions
        },
        "majority": None if pair.majority is None else {"winner": pair.majority, "units": pair.majority_units},
        "scoop": pair.scoop,
        "multipliers": [
            {"kind": multiplier.kind, "factor": multiplier.factor, "player": multiplier.player}
            | ({"reason": multiplier.reason} if multiplier.reason else {})
            for multiplier in pair.multipliers
        ],
        "natural": None
        if pair.natural is None
        else {
            "winner": pair.natural.winner,
            "key": pair.natural.key,
            "payout": pair.natural.payout,
            "reason": pair.natural.reason,
        },
        "lines": [line_json(line) for line in pair.lines],
    }


def choice_json(choice: Choice, natural: NaturalHand | None = None, declare: bool = False) -> dict[str, Any]:
    """One arrangement the optimiser proposes."""
    return {
        "arrangement": {position.value: [str(card) for card in hand.cards] for position, hand in choice.arrangement},
        "ev": round(choice.ev, 4),
        "natural": natural_json(natural),
        "declare_natural": declare,
        "chi": arrangement_json(choice.arrangement),
    }


def solution_json(solution: Solution) -> dict[str, Any]:
    """The optimiser's answer for one hand."""
    return {
        "best": choice_json(solution.best, solution.natural, solution.declare_natural),
        "alternatives": [choice_json(choice) for choice in solution.alternatives],
        "stats": {"splits": solution.splits, "legal": solution.legal},
    }
