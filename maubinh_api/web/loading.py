"""Loading a request: body, schema, and the rule variant it asks for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request

from ..infra.config import Settings
from ..rules.variants import Variant, overrides_of, resolve_variant
from ..service.hands import HandService
from .admission import admit
from .body import json_object
from .context import context
from .deprecations import note_deprecated
from .pinned_models import chosen_service
from .problems import located
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


def load(fast: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None) -> dict[str, Any]:
    """The request body read as JSON and checked against the schema its operation declares
    (``@declare(schema=...)``: named once; marshmallow's ValidationError becomes a 422 in the error
    handler; either refusal pays the body's reading), then admitted: its place taken and its cost
    spent (:func:`~maubinh_api.web.admission.admit`).

    ``fast`` may read the commonest, valid shape of a body without the
    schema; it answers None for anything else, which the schema then reads."""
    operation = context().operation
    if operation is None or operation.schema is None:
        raise LookupError(f"{request.endpoint} reads a body but declares no schema")
    schema = operation.schema
    found = services()
    try:
        body = json_object()
        note_deprecated(body)
        quick = fast(body) if fast is not None else None
        data: dict[str, Any] = quick if quick is not None else schema.load(body)
    except Exception:  # a request refused before its work pays what reading it cost, no more
        found.charges.pay_reading()
        raise
    admit(data, hand_service(), found.charges, found.places)
    return data


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
