"""Reading a JSON request body strictly.

Flask's ``request.get_json`` accepts NaN and Infinity, turns numbers into
binary floats and reports every failure the same way; money cannot work with
that.  Here: JSON only, sent as it is (415 otherwise: another media type, or a
``Content-Encoding`` such as gzip), UTF-8 only, numbers with a fraction
or exponent become ``Decimal`` (exact), a member named twice in one object
is refused, and every failure is a 400 that says where the text went wrong.
A body over ``MAX_CONTENT_LENGTH`` is a 413, sent with a length or chunked
(werkzeug's ``get_data`` would cut a chunked one short silently: it is read here), and what no operation
accepts (crowded objects, over-long texts, NULs, lone surrogates) is refused
before validation (:mod:`~maubinh_api.web.body_shape`).
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any, Final, NoReturn

from flask import request
from werkzeug.exceptions import ClientDisconnected
from werkzeug.sansio.utils import get_content_length

from ..infra.tracing import current
from ..rules.errors import ErrorCode, json_kind
from ..rules.texts import Text, words
from . import body_shape
from .context import context
from .problems import InvalidValue, Problem, too_large


class NotANumber(ValueError):
    """NaN or Infinity, which Python's JSON reader would take and JSON has not."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is not a JSON number")
        self.name = name


def _reject_constant(name: str) -> NoReturn:
    raise NotANumber(name)


class DuplicateKey(ValueError):
    """One JSON object names a member twice: which value was meant is not for us to guess."""

    def __init__(self, key: str) -> None:
        self.key = body_shape.shown_name(key)
        super().__init__(f"the member {self.key!r} appears twice in one object; send each name once")


class _Reading:
    """One body's parse: each object's members checked as the reader builds it (a member named
    twice is refused at once; a crowded object is kept short and noted, for ``body_shape.check``)."""

    __slots__ = ("crowded", "decoder")

    def __init__(self) -> None:
        self.crowded = False
        # A reader of its own (about a microsecond to make): the objects it meets are this body's.
        self.decoder = json.JSONDecoder(
            parse_float=Decimal, parse_constant=_reject_constant, object_pairs_hook=self.members
        )

    def members(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        crowded = body_shape.crowded(pairs)
        if crowded is not None:
            self.crowded = True
            return crowded
        return _distinct_members(pairs)


def _distinct_members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of a body too short to crowd one (below ``SHORT_BODY`` bytes): a member named twice
    is refused, nothing else to note, so one reader serves every such body."""
    members = dict(pairs)
    if len(members) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return members


#: Bytes below which no object can hold more than ``MAX_MEMBERS`` members (each takes five at least:
#: ``"":0,``): such a body, the usual one, is read by the shared reader, not one made for it.
SHORT_BODY: Final = 5 * body_shape.MAX_MEMBERS
_SHORT_READER: Final = json.JSONDecoder(
    parse_float=Decimal, parse_constant=_reject_constant, object_pairs_hook=_distinct_members
)


def json_object() -> dict[str, Any]:
    """The request body as a JSON object, or a Problem (400, 413, 415, 422); read once per
    request (the limits count its bytes before it is parsed, the view reads it)."""
    found = context()
    if found.body is None:
        if found.body_problem is not None:  # a body is read once: a chunked one cannot be read again
            raise found.body_problem
        current_request = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
        trace = current()
        try:
            if trace is None:
                found.body = _read_object(current_request)
            else:
                with trace.child("read body") as span:
                    found.body = _read_object(current_request)
                    if isinstance(found.raw, bytes):  # read whole (a body over the limit raised)
                        span.set_attribute("http.request.body.size", len(found.raw))
        except Problem as problem:
            found.body_problem = problem
            raise
    return found.body


def body_length() -> int:
    """How many bytes of the current request's body are read to answer it, known before any is
    parsed: its ``Content-Length`` (0 for a body over the limit, which is refused unread), or what
    a chunked body held, read now up to a byte past the limit."""
    current = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    environ = current.environ
    length = get_content_length(environ.get("CONTENT_LENGTH"), environ.get("HTTP_TRANSFER_ENCODING"))
    if length is not None or not environ.get("wsgi.input_terminated"):
        limit = current.max_content_length
        return 0 if length is None or (limit is not None and length > limit) else length
    raw = _raw(current)
    return len(raw) if isinstance(raw, bytes) else raw[1]


def drain_unread() -> None:
    """Read and drop what is left of a body the request was answered without reading (a refusal
    before its body was read), up to the service's limit: a server that closes a connection with
    bytes unread resets it, and the front, still sending them, would answer its client 502."""
    current = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    environ = current.environ
    if context().raw is not None:
        return
    length = get_content_length(environ.get("CONTENT_LENGTH"), environ.get("HTTP_TRANSFER_ENCODING"))
    limit = current.max_content_length
    if length is None and environ.get("wsgi.input_terminated"):
        length = (limit or 0) + 1  # chunked: what comes, up to a byte past the limit
    if not length or (limit is not None and length > limit + 1):
        return
    stream = environ["wsgi.input"]
    while length > 0:
        chunk = stream.read(min(length, 65536))
        if not chunk:
            return
        length -= len(chunk)
    context().raw = b""


def _raw(current: Any) -> bytes | tuple[Exception, int]:
    """The body's bytes, at most the service's limit of them; beyond it, its 413 and how many
    bytes were read to know (read once, and kept)."""
    found = context()
    if found.raw is None:
        found.raw = _read_raw(current)
    return found.raw


def _read_raw(current: Any) -> bytes | tuple[Problem, int]:
    limit = current.max_content_length
    environ = current.environ
    # Werkzeug's own reading of the header, without the request's header wrappers (5 µs a request).
    length = get_content_length(environ.get("CONTENT_LENGTH"), environ.get("HTTP_TRANSFER_ENCODING"))
    if length is not None or not environ.get("wsgi.input_terminated"):
        if length is not None and limit is not None and length > limit:
            return too_large(limit), 0
        try:  # werkzeug's stream: reading the server's own would save 6 µs, 1% of a request (make bench-readers)
            return bytes(current.get_data(cache=True))
        except ClientDisconnected:
            said = words("the request body ended before the {length} bytes its Content-Length announced", length=length)
            raise Problem(400, said) from None
    # Chunked: read here, one byte past the limit to know whether it is over. werkzeug's get_data()
    # returns the first max_content_length bytes of a longer chunked body as if they were all of it
    # (werkzeug 3.1; tests/web/test_body.py holds that, and fails the day it stops).
    stream = environ["wsgi.input"]
    raw: bytes = stream.read(limit + 1) if limit is not None else stream.read()
    if limit is not None and len(raw) > limit:
        return too_large(limit), len(raw)
    return raw


def _read_object(current: Any) -> dict[str, Any]:
    coding = current.environ.get("HTTP_CONTENT_ENCODING")
    if coding is not None:  # the usual case sends none
        _check_content_coding(coding)
    if current.environ.get("CONTENT_TYPE") != "application/json":  # the usual case needs no parsing
        _check_media_type(current)
    raw = _raw(current)
    if not isinstance(raw, bytes):
        raise raw[0]
    shape = body_shape.refuse_by_bytes(raw)
    reading = _Reading() if len(raw) >= SHORT_BODY else None
    data = _decode(_SHORT_READER if reading is None else reading.decoder, _text(raw))
    if not isinstance(data, dict):
        kind = json_kind(data)
        raise Problem.invalid(
            [InvalidValue("", words("the body must be a JSON object, not {kind}", kind=kind), ErrorCode.WRONG_TYPE)]
        )
    body_shape.check(raw, data, shape.longest, crowded=reading is not None and reading.crowded)
    return data


def _check_content_coding(value: str) -> None:
    """A 415 for a body sent with a content coding (RFC 9110 §15.5.16): the service decodes none, and
    says so in ``Accept-Encoding`` (§12.5.3). ``identity`` (any case), or nothing, is no coding."""
    codings = [coding for coding in (part.strip(" \t") for part in value.split(",")) if coding]
    unsupported = [coding for coding in codings if coding.lower() != "identity"]
    if unsupported:
        said = ", ".join(unsupported)
        said = said if len(said) <= 100 else said[:99] + "…"
        raise Problem(
            415,
            words(
                "the request body is sent with Content-Encoding: {coding}, which this service does not decode;"
                " send it as plain JSON, without Content-Encoding",
                coding=said,
            ),
            headers=_NO_CODING,
        )


#: What a 415 for a content coding says the service takes: none but the body as it is.
_NO_CODING: Final = {"Accept-Encoding": "identity"}


#: The longest ``Content-Type`` read (``application/json; charset=utf-8`` is 31 bytes): werkzeug parses
#: every parameter of one, and 8 KB of them (what the front admits) cost a millisecond a request.
LONGEST_CONTENT_TYPE: Final = 256


def _check_media_type(current: Any) -> None:
    """A 415 for a body that is not JSON in UTF-8 (or whose ``Content-Type`` is too long to be read)."""
    if len(current.environ.get("CONTENT_TYPE", "")) > LONGEST_CONTENT_TYPE:
        raise Problem(
            415,
            words(
                "the Content-Type header is longer than {limit} bytes; send application/json",
                limit=LONGEST_CONTENT_TYPE,
            ),
        )
    if not current.is_json:
        mimetype = current.mimetype if len(current.mimetype) <= 100 else current.mimetype[:99] + "…"
        raise Problem(
            415,
            words("send the body as application/json, not {mimetype}", mimetype=mimetype)
            if mimetype
            else words("send the body as application/json, not no Content-Type"),
        )
    charset = current.mimetype_params.get("charset", "utf-8").lower()[:40]
    if charset not in ("utf-8", "utf8"):
        raise Problem(415, words("JSON bodies must be UTF-8, not {charset}", charset=charset))


def _text(raw: bytes) -> str:
    """The body as text: a 400 when it is empty or not UTF-8."""
    if not raw.strip():
        raise Problem(400, words("the request body is empty; send a JSON object"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Problem(400, words("the request body is not valid UTF-8 (byte {byte})", byte=error.start)) from None


def _decode(decoder: json.JSONDecoder, text: str) -> Any:
    """The JSON value of the text: a 400 saying where and why it does not read."""
    try:
        return decoder.decode(text)
    except json.JSONDecodeError as error:
        # Python's own complaint, in Vietnamese where the catalogue has it (else as Python said it).
        complaint = _JSON_WORDS.get(error.msg) or Text(error.msg, f"({error.msg})")
        raise Problem(
            400,
            words(
                "the request body is not valid JSON: {complaint} at line {line} column {column}",
                complaint=complaint,
                line=error.lineno,
                column=error.colno,
            ),
        ) from None
    except DuplicateKey as error:
        raise Problem(
            400,
            words(
                "the request body is ambiguous: the member {member} appears twice in one object; send each name once",
                member=repr(error.key),
            ),
        ) from None
    except NotANumber as error:
        raise Problem(
            400, words("the request body is not valid JSON: {name} is not a JSON number", name=error.name)
        ) from None
    except ValueError as error:
        if "integer string conversion" not in str(error):  # pragma: no cover - the reader raises no other
            raise Problem(400, words("the request body is not valid JSON: {reason}", reason=str(error))) from None
        digits = sys.get_int_max_str_digits()  # the longest integer Python reads
        raise Problem(
            400,
            words(
                "the request body holds a number of more than {digits} digits, longer than this service reads",
                digits=digits,
            ),
        ) from None
    except RecursionError:
        raise Problem(400, words("the request body is nested too deeply to be read")) from None


#: Python's JSON reader's complaints (``JSONDecodeError.msg``), by their English.
_JSON_WORDS: Final = {
    said.en: said
    for said in (
        words("Expecting value"),
        words("Expecting property name enclosed in double quotes"),
        words("Expecting ':' delimiter"),
        words("Expecting ',' delimiter"),
        words("Unterminated string starting at"),
        words("Invalid control character at"),
        words("Invalid \\escape"),
        words("Invalid \\uXXXX escape"),
        words("Extra data"),
        words("Illegal trailing comma before end of object"),
        words("Illegal trailing comma before end of array"),
    )
}
