"""Request schemas (marshmallow): the shape of every request body.

Schemas check types, lengths and card notation and reject unknown fields
(422, documented in openapi.yaml).  Rules that need the game (duplicate
cards, the variant's knobs, chi sizes) are checked by the domain, whose
errors carry their own paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema

from ..rules.cards import Card
from ..rules.errors import CardError

#: Largest batch of hands for ``POST /v1/hands/classify``.
MAX_CLASSIFY_HANDS = 1000
#: Most cards a list may hold: a whole hand.
MAX_CARDS = 13


class CardField(fields.Field[Card]):
    """One card in any accepted notation (RULES §1)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Card:
        try:
            return Card.parse(value)
        except CardError as error:
            raise ValidationError(str(error)) from None


class CardList(fields.List):
    """A list of cards, its length checked before any card is read, so that a
    huge list is refused without parsing it."""

    def __init__(self, *, min_length: int, max_length: int, what: str = "cards", **kwargs: Any) -> None:
        super().__init__(CardField(), **kwargs)
        self.min_length = min_length
        self.max_length = max_length
        self.what = what

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError(f'must be a list of cards such as ["As", "Kd"], not {_kind(value)}')
        if not self.min_length <= len(value) <= self.max_length:
            expected = (
                str(self.min_length)
                if self.min_length == self.max_length
                else f"{self.min_length} to {self.max_length}"
            )
            raise ValidationError(f"{self.what} hold {expected} cards, not {len(value)}")
        return super()._deserialize(value, attr, data, **kwargs)


class VariantField(fields.Raw):
    """A preset name or ``{"preset", "overrides"}``; resolved by the domain."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, (str, Mapping)):
            raise ValidationError(
                f'must be a preset name or an object {{"preset": ..., "overrides": {{...}}}}, not {_kind(value)}'
            )
        return value


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

    cards = CardList(min_length=3, max_length=5, what="a chi must")
    hands = fields.List(
        CardList(min_length=3, max_length=5, what="a chi must"),
        validate=lambda hands: _at_most(hands, MAX_CLASSIFY_HANDS, "hands"),
    )
    variant = VariantField()

    @validates_schema
    def _one_of(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if ("cards" in data) == ("hands" in data):
            raise ValidationError("send either 'cards' (one chi) or 'hands' (a list of chi), not both or neither")


class ArrangementSchema(StrictSchema):
    """Three chi: back and middle of 5 cards, front of 3."""

    back = CardList(min_length=5, max_length=5, what="the back chi must", required=True)
    middle = CardList(min_length=5, max_length=5, what="the middle chi must", required=True)
    front = CardList(min_length=3, max_length=3, what="the front chi must", required=True)


class ValidateRequest(StrictSchema):
    """``POST /v1/arrangements/validate``."""

    arrangement = fields.Nested(ArrangementSchema, required=True)
    variant = VariantField()


def _at_most(items: list[Any], limit: int, what: str) -> bool:
    if len(items) > limit:
        raise ValidationError(f"at most {limit} {what} per request, not {len(items)}")
    return True
