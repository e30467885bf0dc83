"""Prometheus metrics."""

from __future__ import annotations

from flask import Blueprint, Response

from ...infra.metrics import exposition
from ..operations import declare

blueprint = Blueprint("metrics", __name__)


@blueprint.get("/metrics")
@declare("metrics", scope="metrics")
def metrics() -> Response:
    """Every metric, in Prometheus text format (summed over workers)."""
    body, content_type = exposition()
    return Response(body, content_type=content_type)
