"""JSON forms of domain objects: the answers' building blocks.

Each function maps one domain value to the dictionary openapi.yaml
describes; views compose them and never shape JSON themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

import numpy as np

from ..rules.arrangement import Arrangement, Bonus, FoulReason
from ..rules.chi import Category, Chi, Wheel, category_of, unpack
from ..rules.evaluator import Evaluator
from ..rules.labels import LabelledCode
from ..rules.money import money_text
from ..rules.naturals import NaturalHand
from ..rules.outcomes import PairOutcome, PlayerOutcome, Settlement
from ..rules.texts import Text
from ..rules.variants import Variant, overrides_of
from ..service.foul_costs import FoulCost
from ..strategy.analysis import Analysis, Grade, Move, NaturalReview, PlayOutlook, PositionOutlook, Verdict, advice
from ..strategy.bots import Play, Style
from ..strategy.drills import Drill, DrillSet
from ..strategy.level_reference import LossReference
from ..strategy.levels import Level
from ..strategy.optimiser import Choice, Solution


def enumeration(key: str, label: Text) -> dict[str, Any]:
    """A value of an enumeration, as every answer gives one: ``{key, label}``
    (the key is what a request sends; the label is for people)."""
    return {"key": key, "label": label.json()}


def labelled(code: LabelledCode) -> dict[str, Any]:
    """An outcome code as an enumeration."""
    return enumeration(code.value, code.label)


def classified_chi_json(chi: Chi, texts: list[str] | None = None) -> dict[str, Any]:
    """A classified chi (``Hand`` in openapi.yaml); ``texts``: its cards' texts, when known."""
    size = len(chi.cards)
    category, description, strength = _CHI_VALUES.get((chi.score, size)) or chi_value(chi.score, size)
    return {
        "cards": [card.text for card in chi.cards] if texts is None else texts,
        "category": category,
        "description": description,
        "strength": strength,
    }


ChiValue = tuple[dict[str, Any], dict[str, str], list[int]]
#: What a chi's answer says besides its cards, by (score, size): a pure function of the score,
#: built once per distinct value (:func:`warm_chi_values`) and shared by the answers that encode
#: it (nothing changes an answer once it is built).
_CHI_VALUES: dict[tuple[int, int], ChiValue] = {}
_CATEGORIES: Final = {category: enumeration(category.key, category.label) for category in Category}


def chi_value(score: int, size: int) -> ChiValue:
    """The category, description and strength of the chi of ``size`` cards with this score."""
    found = _CHI_VALUES.get((score, size))
    if found is None:
        strength = unpack(score, size)
        sample = Chi(cards=(), category=category_of(strength), strength=strength, score=score)
        description = sample.description.json()
        found = (_CATEGORIES[sample.category], description, list(strength))
        _CHI_VALUES[score, size] = found
    return found


def warm_chi_values() -> int:
    """Build every chi value of both wheel settings (7,462 five-card and 455 three-card each)
    before the first request, so that no answer pays for describing a chi; their number."""
    for wheel in Wheel:
        evaluator = Evaluator.for_wheel(wheel)
        fives = np.unique(np.concatenate([evaluator.multiset5, evaluator.flush5]))
        for score in fives[fives >= 0].tolist():
            chi_value(score, 5)
        for score in np.unique(evaluator.multiset3).tolist():
            chi_value(score, 3)
    return len(_CHI_VALUES)


def variant_json(variant: Variant) -> dict[str, Any]:
    """The ``variant`` member of every answer: what a request sends as its
    ``variant`` (the preset and the overrides that resolve to these rules) and
    the fingerprint of the rules, so that it can be posted back as it is."""
    return {"preset": variant.name, "overrides": overrides_of(variant), "fingerprint": variant.fingerprint}


def variant_summary_json(variant: Variant) -> dict[str, Any]:
    """A preset in the list of ``GET /v1/variants``."""
    return {
        "name": variant.name,
        "title": variant.title.json(),
        "description": variant.description.json(),
        "sources": [source.json() for source in variant.sources],
        "fingerprint": variant.fingerprint,
    }


def variant_detail_json(variant: Variant) -> dict[str, Any]:
    """One variant, every knob resolved (``GET /v1/variants/{name}``): a preset,
    or a preset with the overrides that make it (empty for a preset)."""
    return variant_summary_json(variant) | {"overrides": overrides_of(variant), "rules": variant.rules.canonical()}


def chi_json(arrangement: Arrangement, cards: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The three chi, classified (``ChiHands``: the ``chi`` beside an arrangement); ``cards``: the
    arrangement's :func:`arrangement_json`, when built already (its lists are shared, not copied)."""
    cards = cards or arrangement_json(arrangement)
    return {
        "back": classified_chi_json(arrangement.back, cards["back"]),
        "middle": classified_chi_json(arrangement.middle, cards["middle"]),
        "front": classified_chi_json(arrangement.front, cards["front"]),
    }


def arrangement_json(arrangement: Arrangement) -> dict[str, list[str]]:
    """An arrangement as every request and answer gives it (``Arrangement``):
    the cards of each chi, so that any answer's arrangement can be posted back."""
    return {
        "back": [card.text for card in arrangement.back.cards],
        "middle": [card.text for card in arrangement.middle.cards],
        "front": [card.text for card in arrangement.front.cards],
    }


def foul_reason_json(reason: FoulReason) -> dict[str, Any]:
    """One reason an arrangement is fouled, in both languages like every text."""
    return enumeration(reason.code, reason.label) | {"detail": reason.detail.json()}


def bonus_json(bonus: Bonus) -> dict[str, Any]:
    """One bonus-table entry."""
    return {
        "position": bonus.position.value,
        "key": bonus.key,
        "value": bonus.value,
        "label": bonus.label.json(),
    }


def natural_json(natural: NaturalHand | None) -> dict[str, Any] | None:
    """A natural (thắng trắng) and its payout, with the split that shows it
    for the naturals that depend on the split."""
    if natural is None:
        return None
    return {
        "key": natural.key,
        "label": natural.natural.label.json(),
        "payout": natural.payout,
        "split": None if natural.split is None else arrangement_json(natural.split),
    }


def settlement_json(settlement: Settlement, foul_costs: Mapping[str, FoulCost] | None = None) -> dict[str, Any]:
    """A settled table (``Settlement`` in openapi.yaml); with ``foul_costs`` (asked for), each player's
    ``foul_cost``: its own, or null for a player who did not foul."""
    decimals = settlement.variant.rules.amount_decimals
    players = [player_json(player, decimals) for player in settlement.players]
    if foul_costs is not None:
        for player in players:
            found = foul_costs.get(player["id"])
            player["foul_cost"] = None if found is None else foul_cost_json(found, settlement.bet, decimals)
    return {
        "players": players,
        "pairs": [pair_json(pair) for pair in settlement.pairs],
        "house_take": {
            "rake": money_text(settlement.house_take.rake, decimals),
            "draw_fee": money_text(settlement.house_take.draw_fee, decimals),
            "total": money_text(settlement.house_take.total, decimals),
        },
        "bet": f"{settlement.bet:f}",
        # The places every amount above has, so a client checks them without asking the variant.
        "amount_decimals": decimals,
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
        "sap_lang_result": None if player.sap_lang is None else labelled(player.sap_lang),
        "lines": [line.json() for line in player.lines],
    }


def foul_cost_json(cost: FoulCost, bet: Decimal, decimals: int) -> dict[str, Any]:
    """What a fouled seat gave up (``FoulCost``): the best legal play as ``/optimal`` answers it, the
    expected points given up, and what the foul passed to each opponent at this table."""
    return {
        "best": choice_json(Choice(cost.best.arrangement, cost.best.ev), cost.natural, cost.best.declare_natural),
        "ev": points(cost.ev),
        "ev_loss": rounded_loss(cost.best.ev, cost.ev),
        "opponents": cost.opponents,
        "points": cost.points,
        "amount": money_text(cost.points * bet, decimals),
        "paid": [{"player": player, "points": units} for player, units in cost.paid],
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
                "reason": labelled(outcome.reason),
                "bonus": outcome.bonus,
            }
            for outcome in pair.positions
        },
        "majority": None if pair.majority is None else {"winner": pair.majority, "units": pair.majority_units},
        "scooper": pair.scoop,
        "multipliers": [
            {"kind": labelled(multiplier.kind), "factor": multiplier.factor, "player": multiplier.player}
            | ({"reason": labelled(multiplier.reason)} if multiplier.reason else {})
            for multiplier in pair.multipliers
        ],
        "natural_outcome": None
        if pair.natural is None
        else {
            "winner": pair.natural.winner,
            "key": pair.natural.key,
            "payout": pair.natural.payout,
            "reason": labelled(pair.natural.reason),
        },
        "lines": [line.json() for line in pair.lines],
    }


def choice_json(choice: Choice, natural: NaturalHand | None = None, declare: bool = False) -> dict[str, Any]:
    """One arrangement the optimiser proposes."""
    cards = arrangement_json(choice.arrangement)
    return {
        "arrangement": cards,
        "ev": points(choice.ev),
        "natural": natural_json(natural),
        "declare_natural": declare,
        "chi": chi_json(choice.arrangement, cards),
    }


def solution_json(solution: Solution) -> dict[str, Any]:
    """The optimiser's answer for one hand."""
    return {
        "best": choice_json(solution.best, solution.natural, solution.declare_natural),
        "alternatives": [choice_json(choice) for choice in solution.alternatives],
        "stats": {"splits": solution.splits, "legal": solution.legal},
    }


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """How an arrangement is graded."""
    return enumeration(verdict.value, verdict.label)


def style_json(style: Style) -> dict[str, Any]:
    """How a bot came to its arrangement."""
    return enumeration(style.value, style.label)


def chance(value: float) -> float:
    """A probability as the contract states it: in [0, 1] (the domain's sums may
    stray from it by floating-point noise, a tie of -1.1e-16), to 4 decimals
    like every figure the service answers."""
    return round(min(1.0, max(0.0, value)), 4)


def position_outlook_json(outlook: PositionOutlook) -> dict[str, float]:
    """One position's chances against one opponent, and its expected points."""
    return {
        "win": chance(outlook.win),
        "tie": chance(outlook.tie),
        "lose": chance(outlook.lose),
        "points": points(outlook.points),
    }


def outlook_json(outlook: PlayOutlook) -> dict[str, Any]:
    """How a play fares against the field (the play's, or its best play's): each chi against one opponent
    (null when the play collects a natural), the scoops, and sập làng where the table plays it."""
    return {
        "positions": {position.position.value: position_outlook_json(position) for position in outlook.positions}
        if outlook.positions
        else None,
        "scoop_chance": chance(outlook.scoop),
        "scooped_chance": chance(outlook.scooped),
        "sap_lang_chance": None
        if outlook.sap_lang is None
        else {"scoops_all": chance(outlook.sap_lang[0]), "scooped_by_all": chance(outlook.sap_lang[1])},
    }


def move_json(move: Move) -> dict[str, Any]:
    """Cards to move from one chi to another."""
    return {"cards": [str(card) for card in move.cards], "from": move.source.value, "to": move.target.value}


def natural_review_json(review: NaturalReview | None) -> dict[str, Any] | None:
    """The hand's natural, whether the play collects it and what not collecting it gives up."""
    if review is None:
        return None
    return {
        "held": natural_json(review.natural),
        "collected": review.collected,
        "ev": points(review.ev),
        "chi_ev": points(review.chi_ev),
        "given_up": points(review.given_up),
    }


def points(value: float) -> float:
    """Expected points as every answer gives them: 4 decimals (``/optimal`` too)."""
    return round(value, 4)


def loss(analysis: Analysis) -> float:
    """An analysis's :func:`rounded_loss`."""
    return rounded_loss(analysis.best.ev, analysis.ev)


def rounded_loss(best_ev: float, ev: float) -> float:
    """``best_ev - ev`` of the rounded figures, so that the answer adds up."""
    return max(0.0, round(points(best_ev) - points(ev), 4))


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The analysis of one arrangement (``AnalysisFields`` in openapi.yaml);
    expected points to 4 decimals, as ``/optimal`` gives them."""
    lines = advice(analysis)
    best = analysis.best
    mine = outlook_json(analysis.outlook)
    best_cards = arrangement_json(best.arrangement)
    return {
        "ev": points(analysis.ev),
        "best": {
            "arrangement": best_cards,
            "ev": points(best.ev),
            "declare_natural": best.declare_natural,
            "chi": chi_json(best.arrangement, best_cards),
        }
        | outlook_json(analysis.best_outlook),
        "ev_loss": loss(analysis),
        "rank": analysis.rank,
        "distinct_arrangements": analysis.distinct,
        "positions": mine["positions"],
        "scoop_chance": mine["scoop_chance"],
        "scooped_chance": mine["scooped_chance"],
        "opponent_natural": chance(analysis.opponent_natural),
        "sap_lang_chance": mine["sap_lang_chance"],
        "fouled": analysis.fouled,
        "reasons": [foul_reason_json(reason) for reason in analysis.foul_reasons],
        "natural": natural_review_json(analysis.natural),
        "verdict": verdict_json(analysis.verdict),
        "changes": {
            "moves": [move_json(move) for move in analysis.moves],
            "declare_natural": analysis.declare_change,
            "lines": {"en": [line.en for line in lines], "vi": [line.vi for line in lines]},
        },
        "opponents": analysis.opponents,
        "chi": chi_json(analysis.arrangement),
    }


def play_json(played: Play, graded: Grade, opponents: int) -> dict[str, Any]:
    """A bot's arrangement with what it is worth (``graded`` is the grade of that arrangement:
    the play needs its expected points, loss and verdict, not the rest of an analysis)."""
    cards = arrangement_json(played.arrangement)
    return {
        "arrangement": cards,
        "chi": chi_json(played.arrangement, cards),
        "natural": natural_json(graded.natural),
        "declare_natural": played.declare_natural,
        "level": enumeration(played.level.value, played.level.label),
        "seed": played.seed,
        "style": style_json(played.style),
        "ev": points(graded.ev),
        "ev_loss": rounded_loss(graded.best_ev, graded.ev),
        "verdict": verdict_json(graded.verdict),
        "opponents": opponents,
    }


def drills_json(found: DrillSet) -> dict[str, Any]:
    """A set of drills: what they were dealt under, how many hands were valued to find them, each drill."""
    return {
        "theme": labelled(found.theme),
        "seed": found.seed,
        "level": labelled(found.level),
        "opponents": found.opponents,
        "tried": found.tried,
        "drills": [drill_json(drill) for drill in found.drills],
    }


def drill_json(drill: Drill) -> dict[str, Any]:
    """One drill: its cards (high to low), its theme, and how hard it is for the typical level."""
    return {
        "cards": [str(card) for card in drill.cards],
        "theme": labelled(drill.theme),
        "difficulty": labelled(drill.difficulty),
        "typical_loss": points(drill.typical_loss),
    }


def yardsticks_json(yardsticks: Mapping[Level, LossReference]) -> list[dict[str, Any]]:
    """Each level's loss per hand (the batch tool's yardsticks), weakest level first."""
    return [
        {
            "level": labelled(level),
            "mean": points(reference.mean),
            "sd": points(reference.sd),
            "best_share": chance(reference.best_share),
            "hands": reference.hands,
        }
        for level, reference in sorted(yardsticks.items(), key=lambda item: list(Level).index(item[0]))
    ]
