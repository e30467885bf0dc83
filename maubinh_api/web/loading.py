"""What a view reads of its request beside its body (which it is given, read and checked:
:func:`~maubinh_api.web.admission.take_bodies`): the settings, the caller, the service layer of its
model and the rule variant it asks for."""

from __future__ import annotations

import secrets
from typing import Any

from ..infra.config import Settings
from ..rules.variants import Variant, overrides_of, resolve_variant
from ..service.hands import HandService
from .context import context
from .pinned_models import chosen_service
from .problems import located
from .request_fields import MAX_SEED
from .services import services


def settings() -> Settings:
    """The running application's settings."""
    return services().settings


def caller() -> str:
    """The tenant of the current request (``anonymous`` on an open deployment): whatever one
    tenant's requests leave behind (cached answers, remembered variants) is kept under it."""
    return context().tenant_name


def hand_service() -> HandService:
    """The service layer of the request's model (:mod:`~maubinh_api.web.pinned_models`) for the
    caller's tenant: the tables of the variants with overrides a tenant plays are its own."""
    found = context()
    if found.service is None:  # once a request: the model and the tenant are known by now
        found.service = chosen_service().for_owner(found.tenant_name)
    return found.service


def variant_of(data: dict[str, Any]) -> Variant:
    """The variant a loaded request names, or the configured default."""
    with located("variant"):
        return resolve(data.get("variant", settings().default_variant))


def resolve(spec: object) -> Variant:
    """:func:`resolve_variant` (a body's ``variant`` comes resolved already),
    remembering a variant with overrides by its fingerprint (``GET
    /v1/variants/{fingerprint}`` answers it then)."""
    variant = spec if isinstance(spec, Variant) else resolve_variant(spec)
    if variant.overridden:
        services().variants.remember(
            caller(), variant.fingerprint, {"preset": variant.name, "overrides": overrides_of(variant)}
        )
    return variant


def seed_of(data: dict[str, Any]) -> int:
    """The seed a request sent, or one drawn now (at most ``MAX_SEED``: exact as a JSON number
    anywhere): a request without one is answered afresh, never from the cache."""
    seed: int = data["seed"] if "seed" in data else secrets.randbelow(MAX_SEED + 1)
    return seed
