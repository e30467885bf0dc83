"""Per-request plumbing: request ids, timing, metrics and the access-log fields.

Every answer, errors included, carries ``X-Request-ID``: the caller's, when
it sent a sensible one (1-128 letters, digits and ``._:-``), else a new one.
"""

from __future__ import annotations

import re
import time
import uuid

from flask import Flask, Response, g, request

from ..infra.logging import REQUEST_ID_KEY, ROUTE_KEY
from ..infra.metrics import HTTP_DURATION, HTTP_REQUESTS

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


def register_observability(app: Flask) -> None:
    """Install the before/after-request hooks."""

    @app.before_request
    def _start() -> None:
        g.started = time.perf_counter()
        given = request.headers.get("X-Request-ID", "")
        g.request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex

    @app.after_request
    def _finish(response: Response) -> Response:
        request_id = g.get("request_id") or uuid.uuid4().hex
        response.headers["X-Request-ID"] = request_id
        # Route templates, never raw paths, keep the metrics' label sets small.
        route = request.url_rule.rule if request.url_rule is not None else "unmatched"
        request.environ[ROUTE_KEY] = route
        request.environ[REQUEST_ID_KEY] = request_id
        HTTP_REQUESTS.labels(route=route, method=request.method, status=str(response.status_code)).inc()
        HTTP_DURATION.labels(route=route).observe(time.perf_counter() - g.get("started", time.perf_counter()))
        return response
