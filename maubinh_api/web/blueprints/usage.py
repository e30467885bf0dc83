"""``GET /v1/usage``: a caller's own limits and what is left of them."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify

from ...infra.budget import Budgets
from ..access import ANONYMOUS
from ..costs import flat
from ..operations import declare

blueprint = Blueprint("usage", __name__, url_prefix="/v1/usage")


@blueprint.get("")
@declare("showUsage", cost=flat(0, ": reading the budget spends none of it", reading=False))
def show_usage() -> Response:
    """The caller's tenant, scopes and each limit's window (reading costs nothing)."""
    tenant = g.get("tenant")
    if tenant is None:
        return jsonify({"tenant": ANONYMOUS, "scopes": ["api"], "limits": []})
    budgets: Budgets = current_app.extensions["maubinh.budgets"]
    windows = budgets.windows(tenant.name, tenant.limits, tenant.limit_texts)
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
