"""What the running application is made of, as one typed object: built once by ``create_app`` (the
one composition root, which alone puts it on the app, a :class:`ServiceFlask`) and read by the views
and hooks through :func:`services`, so that no step looks a service up by a string."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FunctionType
from typing import Any

from flask import Flask, Request, current_app

from ..infra.budget import Budgets
from ..infra.cache import ResultCache
from ..infra.config import Settings
from ..infra.deals import DealSecrets
from ..infra.receipts import ReceiptSigner
from ..infra.tenants import TenantDirectory
from ..infra.variant_registry import VariantRegistry
from ..service.models import Models
from .guard import Guard

__all__ = ["Memo", "ServiceFlask", "Services", "install", "services", "services_of", "set_body_limit"]


@dataclass
class Memo:
    """A value worked out now and then (the readiness report), and the lock its workers take."""

    value: Any = None
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass(frozen=True)
class Services:
    """The application's parts, each made once."""

    settings: Settings
    models: Models
    cache: ResultCache
    receipts: ReceiptSigner
    #: The secrets deals' seeds are derived from.
    deals: DealSecrets
    variants: VariantRegistry
    tenants: TenantDirectory
    budgets: Budgets
    #: Which scopes need a key, and whether a caller may see what ``/metrics`` shows.
    guard: Guard
    #: openapi.yaml as served, and its ETag.
    document: tuple[bytes, str]
    readiness: Memo = field(default_factory=Memo)


class ServiceFlask(Flask):
    """The service's Flask: it carries the application's services (``services``, put there once by
    the composition root), and asks once of each view and hook whether it is a coroutine (Flask asks
    on every call, eleven times a request, as its ``ensure_sync`` documentation allows changing): the
    service has no ``async def`` view, and a plain function stays one."""

    def __init__(self, import_name: str) -> None:
        super().__init__(import_name)
        self.services: Services | None = None
        # Each request's body limit without a look-up of the application and its configuration (Flask's
        # MAX_CONTENT_LENGTH, read three times a request: 2 µs each); set_body_limit sets both.
        self.request_class = type("ServiceRequest", (Request,), {})
        self._sync: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        found = self._sync.get(func)
        if found is None:
            found = super().ensure_sync(func)
            if isinstance(func, FunctionType):  # the views and hooks, made once (not a method bound anew)
                self._sync[func] = found
        return found


def set_body_limit(app: ServiceFlask, limit: int) -> None:
    """Make ``limit`` bytes the most of a request body ``app`` reads (413 beyond it): Flask's
    ``MAX_CONTENT_LENGTH``, and each request's own (Flask 3.1's per-request limit) from the start."""
    app.config["MAX_CONTENT_LENGTH"] = limit
    app.request_class._max_content_length = limit


def install(app: ServiceFlask, found: Services) -> None:
    """Put the services on ``app`` (the composition root does, once)."""
    app.services = found


def services_of(app: Flask) -> Services:
    """The services ``app`` was built with (for a caller outside a request: a bench, a tool)."""
    if not isinstance(app, ServiceFlask) or app.services is None:
        raise LookupError("not the service's application, or its services are not installed yet")
    return app.services


def services() -> Services:
    """The running application's services (one look-up of the application: ``services_of`` through
    the proxy takes three, 1.5 µs, and a request asks five times)."""
    found: Services | None = getattr(current_app._get_current_object(), "services", None)  # type: ignore[attr-defined]
    if found is None:
        raise LookupError("not the service's application, or its services are not installed yet")
    return found
