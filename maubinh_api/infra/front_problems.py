"""The problems the front (nginx) answers itself, written from the service's own: each one's type
and title from the problem types (``infra/problem_types.py``), its detail from the catalogue, in
both languages. ``deploy/nginx.conf.template`` names each body by a field (``%%{problem_413_vi}``),
which :func:`problem_fields` fills: no answer of the front is written by hand.

nginx's variables stay in the bodies for nginx to fill as it answers: ``$maubinh_retry`` (the
seconds a caller told to wait still has) and ``$maubinh_instance`` (``,"instance":"<path>"``, or
nothing when the path cannot be shown safely)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from ..rules.texts import Text, words
from .problem_types import PROBLEM_TYPES, TYPE_PREFIX

__all__ = ["HEADER_LINE_BYTES", "FrontProblem", "front_problems", "problem_fields"]

#: The longest header line, and request line, the front reads: one of nginx's large header buffers
#: (``large_client_header_buffers``, which the template fills from here too).
HEADER_LINE_BYTES: Final = 8192
_LANGUAGES: Final = ("en", "vi")


@dataclass(frozen=True, slots=True)
class FrontProblem:
    """One answer of the front's: its field's name (``problem_<name>_<language>``), status and detail."""

    name: str
    status: int
    detail: Text
    #: Whether the body names the request's path (``instance``), as the service's do.
    instance: bool = True


def front_problems(max_body_bytes: int, read_timeout: int) -> tuple[FrontProblem, ...]:
    """Every answer the front writes itself, for a front with these limits."""
    return (
        FrontProblem(
            "held",
            429,
            words(
                "came back before the time it was given; its requests fit again in {seconds} s",
                seconds="$maubinh_retry",
            ),
            instance=False,
        ),
        FrontProblem("400", 400, words("the HTTP request does not read")),
        FrontProblem("404", 404, words("there is nothing here")),
        FrontProblem("431", 431, words("each header line may have at most {limit} bytes", limit=HEADER_LINE_BYTES)),
        FrontProblem(
            "413", 413, words("the request body is larger than the limit of {limit} bytes", limit=max_body_bytes)
        ),
        FrontProblem(
            "414",
            414,
            words(
                "the request line (method, URI and HTTP version) may have at most {limit} bytes",
                limit=HEADER_LINE_BYTES,
            ),
            instance=False,
        ),
        FrontProblem(
            "429", 429, words("too many requests or connections at once from one key or address; try again in 1 s")
        ),
        FrontProblem(
            "501",
            501,
            words("this Transfer-Encoding is not supported: send the body with a Content-Length, or chunked"),
        ),
        FrontProblem("503", 503, words("the service is not answering yet; try again in 1 s")),
        FrontProblem("504", 504, words("the service did not answer within {seconds} s", seconds=read_timeout)),
    )


def problem_fields(max_body_bytes: int, read_timeout: int) -> dict[str, str]:
    """The template's body fields: each problem in each language, as an nginx string's content."""
    fields: dict[str, str] = {}
    for problem in front_problems(max_body_bytes, read_timeout):
        kind = PROBLEM_TYPES[problem.status]
        for language in _LANGUAGES:
            document = {
                "type": TYPE_PREFIX + kind.slug,
                "title": kind.title.in_language(language),
                "status": problem.status,
                "detail": problem.detail.in_language(language),
            }
            body = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
            if problem.instance:
                body = body[:-1] + "$maubinh_instance}"
            # Inside nginx's single quotes: a quote or a backslash would end or bend the string,
            # and a "$" not ours would read as a variable. No text of ours holds one; say so if one does.
            bare = body.replace("$maubinh_instance", "").replace("$maubinh_retry", "")
            if any(character in bare for character in "'\\$"):
                raise ValueError(f"the front's {problem.name} answer in {language} cannot be an nginx string: {body}")
            fields[f"problem_{problem.name}_{language}"] = body + "\\n"
    return fields
