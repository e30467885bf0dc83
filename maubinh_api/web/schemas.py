"""Request schemas (marshmallow): the shape of every request body.

Schemas check types, lengths and card notation and reject unknown fields
(422, documented in openapi.yaml).  Rules that need the game (duplicate
cards, the variant's knobs, chi sizes) are checked by the domain, whose
errors carry their own paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from ..rules.cards import Card
from ..rules.errors import CardError, VariantError
from ..rules.variants import Variant, resolve_variant

#: Largest batch of hands for ``POST /v1/hands/classify``.
MAX_CLASSIFY_HANDS = 1000
#: Largest batch of tables for ``POST /v1/settlements/batch``.
MAX_BATCH_TABLES = 200
#: Largest batch of hands for ``POST /v1/arrangements/optimal``.
MAX_OPTIMAL_HANDS = 100
#: Largest batch of arrangements for ``POST /v1/arrangements/analysis``.
MAX_ANALYSIS_ARRANGEMENTS = 100
#: Largest seed of ``POST /v1/arrangements/play``: 2**53 - 1, the largest
#: integer every JSON reader (a browser's ``JSON.parse`` too) keeps exact.
MAX_SEED = 2**53 - 1
#: The bots' levels (``maubinh_api.strategy.bots.Level``).
LEVELS = ("beginner", "casual", "club", "expert", "best")
#: Longest player id.
MAX_PLAYER_ID = 64

_VARIANT_SHAPE = 'must be a preset name or an object {"preset": ..., "overrides": {...}}'
_BET_SHAPE = 'must be a number or a decimal string such as "10.50"'


class CardField(fields.Field[Card]):
    """One card in any accepted notation (RULES §1)."""

    default_error_messages = {"null": "a card must be a string such as 'As', not null"}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Card:
        try:
            return Card.parse(value)
        except CardError as error:
            raise ValidationError(str(error)) from None


class BoundedList(fields.List):
    """A list whose length is checked before any item is read, so that a huge
    list is refused without parsing it.  ``too_many``/``wrong_count`` format
    the message with ``{count}``."""

    def __init__(
        self, item: fields.Field[Any], *, min_length: int, max_length: int, wrong_count: str, noun: str, **kwargs: Any
    ) -> None:
        super().__init__(item, **kwargs)
        self.error_messages["null"] = f"must be a list of {noun}, not null"
        self.min_length, self.max_length = min_length, max_length
        self.wrong_count, self.noun = wrong_count, noun

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(f"must be a list of {self.noun}, not {_kind(value)}")
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(self.wrong_count.format(count=len(value)))
        return super()._deserialize(value, attr, data, **kwargs)


class CardList(BoundedList):
    """A list of cards, read in one pass (a field call per card costs more than
    the card); errors are keyed by position, like marshmallow's own lists."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(f"must be a list of {self.noun}, not {_kind(value)}")
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(self.wrong_count.format(count=len(value)))
        cards, errors = [], {}
        for index, item in enumerate(value):
            try:
                cards.append(Card.parse(item))
            except CardError as error:
                errors[index] = [str(error)]
        if errors:
            raise ValidationError(errors)
        return cards


def card_list(min_length: int, max_length: int, what: str, **kwargs: Any) -> CardList:
    """A list of cards; ``what`` names it in the message ("the back chi")."""
    expected = str(min_length) if min_length == max_length else f"{min_length} to {max_length}"
    return CardList(
        CardField(),
        min_length=min_length,
        max_length=max_length,
        wrong_count=f"{what} must hold {expected} cards, not {{count}}",
        noun='cards such as ["As", "Kd"]',
        **kwargs,
    )


class WholeNumber(fields.Integer):
    """A JSON integer; ``3.0`` is one too (JSON Schema agrees), ``true`` and ``"3"`` are not."""

    default_error_messages = {"null": "must be a whole number, not null"}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(f"must be a whole number, not {_kind(value)}")
        return value


class StrictBoolean(fields.Boolean):
    """true or false only (marshmallow would also take "yes", 1, "on"...)."""

    default_error_messages = {"null": "must be true or false, not null"}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(f"must be true or false, not {_kind(value)}")
        return value


class VariantField(fields.Raw):
    """A preset name or ``{"preset", "overrides", "fingerprint"}``, resolved by
    the domain while the body is read, so that a bad variant is reported in
    the same 422 as the body's other faults."""

    # marshmallow formats these messages: the braces of the example are doubled.
    default_error_messages = {"null": _VARIANT_SHAPE.replace("{", "{{").replace("}", "}}") + ", not null"}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Variant:
        if not isinstance(value, (str, Mapping)):
            raise ValidationError(f"{_VARIANT_SHAPE}, not {_kind(value)}")
        try:
            return resolve_variant(value)
        except VariantError as error:
            message: Any = [error.detail]
            for part in reversed(error.path):  # nested messages become the pointer below /variant
                message = {part: message}
            raise ValidationError(message) from None


class BetField(fields.Raw):
    """A JSON number or a decimal string; its value is checked by the domain,
    which knows the variant's money precision."""

    default_error_messages = {"null": _BET_SHAPE + ", not null"}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
            raise ValidationError(f"{_BET_SHAPE}, not {_kind(value)}")
        return value


def _cards_or_hands(data: Mapping[str, Any], one: str, many: str) -> None:
    if ("cards" in data) == ("hands" in data):
        raise ValidationError(f"send either 'cards' ({one}) or 'hands' ({many}), not both or neither")


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return "a number"


class StrictSchema(Schema):
    """Unknown fields are an error: a misspelt field must not be ignored silently."""

    class Meta:
        unknown = RAISE

    error_messages = {  # noqa: RUF012 - marshmallow reads this class attribute
        "unknown": "unknown field",
        "type": "must be a JSON object",
    }


class ClassifyRequest(StrictSchema):
    """``POST /v1/hands/classify``: one chi in ``cards`` or many in ``hands``."""

    cards = card_list(3, 5, "a chi")
    hands = BoundedList(
        card_list(3, 5, "a chi"),
        min_length=1,
        max_length=MAX_CLASSIFY_HANDS,
        wrong_count=f"a batch has 1 to {MAX_CLASSIFY_HANDS} hands, not {{count}}",
        noun="chi (lists of cards)",
    )
    variant = VariantField()

    @validates_schema
    def _one_of(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        _cards_or_hands(data, "one chi", "a list of chi")


class ArrangementSchema(StrictSchema):
    """Three chi: back and middle of 5 cards, front of 3."""

    back = card_list(5, 5, "the back chi", required=True)
    middle = card_list(5, 5, "the middle chi", required=True)
    front = card_list(3, 3, "the front chi", required=True)


class ValidateRequest(StrictSchema):
    """``POST /v1/arrangements/validate``."""

    arrangement = fields.Nested(
        ArrangementSchema, required=True, error_messages={"null": "must be an object with back, middle and front"}
    )
    variant = VariantField()


class PlayerSchema(StrictSchema):
    """One seat: an id and an arrangement, or ``"forfeit": true``."""

    id = fields.String(
        required=True,
        error_messages={"null": "a player id must be a string, not null", "invalid": "a player id must be a string"},
        validate=[
            validate.Length(min=1, max=MAX_PLAYER_ID, error=f"a player id has 1 to {MAX_PLAYER_ID} characters"),
            validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="a player id must not contain control characters"),
        ],
    )
    arrangement = fields.Nested(
        ArrangementSchema, error_messages={"null": "must be an object with back, middle and front"}
    )
    forfeit = StrictBoolean(load_default=False)
    declare_natural = StrictBoolean(load_default=True)

    @validates_schema
    def _hand_or_forfeit(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if data.get("forfeit") and "arrangement" in data:
            raise ValidationError("a player who forfeits has no arrangement; send one or the other")
        if not data.get("forfeit") and "arrangement" not in data:
            raise ValidationError('send the player\'s arrangement, or "forfeit": true for a player who left')


class SettlementRequest(StrictSchema):
    """``POST /v1/settlements``: one table."""

    variant = VariantField()
    bet = BetField(required=True)
    players = BoundedList(
        fields.Nested(PlayerSchema),
        min_length=2,
        max_length=4,
        wrong_count="a table has 2 to 4 players, not {count}",
        noun="players",
        required=True,
    )


class TableField(fields.Raw):
    """One table of a batch: checked later, on its own, so that one bad
    table does not fail the others."""

    default_error_messages = {"null": "a table must be an object, not null"}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValidationError(f"a table must be an object, not {_kind(value)}")
        return value


class SettlementBatchRequest(StrictSchema):
    """``POST /v1/settlements/batch``: up to 200 tables; ``variant`` is the
    default for tables that name none."""

    variant = VariantField()
    tables = BoundedList(
        TableField(),
        min_length=1,
        max_length=MAX_BATCH_TABLES,
        wrong_count=f"a batch has 1 to {MAX_BATCH_TABLES} tables, not {{count}}",
        noun="tables",
        required=True,
    )


class OptimalRequest(StrictSchema):
    """``POST /v1/arrangements/optimal``: one hand in ``cards`` or many in ``hands``."""

    cards = card_list(13, 13, "a hand")
    hands = BoundedList(
        card_list(13, 13, "a hand"),
        min_length=1,
        max_length=MAX_OPTIMAL_HANDS,
        wrong_count=f"a batch has 1 to {MAX_OPTIMAL_HANDS} hands, not {{count}}",
        noun="hands (lists of 13 cards)",
    )
    variant = VariantField()
    objective = fields.String(
        load_default="ev",
        validate=validate.OneOf(["ev", "strongest"], error="must be ev or strongest, not {input!r}"),
    )
    top = WholeNumber(load_default=3, validate=validate.Range(min=1, max=10, error="must be 1 to 10, not {input}"))
    opponents = WholeNumber(load_default=3, validate=validate.Range(min=1, max=3, error="must be 1 to 3, not {input}"))

    @validates_schema
    def _one_of(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        _cards_or_hands(data, "one hand", "a list of hands")


def _opponents() -> WholeNumber:
    return WholeNumber(load_default=3, validate=validate.Range(min=1, max=3, error="must be 1 to 3, not {input}"))


class AnalysedArrangementSchema(StrictSchema):
    """One arrangement of a batch, with its own ``declare_natural`` (the
    request's when omitted)."""

    arrangement = fields.Nested(
        ArrangementSchema, required=True, error_messages={"null": "must be an object with back, middle and front"}
    )
    declare_natural = StrictBoolean()


class AnalysisRequest(StrictSchema):
    """``POST /v1/arrangements/analysis``: one arrangement in ``arrangement``
    or many in ``arrangements``."""

    arrangement = fields.Nested(
        ArrangementSchema, error_messages={"null": "must be an object with back, middle and front"}
    )
    arrangements = BoundedList(
        fields.Nested(
            AnalysedArrangementSchema,
            error_messages={"null": "must be an object with an arrangement (and declare_natural), not null"},
        ),
        min_length=1,
        max_length=MAX_ANALYSIS_ARRANGEMENTS,
        wrong_count=f"a batch has 1 to {MAX_ANALYSIS_ARRANGEMENTS} arrangements, not {{count}}",
        noun="objects with an arrangement (and declare_natural)",
    )
    declare_natural = StrictBoolean(load_default=True)
    variant = VariantField()
    opponents = _opponents()

    @validates_schema
    def _one_of(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if ("arrangement" in data) == ("arrangements" in data):
            raise ValidationError(
                "send either 'arrangement' (one arrangement) or 'arrangements' (a list of them), not both or neither"
            )


class PlayRequest(StrictSchema):
    """``POST /v1/arrangements/play``: how a player of a level sets 13 cards."""

    cards = card_list(13, 13, "a hand", required=True)
    level = fields.String(
        required=True,
        validate=validate.OneOf(LEVELS, error=f"must be {', '.join(LEVELS[:-1])} or {LEVELS[-1]}, not {{input!r}}"),
    )
    seed = WholeNumber(
        validate=validate.Range(
            min=0,
            max=MAX_SEED,
            error="must be 0 to 2**53 - 1 (9007199254740991, the largest integer JSON readers keep exact), not {input}",
        )
    )
    variant = VariantField()
    opponents = _opponents()
