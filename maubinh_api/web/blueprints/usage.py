"""``GET /v1/usage``: a caller's own limits and what is left of them."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ..context import ANONYMOUS, context
from ..costs import flat
from ..operations import declare
from ..services import services

blueprint = Blueprint("usage", __name__, url_prefix="/v1/usage")


@blueprint.get("")
@declare("showUsage", cost=flat(0, ": reading the budget spends none of it", reading=False))
def show_usage() -> Response:
    """The caller's tenant, scopes and each limit's window (reading costs nothing)."""
    tenant = context().tenant
    if tenant is None:
        return jsonify({"tenant": ANONYMOUS, "scopes": ["api"], "limits": []})
    windows = services().budgets.windows(tenant.name, tenant.limits, tenant.limit_texts)
    limits: list[dict[str, Any]] = [
        {
            "limit": window.text,
            "quota": window.amount,
            "window_seconds": window.seconds,
            "remaining": window.remaining,
            "reset_seconds": window.reset_in,
        }
        for window in windows
    ]
    return jsonify({"tenant": tenant.name, "scopes": sorted(tenant.scopes), "limits": limits})
