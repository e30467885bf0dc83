"""Per-request plumbing: request ids, timing, metrics and the access-log fields.

A WSGI middleware around the Flask app (no per-request Flask proxies, which
cost more than the work): it gives every answer, errors included, an
``X-Request-ID`` (the caller's, when it sent a sensible one of 1-128
letters, digits and ``._:-``, else a new one), times the request and counts
it by route template, method and status.  The route template comes from
Flask's routing, left in the environ by :class:`RoutedRequest`.
"""

from __future__ import annotations

import functools
import re
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from flask import Flask, Request
from werkzeug.routing import Rule

from ..infra.logging import REQUEST_ID_KEY, ROUTE_KEY
from ..infra.metrics import HTTP_DURATION, HTTP_REQUESTS

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")
_STATUS_KEY = "maubinh.status"

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class RoutedRequest(Request):
    """Flask's request, leaving its route template in the environ as soon as
    routing sets it (cheaper than a before_request hook)."""

    @property
    def url_rule(self) -> Rule | None:
        return self.__dict__.get("_url_rule")

    @url_rule.setter
    def url_rule(self, rule: Rule | None) -> None:
        self.__dict__["_url_rule"] = rule
        if rule is not None:
            self.environ[ROUTE_KEY] = rule.rule


def register_observability(app: Flask, headers: Sequence[tuple[str, str]] = ()) -> None:
    """Wrap the app in the middleware and record each request's route template;
    ``headers`` go on every answer."""
    app.request_class = RoutedRequest
    app.wsgi_app = Observability(app.wsgi_app, headers)  # type: ignore[method-assign]


class Observability:
    """Request id, fixed headers, timing and metrics for every request."""

    def __init__(self, app: WSGIApp, headers: Sequence[tuple[str, str]] = ()) -> None:
        self.app = app
        self.headers = list(headers)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        given = environ.get("HTTP_X_REQUEST_ID")
        request_id = given if given is not None and _REQUEST_ID.match(given) else secrets.token_hex(16)
        environ[REQUEST_ID_KEY] = request_id

        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            headers.append(("X-Request-ID", request_id))
            headers.extend(self.headers)
            environ[_STATUS_KEY] = status
            return start_response(status, headers, *exc_info)

        try:
            return self.app(environ, start)
        finally:
            # Route templates, never raw paths, keep the metrics' label sets small.
            route = environ.setdefault(ROUTE_KEY, "unmatched")
            status = int(environ.get(_STATUS_KEY, "500")[:3])
            counter, histogram = _children(route, environ.get("REQUEST_METHOD", ""), status)
            counter.inc()
            histogram.observe(time.perf_counter() - started)


@functools.lru_cache(maxsize=1024)
def _children(route: str, method: str, status: int) -> tuple[Any, Any]:
    """The labelled metrics of one (route, method, status): looked up once."""
    return (
        HTTP_REQUESTS.labels(route=route, method=method, status=str(status)),
        HTTP_DURATION.labels(route=route),
    )
