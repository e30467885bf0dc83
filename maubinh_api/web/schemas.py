"""Request schemas (marshmallow): the shape of every request body.

Schemas check types, lengths and card notation and reject unknown fields
(422, documented in openapi.yaml).  Rules that need the game (duplicate
cards, the variant's knobs, chi sizes) are checked by the domain, whose
errors carry their own paths.  The fields they are made of are
:mod:`~maubinh_api.web.request_fields`.

Every message is a :class:`~maubinh_api.web.language.Message`: English with
its Vietnamese, whichever way marshmallow passes or formats it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final

from marshmallow import ValidationError, fields, validate, validates_schema

from ..infra.deals import CLIENT_SEED, MAX_CLIENT_SEEDS
from ..rules.chi import CHI_SIZES
from ..rules.errors import ErrorCode
from ..rules.labels import keys
from ..rules.table import MAX_PLAYERS, MIN_PLAYERS
from ..rules.texts import phrase, words, words_in
from ..strategy.drills import MAX_DRILLS, TYPICAL, Theme
from ..strategy.levels import Level
from ..strategy.optimiser import Objective
from .language import Message
from .request_fields import (
    A_CHI,
    A_HAND,
    BetField,
    BoundedList,
    Nested,
    OwnWords,
    PlayerIdField,
    StrictBoolean,
    StrictSchema,
    String,
    VariantField,
    WholeNumber,
    batch_of,
    card_list,
    one_of,
    opponents_field,
    seed_field,
    tentatively,
    whole_range,
)

#: Largest batch of hands for ``POST /v1/hands/classify``.
MAX_CLASSIFY_HANDS = 1000
#: Largest batch of tables for ``POST /v1/settlements/batch``.
MAX_BATCH_TABLES = 200
#: Largest batch of hands for ``POST /v1/arrangements/optimal``.
MAX_OPTIMAL_HANDS = 100
#: Largest batch of arrangements for ``POST /v1/arrangements/analysis``.
MAX_ANALYSIS_ARRANGEMENTS = 100
#: Largest batch of arrangements for ``POST /v1/arrangements/validate/batch`` (the seats of 200 tables of 4
#: would be 800; a platform checks a table or a few at once, and 200 is a settlement batch's tables).
MAX_VALIDATE_ARRANGEMENTS = 200
#: The bots' levels and the objectives, as a request sends them (from the strategy's own enumerations).
LEVELS = keys(Level)
OBJECTIVES = keys(Objective)
#: The drills' themes, and the levels a drill's difficulty can be judged for (the best gives up nothing).
THEMES = keys(Theme)
DRILL_LEVELS = tuple(level for level in LEVELS if level != Level.BEST)
#: Drills a request deals unless it asks for another count.
DEFAULT_DRILLS = 5
#: Longest player id.
MAX_PLAYER_ID = 64

_ARRANGEMENT_SHAPE = Message(words("must be an object with back, middle and front"))


class ClassifyRequest(StrictSchema):
    """``POST /v1/hands/classify``: one chi."""

    moved = ("hands", "/v1/hands/classify/batch")
    cards = card_list(min(CHI_SIZES), max(CHI_SIZES), A_CHI, required=True)
    variant = VariantField()


class ClassifyBatchRequest(StrictSchema):
    """``POST /v1/hands/classify/batch``: up to ``MAX_CLASSIFY_HANDS`` chi."""

    hands = batch_of(
        card_list(min(CHI_SIZES), max(CHI_SIZES), A_CHI),
        MAX_CLASSIFY_HANDS,
        # TRANSLATORS: the chi of a batch to classify (elsewhere, "hands" are of 13 cards).
        words_in("chi", "hands"),
        words("chi (lists of cards)"),
        required=True,
    )
    variant = VariantField()


class ArrangementSchema(StrictSchema):
    """Three chi: back and middle of 5 cards, front of 3."""

    back = card_list(5, 5, words("the back chi"), required=True)
    middle = card_list(5, 5, words("the middle chi"), required=True)
    front = card_list(3, 3, words("the front chi"), required=True)


class ArrangementField(Nested):
    """An arrangement (:class:`ArrangementSchema`): a valid one is read in one pass over its three
    chi (marshmallow's nested schema costs 30 µs an arrangement, a settlement batch holds 800);
    anything else goes through the schema, so that every error is the schema's."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(ArrangementSchema, error_messages={"null": _ARRANGEMENT_SHAPE}, **kwargs)
        self._chi = tuple(ArrangementSchema().fields.items())  # back, middle, front: the schema's own fields

    def _deserialize(
        self,
        value: Any,
        attr: str | None,
        data: Mapping[str, Any] | None,
        partial: bool | Sequence[str] | AbstractSet[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        if type(value) is dict and value.keys() == _POSITIONS:
            try:
                with tentatively():
                    return {name: field.deserialize(value[name], name, value) for name, field in self._chi}
            except ValidationError:
                pass  # the schema says which chi, and why
        return super()._deserialize(value, attr, data, partial, **kwargs)


_POSITIONS: Final = {"back", "middle", "front"}


class ValidateRequest(StrictSchema):
    """``POST /v1/arrangements/validate``."""

    arrangement = ArrangementField(required=True)
    variant = VariantField()


class ValidateBatchRequest(StrictSchema):
    """``POST /v1/arrangements/validate/batch``: up to ``MAX_VALIDATE_ARRANGEMENTS`` arrangements (a
    table's seats, or many)."""

    arrangements = batch_of(
        ArrangementField(),
        MAX_VALIDATE_ARRANGEMENTS,
        words("arrangements"),
        words("arrangements (objects with back, middle and front)"),
        required=True,
    )
    variant = VariantField()


class PlayerSchema(StrictSchema):
    """One seat: an id and an arrangement, or ``"forfeit": true``."""

    id = PlayerIdField(
        required=True,
        error_messages={
            "null": Message(words("a player id must be a string, not null"), ErrorCode.NULL),
            "invalid": Message(words("a player id must be a string"), ErrorCode.WRONG_TYPE),
        },
        validate=validate.Length(
            min=1,
            max=MAX_PLAYER_ID,
            # marshmallow fills the bounds.
            error=Message(phrase("a player id has {min} to {max} characters"), ErrorCode.INVALID_VALUE),
        ),
    )
    arrangement = ArrangementField()
    forfeit = StrictBoolean(load_default=False)
    declare_natural = StrictBoolean(load_default=True)

    @validates_schema
    def _hand_or_forfeit(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if data.get("forfeit") and "arrangement" in data:
            raise ValidationError(
                Message(words("a player who forfeits has no arrangement; send one or the other"), ErrorCode.CONFLICT)
            )
        if not data.get("forfeit") and "arrangement" not in data:
            raise ValidationError(
                Message(
                    words('send the player\'s arrangement, or "forfeit": true for a player who left'),
                    ErrorCode.REQUIRED,
                )
            )


class SettlementRequest(StrictSchema):
    """``POST /v1/settlements``: one table."""

    variant = VariantField()
    bet = BetField(required=True)
    players = BoundedList(
        Nested(PlayerSchema),
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        wrong_count=Message(
            # {count} stays for BoundedList to fill.
            words(
                "a table has {low} to {high} players, not {count}", low=MIN_PLAYERS, high=MAX_PLAYERS, count="{count}"
            ),
            ErrorCode.PLAYER_COUNT,
        ),
        noun=words("players"),
        required=True,
    )
    foul_cost = StrictBoolean(load_default=False)


class TableField(OwnWords, fields.Raw):
    """One table of a batch, taken as sent: each is read on its own, so that
    the 422 of a bad batch names every bad value of every table."""

    def __init__(self) -> None:
        super().__init__(allow_none=True)


class SettlementBatchRequest(StrictSchema):
    """``POST /v1/settlements/batch``: up to ``MAX_BATCH_TABLES`` tables; ``variant`` is the
    default for tables that name none."""

    variant = VariantField()
    tables = batch_of(TableField(), MAX_BATCH_TABLES, words("tables"), words("tables"), required=True)


class OptimalOptions(StrictSchema):
    """What ``/optimal`` and its batch take besides the cards."""

    variant = VariantField()
    objective = one_of(OBJECTIVES, load_default=Objective.EV.value)
    top = WholeNumber(load_default=3, validate=whole_range(1, 10))
    opponents = opponents_field()


class OptimalRequest(OptimalOptions):
    """``POST /v1/arrangements/optimal``: one hand."""

    moved = ("hands", "/v1/arrangements/optimal/batch")
    cards = card_list(13, 13, A_HAND, required=True)


class OptimalBatchRequest(OptimalOptions):
    """``POST /v1/arrangements/optimal/batch``: up to ``MAX_OPTIMAL_HANDS`` hands."""

    hands = batch_of(
        card_list(13, 13, A_HAND),
        MAX_OPTIMAL_HANDS,
        words("hands"),
        words("hands (lists of 13 cards)"),
        required=True,
    )


class AnalysedArrangementSchema(StrictSchema):
    """One arrangement of a batch, with its own ``declare_natural`` (the
    request's when omitted)."""

    arrangement = ArrangementField(required=True)
    declare_natural = StrictBoolean()


class AnalysisRequest(StrictSchema):
    """``POST /v1/arrangements/analysis``: one arrangement."""

    moved = ("arrangements", "/v1/arrangements/analysis/batch")
    arrangement = ArrangementField(required=True)
    declare_natural = StrictBoolean(load_default=True)
    variant = VariantField()
    opponents = opponents_field()


class AnalysisBatchRequest(StrictSchema):
    """``POST /v1/arrangements/analysis/batch``: up to ``MAX_ANALYSIS_ARRANGEMENTS`` arrangements, each with its own
    ``declare_natural`` or the request's."""

    arrangements = batch_of(
        Nested(
            AnalysedArrangementSchema,
            error_messages={
                "null": Message(
                    words("must be an object with an arrangement (and declare_natural), not null"), ErrorCode.NULL
                )
            },
        ),
        MAX_ANALYSIS_ARRANGEMENTS,
        words("arrangements"),
        noun=words("objects with an arrangement (and declare_natural)"),
        required=True,
    )
    declare_natural = StrictBoolean(load_default=True)
    variant = VariantField()
    opponents = opponents_field()


class PlayRequest(StrictSchema):
    """``POST /v1/arrangements/play``: how a player of a level sets 13 cards."""

    cards = card_list(13, 13, A_HAND, required=True)
    level = one_of(LEVELS, required=True)
    seed = seed_field()
    variant = VariantField()
    opponents = opponents_field()


class DrillsRequest(StrictSchema):
    """``POST /v1/drills``: a seeded set of hands of one theme."""

    theme = one_of(THEMES, required=True)
    count = WholeNumber(load_default=DEFAULT_DRILLS, validate=whole_range(1, MAX_DRILLS))
    seed = seed_field()
    # Any level of the one Level enumeration reads (so that clients share one enum), but the best
    # play's refused for what it is: it gives up nothing, so no difficulty can be judged for it.
    level = one_of(
        LEVELS,
        load_default=TYPICAL.value,
        also=[
            validate.NoneOf(
                [Level.BEST.value],
                error=Message(
                    words(
                        "the best play gives up nothing: a drill's difficulty is judged for {levels}",
                        levels=", ".join(DRILL_LEVELS),
                    ),
                    ErrorCode.NOT_A_CHOICE,
                ),
            )
        ],
    )
    variant = VariantField()
    opponents = opponents_field()


class DealRequest(StrictSchema):
    """``POST /v1/deals/{deal_id}``: the seeds the players (or the platform) add to the service's,
    and how many seats are dealt."""

    client_seeds = BoundedList(
        String(
            validate=validate.Regexp(
                CLIENT_SEED.pattern + r"\Z",
                error=Message(
                    words("a client seed is 1 to 128 printable ASCII characters, with no space"),
                    ErrorCode.INVALID_VALUE,
                ),
            )
        ),
        min_length=1,
        max_length=MAX_CLIENT_SEEDS,
        wrong_count=Message(
            # {count} stays for BoundedList to fill.
            words("a deal takes 1 to {high} client seeds, not {count}", high=MAX_CLIENT_SEEDS, count="{count}"),
            ErrorCode.WRONG_COUNT,
        ),
        noun=words("client seeds"),
        required=True,
    )
    seats = WholeNumber(required=True, validate=whole_range(MIN_PLAYERS, MAX_PLAYERS))
