"""RFC 9457 problem details: every error the service answers.

Views raise :class:`Problem` (or let a :class:`~maubinh_api.rules.RuleError`
or a marshmallow ``ValidationError`` escape); the handlers registered by
:func:`register_error_handlers` turn each into an ``application/problem+json``
answer.  A 422 carries ``errors``: one ``{"pointer", "detail"}`` per offending
value, the pointer an RFC 6901 JSON pointer into the request body.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Final

from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from ..rules.errors import PathPart, RuleError, pointer

logger = logging.getLogger(__name__)

PROBLEM_MIMETYPE = "application/problem+json"
_TYPE_PREFIX = "urn:maubinh:problem:"

#: status -> (type slug, title) for every status the service answers with.
PROBLEM_TYPES: dict[int, tuple[str, str]] = {
    400: ("malformed-request", "Malformed request"),
    401: ("unauthorized", "Unauthorized"),
    404: ("not-found", "Not found"),
    405: ("method-not-allowed", "Method not allowed"),
    413: ("payload-too-large", "Payload too large"),
    415: ("unsupported-media-type", "Unsupported media type"),
    422: ("invalid-content", "Invalid content"),
    500: ("internal-error", "Internal server error"),
    503: ("not-ready", "Service not ready"),
}


class Problem(Exception):
    """An error answer: status, a sentence saying what is wrong, and for a
    422 the list of offending values."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        errors: list[dict[str, str]] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors
        self.headers = dict(headers or {})

    @classmethod
    def invalid(cls, errors: list[dict[str, str]]) -> Problem:
        """A 422 for the given ``{"pointer", "detail"}`` entries."""
        first = errors[0]
        where = first["pointer"] or "the body"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return cls(422, f"{where}: {first['detail']}{more}", errors=errors)

    def relocated(self, prefix: str) -> Problem:
        """The same problem with every pointer moved under ``prefix`` (a pointer)."""
        errors = (
            None if self.errors is None else [error | {"pointer": prefix + error["pointer"]} for error in self.errors]
        )
        if errors:
            return Problem.invalid(errors)
        return Problem(self.status, self.detail, errors=errors, headers=self.headers)

    def body(self) -> dict[str, Any]:
        """The problem document."""
        slug, title = PROBLEM_TYPES.get(self.status, ("error", "Error"))
        document: dict[str, Any] = {
            "type": _TYPE_PREFIX + slug,
            "title": title,
            "status": self.status,
            "detail": self.detail,
            "instance": request.path,
        }
        if self.errors is not None:
            document["errors"] = self.errors
        return document

    def response(self) -> Response:
        """The Flask response for this problem."""
        text = json.dumps(self.body(), ensure_ascii=False)
        return Response(text, status=self.status, mimetype=PROBLEM_MIMETYPE, headers=self.headers)


#: marshmallow's own messages, in the service's words (the pointer names the field).
_OWN_WORDS: Final[dict[str, str]] = {
    "Missing data for required field.": "is required and missing",
    "Field may not be null.": "must not be null",
    "Unknown field.": "unknown field",
    "Invalid input type.": "must be a JSON object",
    "Invalid type.": "has the wrong type",
    "Invalid value.": "is not a valid value",
    "Not a valid string.": "must be a string",
    "Not a valid integer.": "must be a whole number",
    "Not a valid number.": "must be a number",
    "Not a valid boolean.": "must be true or false",
    "Not a valid list.": "must be a list",
    "Not a valid mapping type.": "must be a JSON object",
}


def errors_from_marshmallow(messages: Any, prefix: tuple[PathPart, ...] = ()) -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into pointer entries, its
    own messages put in the service's words.

    >>> errors_from_marshmallow({'cards': {2: ['bad card']}, 'x': ['Missing data for required field.']})
    [{'pointer': '/cards/2', 'detail': 'bad card'}, {'pointer': '/x', 'detail': 'is required and missing'}]
    """
    if isinstance(messages, Mapping):
        found: list[dict[str, str]] = []
        for key, value in messages.items():
            # marshmallow files errors of the whole schema under "_schema".
            part: tuple[PathPart, ...] = () if key == "_schema" else (key,)
            found.extend(errors_from_marshmallow(value, prefix + part))
        return found
    if isinstance(messages, list) and all(isinstance(item, str) for item in messages):
        return [{"pointer": pointer(prefix), "detail": _OWN_WORDS.get(item) or item} for item in messages]
    if isinstance(messages, list):
        return [entry for item in messages for entry in errors_from_marshmallow(item, prefix)]
    return [{"pointer": pointer(prefix), "detail": str(messages)}]


@contextmanager
def located(*prefix: PathPart) -> Iterator[None]:
    """Turn a rule error raised inside the block into a 422 whose pointer is
    ``prefix`` + the error's own path."""
    try:
        yield
    except RuleError as error:
        moved = error.at(*prefix)
        raise Problem.invalid([{"pointer": pointer(moved.path), "detail": moved.detail}]) from None


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
        return Problem.invalid([{"pointer": pointer(error.path), "detail": error.detail}]).response()

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        status = error.code or 500
        headers: dict[str, str] = {}
        if status == 405:
            allowed = getattr(error, "valid_methods", None) or []
            headers["Allow"] = ", ".join(sorted(allowed))
            detail = f"{request.method} is not allowed on {request.path}; use {', '.join(sorted(allowed))}"
        elif status == 404:
            detail = f"there is nothing at {request.path}"
        elif status == 413:
            limit = app.config.get("MAX_CONTENT_LENGTH")
            detail = f"the request body is larger than the limit of {limit} bytes"
        else:
            detail = error.description or PROBLEM_TYPES.get(status, ("", "Error"))[1]
        return Problem(status, detail, headers=headers).response()

    @app.errorhandler(Exception)
    def _unexpected(_error: Exception) -> Response:
        logger.exception("unhandled error on %s %s", request.method, request.path)
        return Problem(500, "the service failed to answer this request; it has been logged").response()
