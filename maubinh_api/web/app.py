"""The Flask application factory: configuration and wiring in one place."""

from __future__ import annotations

import gc
from collections.abc import Mapping
from typing import Any, Final, Literal
from urllib.parse import urlsplit

from flask import Flask, Response
from flask_swagger_ui import get_swaggerui_blueprint
from werkzeug.middleware.proxy_fix import ProxyFix

from ..infra.allocator import keep_freed_memory
from ..infra.budget import Budgets, budget_store, refuse_an_evicting_store
from ..infra.cache import LocalCache, RedisCache, ResultCache
from ..infra.config import ConfigError, Settings
from ..infra.deals import DealSecretError, DealSecrets
from ..infra.logging import configure_logging
from ..infra.metrics import count_cache, count_faults_from_zero, record_kernel
from ..infra.receipts import ReceiptKeyError, ReceiptSigner
from ..infra.tenants import TenantDirectory, unnamed_tenants
from ..infra.tracing import Tracing, tracing_from_env
from ..infra.variant_registry import VariantRegistry
from ..rules.cards import DECK
from ..rules.chi import Wheel
from ..rules.evaluator import Evaluator
from ..rules.naturals import qualifying
from ..rules.variants import PRESET_NAMES, preset
from ..service.hands import HandService
from ..service.kernel_turns import KernelInTurns, Turns
from ..service.models import Models, UnknownModel, kept_folders
from ..strategy.kernel import kernel_named
from ..strategy.kernel_tables import KernelTables
from ..strategy.model import KEPT_IN_PACKAGE, ModelFilesError, kept_model, shipped_model
from ..strategy.variant_store import VariantStore
from ..version import __version__
from .access import register_access_control
from .admission import register_admission, take_bodies
from .blueprints import (
    arrangements,
    deals,
    drills,
    enumerations,
    hands,
    health,
    metrics,
    playground,
    receipts,
    settlements,
    usage,
    variants,
)
from .context import register_context
from .deprecations import register_deprecations
from .encoding import AnswerJSON
from .front_lookup import TenantLookup
from .language import register_language
from .observability import METHODS, refuse_bad_request_ids, register_observability
from .pinned_models import register_model_choice
from .presenters import warm_chi_values
from .problems import register_error_handlers
from .retry_hold import RetryHold
from .services import ServiceFlask, Services, install, services_of, set_body_limit

#: Variants with overrides each process remembers for ``GET /v1/variants/{fingerprint}``, and of
#: them (and in Redis) each tenant's most recent.
VARIANTS_REMEMBERED = 10_000
TENANT_VARIANTS_REMEMBERED = 1_000


def create_app(config: Mapping[str, Any] | None = None, tracing: Tracing | Literal[False] | None = None) -> Flask:
    """Build the service.  Settings come from the environment (``MAUBINH_*``), then from ``config``
    (setting name -> value), which tests use.  Whether it traces is decided here, once: ``tracing``
    (False: never), else the environment's ``OTEL_EXPORTER_OTLP_ENDPOINT`` (``infra/tracing.py``)."""
    settings = Settings.from_env().with_overrides(config or {})
    configure_logging(settings.log_level.upper())
    # First, so that a missing compiled kernel stops the start with its own message.
    models, turns = build_models(settings)
    service = models.service(None)
    app = ServiceFlask("maubinh_api")
    app.url_map.merge_slashes = False  # "/docs//etc" is nothing here, not a redirect to "/docs/etc"
    try:
        signer = ReceiptSigner.from_files(settings.receipt_key, settings.receipt_old_keys)
    except ReceiptKeyError as error:
        raise ConfigError(f"receipts: {error}") from None
    dealing = _deal_secrets(settings)
    registry = VariantRegistry(
        VARIANTS_REMEMBERED, _redis(settings, settings.limits_redis_url), per_tenant=TENANT_VARIANTS_REMEMBERED
    )
    set_body_limit(app, settings.max_body_bytes)
    app.json = AnswerJSON(app)  # the documented field order, UTF-8 text, compact: as every answer

    register_context(app)  # first: every later hook reads the request's context
    register_error_handlers(app)
    register_language(app)
    # On every answer, outside Flask's too: the contract kept to, and the model (a pinned one's own).
    traced = tracing_from_env() if tracing is None else tracing or None
    register_observability(app, [("X-API-Version", __version__), ("X-Model-Version", models.default)], traced)
    register_deprecations(app)
    _register_views(app)  # before the limits, which give the views that take a body their body
    limits = _register_limits(app, settings, turns, models)
    count_faults_from_zero(
        (rule.rule, method)
        for rule in app.url_map.iter_rules()
        for method in sorted(rule.methods or ())
        if method in METHODS
    )
    install(
        app,
        Services(
            settings=settings,
            models=models,
            cache=build_cache(settings),
            receipts=signer,
            deals=dealing,
            variants=registry,
            document=health.document(settings),
            **limits,
        ),
    )

    _wrap(app, settings)

    _warm_up(service)
    turns.end()  # the warm-up's hands took a turn in this thread
    # Everything loaded so far lives as long as the process: keep it out of the
    # cyclic collector's way (and, under gunicorn's preload, its pages shared).
    gc.freeze()
    return app


def _deal_secrets(settings: Settings) -> DealSecrets:
    """The secrets deals' seeds come from: the configured file's, or one made now for this start."""
    try:
        return (
            DealSecrets.from_file(settings.deal_secret_file) if settings.deal_secret_file else DealSecrets.generated()
        )
    except DealSecretError as error:
        raise ConfigError(f"deals: {error}") from None


def _wrap(app: Flask, settings: Settings) -> None:
    """The WSGI layers around the application: behind the front, the answer to its question of which
    tenant a key names (before it reads a body); outermost, with proxies in front, the client's
    address as they pass it, for every layer (the access log included)."""
    if settings.front_holds:
        app.wsgi_app = TenantLookup(app.wsgi_app, services_of(app).tenants)  # type: ignore[method-assign]
    if settings.proxy_hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.proxy_hops)  # type: ignore[method-assign]


def _register_limits(app: Flask, settings: Settings, turns: Turns, models: Models) -> dict[str, Any]:
    """Tenants, their keys and budgets (the counts where they cannot be evicted), and the places of
    requests that value hands; the views that take a body given it, read, checked and admitted;
    the services these are, by their name in :class:`Services`.  Then
    what is read of a request's headers: after access control, so that a tenant told to wait is
    refused before they are looked at, and what they refuse counts against it."""
    directory = TenantDirectory(settings.tenants_file, unnamed_tenants(settings.api_keys, settings.metrics_keys))
    counts = budget_store(settings.limits_redis_url, settings.limits_file, timeout=settings.redis_timeout)
    refuse_an_evicting_store(counts, evictable=settings.limits_evictable)
    budgets = Budgets(counts, retry_after=settings.redis_retry_after)
    hold = RetryHold(settings.retry_hold, settings.retry_hold_slots, front=settings.front_holds)
    guard, charges = register_access_control(
        app,
        directory,
        budgets,
        settings.auth_failure_limit,
        hold,
        auth_limit_total=settings.auth_failure_limit_total,
        metrics_open=settings.metrics_open,
    )
    places = register_admission(
        app,
        turns,
        slots=settings.heavy_slots,
        queue=settings.heavy_queue,
        per_tenant=settings.heavy_per_tenant,
        wait=settings.heavy_wait,
        batch_slots=settings.batch_slots,
    )
    take_bodies(app, charges, places)
    refuse_bad_request_ids(app)
    register_model_choice(app, models)
    return {"tenants": directory, "budgets": budgets, "guard": guard}


#: The service's blueprints, one a resource (``make spec`` reads their declared operations from them,
#: without the application or its data files).
BLUEPRINTS: Final = tuple(
    module.blueprint
    for module in (
        health,
        metrics,
        variants,
        enumerations,
        usage,
        hands,
        arrangements,
        drills,
        settlements,
        receipts,
        deals,
        playground,
    )
)


def _register_views(app: Flask) -> None:
    """The blueprints, the documentation page and the API description (read once)."""
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    # Every address the page is given is relative: nothing of a client's Host header goes in it.
    docs = {"app_name": "maubinh-api", "oauth2RedirectUrl": "/docs/oauth2-redirect.html"}
    app.register_blueprint(get_swaggerui_blueprint("/docs", "/openapi.yaml", config=docs), url_prefix="/docs")
    app.after_request(relative_location)
    # The page also at /docs itself (its assets are under /docs/), not a redirect.
    app.add_url_rule("/docs", "docs", app.view_functions["swagger_ui.show"], methods=["GET"])


def relative_location(response: Response) -> Response:
    """A redirect's ``Location`` as a path, and no page naming it: Werkzeug's own (a trailing slash
    added) names the host the client sent, which a client must never see reflected."""
    if not 300 <= response.status_code < 400:  # only a redirect names a place (201 answers none here)
        return response
    location = response.headers.get("Location")
    if location:
        parts = urlsplit(location)
        if parts.scheme or parts.netloc:
            path = "/" + parts.path.lstrip("/")
            response.headers["Location"] = path + (f"?{parts.query}" if parts.query else "")
            response.set_data(b"")
            response.headers.pop("Content-Type", None)
    return response


def build_models(settings: Settings) -> tuple[Models, Turns]:
    """The service layer of each declared model (the shipped one, those the package keeps, those of
    ``models_dir``) on the chosen kernel, its hands valued in turns, the tables of variants with
    overrides kept per tenant; and the turns."""
    kernel = kernel_named(settings.kernel)
    record_kernel(kernel.name)
    turns = Turns(settings.heavy_slots, settings.heavy_wait)
    store = VariantStore[KernelTables](capacity=settings.variant_tables, per_owner=settings.tenant_variant_tables)
    timed = KernelInTurns(kernel, turns)
    try:
        shipped = shipped_model(timed, store)  # its data files checked against what they were built for
        services = {shipped.version: HandService(shipped)}
        for folder in kept_folders(KEPT_IN_PACKAGE, settings.models_dir):  # a version met twice is kept once
            kept = kept_model(timed, folder, store)
            services.setdefault(kept.version, HandService(kept))
        models = Models(services, settings.model or shipped.version)
    except (ModelFilesError, UnknownModel) as error:
        raise ConfigError(f"models: {error}") from None
    return models, turns


def build_cache(settings: Settings) -> ResultCache:
    """The result cache the settings ask for."""
    local = LocalCache(settings.cache_bytes, settings.tenant_cache_bytes) if settings.cache_bytes else None
    return ResultCache(local, _redis(settings), count_cache)


def _redis(settings: Settings, preferred: str | None = None) -> RedisCache | None:
    """The cache's Redis, or ``preferred`` (a Redis that does not evict) when there is one."""
    url = preferred or settings.redis_url
    if not url:
        return None
    return RedisCache(
        url,
        timeout=settings.redis_timeout,
        ttl=settings.cache_ttl,
        retry_after=settings.redis_retry_after,
    )


def _warm_up(service: HandService) -> None:
    """Load the presets, the evaluation tables, the odds, the hand banks and the
    kernel's model of each preset before the first request, so that no request
    pays for them (the first answer is as fast as the hundredth) and /readyz
    tells the truth.  What is built here is shared by every tenant; what a tenant's request builds
    later (a variant with overrides' tables) is kept for that tenant alone, so no request's time
    says what another tenant did before it."""
    keep_freed_memory()
    # Every table size (sập làng on and off: every path of the kernel once, and each level's yardstick).
    service.warm_up([preset(name) for name in PRESET_NAMES], (1, 2, 3))
    for wheel in Wheel:
        Evaluator.for_wheel(wheel)
    qualifying(DECK[:13])  # the naturals' own tables
    warm_chi_values()  # every chi's category and description, built once (about 6 MB, shared)
