"""Errors raised by the rules for bad input.

Every error is a ``ValueError`` that carries a *path*: the position of the
offending value inside whatever the caller passed (``('back', 2)`` is the
third card of the back chi).  Callers that wrap the input in a larger
document prepend their own location with :meth:`RuleError.at`, so the HTTP
layer can turn the path into a JSON pointer without knowing any rule.

Every error says what is wrong in English and in Vietnamese, as one
:class:`~maubinh_api.rules.texts.Text` (``said``, from the catalogue): the HTTP
layer answers in the language the client asks for, with JSON pointers, card
texts and field names the same in both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from typing import ClassVar, Self

from .texts import Text, words

PathPart = str | int
Path = tuple[PathPart, ...]


def pointer(path: Sequence[PathPart]) -> str:
    """Render a path as an RFC 6901 JSON pointer.

    >>> pointer(('arrangement', 'back', 2))
    '/arrangement/back/2'
    >>> pointer(())
    ''
    """
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def json_kind(value: object) -> Text:
    """What a value read from JSON is, in both languages: said where a value of another kind was wanted.

    >>> [json_kind(value).en for value in (None, True, "x", {}, [1], 2.5)]
    ['null', 'a boolean', 'a string', 'an object', 'a list', 'a number']
    >>> json_kind([1]).vi
    'một danh sách'
    """
    if value is None:
        return words("null")
    if isinstance(value, bool):
        return words("a boolean")
    if isinstance(value, str):
        return words("a string")
    if isinstance(value, Mapping):
        return words("an object")
    if isinstance(value, (list, tuple)):
        return words("a list")
    if isinstance(value, (int, float, Decimal)):
        return words("a number")
    return words("a value")


class ErrorCode(StrEnum):
    """What is wrong with one value, for a program to read: the ``code`` of each entry of a 422's
    ``errors``, the same in both languages and stable within ``/v1`` (new codes may be added;
    docs/integrating.md, "Rules of change")."""

    #: A text that is not a card in any accepted notation.
    CARD_UNKNOWN = "card_unknown"
    #: The same card twice: in one hand, or dealt to two players.
    CARD_REPEATED = "card_repeated"
    #: A chi, a hand, a list or a batch with the wrong number of items.
    WRONG_COUNT = "wrong_count"
    #: A required field is missing.
    REQUIRED = "required"
    #: ``null`` where a value is needed.
    NULL = "null"
    #: A field no request of this operation has (a misspelling is not ignored).
    UNKNOWN_FIELD = "unknown_field"
    #: A value of the wrong JSON type (a string for a number, a list for an object, ...).
    WRONG_TYPE = "wrong_type"
    #: A number outside its field's range.
    OUT_OF_RANGE = "out_of_range"
    #: A text that is none of its field's choices (a level, a theme, a metric, ...).
    NOT_A_CHOICE = "not_a_choice"
    #: Two fields that cannot go together, or one that needs another.
    CONFLICT = "conflict"
    #: A preset no deployment knows.
    UNKNOWN_PRESET = "unknown_preset"
    #: A knob no variant has.
    UNKNOWN_KNOB = "unknown_knob"
    #: A knob's value out of its range, or knobs that contradict each other.
    KNOB_VALUE = "knob_value"
    #: A variant fingerprint that does not match its preset and overrides.
    FINGERPRINT_MISMATCH = "fingerprint_mismatch"
    #: A bet that is not a decimal amount (a sign, an exponent, a comma, a JSON number, ...).
    BET_FORMAT = "bet_format"
    #: A bet of 0 or less, or above the largest.
    BET_RANGE = "bet_range"
    #: A bet with more decimal places than the variant pays.
    BET_DECIMALS = "bet_decimals"
    #: A table of too few or too many players.
    PLAYER_COUNT = "player_count"
    #: One player id used twice at a table.
    PLAYER_REPEATED = "player_repeated"
    #: A player id with a character that could change how the explanations read (a control, bidi,
    #: zero-width or line-separator character).
    PLAYER_ID_CHARACTER = "player_id_character"
    #: A drill theme the variant or table never deals, or deals too seldom to find.
    THEME_UNAVAILABLE = "theme_unavailable"
    #: A body beyond what any request holds (members, values, text length, a NUL, a lone surrogate).
    BODY_SHAPE = "body_shape"
    #: A value of the right type that is not valid there (any other fault).
    INVALID_VALUE = "invalid_value"


class RuleError(ValueError):
    """Input the rules cannot accept, with the path of the offending value.

    >>> error = RuleError(Text("the bet must be greater than 0, not 0", "mức cược phải lớn hơn 0, không phải 0"))
    >>> str(error), error.said.vi
    ('the bet must be greater than 0, not 0', 'mức cược phải lớn hơn 0, không phải 0')
    """

    #: The fault's code when the raise does not name a more precise one.
    default_code: ClassVar[ErrorCode] = ErrorCode.INVALID_VALUE

    def __init__(self, said: Text, *, path: Sequence[PathPart] = (), code: ErrorCode | None = None) -> None:
        if not isinstance(said, Text):  # a str would lose its Vietnamese: refused at once, not when answered
            raise TypeError("a rule error says what is wrong in both languages: give a Text (words())")
        super().__init__(said.en)
        self.said = said
        self.path: Path = tuple(path)
        self.code: ErrorCode = code or self.default_code

    def at(self, *prefix: PathPart) -> Self:
        """A copy of this error located inside ``prefix``."""
        # Exceptions with keyword-only constructors do not survive copy.copy.
        moved = type(self).__new__(type(self))
        moved.__dict__.update(self.__dict__)
        moved.args = self.args
        moved.path = tuple(prefix) + self.path
        return moved

    def __reduce__(self) -> tuple[object, ...]:
        # Nor pickling (an error sent back by a worker process): rebuilt from its state instead.
        return (_restored, (type(self), self.args, dict(self.__dict__)))


def _restored(kind: type[RuleError], args: tuple[object, ...], state: dict[str, object]) -> RuleError:
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


class CardError(RuleError):
    """A value that is not a card in any accepted notation."""

    default_code = ErrorCode.CARD_UNKNOWN

    def __init__(self, said: Text, *, value: object = None, path: Sequence[PathPart] = ()) -> None:
        super().__init__(said, path=path)
        self.value = value


class CardCountError(RuleError):
    """A chi, a hand or a list with the wrong number of cards."""

    default_code = ErrorCode.WRONG_COUNT


class DuplicateCardError(RuleError):
    """The same card used twice.  The path points at the second occurrence;
    ``paths`` holds every occurrence so the message can name them all."""

    default_code = ErrorCode.CARD_REPEATED

    def __init__(self, *, card_text: str, paths: Sequence[Path]) -> None:
        self.card_text = card_text
        self.paths: tuple[Path, ...] = tuple(paths)
        super().__init__(self._said(), path=self.paths[-1])

    def _said(self) -> Text:
        where = Text.join(words(" and "), [Text(pointer(path) or "/", pointer(path) or "/") for path in self.paths])
        return words("card {card} appears twice: at {where}", card=self.card_text, where=where)

    def at(self, *prefix: PathPart) -> Self:
        moved = super().at(*prefix)
        moved.paths = tuple(tuple(prefix) + path for path in self.paths)
        moved.said = moved._said()
        moved.args = (moved.said.en,)
        return moved


class VariantError(RuleError):
    """An unknown preset, an unknown knob or a knob value out of range."""

    default_code = ErrorCode.KNOB_VALUE
