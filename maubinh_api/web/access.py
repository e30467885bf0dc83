"""Optional API keys (off unless configured).

With ``MAUBINH_API_KEYS`` set, every ``/v1/*`` request needs one of the keys,
sent as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>``; with
``MAUBINH_METRICS_KEYS`` set, so does ``/metrics``.  Health, readiness, the
API description, ``/docs`` and ``/playground`` stay open (the playground
page asks its user for a key and sends it on its own ``/v1`` calls).  Keys
are compared in constant time (``hmac.compare_digest``), against every
configured key, so the time taken says nothing about how much of a key was
right.
"""

from __future__ import annotations

import hmac

from flask import Flask, request

from ..infra.config import Settings
from .problems import Problem


def key_matches(candidate: str, keys: tuple[str, ...]) -> bool:
    """Whether ``candidate`` is one of ``keys``; every key is compared, in constant time."""
    given = candidate.encode()
    found = False
    for key in keys:
        found |= hmac.compare_digest(given, key.encode())
    return found


def presented_key() -> str | None:
    """The key a request carries, from ``Authorization: Bearer`` or ``X-API-Key``."""
    authorization = request.headers.get("Authorization", "")
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    header = request.headers.get("X-API-Key")
    return header.strip() if header else None


def register_access_control(app: Flask, settings: Settings) -> None:
    """Require keys where the settings ask for them (no hook at all otherwise)."""
    if not settings.api_keys and not settings.metrics_keys:
        return

    @app.before_request
    def _require_key() -> None:
        path = request.path
        if path.startswith("/v1/") and settings.api_keys:
            keys = settings.api_keys
        elif path == "/metrics" and settings.metrics_keys:
            keys = settings.metrics_keys
        else:
            return
        candidate = presented_key()
        if candidate is None or not key_matches(candidate, keys):
            detail, vi = (
                ("this endpoint needs an API key", "yêu cầu này cần một khóa API")
                if candidate is None
                else ("the API key is not valid", "khóa API không hợp lệ")
            )
            raise Problem(
                401,
                f"{detail}: send it as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'",
                vi=f"{vi}: hãy gửi khóa qua 'Authorization: Bearer <key>' hoặc 'X-API-Key: <key>'",
                headers={"WWW-Authenticate": 'Bearer realm="maubinh-api"'},
            )
