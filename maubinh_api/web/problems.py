"""RFC 9457 problem details: every error the service answers.

Views raise :class:`Problem` (or let a :class:`~maubinh_api.rules.RuleError`
or a marshmallow ``ValidationError`` escape); the handlers registered by
:func:`register_error_handlers` turn each into an ``application/problem+json``
answer.  A 422 carries ``errors``: one ``{"pointer", "detail"}`` per offending
value, the pointer an RFC 6901 JSON pointer into the request body.

Every text is held in both languages (a :class:`~maubinh_api.rules.texts.Text`:
a problem's ``detail``, its type's ``title``, each :class:`InvalidValue`'s) and
written in the language the request chose
(:func:`~maubinh_api.web.language.negotiated_language`) only when the
document is.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, cast

from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from ..infra.problem_types import (
    OTHER_TYPE,
    PROBLEM_TYPES,
    TYPE_PREFIX,
    ProblemType,
)
from ..rules.errors import ErrorCode, PathPart, RuleError, pointer
from ..rules.texts import Text, words
from .language import Message, negotiated_language

logger = logging.getLogger(__name__)

PROBLEM_MIMETYPE = "application/problem+json"
#: Offending values a 422 lists (its detail counts them all).
LISTED: Final = 50


@dataclass(frozen=True, slots=True)
class InvalidValue:
    """One offending value of a 422: an RFC 6901 pointer into the request
    body, what is wrong there for a program (``code``) and for a person (``detail``)."""

    pointer: str
    detail: Text
    code: ErrorCode
    #: False for a value past those a 422 lists: counted in its detail, never written out.
    listed: bool = True
    #: For the entry that stands for a batch's items left unread once a 422 had all it lists: how many.
    unchecked: int = 0

    @classmethod
    def of(cls, error: RuleError) -> InvalidValue:
        """A rule error at its own path."""
        return cls(pointer(error.path), error.said, error.code)

    def json(self, language: str) -> dict[str, str]:
        """The ``{"pointer", "code", "detail"}`` entry of an answer in ``language``."""
        return {"pointer": self.pointer, "code": self.code.value, "detail": self.detail.in_language(language)}


class Problem(Exception):
    """An error answer: status, a sentence saying what is wrong (``detail``, in both languages), and
    for a 422 the list of offending values."""

    def __init__(
        self,
        status: int,
        detail: Text,
        *,
        errors: list[InvalidValue] | None = None,
        headers: Mapping[str, str] | None = None,
        kind: ProblemType | None = None,
    ) -> None:
        super().__init__(detail.en)
        self.status = status
        self.kind = kind or PROBLEM_TYPES.get(status, OTHER_TYPE)
        self.detail = detail
        self.errors = errors
        self.headers = dict(headers or {})

    @classmethod
    def invalid(cls, errors: list[InvalidValue]) -> Problem:
        """A 422 for the given entries, its detail naming the first and counting them all; it lists
        the first ``LISTED`` (those past them are counted only)."""
        listed = [error for error in errors if error.listed][:LISTED]
        unchecked = sum(error.unchecked for error in errors)
        first = listed[0]
        where = Text(first.pointer, first.pointer) if first.pointer else words("the body")
        said = words("{where}: {detail}", where=where, detail=first.detail)
        others = len(errors) - 1 - sum(1 for error in errors if error.unchecked)
        if others > LISTED - 1:
            more = words(
                " (and {others} more; the first {listed} are listed)", others=format(others, ","), listed=LISTED
            )
            said += more
        elif others:
            said += words(" (and {others} more)", others=format(others, ","))
        if unchecked:
            said += words(" (the last {count} items of the batch were not checked)", count=format(unchecked, ","))
        return cls(422, said, errors=listed)

    def relocated(self, prefix: str) -> Problem:
        """The same problem with every pointer moved under ``prefix`` (a pointer)."""
        if self.errors:
            moved = [InvalidValue(prefix + error.pointer, error.detail, error.code) for error in self.errors]
            return Problem.invalid(moved)
        return Problem(self.status, self.detail, errors=self.errors, headers=self.headers, kind=self.kind)

    def body(self, language: str | None = None) -> dict[str, Any]:
        """The problem document, in ``language`` (the request's when not given)."""
        language = language or negotiated_language()
        kind = self.kind
        document: dict[str, Any] = {
            "type": TYPE_PREFIX + kind.slug,
            "title": kind.title.in_language(language),
            "status": self.status,
            "detail": self.detail.in_language(language),
            "instance": request.path,
        }
        if self.errors is not None:
            document["errors"] = [error.json(language) for error in self.errors]
        return document

    def response(self) -> Response:
        """The Flask response for this problem (one that cannot fail to encode: a text that UTF-8
        cannot carry, such as a lone surrogate of the request, is written as a JSON escape)."""
        document = self.body()
        try:
            data = json.dumps(document, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            data = json.dumps(document).encode("ascii")
        return Response(data, status=self.status, mimetype=PROBLEM_MIMETYPE, headers=self.headers)


def errors_from_marshmallow(messages: Any, prefix: tuple[PathPart, ...] = ()) -> list[InvalidValue]:
    """Flatten marshmallow's nested error messages into pointer entries, its
    own messages put in the service's words.

    >>> from maubinh_api.web.language import Message
    >>> unknown = Message(Text('unknown field', 'không có trường này'), ErrorCode.UNKNOWN_FIELD)
    >>> messages = {'cards': {2: [Message(Text('bad card', 'lá bài sai'))]}, 'x': [unknown]}
    >>> card, extra = errors_from_marshmallow(messages)
    >>> card.pointer, card.detail, card.code
    ('/cards/2', Text(en='bad card', vi='lá bài sai'), <ErrorCode.INVALID_VALUE: 'invalid_value'>)
    >>> extra.json('vi')
    {'pointer': '/x', 'code': 'unknown_field', 'detail': 'không có trường này'}
    """
    if isinstance(messages, Mapping):
        found: list[InvalidValue] = []
        for key, value in messages.items():
            if type(value) is list and all(item is UNLISTED for item in value):  # counted alone: no path made
                found.extend([_UNLISTED_FAULT] * len(value))
                continue
            # marshmallow files errors of the whole schema under "_schema".
            part: tuple[PathPart, ...] = () if key == "_schema" else (key,)
            found.extend(errors_from_marshmallow(value, prefix + part))
        return found
    if isinstance(messages, list) and messages and isinstance(messages[0], Unchecked):
        return [InvalidValue("", messages[0].said, ErrorCode.INVALID_VALUE, listed=False, unchecked=messages[0].items)]
    if isinstance(messages, list) and all(isinstance(item, str) for item in messages):  # Messages are str
        # A value past those a 422 lists is counted, never written out: no pointer is worked out for it.
        return [_UNLISTED_FAULT if item is UNLISTED else _fault(pointer(prefix), item) for item in messages]
    if isinstance(messages, list):
        return [entry for item in messages for entry in errors_from_marshmallow(item, prefix)]
    return [_fault(pointer(prefix), str(messages))]


def _fault(where: str, message: str) -> InvalidValue:
    """A marshmallow message as an entry: a :class:`Message`'s two texts and code (every field
    class and schema takes the service's words by key: ``request_fields.OWN_WORDS``), or (never,
    if every message is a Message) the English twice, which the language tests catch."""
    code = getattr(message, "code", None) or ErrorCode.INVALID_VALUE
    said = getattr(message, "said", None)
    return InvalidValue(where, said if isinstance(said, Text) else Text(str(message), str(message)), code)


class Unchecked(Message):
    """A batch's items left unread once its 422 had all it lists (``request_fields.Batch``): how many."""

    items: int

    def __new__(cls, items: int) -> Unchecked:
        unchecked = cast(Unchecked, super().__new__(cls, words("(not checked)")))
        unchecked.items = items
        return unchecked

    def __reduce__(self) -> tuple[type[Unchecked], tuple[int]]:  # type: ignore[override]
        return (Unchecked, (self.items,))


#: A value past those a 422 lists (``request_fields.described``): counted in its detail only.
UNLISTED: Final = Message(words("(not listed)"))
_UNLISTED_FAULT: Final = InvalidValue("", UNLISTED.said, ErrorCode.INVALID_VALUE, listed=False)


def too_large(limit: int | None) -> Problem:
    """The 413 of a body over the service's limit (werkzeug's, or the reader's of a chunked one)."""
    return Problem(413, words("the request body is larger than the limit of {limit} bytes", limit=limit))


class Located:
    """A block whose rule error becomes a 422 whose pointer is ``prefix`` + the error's own path (a
    class, not ``@contextmanager``: a request enters four, and a generator costs more to make)."""

    __slots__ = ("prefix",)

    def __init__(self, prefix: tuple[PathPart, ...]) -> None:
        self.prefix = prefix

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _trace: object) -> None:
        if isinstance(error, RuleError):
            raise Problem.invalid([InvalidValue.of(error.at(*self.prefix))]) from None


def located(*prefix: PathPart) -> Located:
    """Turn a rule error raised inside the block into a 422 whose pointer is
    ``prefix`` + the error's own path."""
    return Located(prefix)


def register_error_handlers(app: Flask) -> None:
    """Answer every error, expected or not, as problem+json."""

    @app.errorhandler(Problem)
    def _problem(problem: Problem) -> Response:
        return problem.response()

    @app.errorhandler(ValidationError)
    def _validation(error: ValidationError) -> Response:
        return Problem.invalid(errors_from_marshmallow(error.messages)).response()

    @app.errorhandler(RuleError)
    def _rule(error: RuleError) -> Response:
        return Problem.invalid([InvalidValue.of(error)]).response()

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        status = error.code or 500
        headers: dict[str, str] = {}
        if status == 405:
            allowed = ", ".join(sorted(getattr(error, "valid_methods", None) or []))
            headers["Allow"] = allowed
            said = words(
                "{method} is not allowed on {path}; use {allowed}",
                method=request.method, path=request.path, allowed=allowed,
            )  # fmt: skip
        elif status == 404:
            said = words("there is nothing at {path}", path=request.path)
        elif status == 413:
            return too_large(app.config.get("MAX_CONTENT_LENGTH")).response()
        else:  # werkzeug's own refusals (a Range that cannot be satisfied, ...): its English, our Vietnamese
            kind = PROBLEM_TYPES.get(status, OTHER_TYPE)
            said = Text(
                error.description or kind.title.en,
                words(
                    "{title}: the service cannot meet this request (HTTP {status} {name})",
                    title=kind.title, status=status, name=error.name,
                ).vi,
            )  # fmt: skip
        return Problem(status, said, headers=headers).response()

    @app.errorhandler(Exception)
    def _unexpected(_error: Exception) -> Response:
        logger.exception("unhandled error on %s %s", request.method, request.path)
        return Problem(500, words("the service failed to answer this request; it has been logged")).response()
