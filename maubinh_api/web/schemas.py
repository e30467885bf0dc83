"""Request schemas (marshmallow): the shape of every request body.

Schemas check types, lengths and card notation and reject unknown fields
(422, documented in openapi.yaml).  Rules that need the game (duplicate
cards, the variant's knobs, chi sizes) are checked by the domain, whose
errors carry their own paths.

Every message is a :class:`~maubinh_api.web.language.Message`: English with
its Vietnamese, whichever way marshmallow passes or formats it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from typing import Any, ClassVar, Final

from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from ..rules.cards import Card
from ..rules.errors import CardError, RuleError, VariantError
from ..rules.labels import keys
from ..rules.money import MAX_AMOUNT_DECIMALS, parse_bet
from ..rules.table import MAX_OPPONENTS, MIN_OPPONENTS
from ..rules.variants import Variant, resolve_variant
from ..strategy.levels import Level
from ..strategy.optimiser import Objective
from .language import Message

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
#: The bots' levels and the objectives, as a request sends them (from the strategy's own enumerations).
LEVELS = keys(Level)
OBJECTIVES = keys(Objective)
#: Longest player id.
MAX_PLAYER_ID = 64

_VARIANT_SHAPE = Message(
    'must be a preset name or an object {"preset": ..., "overrides": {...}}',
    'phải là tên một bộ luật hoặc một đối tượng {"preset": ..., "overrides": {...}}',
)
_BET_SHAPE = Message(
    'must be a number or a decimal string such as "10.50"', 'phải là một số hoặc một chuỗi số thập phân như "10.50"'
)
_WHOLE = Message("must be a whole number", "phải là số nguyên")
_TRUE_OR_FALSE = Message("must be true or false", "phải là true hoặc false")
_ARRANGEMENT_SHAPE = Message(
    "must be an object with back, middle and front", "phải là một đối tượng có back, middle và front"
)
#: Digits of the largest whole number read exactly: beyond, a number is out of every field's range.
_LONGEST_WHOLE = 100


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


#: What a JSON value is (:func:`_kind`) in Vietnamese.
_KINDS_VI = {
    "null": "null",
    "a boolean": "một giá trị true/false",
    "a string": "một chuỗi",
    "an object": "một đối tượng",
    "a list": "một danh sách",
    "a number": "một số",
}


def _not(shape: Message, value: object) -> Message:
    """``shape`` (what a value must be), then what ``value`` is instead."""
    kind = _kind(value)
    return Message(f"{shape}, not {kind}", f"{shape.vi}, không phải {_KINDS_VI[kind]}")


def _braces_doubled(message: Message) -> Message:
    """A message as a marshmallow template that formats back to it."""
    english, vietnamese = (text.replace("{", "{{").replace("}", "}}") for text in (str(message), message.vi))
    return Message(english, vietnamese)


def _range(low: int, high: int) -> validate.Range:
    return validate.Range(
        min=low,
        max=high,
        error=Message(f"must be {low} to {high}, not {{input}}", f"phải từ {low} đến {high}, không phải {{input}}"),
    )


class CardField(fields.Field[Card]):
    """One card in any accepted notation (docs/rules.md, "Cards")."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "null": Message(
            "a card must be a string such as 'As', not null", "lá bài phải là một chuỗi như 'As', không phải null"
        )
    }

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Card:
        try:
            return Card.parse(value)
        except CardError as error:
            raise ValidationError(Message.of(error)) from None


class BoundedList(fields.List):
    """A list whose length is checked before any item is read, so that a huge
    list is refused without parsing it.  ``too_many``/``wrong_count`` format
    the message with ``{count}``."""

    def __init__(
        self,
        item: fields.Field[Any],
        *,
        min_length: int,
        max_length: int,
        wrong_count: Message,
        noun: Message,
        **kwargs: Any,
    ) -> None:
        super().__init__(item, **kwargs)
        self.shape = Message(f"must be a list of {noun}", f"phải là danh sách {noun.vi}")
        self.error_messages["null"] = _braces_doubled(_not(self.shape, None))
        self.min_length, self.max_length = min_length, max_length
        self.wrong_count = wrong_count

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(_not(self.shape, value))
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(self.wrong_count.format(count=len(value)))
        return super()._deserialize(value, attr, data, **kwargs)


def batch_of(item: fields.Field[Any], limit: int, entries: Message, noun: Message, **kwargs: Any) -> BoundedList:
    """A batch: a list of 1 to ``limit`` ``item`` (``entries``: what they are called in the count's
    message, ``noun``: in the shape's)."""
    return BoundedList(
        item,
        min_length=1,
        max_length=limit,
        wrong_count=Message(
            f"a batch has 1 to {limit} {entries}, not {{count}}",
            f"một lô có từ 1 đến {limit} {entries.vi}, không phải {{count}}",
        ),
        noun=noun,
        **kwargs,
    )


class CardList(BoundedList):
    """A list of cards, read in one pass (a field call per card costs more than
    the card); errors are keyed by position, like marshmallow's own lists."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(_not(self.shape, value))
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(self.wrong_count.format(count=len(value)))
        cards, errors = [], {}
        for index, item in enumerate(value):
            try:
                cards.append(Card.parse(item))
            except CardError as error:
                errors[index] = [Message.of(error)]
        if errors:
            raise ValidationError(errors)
        return cards


def card_list(min_length: int, max_length: int, what: Message, **kwargs: Any) -> CardList:
    """A list of cards; ``what`` names it in the message ("the back chi")."""
    same = min_length == max_length
    expected = str(min_length) if same else f"{min_length} to {max_length}"
    expected_vi = str(min_length) if same else f"từ {min_length} đến {max_length}"
    return CardList(
        CardField(),
        min_length=min_length,
        max_length=max_length,
        wrong_count=Message(
            f"{what} must hold {expected} cards, not {{count}}",
            f"{what.vi} phải có {expected_vi} lá, không phải {{count}}",
        ),
        noun=Message('cards such as ["As", "Kd"]', 'lá bài như ["As", "Kd"]'),
        **kwargs,
    )


#: What the card lists are, in their messages.
_A_CHI = Message("a chi", "một chi")
_A_HAND = Message("a hand", "một tay bài")


class WholeNumber(fields.Integer):
    """A JSON integer; ``3.0`` is one too (JSON Schema agrees), ``true`` and ``"3"`` are not."""

    default_error_messages = {"null": _not(_WHOLE, None)}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
            if value.adjusted() >= _LONGEST_WHOLE:
                # int() of 1e400000 would take seconds: a number this large is out of every
                # whole-number field's range, which refuses it as it was sent.
                return value  # type: ignore[return-value]
            value = int(value)
        if isinstance(value, Decimal):  # 2.5 is a number, just not a whole one
            raise ValidationError(
                Message(
                    f"{_WHOLE}, not a number with a fractional part ({value})",
                    f"{_WHOLE.vi}, không phải một số có phần thập phân ({value})",
                )
            )
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(_not(_WHOLE, value))
        return value


class StrictBoolean(fields.Boolean):
    """true or false only (marshmallow would also take "yes", 1, "on"...)."""

    default_error_messages = {"null": _not(_TRUE_OR_FALSE, None)}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(_not(_TRUE_OR_FALSE, value))
        return value


class VariantField(fields.Raw):
    """A preset name or ``{"preset", "overrides", "fingerprint"}``, resolved by
    the domain while the body is read, so that a bad variant is reported in
    the same 422 as the body's other faults."""

    # marshmallow formats these messages: the braces of the example are doubled.
    default_error_messages = {"null": _braces_doubled(_not(_VARIANT_SHAPE, None))}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Variant:
        if not isinstance(value, (str, Mapping)):
            raise ValidationError(_not(_VARIANT_SHAPE, value))
        try:
            return resolve_variant(value)
        except VariantError as error:
            message: Any = [Message.of(error)]
            for part in reversed(error.path):  # nested messages become the pointer below /variant
                message = {part: message}
            raise ValidationError(message) from None


class BetField(fields.Raw):
    """A JSON number or a decimal string, checked here for all but its decimal places (so that a
    bad bet is reported in the same 422 as a bad variant); the places are checked against the
    variant's money precision once the variant is known."""

    default_error_messages = {"null": _not(_BET_SHAPE, None)}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
            raise ValidationError(_not(_BET_SHAPE, value))
        try:
            parse_bet(value, MAX_AMOUNT_DECIMALS)
        except RuleError as error:
            raise ValidationError([Message.of(error)]) from None
        return value


class StrictSchema(Schema):
    """Unknown fields are an error: a misspelt field must not be ignored silently."""

    class Meta:
        unknown = RAISE

    error_messages = {  # noqa: RUF012 - marshmallow reads this class attribute
        "unknown": Message("unknown field", "không có trường này"),
        "type": Message("must be a JSON object", "phải là một đối tượng JSON"),
    }
    #: A field this operation took before 0.6.0, and the operation that takes it now.
    moved: ClassVar[tuple[str, str] | None] = None

    @pre_load
    def _not_moved(self, data: Any, **kwargs: Any) -> Any:
        if self.moved is not None and isinstance(data, Mapping) and self.moved[0] in data:
            name, operation = self.moved
            raise ValidationError(
                {
                    name: [
                        Message(
                            f"a batch goes to POST {operation} (since 0.6.0); this operation takes one",
                            f"một lô gửi tới POST {operation} (từ bản 0.6.0); thao tác này nhận một",
                        )
                    ]
                }
            )
        return data


class ClassifyRequest(StrictSchema):
    """``POST /v1/hands/classify``: one chi."""

    moved = ("hands", "/v1/hands/classify/batch")
    cards = card_list(3, 5, _A_CHI, required=True)
    variant = VariantField()


class ClassifyBatchRequest(StrictSchema):
    """``POST /v1/hands/classify/batch``: up to 1,000 chi."""

    hands = batch_of(
        card_list(3, 5, _A_CHI),
        MAX_CLASSIFY_HANDS,
        Message("hands", "chi"),
        Message("chi (lists of cards)", "chi (danh sách lá bài)"),
        required=True,
    )
    variant = VariantField()


class ArrangementSchema(StrictSchema):
    """Three chi: back and middle of 5 cards, front of 3."""

    back = card_list(5, 5, Message("the back chi", "chi đầu (back)"), required=True)
    middle = card_list(5, 5, Message("the middle chi", "chi giữa (middle)"), required=True)
    front = card_list(3, 3, Message("the front chi", "chi cuối (front)"), required=True)


class ArrangementField(fields.Nested):
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
                return {name: field.deserialize(value[name], name, value) for name, field in self._chi}
            except ValidationError:
                pass  # the schema says which chi, and why
        return super()._deserialize(value, attr, data, partial, **kwargs)


_POSITIONS: Final = {"back", "middle", "front"}


class ValidateRequest(StrictSchema):
    """``POST /v1/arrangements/validate``."""

    arrangement = ArrangementField(required=True)
    variant = VariantField()


class PlayerSchema(StrictSchema):
    """One seat: an id and an arrangement, or ``"forfeit": true``."""

    id = fields.String(
        required=True,
        error_messages={
            "null": Message(
                "a player id must be a string, not null", "mã người chơi phải là một chuỗi, không phải null"
            ),
            "invalid": Message("a player id must be a string", "mã người chơi phải là một chuỗi"),
        },
        validate=[
            validate.Length(
                min=1,
                max=MAX_PLAYER_ID,
                error=Message(
                    f"a player id has 1 to {MAX_PLAYER_ID} characters",
                    f"mã người chơi có từ 1 đến {MAX_PLAYER_ID} ký tự",
                ),
            ),
            validate.Regexp(
                r"^[^\x00-\x1f\x7f]*$",
                error=Message(
                    "a player id must not contain control characters",
                    "mã người chơi không được chứa ký tự điều khiển",
                ),
            ),
        ],
    )
    arrangement = ArrangementField()
    forfeit = StrictBoolean(load_default=False)
    declare_natural = StrictBoolean(load_default=True)

    @validates_schema
    def _hand_or_forfeit(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if data.get("forfeit") and "arrangement" in data:
            raise ValidationError(
                Message(
                    "a player who forfeits has no arrangement; send one or the other",
                    "người chơi đã rời bàn (forfeit) thì không có cách xếp bài (arrangement); chỉ gửi một trong hai",
                )
            )
        if not data.get("forfeit") and "arrangement" not in data:
            raise ValidationError(
                Message(
                    'send the player\'s arrangement, or "forfeit": true for a player who left',
                    'hãy gửi cách xếp bài (arrangement) của người chơi, hoặc "forfeit": true nếu người đó đã rời bàn',
                )
            )


class SettlementRequest(StrictSchema):
    """``POST /v1/settlements``: one table."""

    variant = VariantField()
    bet = BetField(required=True)
    players = BoundedList(
        fields.Nested(PlayerSchema),
        min_length=2,
        max_length=4,
        wrong_count=Message(
            "a table has 2 to 4 players, not {count}", "một bàn có từ 2 đến 4 người chơi, không phải {count}"
        ),
        noun=Message("players", "người chơi"),
        required=True,
    )


class TableField(fields.Raw):
    """One table of a batch, taken as sent: each is read on its own, so that
    the 422 of a bad batch names every bad value of every table."""

    def __init__(self) -> None:
        super().__init__(allow_none=True)


class SettlementBatchRequest(StrictSchema):
    """``POST /v1/settlements/batch``: up to 200 tables; ``variant`` is the
    default for tables that name none."""

    variant = VariantField()
    tables = batch_of(TableField(), MAX_BATCH_TABLES, Message("tables", "bàn"), Message("tables", "bàn"), required=True)


def _opponents() -> WholeNumber:
    """The other players at the table (the rules' 1 to 3; a full table by default)."""
    return WholeNumber(load_default=MAX_OPPONENTS, validate=_range(MIN_OPPONENTS, MAX_OPPONENTS))


class OptimalOptions(StrictSchema):
    """What ``/optimal`` and its batch take besides the cards."""

    variant = VariantField()
    objective = fields.String(
        load_default=Objective.EV.value,
        validate=validate.OneOf(
            OBJECTIVES,
            error=Message(
                f"must be {' or '.join(OBJECTIVES)}, not {{input!r}}",
                f"phải là {' hoặc '.join(OBJECTIVES)}, không phải {{input!r}}",
            ),
        ),
    )
    top = WholeNumber(load_default=3, validate=_range(1, 10))
    opponents = _opponents()


class OptimalRequest(OptimalOptions):
    """``POST /v1/arrangements/optimal``: one hand."""

    moved = ("hands", "/v1/arrangements/optimal/batch")
    cards = card_list(13, 13, _A_HAND, required=True)


class OptimalBatchRequest(OptimalOptions):
    """``POST /v1/arrangements/optimal/batch``: up to 100 hands."""

    hands = batch_of(
        card_list(13, 13, _A_HAND),
        MAX_OPTIMAL_HANDS,
        Message("hands", "tay bài"),
        Message("hands (lists of 13 cards)", "tay bài (danh sách 13 lá)"),
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
    opponents = _opponents()


class AnalysisBatchRequest(StrictSchema):
    """``POST /v1/arrangements/analysis/batch``: up to 100 arrangements, each with its own
    ``declare_natural`` or the request's."""

    arrangements = batch_of(
        fields.Nested(
            AnalysedArrangementSchema,
            error_messages={
                "null": Message(
                    "must be an object with an arrangement (and declare_natural), not null",
                    "phải là một đối tượng có arrangement (và declare_natural), không phải null",
                )
            },
        ),
        MAX_ANALYSIS_ARRANGEMENTS,
        Message("arrangements", "cách xếp"),
        noun=Message(
            "objects with an arrangement (and declare_natural)", "đối tượng có arrangement (và declare_natural)"
        ),
        required=True,
    )
    declare_natural = StrictBoolean(load_default=True)
    variant = VariantField()
    opponents = _opponents()


class PlayRequest(StrictSchema):
    """``POST /v1/arrangements/play``: how a player of a level sets 13 cards."""

    cards = card_list(13, 13, _A_HAND, required=True)
    level = fields.String(
        required=True,
        validate=validate.OneOf(
            LEVELS,
            error=Message(
                f"must be {', '.join(LEVELS[:-1])} or {LEVELS[-1]}, not {{input!r}}",
                f"phải là {', '.join(LEVELS[:-1])} hoặc {LEVELS[-1]}, không phải {{input!r}}",
            ),
        ),
    )
    seed = WholeNumber(
        validate=validate.Range(
            min=0,
            max=MAX_SEED,
            error=Message(
                "must be 0 to 2**53 - 1 (9007199254740991, the largest integer JSON readers keep exact), not {input}",
                "phải từ 0 đến 2**53 - 1 (9007199254740991, số nguyên lớn nhất mà mọi trình đọc JSON giữ chính xác),"
                " không phải {input}",
            ),
        )
    )
    variant = VariantField()
    opponents = _opponents()
