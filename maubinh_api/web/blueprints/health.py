"""Liveness, readiness and the API description."""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from ...infra.budget import store_report
from ...rules.evaluator import Evaluator
from ...rules.hands import Wheel
from ...rules.variants import PRESET_NAMES, preset
from ..answers import revalidated
from ..params import hand_service, settings
from ..problems import Problem

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz() -> dict[str, str]:
    """The process answers."""
    return {"status": "ok"}


@blueprint.get("/readyz")
def readyz() -> dict[str, object]:
    """Ready to serve: the presets, evaluation tables, odds tables, hand banks and the kernel load."""
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
        current_app.logger.exception("readiness check failed")
        raise Problem(503, f"not ready: {error}", vi=f"chưa sẵn sàng: {error}") from None
    # The shared cache is reported but never makes the service unready: answers do not need it.
    remote = current_app.extensions["maubinh.cache"].remote
    checks["redis"] = "not configured" if remote is None else "ok" if remote.ping() else "unavailable"
    checks["limits"] = store_report(current_app.extensions["maubinh.budgets"].store)
    # A tenants file that did not reload is reported (the last good one serves): never unready.
    tenants = current_app.extensions["maubinh.tenants"]
    tenants.refresh()
    checks["tenants"] = (
        "not configured" if tenants.path is None else tenants.problem or f"ok ({len(tenants.tenants)} tenants)"
    )
    return {"status": "ready", "checks": checks}


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    """The OpenAPI 3.1 document describing this service."""
    text = settings().openapi_path.read_text(encoding="utf-8")
    # The origin serving the document first: /docs's "Try it out" then calls this service,
    # whatever host, port or proxy it is reached through, not the example server of the file.
    served = text.replace("\nservers:\n", "\nservers:\n" + _THIS_ORIGIN, 1)
    return revalidated(Response(served, mimetype="application/yaml"))


_THIS_ORIGIN = "  - url: /\n    description: The origin that served this document (what /docs calls)\n"
