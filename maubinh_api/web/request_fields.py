"""The fields every request schema is made of (marshmallow): cards and lists of them, whole numbers,
strict booleans, a variant, a bet, a choice among codes, a seed, and the strict schema they sit in.

Each refuses what a JSON reader would let through (``"3"`` for 3, ``1`` for true, a card in no
notation) with a :class:`~maubinh_api.web.language.Message`: English with its Vietnamese.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, ClassVar, Final

from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, validate
from marshmallow.types import ErrorMessages

from ..rules.cards import Card
from ..rules.errors import ErrorCode, RuleError, VariantError, json_kind
from ..rules.money import MAX_AMOUNT_DECIMALS, parse_bet
from ..rules.player_ids import PlayerIdError, shown_id
from ..rules.table import MAX_OPPONENTS, MIN_OPPONENTS
from ..rules.texts import Text, phrase, words
from ..rules.variants import Variant, resolve_variant
from .context import context_if_any
from .language import Message
from .problems import LISTED, UNLISTED, Unchecked

#: Largest seed a request takes: 2**53 - 1, the largest integer every JSON reader (a browser's
#: ``JSON.parse`` too) keeps exact.
MAX_SEED = 2**53 - 1

_VARIANT_SHAPE = Message(
    words("must be a preset name or an object {example}", example='{"preset": ..., "overrides": {...}}')
)
_BET_SHAPE = Message(words('must be a decimal string such as "10.50"'), ErrorCode.BET_FORMAT)
_WHOLE = Message(words("must be a whole number"))
_TRUE_OR_FALSE = Message(words("must be true or false"))
#: Digits of the largest whole number read exactly: beyond, a number is out of every field's range.
_LONGEST_WHOLE = 100


def _not(shape: Message, value: object) -> Message:
    """``shape`` (what a value must be), then what ``value`` is instead."""
    code = ErrorCode.NULL if value is None else (shape.code or ErrorCode.WRONG_TYPE)
    return Message(words("{shape}, not {kind}", shape=shape.said, kind=json_kind(value)), code)


def described(message: Callable[[], Message]) -> Message:
    """What is wrong with one value, written out while the request has described fewer than a 422
    lists (``LISTED``); past them, :data:`UNLISTED`, which is counted and never written: a batch of
    thousands of bad cards is refused for what reading them costs, not for thousands of texts in two
    languages that no answer shows."""
    found = context_if_any()
    if found is not None:
        if found.described >= LISTED:
            return UNLISTED
        found.described += 1
    return message()


@contextmanager
def tentatively() -> Iterator[None]:
    """A first reading whose errors are thrown away (the schema reads the value again, and says
    what is wrong): it writes out nothing, and counts nothing against what a 422 lists."""
    found = context_if_any()
    if found is None:
        yield
        return
    before, found.described = found.described, LISTED
    try:
        yield
    finally:
        found.described = before


def _braces_doubled(message: Message) -> Message:
    """A message as a marshmallow template that formats back to it."""
    english, vietnamese = (text.replace("{", "{{").replace("}", "}}") for text in (message.said.en, message.said.vi))
    return Message(Text(english, vietnamese), message.code)


def whole_range(low: int, high: int) -> validate.Range:
    """Whole numbers from ``low`` to ``high``, said in both languages (marshmallow fills the bounds
    and the number sent)."""
    return validate.Range(
        min=low, max=high, error=Message(phrase("must be {min} to {max}, not {input}"), ErrorCode.OUT_OF_RANGE)
    )


#: marshmallow's own messages, by their keys (never by their English text), in the service's words.
OWN_WORDS: Final[ErrorMessages] = {
    "required": Message(words("is required and missing"), ErrorCode.REQUIRED),
    "null": Message(words("must not be null"), ErrorCode.NULL),
    "validator_failed": Message(words("is not a valid value"), ErrorCode.INVALID_VALUE),
}


class OwnWords:
    """Mixed into every field class the schemas use, before marshmallow's: marshmallow gathers each
    class's ``default_error_messages`` along the MRO, so these replace its own by key."""

    default_error_messages = OWN_WORDS


class String(OwnWords, fields.String):
    """A JSON string."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "invalid": Message(words("must be a string"), ErrorCode.WRONG_TYPE)
    }


class PlayerIdField(String):
    """A player id, read in NFC and refused when it holds a character the explanations cannot show
    safely (:mod:`~maubinh_api.rules.player_ids`); its length is checked on the NFC form."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return shown_id(text)
        except PlayerIdError as error:
            raise ValidationError(Message(error.said, error.code)) from None


class Nested(OwnWords, fields.Nested):
    """An object read with its own schema."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "type": Message(words("has the wrong type"), ErrorCode.WRONG_TYPE)
    }


class CardField(OwnWords, fields.Field[Card]):
    """One card in any accepted notation (docs/rules.md, "Cards")."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "null": Message(words("a card must be a string such as 'As', not {kind}", kind=json_kind(None)), ErrorCode.NULL)
    }

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Card:
        card = Card.read(value)
        if card is None:
            raise ValidationError(described(functools.partial(_unreadable, value)))
        return card


class BoundedList(OwnWords, fields.List):
    """A list whose length is checked before any item is read, so that a huge
    list is refused without parsing it.  ``too_many``/``wrong_count`` format
    the message with ``{count}``."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "invalid": Message(words("must be a list"), ErrorCode.WRONG_TYPE)
    }

    def __init__(
        self,
        item: fields.Field[Any],
        *,
        min_length: int,
        max_length: int,
        wrong_count: Message,
        noun: Text,
        **kwargs: Any,
    ) -> None:
        super().__init__(item, **kwargs)
        self.shape = Message(words("must be a list of {noun}", noun=noun))
        self.error_messages["null"] = _braces_doubled(_not(self.shape, None))
        self.min_length, self.max_length = min_length, max_length
        self.wrong_count = wrong_count

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(described(lambda: _not(self.shape, value)))
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(described(lambda: self.wrong_count.format(count=len(value))))
        return super()._deserialize(value, attr, data, **kwargs)


class Batch(BoundedList):
    """A batch's items: once the request has described all a 422 lists, the items after are not read
    (the 422 says how many): a thousand bad items are refused for what the first few cost."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list) or not self.min_length <= len(value) <= self.max_length:
            return super()._deserialize(value, attr, data, **kwargs)  # refused as a whole
        found = context_if_any()
        items: list[Any] = []
        errors: dict[int, Any] = {}
        for index, item in enumerate(value):
            if errors and found is not None and found.described >= LISTED:
                errors[index] = [Unchecked(len(value) - index)]
                break
            try:
                items.append(self.inner.deserialize(item, **kwargs))
            except ValidationError as error:
                errors[index] = error.messages
        if errors:
            raise ValidationError(errors, valid_data=items)
        return items


def batch_of(item: fields.Field[Any], limit: int, entries: Text, noun: Text, **kwargs: Any) -> Batch:
    """A batch: a list of 1 to ``limit`` ``item`` (``entries``: what they are called in the count's
    message, ``noun``: in the shape's)."""
    return Batch(
        item,
        min_length=1,
        max_length=limit,
        wrong_count=Message(
            # {count} stays for BoundedList to fill.
            words("a batch has 1 to {limit} {entries}, not {count}", limit=limit, entries=entries, count="{count}"),
            ErrorCode.WRONG_COUNT,
        ),
        noun=noun,
        **kwargs,
    )


class CardList(BoundedList):
    """A list of cards, read in one pass (a field call per card costs more than
    the card); errors are keyed by position, like marshmallow's own lists."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(described(lambda: _not(self.shape, value)))
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(described(lambda: self.wrong_count.format(count=len(value))))
        cards: list[Card] = []
        bad: list[int] = []
        for index, item in enumerate(value):
            card = Card.read(item)
            if card is None:
                bad.append(index)
            else:
                cards.append(card)
        if bad:
            raise ValidationError(_card_faults(value, bad))
        return cards


def _unreadable(text: object) -> Message:
    """Why ``text`` names no card, in both languages."""
    return Message.of(Card.why_not(text))


def _card_faults(value: list[Any], bad: list[int]) -> dict[int, list[Message]]:
    """What is wrong with each bad card of a list (``bad``: their positions), as marshmallow keys
    its errors; once the request has described all a 422 lists, the rest are counted in one entry."""
    errors: dict[int, list[Message]] = {}
    for position, index in enumerate(bad):
        message = described(functools.partial(_unreadable, value[index]))
        if message is UNLISTED:
            errors[index] = [UNLISTED] * (len(bad) - position)
            break
        errors[index] = [message]
    return errors


def card_list(min_length: int, max_length: int, what: Text, **kwargs: Any) -> CardList:
    """A list of cards; ``what`` names it in the message ("the back chi")."""
    # {count} stays for BoundedList to fill.
    if min_length == max_length:
        wrong_count = words("{what} must hold {size} cards, not {count}", what=what, size=min_length, count="{count}")
    else:
        wrong_count = words(
            "{what} must hold {low} to {high} cards, not {count}",
            what=what,
            low=min_length,
            high=max_length,
            count="{count}",
        )
    return CardList(
        CardField(),
        min_length=min_length,
        max_length=max_length,
        wrong_count=Message(wrong_count, ErrorCode.WRONG_COUNT),
        noun=words('cards such as ["As", "Kd"]'),
        **kwargs,
    )


#: What the card lists are, in their messages.
A_CHI = words("a chi")
A_HAND = words("a hand")


class WholeNumber(OwnWords, fields.Integer):
    """A JSON integer; ``3.0`` is one too (JSON Schema agrees), ``true`` and ``"3"`` are not."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "null": _not(_WHOLE, None),
        "invalid": Message(_WHOLE.said, ErrorCode.WRONG_TYPE),
    }

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
                    words("{shape}, not a number with a fractional part ({value})", shape=_WHOLE.said, value=value),
                    ErrorCode.WRONG_TYPE,
                )
            )
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(_not(_WHOLE, value))
        return value


class StrictBoolean(OwnWords, fields.Boolean):
    """true or false only (marshmallow would also take "yes", 1, "on"...)."""

    default_error_messages = {  # noqa: RUF012 - marshmallow's own attribute
        "null": _not(_TRUE_OR_FALSE, None),
        "invalid": Message(_TRUE_OR_FALSE.said, ErrorCode.WRONG_TYPE),
    }

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(_not(_TRUE_OR_FALSE, value))
        return value


class VariantField(OwnWords, fields.Raw):
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


class BetField(OwnWords, fields.Raw):
    """A decimal string, checked here for all but its decimal places (so that a bad bet is reported
    in the same 422 as a bad variant); the places are checked against the variant's money precision
    once the variant is known.  A JSON number is refused (since 1.0.0): money is never a float in
    the client that sent it, so ``10.1`` cannot arrive as ``10.0999...``."""

    default_error_messages = {"null": _not(_BET_SHAPE, None)}  # noqa: RUF012 - marshmallow's own attribute

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
            raise ValidationError(
                Message(
                    words(
                        'must be a decimal string such as "10.50", not a JSON number: money is sent as text,'
                        " so that no client's binary float changes it"
                    ),
                    ErrorCode.BET_FORMAT,
                )
            )
        if not isinstance(value, str):
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
        "unknown": Message(words("unknown field"), ErrorCode.UNKNOWN_FIELD),
        "type": Message(words("must be a JSON object"), ErrorCode.WRONG_TYPE),
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
                            words(
                                "a batch goes to POST {operation} (since 0.6.0); this operation takes one",
                                operation=operation,
                            ),
                            ErrorCode.UNKNOWN_FIELD,
                        )
                    ]
                }
            )
        return data


def one_of(choices: Sequence[str], *, also: Sequence[validate.Validator] = (), **kwargs: Any) -> String:
    """A text that must be one of ``choices`` (a code's keys), refused in both languages, and pass
    the validators ``also``."""
    listed, last = ", ".join(choices[:-1]), choices[-1]
    # marshmallow fills {input!r}: the value sent, as Python writes it.
    refused = words("must be {listed} or {last}, not {input}", listed=listed, last=last, input="{input!r}")
    choice = validate.OneOf(choices, error=Message(refused, ErrorCode.NOT_A_CHOICE))
    return String(validate=[choice, *also], **kwargs)


def seed_field() -> WholeNumber:
    """A seed: 0 to 2**53 - 1, drawn at random by the operation when omitted."""
    return WholeNumber(
        validate=validate.Range(
            min=0,
            max=MAX_SEED,
            error=Message(
                phrase(
                    "must be 0 to 2**53 - 1 (9007199254740991, the largest integer JSON readers keep exact),"
                    " not {input}"
                ),
                ErrorCode.OUT_OF_RANGE,
            ),
        )
    )


def opponents_field() -> WholeNumber:
    """The other players at the table (the rules' 1 to 3; a full table by default)."""
    return WholeNumber(load_default=MAX_OPPONENTS, validate=whole_range(MIN_OPPONENTS, MAX_OPPONENTS))
