"""The kinds of problem the service answers (RFC 9457 ``type`` and ``title``), declared once below
the entry points: the views' problems (web/problems.py), gunicorn's own refusals
(infra/gunicorn_refusals.py) and the front's (infra/front_problems.py, which writes nginx's bodies)
all name them from here, and openapi.yaml lists them (``make spec`` writes the list)."""

from __future__ import annotations

from typing import Final, NamedTuple

from ..rules.texts import Text, words

__all__ = [
    "BUSY",
    "EVERY_PROBLEM_TYPE",
    "OTHER_TYPE",
    "OVER_LIMIT",
    "PROBLEM_TYPES",
    "TYPE_PREFIX",
    "UNKNOWN_MODEL",
    "ProblemType",
]

#: What every problem type's URN starts with.
TYPE_PREFIX: Final = "urn:maubinh:problem:"


class ProblemType(NamedTuple):
    """The kind of a problem: the slug of its ``type`` URI and its title."""

    slug: str
    title: Text


#: status -> its problem type, for every status the service answers with.
PROBLEM_TYPES: dict[int, ProblemType] = {
    400: ProblemType("malformed-request", words("Malformed request")),
    401: ProblemType("unauthorized", words("Unauthorized")),
    403: ProblemType("forbidden", words("Forbidden")),
    404: ProblemType("not-found", words("Not found")),
    405: ProblemType("method-not-allowed", words("Method not allowed")),
    413: ProblemType("payload-too-large", words("Payload too large")),
    414: ProblemType("uri-too-long", words("URI too long")),
    431: ProblemType("header-too-large", words("Request header too large")),
    415: ProblemType("unsupported-media-type", words("Unsupported media type")),
    417: ProblemType("expectation-failed", words("Expectation failed")),
    422: ProblemType("invalid-content", words("Invalid content")),
    429: ProblemType("too-many-requests", words("Too many requests")),
    500: ProblemType("internal-error", words("Internal server error")),
    501: ProblemType("not-implemented", words("Not implemented")),
    503: ProblemType("not-ready", words("Service not ready")),
    504: ProblemType("timed-out", words("Timed out")),
}
OTHER_TYPE: Final = ProblemType("error", words("Error"))
#: A 503 of a service that is ready but has no room for the request now (readiness's 503 is "not-ready").
BUSY: Final = ProblemType("busy", words("Service busy"))
#: A 422 of a request that costs more than its tenant's whole limit: it can never be answered as sent.
OVER_LIMIT: Final = ProblemType("cost-over-limit", words("Costs more than the limit"))
#: A 400 of a request that pins a model (``X-Model-Version``) the deployment does not keep.
UNKNOWN_MODEL: Final = ProblemType("unknown-model", words("Unknown model"))
#: Every kind of problem an answer may be (``Problem.type`` in openapi.yaml lists their URNs).
EVERY_PROBLEM_TYPE: Final = (*PROBLEM_TYPES.values(), BUSY, OVER_LIMIT, UNKNOWN_MODEL, OTHER_TYPE)
