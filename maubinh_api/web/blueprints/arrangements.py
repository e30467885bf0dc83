"""Checking a 13-card arrangement, finding the best one, grading one, and
setting one as a player of a given level would."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from flask import Blueprint, Response
from marshmallow import ValidationError

from ...rules.arrangement import Arrangement, bonuses, foul_reasons
from ...rules.cards import Card, check_hand
from ...rules.errors import CardError, RuleError
from ...rules.naturals import detect
from ...rules.variants import Variant
from ...service.hands import Analyst
from ...strategy.analysis import Analysis
from ...strategy.levels import Level
from ...strategy.optimiser import Objective, Solution
from ..cached_answers import cached_json, cached_unless_drawn, sorted_cards
from ..costs import per_item
from ..kernel_calls import kernel_call
from ..loading import hand_service, seed_of, variant_of
from ..operations import declare
from ..presenters import (
    analysis_json,
    bonus_json,
    chi_json,
    foul_reason_json,
    natural_json,
    play_json,
    solution_json,
    variant_json,
)
from ..problems import InvalidValue, Problem, located
from ..request_fields import CardList
from ..schemas import (
    AnalysisBatchRequest,
    AnalysisRequest,
    OptimalBatchRequest,
    OptimalRequest,
    PlayRequest,
    ValidateBatchRequest,
    ValidateRequest,
)

blueprint = Blueprint("arrangements", __name__, url_prefix="/v1/arrangements")
_validate_schema = ValidateRequest()
_validate_batch_schema = ValidateBatchRequest()
_optimal_schema = OptimalRequest()
_optimal_batch_schema = OptimalBatchRequest()
_analysis_schema = AnalysisRequest()
_analysis_batch_schema = AnalysisBatchRequest()
_play_schema = PlayRequest()


@blueprint.post("/validate")
@declare("validateArrangement", schema=_validate_schema)
def validate_arrangement(data: dict[str, Any]) -> Response:
    """Classify the three chi, say whether the arrangement is fouled and why,
    list the bonus entries it would earn, and name its natural, if any."""
    variant = variant_of(data)
    with located("arrangement"):
        arrangement = Arrangement.from_cards(**data["arrangement"], wheel=variant.rules.wheel)
    reference = variant_json(variant)
    material = _canonical(arrangement) | {"variant": reference}
    return cached_json("validate", material, lambda: _validation(arrangement, variant) | {"variant": reference})


@blueprint.post("/validate/batch")
@declare(
    "validateBatch", cost=per_item("arrangements", "arrangement"), schema=_validate_batch_schema, batch="arrangements"
)
def validate_batch(data: dict[str, Any]) -> Response:
    """Validate the arrangements of a batch (the seats of a table, or of many), all or none: one
    422 names every bad card of every arrangement."""
    variant = variant_of(data)
    arrangements = _arrangements(data["arrangements"], variant)
    reference = variant_json(variant)
    material = {"arrangements": [_canonical(arrangement) for arrangement in arrangements], "variant": reference}

    def answer() -> dict[str, Any]:
        return {"results": [_validation(arrangement, variant) for arrangement in arrangements], "variant": reference}

    return cached_json("validate-batch", material, answer)


def _arrangements(items: list[dict[str, Any]], variant: Variant) -> list[Arrangement]:
    """The batch's arrangements, or one 422 naming every bad card of every one."""
    arrangements: list[Arrangement] = []
    faults: list[InvalidValue] = []
    for index, cards in enumerate(items):
        try:
            arrangements.append(Arrangement.from_cards(**cards, wheel=variant.rules.wheel))
        except RuleError as error:
            faults.append(InvalidValue.of(error.at("arrangements", index)))
    if faults:
        raise Problem.invalid(faults)
    return arrangements


def _validation(arrangement: Arrangement, variant: Variant) -> dict[str, Any]:
    """What validating ``arrangement`` answers (but the variant, which a batch answers once)."""
    reasons = foul_reasons(arrangement, variant.rules)
    return {
        "fouled": bool(reasons),
        "reasons": [foul_reason_json(reason) for reason in reasons],
        "chi": chi_json(arrangement),
        "bonuses": [] if reasons else [bonus_json(bonus) for bonus in bonuses(arrangement, variant.rules)],
        "natural": natural_json(detect(arrangement.cards, variant.rules)),
    }


#: What the schema answers for the options a body leaves out, the cards it takes and its reading of
#: a variant: read from the schema, so that the quick read below restates none of it.
_OPTIMAL_DEFAULTS: Final = {
    name: _optimal_schema.fields[name].load_default for name in ("objective", "top", "opponents")
}
_HAND_CARDS: Final = cast(CardList, _optimal_schema.fields["cards"])
_VARIANT: Final = _optimal_schema.fields["variant"]


def read_one_hand(body: dict[str, Any]) -> dict[str, Any] | None:
    """The commonest ``/optimal`` request, ``{"cards": [13 cards]}`` with perhaps its
    ``variant`` (resolved by the schema's own field), read without the rest of the schema (30 µs of
    marshmallow a request, ``make bench-readers``); None (the schema reads it) for anything else,
    so errors are the schema's."""
    cards = body.get("cards")
    if (
        not isinstance(cards, list)
        or not _HAND_CARDS.min_length <= len(cards) <= _HAND_CARDS.max_length
        or not body.keys() <= {"cards", "variant"}
    ):
        return None
    try:
        parsed = Card.parse_each(cards)
        variant = _VARIANT.deserialize(body["variant"]) if "variant" in body else None
    except (CardError, ValidationError):
        return None
    read = {"cards": parsed} | _OPTIMAL_DEFAULTS
    return read if variant is None else read | {"variant": variant}


@blueprint.post("/optimal")
@declare("optimalArrangement", values_hands=True, schema=_optimal_schema, quick_read=read_one_hand)
def optimal_arrangement(data: dict[str, Any]) -> Response:
    """The best arrangement of 13 cards, with the next best distinct ones and
    each one's expected points per opponent."""
    variant, options, material = _optimal_options(data)
    cards = data["cards"]
    with located("cards"):
        check_hand(cards)
    material["cards"] = sorted_cards(cards)
    return cached_json(
        "optimal", material, lambda: solution_json(_solve(cards, variant, options)) | {"variant": material["variant"]}
    )


@blueprint.post("/optimal/batch")
@declare("optimalBatch", cost=per_item("hands", "hand"), values_hands=True, schema=_optimal_batch_schema, batch="hands")
def optimal_batch(data: dict[str, Any]) -> Response:
    """The best arrangements of a batch of hands, all or none."""
    variant, options, material = _optimal_options(data)
    hands = data["hands"]
    for index, cards in enumerate(hands):
        with located("hands", index):
            check_hand(cards)
    material["hands"] = [sorted_cards(cards) for cards in hands]

    def answer() -> dict[str, Any]:
        solutions = [_solve(cards, variant, options) for cards in hands]  # all first: see analyse_batch
        return {"results": [solution_json(solution) for solution in solutions], "variant": material["variant"]}

    return cached_json("optimal-batch", material, answer)


def _optimal_options(data: dict[str, Any]) -> tuple[Variant, dict[str, Any], dict[str, Any]]:
    """The variant, the optimiser's options and the cache material they make."""
    variant = variant_of(data)
    options = {"objective": Objective(data["objective"]), "top": data["top"], "opponents": data["opponents"]}
    material: dict[str, Any] = {"variant": variant_json(variant)} | {key: str(value) for key, value in options.items()}
    return variant, options, material


def _solve(cards: Sequence[Card], variant: Variant, options: dict[str, Any]) -> Solution:
    with kernel_call("optimal", variant, options["objective"].value):
        return hand_service().optimal(cards, variant, **options)


@blueprint.post("/analysis")
@declare("analyseArrangement", values_hands=True, schema=_analysis_schema)
def analyse_arrangement(data: dict[str, Any]) -> Response:
    """Grade an arrangement against the best play of its cards: expected
    points, the loss, the verdict and what to change."""
    variant = variant_of(data)
    reference = variant_json(variant)
    opponents: int = data["opponents"]
    analyst = hand_service().analyst(variant, opponents=opponents)
    with located("arrangement"):
        arrangement = Arrangement.from_cards(**data["arrangement"], wheel=variant.rules.wheel)
    declare: bool = data["declare_natural"]
    material = {"variant": reference, "opponents": opponents, "arrangement": _canonical(arrangement)}
    return cached_json(
        "analysis",
        material | {"declare_natural": declare},
        lambda: analysis_json(_analyse(analyst, arrangement, declare)) | {"variant": reference},
    )


@blueprint.post("/analysis/batch")
@declare(
    "analyseBatch",
    cost=per_item("arrangements", "arrangement"),
    values_hands=True,
    schema=_analysis_batch_schema,
    batch="arrangements",
)
def analyse_batch(data: dict[str, Any]) -> Response:
    """Grade the arrangements of a batch, all or none."""
    variant = variant_of(data)
    reference = variant_json(variant)
    opponents: int = data["opponents"]
    analyst = hand_service().analyst(variant, opponents=opponents)  # the same 13 cards share a valuation
    items = _graded_items(data, variant)
    material: dict[str, Any] = {"variant": reference, "opponents": opponents}
    material["arrangements"] = [{"arrangement": _canonical(shown), "declare_natural": said} for shown, said in items]

    def answer() -> dict[str, Any]:
        # Every analysis first, then every answer: the kernel's tables stay in the caches from one
        # hand to the next instead of being evicted by the presenter between them.
        analyses = [_analyse(analyst, arrangement, declare) for arrangement, declare in items]
        return {"results": [analysis_json(analysis) for analysis in analyses], "variant": reference}

    return cached_json("analysis-batch", material, answer)


def _graded_items(data: dict[str, Any], variant: Variant) -> list[tuple[Arrangement, bool]]:
    """Each arrangement of an analysis batch and whether it declares its natural (its own word, or
    the batch's)."""
    items: list[tuple[Arrangement, bool]] = []
    for index, item in enumerate(data["arrangements"]):
        with located("arrangements", index, "arrangement"):
            arrangement = Arrangement.from_cards(**item["arrangement"], wheel=variant.rules.wheel)
        items.append((arrangement, item.get("declare_natural", data["declare_natural"])))
    return items


@blueprint.post("/play")
@declare("playHand", values_hands=True, schema=_play_schema)
def play_hand(data: dict[str, Any]) -> Response:
    """Set 13 cards as a player of the chosen level would (deterministic in
    the seed), and say what that arrangement is worth."""
    variant = variant_of(data)
    cards: list[Card] = data["cards"]
    with located("cards"):
        check_hand(cards)
    level, opponents, seed = Level(data["level"]), data["opponents"], seed_of(data)
    material = {"cards": sorted_cards(cards), "level": level.value, "seed": seed, "opponents": opponents}
    material["variant"] = variant_json(variant)

    def answer() -> dict[str, Any]:
        with kernel_call("play", variant, "play"):
            played = hand_service().graded_play(cards, variant, level, seed, opponents=opponents)
        return play_json(played.play, played.judgement, opponents) | {"variant": material["variant"]}

    return cached_unless_drawn("seed" in data, "play", material, answer)


def _canonical(arrangement: Arrangement) -> dict[str, list[str]]:
    """An arrangement in canonical form: the order of the cards within a chi does not matter."""
    return {position.value: sorted_cards(hand.cards) for position, hand in arrangement}


def _analyse(analyst: Analyst, arrangement: Arrangement, declare: bool) -> Analysis:
    with kernel_call("analysis", analyst.variant, "analysis"):
        return analyst.analyse(arrangement, declare)
