"""Liveness, readiness and the API description.

These stay open to anyone, so they are cheap and say nothing of the deployment's tenants: readiness
is worked out at most once a second per process (a probe, or a flood of them, costs a lookup), its
answer names no file, line, tenant or count unless the caller may read ``/metrics`` (a key of the
``metrics`` scope, or an open deployment), and the log has the details.  The API description is
read once, when the service starts.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Final

from flask import Blueprint, Flask, Response, current_app, request

from ...infra.budget import store_report
from ...infra.config import Settings
from ...rules.chi import Wheel
from ...rules.evaluator import Evaluator
from ...rules.texts import words
from ...rules.variants import PRESET_NAMES, preset
from ..loading import hand_service
from ..operations import declare
from ..problems import Problem
from ..services import services

blueprint = Blueprint("health", __name__)

#: Seconds a readiness report is reused for.
FRESH_FOR: Final = 1.0


@blueprint.get("/healthz")
@declare("health", scope=None)
def healthz() -> dict[str, str]:
    """The process answers."""
    return {"status": "ok"}


@blueprint.get("/readyz")
@declare("ready", scope=None)
def readyz() -> dict[str, object]:
    """Ready to serve: the presets, evaluation tables, odds tables, hand banks and the kernel load."""
    report = _readiness(current_app._get_current_object())  # type: ignore[attr-defined]
    operator = services().guard.operator()
    if report.failure is not None:
        said = report.failure if operator else "a check failed; the service's log says which"
        raise Problem(503, words("not ready: {said}", said=said))
    return {"status": "ready", "checks": report.detailed if operator else report.general}


@dataclass(frozen=True, slots=True)
class Readiness:
    """One readiness report: the checks in general words, and in an operator's."""

    general: dict[str, str]
    detailed: dict[str, str]
    failure: str | None  #: why the service is not ready (None: it is)
    taken: float  #: ``time.monotonic()`` when it was worked out


def _readiness(app: Flask) -> Readiness:
    """The report of at most ``FRESH_FOR`` seconds ago, or a new one (one thread works it out)."""
    memo = services().readiness
    found: Readiness | None = memo.value
    if found is not None and time.monotonic() - found.taken < FRESH_FOR:
        return found
    with memo.lock:
        found = memo.value
        if found is None or time.monotonic() - found.taken >= FRESH_FOR:
            found = memo.value = _checked(app)
    return found


def _checked(app: Flask) -> Readiness:
    checks: dict[str, str] = {}
    try:
        for name in PRESET_NAMES:
            preset(name)
        checks["presets"] = "ok"
        service = hand_service()
        checks |= service.readiness(PRESET_NAMES)
        for wheel in Wheel:
            Evaluator.for_wheel(wheel)
        checks["evaluator"] = "ok"
        checks["kernel"] = service.model.kernel.name
    except Exception as error:  # readiness must report, not crash
        app.logger.exception("readiness check failed")
        return Readiness({}, {}, str(error), time.monotonic())
    # The shared cache is reported but never makes the service unready: answers do not need it.
    parts = services()
    remote = parts.cache.remote
    checks["redis"] = "not configured" if remote is None else "ok" if remote.ping() else "unavailable"
    store = parts.budgets.store
    general, detailed = dict(checks), dict(checks)
    general["limits"], detailed["limits"] = store_report(store, detailed=False), store_report(store, detailed=True)
    # A tenants file that did not reload is reported (the last good one serves): never unready.
    tenants = parts.tenants
    tenants.refresh()
    if tenants.path is None:
        general["tenants"] = detailed["tenants"] = "not configured"
    elif tenants.problem is not None:
        general["tenants"] = "the last good tenants file serves: the new one does not read (the log says why)"
        detailed["tenants"] = tenants.problem
    else:
        general["tenants"], detailed["tenants"] = "ok", f"ok ({len(tenants.tenants)} tenants)"
    return Readiness(general, detailed, None, time.monotonic())


@blueprint.get("/openapi.yaml")
@declare("openapiDocument", scope=None)
def openapi() -> Response:
    """The OpenAPI 3.1 document describing this service (read once per process)."""
    served, tag = services().document
    response = Response(served, mimetype="application/yaml")
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(tag)
    response.make_conditional(request)  # in place: a bodiless 304 when the ETag matches
    return response


def document(settings: Settings) -> tuple[bytes, str]:
    """The API description as served, and its ETag (read once, when the app is built: ``create_app``)."""
    text = settings.openapi_path.read_text(encoding="utf-8")
    # The origin serving the document first: /docs's "Try it out" then calls this service,
    # whatever host, port or proxy it is reached through, not the example server of the file.
    served = text.replace("\nservers:\n", "\nservers:\n" + _THIS_ORIGIN, 1).encode()
    return served, hashlib.sha256(served).hexdigest()[:32]


_THIS_ORIGIN = "  - url: /\n    description: The origin that served this document (what /docs calls)\n"
