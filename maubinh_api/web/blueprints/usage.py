"""``GET /v1/usage``: a caller's own limits and what is left of them."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ...infra.budget import Window
from ..context import ANONYMOUS, context
from ..operations import declare
from ..services import services

blueprint = Blueprint("usage", __name__, url_prefix="/v1/usage")


@blueprint.get("")
@declare("showUsage")
def show_usage() -> Response:
    """The caller's tenant, scopes and each limit's window, after this request's unit is spent (a
    tenant told to wait is refused it, as every other request of its)."""
    tenant = context().tenant
    if tenant is None:
        return jsonify({"tenant": ANONYMOUS, "scopes": ["api"], "limits": []})
    found = context().decision  # what spending this request's unit left: no second reading of the store
    budgets = services().budgets
    windows = found.windows if found is not None else budgets.windows(tenant.name, tenant.limits, tenant.limit_texts)
    limits = [_limit_json(window) for window in windows]
    return jsonify({"tenant": tenant.name, "scopes": sorted(tenant.scopes), "limits": limits})


def _limit_json(window: Window) -> dict[str, Any]:
    return {
        "limit": window.text,
        "quota": window.amount,
        "window_seconds": window.seconds,
        "remaining": window.remaining,
        "reset_seconds": window.reset_in,
    }
