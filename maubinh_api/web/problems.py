"""RFC 9457 problem details: every error the service answers.

Views raise :class:`Problem` (or let a :class:`~maubinh_api.rules.RuleError`
or a marshmallow ``ValidationError`` escape); the handlers registered by
:func:`register_error_handlers` turn each into an ``application/problem+json``
answer.  A 422 carries ``errors``: one ``{"pointer", "detail"}`` per offending
value, the pointer an RFC 6901 JSON pointer into the request body.

Every text is held in English and Vietnamese (a problem's ``detail`` and
``detail_vi``, each :class:`Fault`'s) and written in the language the
request chose (:func:`~maubinh_api.web.language.negotiated_language`) only
when the document is.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from ..rules.errors import ErrorCode, PathPart, RuleError, pointer
from .language import negotiated_language

logger = logging.getLogger(__name__)

PROBLEM_MIMETYPE = "application/problem+json"
_TYPE_PREFIX = "urn:maubinh:problem:"


class ProblemType(NamedTuple):
    """The kind of a problem: the slug of its ``type`` URI and its title in each language."""

    slug: str
    title: str
    title_vi: str


#: status -> its problem type, for every status the service answers with.
PROBLEM_TYPES: dict[int, ProblemType] = {
    400: ProblemType("malformed-request", "Malformed request", "Yêu cầu sai định dạng"),
    401: ProblemType("unauthorized", "Unauthorized", "Chưa xác thực"),
    403: ProblemType("forbidden", "Forbidden", "Không được phép"),
    404: ProblemType("not-found", "Not found", "Không tìm thấy"),
    405: ProblemType("method-not-allowed", "Method not allowed", "Phương thức không được phép"),
    413: ProblemType("payload-too-large", "Payload too large", "Nội dung quá lớn"),
    414: ProblemType("uri-too-long", "URI too long", "Địa chỉ quá dài"),
    431: ProblemType("header-too-large", "Request header too large", "Phần đầu yêu cầu quá lớn"),
    415: ProblemType("unsupported-media-type", "Unsupported media type", "Kiểu nội dung không được hỗ trợ"),
    417: ProblemType("expectation-failed", "Expectation failed", "Không đáp ứng được Expect"),
    422: ProblemType("invalid-content", "Invalid content", "Nội dung không hợp lệ"),
    429: ProblemType("too-many-requests", "Too many requests", "Quá nhiều yêu cầu"),
    500: ProblemType("internal-error", "Internal server error", "Lỗi máy chủ nội bộ"),
    501: ProblemType("not-implemented", "Not implemented", "Chưa hỗ trợ"),
    503: ProblemType("not-ready", "Service not ready", "Dịch vụ chưa sẵn sàng"),
    504: ProblemType("timed-out", "Timed out", "Quá thời gian"),
}
_OTHER_TYPE: Final = ProblemType("error", "Error", "Lỗi")
#: A 503 of a service that is ready but has no room for the request now (readiness's 503 is "not-ready").
BUSY: Final = ProblemType("busy", "Service busy", "Dịch vụ đang bận")
#: A 413 of a request that costs more than its tenant's whole limit: it can never be answered as sent.
OVER_LIMIT: Final = ProblemType("cost-over-limit", "Costs more than the limit", "Tốn nhiều hơn giới hạn")
#: A 400 of a request that pins a model (``X-Model-Version``) the deployment does not keep.
UNKNOWN_MODEL: Final = ProblemType("unknown-model", "Unknown model", "Không có mô hình này")
#: Every kind of problem an answer may be (``Problem.type`` in openapi.yaml lists their URNs).
EVERY_PROBLEM_TYPE: Final = (*PROBLEM_TYPES.values(), BUSY, OVER_LIMIT, UNKNOWN_MODEL, _OTHER_TYPE)
#: Offending values a 422 lists (its detail counts them all).
LISTED: Final = 50


@dataclass(frozen=True, slots=True)
class Fault:
    """One offending value of a 422: an RFC 6901 pointer into the request
    body, what is wrong there for a program (``code``), and in English (``detail``) and Vietnamese."""

    pointer: str
    detail: str
    vi: str
    code: ErrorCode

    @classmethod
    def of(cls, error: RuleError) -> Fault:
        """A rule error at its own path."""
        return cls(pointer(error.path), error.detail, error.detail_vi, error.code)

    def json(self, language: str) -> dict[str, str]:
        """The ``{"pointer", "code", "detail"}`` entry of an answer in ``language``."""
        return {
            "pointer": self.pointer,
            "code": self.code.value,
            "detail": self.vi if language == "vi" else self.detail,
        }


class Problem(Exception):
    """An error answer: status, a sentence saying what is wrong (in English,
    and in Vietnamese as ``vi``), and for a 422 the list of offending values."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        vi: str,
        errors: list[Fault] | None = None,
        headers: Mapping[str, str] | None = None,
        kind: ProblemType | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.kind = kind or PROBLEM_TYPES.get(status, _OTHER_TYPE)
        self.detail = detail
        self.detail_vi = vi
        self.errors = errors
        self.headers = dict(headers or {})

    @classmethod
    def invalid(cls, errors: list[Fault]) -> Problem:
        """A 422 for the given entries, its detail naming the first."""
        first = errors[0]
        others = len(errors) - 1
        listed, listed_vi = (
            (f"; the first {LISTED} are listed", f"; {LISTED} lỗi đầu được liệt kê")
            if len(errors) > LISTED
            else ("", "")
        )
        more, more_vi = (
            (f" (and {others:,} more{listed})", f" (và {others:,} lỗi khác{listed_vi})") if others else ("", "")
        )
        return cls(
            422,
            f"{first.pointer or 'the body'}: {first.detail}{more}",
            vi=f"{first.pointer or 'nội dung yêu cầu'}: {first.vi}{more_vi}",
            errors=errors[:LISTED],
        )

    def relocated(self, prefix: str) -> Problem:
        """The same problem with every pointer moved under ``prefix`` (a pointer)."""
        if self.errors:
            return Problem.invalid(
                [Fault(prefix + error.pointer, error.detail, error.vi, error.code) for error in self.errors]
            )
        return Problem(
            self.status, self.detail, vi=self.detail_vi, errors=self.errors, headers=self.headers, kind=self.kind
        )

    def body(self, language: str | None = None) -> dict[str, Any]:
        """The problem document, in ``language`` (the request's when not given)."""
        language = language or negotiated_language()
        kind = self.kind
        vietnamese = language == "vi"
        document: dict[str, Any] = {
            "type": _TYPE_PREFIX + kind.slug,
            "title": kind.title_vi if vietnamese else kind.title,
            "status": self.status,
            "detail": self.detail_vi if vietnamese else self.detail,
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


def errors_from_marshmallow(messages: Any, prefix: tuple[PathPart, ...] = ()) -> list[Fault]:
    """Flatten marshmallow's nested error messages into pointer entries, its
    own messages put in the service's words.

    >>> from maubinh_api.web.language import Message
    >>> unknown = Message('unknown field', 'không có trường này', ErrorCode.UNKNOWN_FIELD)
    >>> messages = {'cards': {2: [Message('bad card', 'lá bài sai')]}, 'x': [unknown]}
    >>> card, extra = errors_from_marshmallow(messages)
    >>> card
    Fault(pointer='/cards/2', detail='bad card', vi='lá bài sai', code=<ErrorCode.INVALID_VALUE: 'invalid_value'>)
    >>> extra.json('vi')
    {'pointer': '/x', 'code': 'unknown_field', 'detail': 'không có trường này'}
    """
    if isinstance(messages, Mapping):
        found: list[Fault] = []
        for key, value in messages.items():
            # marshmallow files errors of the whole schema under "_schema".
            part: tuple[PathPart, ...] = () if key == "_schema" else (key,)
            found.extend(errors_from_marshmallow(value, prefix + part))
        return found
    if isinstance(messages, list) and all(isinstance(item, str) for item in messages):  # Messages are str
        return [_fault(pointer(prefix), item) for item in messages]
    if isinstance(messages, list):
        return [entry for item in messages for entry in errors_from_marshmallow(item, prefix)]
    return [_fault(pointer(prefix), str(messages))]


def _fault(where: str, message: str) -> Fault:
    """A marshmallow message as an entry: a :class:`Message`'s two texts and code (every field
    class and schema takes the service's words by key: ``request_fields.OWN_WORDS``), or (never,
    if every message is a Message) the English twice, which the language tests catch."""
    code = getattr(message, "code", None) or ErrorCode.INVALID_VALUE
    return Fault(where, str(message), getattr(message, "vi", str(message)), code)


def too_large(limit: int | None) -> Problem:
    """The 413 of a body over the service's limit (werkzeug's, or the reader's of a chunked one)."""
    return Problem(
        413,
        f"the request body is larger than the limit of {limit} bytes",
        vi=f"nội dung yêu cầu lớn hơn giới hạn {limit} byte",
    )


@contextmanager
def located(*prefix: PathPart) -> Iterator[None]:
    """Turn a rule error raised inside the block into a 422 whose pointer is
    ``prefix`` + the error's own path."""
    try:
        yield
    except RuleError as error:
        raise Problem.invalid([Fault.of(error.at(*prefix))]) from None


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
        return Problem.invalid([Fault.of(error)]).response()

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        status = error.code or 500
        headers: dict[str, str] = {}
        if status == 405:
            allowed = ", ".join(sorted(getattr(error, "valid_methods", None) or []))
            headers["Allow"] = allowed
            detail = f"{request.method} is not allowed on {request.path}; use {allowed}"
            vi = f"không dùng được {request.method} với {request.path}; hãy dùng {allowed}"
        elif status == 404:
            detail, vi = f"there is nothing at {request.path}", f"không có gì ở {request.path}"
        elif status == 413:
            return too_large(app.config.get("MAX_CONTENT_LENGTH")).response()
        else:  # werkzeug's own refusals (a Range that cannot be satisfied, ...), in its English
            kind = PROBLEM_TYPES.get(status, _OTHER_TYPE)
            detail = error.description or kind.title
            vi = f"{kind.title_vi}: dịch vụ không đáp ứng được yêu cầu này (HTTP {status} {error.name})"
        return Problem(status, detail, vi=vi, headers=headers).response()

    @app.errorhandler(Exception)
    def _unexpected(_error: Exception) -> Response:
        logger.exception("unhandled error on %s %s", request.method, request.path)
        return Problem(
            500,
            "the service failed to answer this request; it has been logged",
            vi="dịch vụ không trả lời được yêu cầu này; lỗi đã được ghi lại",
        ).response()
