"""Per-request plumbing: request ids, timing, metrics and the access-log fields.

A WSGI middleware around the Flask app (no per-request Flask proxies, which
cost more than the work): it gives every answer, errors included, an
``X-Request-ID`` (the caller's, else a new one; a caller's that is not 1-128
letters, digits and ``._:-`` is a 400, :func:`refuse_bad_request_ids`), times the request and counts it by
route template, method (``other`` for any but the usual seven) and status,
and answers a problem even when the application's own error handlers fail.  The route template comes from
Flask's routing, left in the environ by the request's first hook (``web/context.py``).

When the service traces (``infra/tracing.py``: decided once, when the app is built), the middleware
is :class:`TracedObservability`, which wraps each request in its span (continuing the caller's
``traceparent``), answers ``traceresponse`` and leaves the trace id for the access log. When it does
not, the middleware is the plain :class:`Observability`, which knows nothing of traces: the untraced
path makes no call of OpenTelemetry at all.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from flask import Flask, request
from werkzeug.http import HTTP_STATUS_CODES

from ..infra.logging import REQUEST_ID_KEY, ROUTE_KEY, TENANT_KEY, TRACE_ID_KEY
from ..infra.metrics import HTTP_DURATION, HTTP_REQUESTS
from ..infra.problem_types import PROBLEM_TYPES, TYPE_PREFIX
from ..infra.request_ids import REQUEST_ID, new_request_id
from ..infra.tracing import Tracing
from ..rules.texts import Text, words
from .operations import operation_of
from .problems import Problem

logger = logging.getLogger(__name__)

_STATUS_KEY = "maubinh.status"
#: Set by the middleware on a request whose ``X-Request-ID`` is no id (it gave it one of its own).
BAD_REQUEST_ID_KEY: Final = "maubinh.bad_request_id"

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def register_observability(app: Flask, headers: Sequence[tuple[str, str]] = (), tracing: Tracing | None = None) -> None:
    """Wrap the app in the middleware (each request's route template is left in the environ by the
    request's first hook: ``web/context.py``); ``headers`` go on every answer. With ``tracing``, each
    request is a span of its trace (:class:`TracedObservability`)."""
    if tracing is None:
        app.wsgi_app = Observability(app.wsgi_app, headers)  # type: ignore[method-assign]
    else:
        app.wsgi_app = TracedObservability(app.wsgi_app, headers, tracing, OperationIds(app))  # type: ignore[method-assign]


def refuse_bad_request_ids(app: Flask) -> None:
    """Refuse a request whose ``X-Request-ID`` is no id with a 400 problem.  Registered after access
    control: the refusal counts against its tenant, and a tenant told to wait is refused as a whole
    before it (the middleware refused it before the application ran, and a tenant sending 1,400 such
    requests a second took more than a core, uncounted)."""

    @app.before_request
    def _refuse() -> None:
        if request.environ.get(BAD_REQUEST_ID_KEY):
            raise Problem(400, _BAD_REQUEST_ID)


class Observability:
    """Request id, fixed headers, timing and metrics for every request."""

    def __init__(self, app: WSGIApp, headers: Sequence[tuple[str, str]] = ()) -> None:
        self.app = app
        self.headers = list(headers)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        given = environ.get("HTTP_X_REQUEST_ID") or None  # an empty one is none, as the front reads it
        request_id = new_request_id() if given is None or not REQUEST_ID.match(given) else given
        environ[REQUEST_ID_KEY] = request_id
        if given is not None and request_id != given:  # refused by the application, once it knows the tenant
            environ[BAD_REQUEST_ID_KEY] = True
        sent: list[bool] = []

        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            headers.append(("X-Request-ID", request_id))
            present = {name.lower() for name, _ in headers}  # the application's own value wins
            headers.extend(header for header in self.headers if header[0].lower() not in present)
            environ[_STATUS_KEY] = status
            sent.append(True)
            return start_response(status, headers, *exc_info)

        try:
            try:
                return self.app(environ, start)
            except Exception:  # the application's own error handlers failed: answer all the same
                logger.exception("unanswered error on %s %s", environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"))
                if sent:
                    raise
                return _plain_problem(start, 500, _FAILED, environ)
        finally:
            # Route templates and known methods, never raw paths or methods: the label sets stay small.
            route = environ.setdefault(ROUTE_KEY, "unmatched")
            status = int(environ.get(_STATUS_KEY, "500")[:3])
            method = environ.get("REQUEST_METHOD", "")
            counter, histogram = _children(route, method if method in METHODS else "other", status)
            counter.inc()
            histogram.observe(time.perf_counter() - started)


class TracedObservability(Observability):
    """The middleware of a service that traces: each request in a span of its own (``SERVER``),
    under the caller's trace when its ``traceparent`` is valid, named and labelled by the semantic
    conventions of HTTP servers (method, route template, status) and by the service's own tenant,
    operation and request id, never a key, a body or a card; its answer says which trace and span
    answered it (``traceresponse``)."""

    def __init__(
        self, app: WSGIApp, headers: Sequence[tuple[str, str]], tracing: Tracing, operations: OperationIds
    ) -> None:
        super().__init__(app, headers)
        self.tracing = tracing
        self.operations = operations

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD", "")
        known = method if method in METHODS else "_OTHER"
        attributes = {"http.request.method": known, "url.scheme": environ.get("wsgi.url_scheme", "http")}
        protocol = environ.get("SERVER_PROTOCOL", "")
        if protocol.startswith("HTTP/"):
            attributes["network.protocol.version"] = protocol[5:]
        found = self.tracing.begin(environ, "HTTP" if known == "_OTHER" else known, attributes)
        environ[TRACE_ID_KEY] = found.trace_id
        header = ("traceresponse", found.traceresponse)

        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            headers.append(header)
            return start_response(status, headers, *exc_info)

        failed: str | None = None
        try:
            return super().__call__(environ, start)
        except BaseException as error:
            failed = type(error).__qualname__
            raise
        finally:
            found.end(*self._outcome(environ, known, failed))

    def _outcome(
        self, environ: dict[str, Any], method: str, failed: str | None
    ) -> tuple[str, dict[str, Any], str | None]:
        """The request span's name, what it learnt of the request, and its error type (a 5xx is one)."""
        route = environ.get(ROUTE_KEY, "unmatched")
        status = int(environ.get(_STATUS_KEY, "500")[:3])
        attributes: dict[str, Any] = {"http.response.status_code": status}
        request_id = environ.get(REQUEST_ID_KEY)
        if request_id is not None:
            attributes["maubinh.request_id"] = request_id
        name = "HTTP" if method == "_OTHER" else method
        if route != "unmatched":  # a path no route matched is the client's own text: not recorded
            name = f"{name} {route}"
            attributes["http.route"] = route
            attributes["url.path"] = environ.get("PATH_INFO", "")
            operation = self.operations.of(route, environ.get("REQUEST_METHOD", ""))
            if operation is not None:
                attributes["maubinh.operation"] = operation
        tenant = environ.get(TENANT_KEY)
        if tenant is not None:  # the tenant's name, never its key
            attributes["maubinh.tenant"] = tenant
        return name, attributes, failed or (str(status) if status >= 500 else None)


class OperationIds:
    """The ``operationId`` of each route template and method, read from the app's routes and their
    views' declarations (``web/operations.py``) on the first request that asks."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self._ids: dict[tuple[str, str], str] | None = None

    def of(self, route: str, method: str) -> str | None:
        ids = self._ids
        if ids is None:
            ids = self._ids = self._read()
        return ids.get((route, method))

    def _read(self) -> dict[tuple[str, str], str]:
        ids: dict[tuple[str, str], str] = {}
        for rule in self.app.url_map.iter_rules():
            operation = operation_of(self.app.view_functions.get(rule.endpoint))
            if operation is not None:
                for method in rule.methods or ():  # OPTIONS is werkzeug's own answer, no operation's
                    if method != "OPTIONS":
                        ids[(rule.rule, method)] = operation.operation_id
        return ids


#: The methods the metrics name; any other is counted as ``other``.
METHODS: Final = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: The problems answered without the application: (type slug, title, detail).
_BAD_REQUEST_ID: Final = words("the X-Request-ID header must be 1 to 128 letters, digits, '.', '_', ':' or '-'")
_FAILED: Final = (
    PROBLEM_TYPES[500].slug,
    PROBLEM_TYPES[500].title,
    words("the service failed to answer this request; it has been logged"),
)


def _plain_problem(
    start: StartResponse, status: int, problem: tuple[str, Text, Text], environ: dict[str, Any]
) -> list[bytes]:
    """A problem answered without the application (before it runs, or when it failed to answer)."""
    slug, title, detail = problem
    language = "vi" if environ.get("HTTP_ACCEPT_LANGUAGE", "").strip().lower().startswith("vi") else "en"
    document = {
        "type": TYPE_PREFIX + slug,
        "title": title.in_language(language),
        "status": status,
        "detail": detail.in_language(language),
    }
    document["instance"] = environ.get("PATH_INFO", "")
    body = json.dumps(document).encode()  # ASCII escapes: the path may hold anything
    reason = HTTP_STATUS_CODES[status].upper()  # "BAD REQUEST", as gunicorn writes its own
    start(
        f"{status} {reason}",
        [("Content-Type", "application/problem+json"), ("Content-Length", str(len(body)))],
    )
    return [body]


@functools.lru_cache(maxsize=1024)
def _children(route: str, method: str, status: int) -> tuple[Any, Any]:
    """The labelled metrics of one (route, method, status): looked up once."""
    return (
        HTTP_REQUESTS.labels(route=route, method=method, status=str(status)),
        HTTP_DURATION.labels(route=route),
    )
