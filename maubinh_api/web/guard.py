"""Which scopes need a key, and who the caller is to the ``metrics`` scope: what access control
(:mod:`~maubinh_api.web.access`) asks before each request, and what the readiness report asks to
decide how much it may say."""

from __future__ import annotations

from flask import request

from ..infra.tenants import TenantDirectory
from .front_lookup import key_from

__all__ = ["Guard", "presented_key"]


def presented_key() -> str | None:
    """The key the current request carries, from ``Authorization: Bearer`` or ``X-API-Key``."""
    return key_from(request.headers.get("Authorization", ""), request.headers.get("X-API-Key"))


class Guard:
    """Which scopes need a key, and whether the current caller may read what the ``metrics`` scope
    shows (an operator's view: tenants' names, file paths, settings)."""

    def __init__(self, directory: TenantDirectory, *, metrics_open: bool) -> None:
        self._directory = directory
        self._metrics_open = metrics_open

    def guarded(self, scope: str) -> bool:
        """Whether ``scope`` needs a key: one some tenant holds, and ``metrics`` once any key is
        configured (unless the operator opened it)."""
        if self._directory.guarded[scope]:
            return True
        return scope == "metrics" and not self._metrics_open and bool(self._directory.tenants)

    def operator(self) -> bool:
        """Whether the current caller may see what ``/metrics`` shows: it is open, or the request
        carries a key of the ``metrics`` scope (checked as ``/metrics`` checks it, never counted as a
        failure: a caller without one sees the general words)."""
        if not self.guarded("metrics"):
            return True
        key = presented_key()
        tenant = None if key is None else self._directory.find(key)
        return tenant is not None and "metrics" in tenant.scopes
