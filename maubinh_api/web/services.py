"""What the running application is made of, as one typed object: built once by ``create_app`` (the
one composition root, which alone puts it on the app) and read by the views and hooks through
:func:`services`, so that no step looks a service up by a string."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app

from ..infra.budget import Budgets
from ..infra.cache import ResultCache
from ..infra.config import Settings
from ..infra.receipts import ReceiptSigner
from ..infra.tenants import TenantDirectory
from ..infra.variant_registry import VariantRegistry
from ..service.models import Models
from .access import Charges, Guard
from .admission import Places

__all__ = ["Memo", "Services", "install", "services"]


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
    variants: VariantRegistry
    tenants: TenantDirectory
    budgets: Budgets
    charges: Charges
    guard: Guard
    #: The places of heavy requests and of large batches, by kind ("heavy", "batch").
    places: Mapping[str, Places]
    #: openapi.yaml as served, and its ETag.
    document: tuple[bytes, str]
    readiness: Memo = field(default_factory=Memo)


def install(app: Flask, found: Services) -> None:
    """Put the services on ``app`` (the composition root does, once)."""
    app.extensions["maubinh"] = found


def services_of(app: Flask) -> Services:
    """The services ``app`` was built with (for a caller outside a request: a bench, a tool)."""
    found: Services = app.extensions["maubinh"]
    return found


def services() -> Services:
    """The running application's services."""
    return services_of(current_app)
