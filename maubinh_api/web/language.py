"""The language of error answers: English (the default) or Vietnamese, as the client asks.

Every message that can reach a client is written in both languages: a rule
error carries its Vietnamese (:class:`~maubinh_api.rules.errors.RuleError`
``vi``), a :class:`~maubinh_api.web.problems.Problem` and each of its
``errors`` entries carry both texts until the answer is written, and a
marshmallow message is a :class:`Message`.  Only problem documents are
written in one language, chosen from ``Accept-Language``
(:func:`negotiated_language`); the normal answers carry their texts as
``{"en", "vi"}`` whatever the header says.  Every answer says which
language it chose (``Content-Language``) and that it depends on the header
(``Vary: Accept-Language``), so that no shared cache hands a Vietnamese
problem to an English reader.

Only the start of ``Accept-Language`` is read (:data:`ACCEPT_LANGUAGE_ENTRIES`,
:data:`ACCEPT_LANGUAGE_BYTES`): a request costs what it is priced however long the header.
"""

from __future__ import annotations

import re
from typing import Final

from flask import Flask, Response, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from ..rules.errors import ErrorCode, RuleError
from ..rules.texts import Text

#: The languages error answers are written in; the first is the default.
LANGUAGES: Final = ("en", "vi")
DEFAULT_LANGUAGE: Final = LANGUAGES[0]

_SUBTAG: Final = re.compile(r"[-_]")

#: The most of an ``Accept-Language`` header that is read: its first 16 entries (comma-separated
#: elements, empty ones included) within its first 256 bytes, whichever is fewer; an entry the byte
#: bound cuts is left out.  A browser sends the few languages its user chose, in well under 100
#: bytes ("vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7" is 35), so no real header reaches either bound,
#: while an 8 KB header of 1,300 entries would cost a one-unit request several times its price
#: to parse and match (werkzeug's matching goes over every entry for each language).
ACCEPT_LANGUAGE_ENTRIES: Final = 16
ACCEPT_LANGUAGE_BYTES: Final = 256


def bounded_accept_language(header: str) -> str:
    """The part of an ``Accept-Language`` header that is read (:data:`ACCEPT_LANGUAGE_ENTRIES`,
    :data:`ACCEPT_LANGUAGE_BYTES`); its cost is linear in those bounds, not in the header.

    >>> bounded_accept_language("vi-VN,vi;q=0.9,en;q=0.5")
    'vi-VN,vi;q=0.9,en;q=0.5'
    >>> bounded_accept_language(",".join(f"x{number}" for number in range(100)))
    'x0,x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15'
    >>> bounded_accept_language("en;q=0.5, vi-" + "x" * 300)
    'en;q=0.5'
    """
    if len(header) > ACCEPT_LANGUAGE_BYTES:  # a WSGI header is Latin-1 text: one character per byte
        # Up to the last comma within the bound (or just after it): what follows may be cut short.
        header = header[: ACCEPT_LANGUAGE_BYTES + 1].rpartition(",")[0]
    return ",".join(header.split(",", ACCEPT_LANGUAGE_ENTRIES)[:ACCEPT_LANGUAGE_ENTRIES])


def accepted_languages(header: str) -> LanguageAccept:
    """werkzeug's reading of the start of an ``Accept-Language`` header (:func:`bounded_accept_language`).

    >>> [(tag, quality) for tag, quality in accepted_languages("en;q=0.5, vi-VN")]
    [('vi-VN', 1), ('en', 0.5)]
    """
    return parse_accept_header(bounded_accept_language(header), LanguageAccept)


def choose_language(accepted: LanguageAccept) -> str:
    """The language to answer in for an ``Accept-Language`` read by werkzeug.

    The service speaks primary languages only, so each accepted tag counts
    for its primary language (``vi-VN`` is ``vi``: RFC 4647 lookup), with
    its quality; ``*`` leaves the choice to the service (English), and
    ``q=0`` refuses a language.

    >>> from werkzeug.http import parse_accept_header
    >>> [choose_language(parse_accept_header(header, LanguageAccept))
    ...  for header in ("vi", "vi-VN;q=0.9, en;q=0.5", "fr", "*", "en;q=0, *", "")]
    ['vi', 'vi', 'en', 'en', 'vi', 'en']
    """
    primary = LanguageAccept([(_SUBTAG.split(tag, maxsplit=1)[0], quality) for tag, quality in accepted])
    return primary.best_match(LANGUAGES, default=DEFAULT_LANGUAGE)


#: Where a request keeps the language once worked out: its WSGI environ, which every step of it
#: shares (kept there rather than in the request's context, which would put this module above it).
_CHOSEN: Final = "maubinh.language"


def negotiated_language() -> str:
    """The language of the current request's error answers, worked out once a request."""
    environ = request.environ
    chosen: str | None = environ.get(_CHOSEN)
    if chosen is None:
        header = environ.get("HTTP_ACCEPT_LANGUAGE")
        # Not request.accept_languages: werkzeug would read the whole header.
        chosen = choose_language(accepted_languages(header)) if header else DEFAULT_LANGUAGE
        environ[_CHOSEN] = chosen
    return chosen


def register_language(app: Flask) -> None:
    """Label every answer with the language chosen for it."""

    @app.after_request
    def _label(response: Response) -> Response:
        headers = response.headers
        headers.add("Content-Language", negotiated_language())  # this hook alone writes it
        # Added to whatever the answer varies on already (getlist: a missing header costs no KeyError).
        varies = ", ".join(headers.getlist("Vary"))
        if not varies:
            headers.add("Vary", "Accept-Language")
        elif "accept-language" not in varies.lower():
            headers["Vary"] = f"{varies}, Accept-Language"
        return response


class Message(str):
    """A marshmallow message: its English (the ``str``), carrying the whole text (``said``, a
    :class:`~maubinh_api.rules.texts.Text`) and what is wrong for a program (``code``).

    marshmallow hands a message on as it was given (a field's, a validator's, a schema's) and
    formats its own with ``str.format``: a Message survives both, so its Vietnamese reaches the
    problem answer beside the English.

    >>> message = Message(Text("must be 1 to {max}, not {input}", "phải từ 1 đến {max}, không phải {input}"))
    >>> formatted = message.format(max=3, input=4)
    >>> formatted, formatted.said.vi
    ('must be 1 to 3, not 4', 'phải từ 1 đến 3, không phải 4')
    """

    said: Text
    #: What is wrong, for a program (``errors[].code``); None leaves it to the reader of the message.
    code: ErrorCode | None

    def __new__(cls, said: Text, code: ErrorCode | None = None) -> Message:
        message = super().__new__(cls, said.en)
        message.said = said
        message.code = code
        return message

    @classmethod
    def of(cls, error: RuleError) -> Message:
        """A rule error's explanation, in both languages, with its code."""
        return cls(error.said, error.code)

    def format(self, *args: object, **kwargs: object) -> Message:
        said = self.said
        return Message(Text(str.format(said.en, *args, **kwargs), str.format(said.vi, *args, **kwargs)), self.code)

    def __reduce__(self) -> tuple[type[Message], tuple[Text, ErrorCode | None]]:
        # marshmallow deep-copies its fields, and their messages with them.
        return (Message, (self.said, self.code))
