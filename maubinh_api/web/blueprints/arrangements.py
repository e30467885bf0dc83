"""Checking a 13-card arrangement, finding the best one, grading one, and
setting one as a player of a given level would."""

from __future__ import annotations

import secrets
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
from ..cached_answers import cached_json, fresh_json, sorted_cards
from ..costs import per_item
from ..kernel_calls import kernel_call
from ..loading import hand_service, load, variant_of
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
def validate_arrangement() -> Response:
    """Classify the three chi, say whether the arrangement is fouled and why,
    list the bonus entries it would earn, and name its natural, if any."""
    data = load()
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
def validate_batch() -> Response:
    """Validate up to ``MAX_VALIDATE_ARRANGEMENTS`` arrangements (the seats of a table, or of many),
    all or none: one 422 names every bad card of every arrangement."""
    data = load()
    variant = variant_of(data)
    arrangements: list[Arrangement] = []
    faults: list[InvalidValue] = []
    for index, cards in enumerate(data["arrangements"]):
        try:
            arrangements.append(Arrangement.from_cards(**cards, wheel=variant.rules.wheel))
        except RuleError as error:
            faults.append(InvalidValue.of(error.at("arrangements", index)))
    if faults:
        raise Problem.invalid(faults)
    reference = variant_json(variant)
    material = {"arrangements": [_canonical(arrangement) for arrangement in arrangements], "variant": reference}

    def answer() -> dict[str, Any]:
        return {"results": [_validation(arrangement, variant) for arrangement in arrangements], "variant": reference}

    return cached_json("validate-batch", material, answer)


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
@declare("optimalArrangement", values_hands=True, schema=_optimal_schema)
def optimal_arrangement() -> Response:
    """The best arrangement of 13 cards, with the next best distinct ones and
    each one's expected points per opponent."""
    data = load(fast=read_one_hand)
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
def optimal_batch() -> Response:
    """The best arrangements of up to ``MAX_OPTIMAL_HANDS`` hands, all or none."""
    data = load()
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
def analyse_arrangement() -> Response:
    """Grade an arrangement against the best play of its cards: expected
    points, the loss, the verdict and what to change."""
    data = load()
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
def analyse_batch() -> Response:
    """Grade up to ``MAX_ANALYSIS_ARRANGEMENTS`` arrangements, all or none."""
    data = load()
    variant = variant_of(data)
    reference = variant_json(variant)
    opponents: int = data["opponents"]
    analyst = hand_service().analyst(
        variant, opponents=opponents
    )  # arrangements of the same 13 cards share a valuation
    items: list[tuple[Arrangement, bool]] = []
    for index, item in enumerate(data["arrangements"]):
        with located("arrangements", index, "arrangement"):
            arrangement = Arrangement.from_cards(**item["arrangement"], wheel=variant.rules.wheel)
        items.append((arrangement, item.get("declare_natural", data["declare_natural"])))
    material: dict[str, Any] = {"variant": reference, "opponents": opponents}
    material["arrangements"] = [
        {"arrangement": _canonical(arrangement), "declare_natural": declare} for arrangement, declare in items
    ]

    def answer() -> dict[str, Any]:
        # Every analysis first, then every answer: the kernel's tables stay in the caches from one
        # hand to the next instead of being evicted by the presenter between them.
        analyses = [_analyse(analyst, arrangement, declare) for arrangement, declare in items]
        return {"results": [analysis_json(analysis) for analysis in analyses], "variant": reference}

    return cached_json("analysis-batch", material, answer)


@blueprint.post("/play")
@declare("playHand", values_hands=True, schema=_play_schema)
def play_hand() -> Response:
    """Set 13 cards as a player of the chosen level would (deterministic in
    the seed), and say what that arrangement is worth."""
    data = load()
    variant = variant_of(data)
    reference = variant_json(variant)
    cards: list[Card] = data["cards"]
    with located("cards"):
        check_hand(cards)
    level = Level(data["level"])
    opponents: int = data["opponents"]
    seeded = "seed" in data
    seed: int = data["seed"] if seeded else secrets.randbits(53)  # exact as a JSON number anywhere

    def answer() -> dict[str, Any]:
        with kernel_call("play", variant, "play"):
            played = hand_service().graded_play(cards, variant, level, seed, opponents=opponents)
        return play_json(played.play, played.judgement, opponents) | {"variant": reference}

    if not seeded:  # a drawn seed: no other request can share this answer
        return fresh_json(answer())
    material = {
        "cards": sorted_cards(cards),
        "level": level.value,
        "seed": seed,
        "opponents": opponents,
        "variant": reference,
    }
    return cached_json("play", material, answer)


def _canonical(arrangement: Arrangement) -> dict[str, list[str]]:
    """An arrangement in canonical form: the order of the cards within a chi does not matter."""
    return {position.value: sorted_cards(hand.cards) for position, hand in arrangement}


def _analyse(analyst: Analyst, arrangement: Arrangement, declare: bool) -> Analysis:
    with kernel_call("analysis", analyst.variant, "analysis"):
        return analyst.analyse(arrangement, declare)
