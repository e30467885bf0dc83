"""Service configuration: one place that reads the environment.

Every setting has a default; the environment (``MAUBINH_*``) overrides it and
``create_app(config)`` overrides both, which is how tests configure an app.
docs/operations.md, "Configuration", lists the variables.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from limits import parse as parse_limit

from ..rules.variants import PRESET_NAMES

_REPOSITORY = Path(__file__).resolve().parents[2]


class ConfigError(ValueError):
    """A setting that cannot be used; the service refuses to start."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What the service can be told at start-up."""

    #: Preset used when a request names no variant.
    default_variant: str = "classic"
    #: Largest request body accepted, in bytes (413 above it).
    max_body_bytes: int = 1024 * 1024
    #: Where the OpenAPI document served at ``/openapi.yaml`` lives.
    openapi_path: Path = _REPOSITORY / "openapi.yaml"
    #: Bytes of answers kept in each process's LRU cache (0: no local cache).
    cache_bytes: int = 16 * 1024 * 1024
    #: Of those, the most one tenant's answers take (its new answers put away its own oldest).
    tenant_cache_bytes: int = 4 * 1024 * 1024
    #: A Redis shared by all workers and replicas, e.g. ``redis://cache:6379/0`` (none: local only).
    redis_url: str | None = None
    #: Seconds a Redis call may take before the request goes on without it.
    redis_timeout: float = 0.05
    #: Seconds Redis is left alone after it failed, before it is tried again.
    redis_retry_after: float = 1.0
    #: Seconds an answer lives in Redis.
    cache_ttl: int = 86_400
    #: Level of the application's JSON log (DEBUG, INFO, WARNING, ERROR).
    log_level: str = "INFO"
    #: API keys required on /v1/*: comma-separated, or the path of a file with one per line (none: open).
    api_keys: tuple[str, ...] = ()
    #: Keys required on /metrics, in the same forms (none: open).
    metrics_keys: tuple[str, ...] = ()
    #: The tenants file (YAML: each platform's name, key digest, limits and scopes; none: no tenants).
    tenants_file: Path | None = None
    #: Requests with a missing or wrong key allowed per client address (the `limits` notation).
    auth_failure_limit: str = "30/minute"
    #: Requests with a missing or wrong key allowed from all addresses together, per instance.
    auth_failure_limit_total: str = "600/minute"
    #: Hands each worker process values at once (optimal, analysis, play, drills take turns at them).
    heavy_slots: int = 1
    #: Seconds a hand may wait for its turn before its request is answered 503 with Retry-After.
    heavy_wait: float = 2.0
    #: Requests that value hands each worker process holds besides those valuing now (more: 503 at once).
    heavy_queue: int = 8
    #: Of those places (``heavy_slots`` + ``heavy_queue``), the most one tenant holds at once.
    heavy_per_tenant: int = 6
    #: Variants with overrides whose tables each worker process keeps (about 1.7 MB each).
    variant_tables: int = 32
    #: Of those, the most one tenant keeps (a tenant's new variant puts away its own oldest).
    tenant_variant_tables: int = 4
    #: Large batches of the cheap operations (50 units or more) each worker process answers at once.
    batch_slots: int = 2
    #: Seconds a caller refused with 429 that comes back before its Retry-After waits for the next 429.
    retry_hold: float = 0.5
    #: Early retries each worker process holds at once, a thread each (deploy/gunicorn.conf.py: half its threads).
    retry_hold_slots: int = 0
    #: A Redis for the rate-limit counts, shared by every instance, e.g. ``redis://limits:6379/0``,
    #: with ``maxmemory-policy noeviction`` (the service refuses to start on one that evicts);
    #: none: each instance counts in its own file, whatever ``redis_url`` says.
    limits_redis_url: str | None = None
    #: Start on a counts' Redis that may evict them (a flood of other keys can then reset the limits).
    limits_evictable: bool = False
    #: The file where an instance's workers share their rate-limit counts without a Redis
    #: (none: a new file in /dev/shm or the temp dir, made when the app is built, before gunicorn forks).
    limits_file: Path | None = None
    #: ``X-Forwarded-For`` entries to trust for the client's address: 1 behind the front that
    #: deploy/serve.sh starts (it sets this), 0 when clients connect to gunicorn directly.
    proxy_hops: int = 0
    #: Serve ``/metrics`` to anyone even when keys are configured (it names every tenant).
    metrics_open: bool = False
    #: Behind the front that deploy/serve.sh starts (it sets this): early refusals are held by nginx
    #: on a timer (X-Accel-Redirect to its /_front/held/ location) instead of in a worker thread.
    front_holds: bool = False
    #: What computes the expected points: ``compiled`` (the C kernel) or ``reference`` (NumPy; the
    #: strategy's ``kernel_named`` refuses any other name, and a compiled kernel that is not built).
    kernel: str = "compiled"
    #: A folder of kept models, one subfolder each (``odds/``, ``bank/``, ``levels.json``,
    #: ``model.json``), answered beside the shipped one and those the package keeps, to a request
    #: that names one in ``X-Model-Version`` (docs/integrating.md, "Pinned models").
    models_dir: Path | None = None
    #: The model that answers a request naming none: the shipped one (empty) or a kept one's version.
    model: str = ""
    #: The PEM file of the Ed25519 key that signs settlement receipts (none: receipts are unsigned).
    receipt_key: Path | None = None
    #: PEM files of the public keys of earlier signing keys, comma-separated: still served in
    #: ``GET /.well-known/jwks.json``, so that receipts they signed verify after a rotation.
    receipt_old_keys: tuple[Path, ...] = ()
    #: A file of deal secrets, hex, one a line: the first derives the seeds of new deals, the others
    #: (earlier ones) still deal those committed under them (none: a secret made at each start, so a
    #: deal committed before a restart, or by another instance, cannot be dealt).
    deal_secret_file: Path | None = None

    def __post_init__(self) -> None:
        if self.default_variant not in PRESET_NAMES:
            raise ConfigError(f"default_variant {self.default_variant!r} is not a preset ({', '.join(PRESET_NAMES)})")
        if self.max_body_bytes < 1024:
            raise ConfigError(f"max_body_bytes must be at least 1024, not {self.max_body_bytes}")
        if self.cache_bytes < 0:
            raise ConfigError(f"cache_bytes must be 0 or more, not {self.cache_bytes}")
        if self.tenant_cache_bytes < 1024:
            raise ConfigError(f"tenant_cache_bytes must be at least 1024, not {self.tenant_cache_bytes}")
        if not 0 < self.redis_timeout <= 5:
            raise ConfigError(f"redis_timeout must be above 0 and at most 5 seconds, not {self.redis_timeout}")
        if self.redis_retry_after < 0 or self.cache_ttl < 1:
            raise ConfigError("redis_retry_after must be 0 or more and cache_ttl at least 1")
        for name in ("auth_failure_limit", "auth_failure_limit_total"):
            try:
                parse_limit(getattr(self, name))
            except ValueError:
                raise ConfigError(f"{name} {getattr(self, name)!r} is not a limit such as '30/minute'") from None
        if not 1 <= self.heavy_slots <= 64 or not 0 < self.heavy_wait <= 60 or not 0 <= self.heavy_queue <= 1000:
            raise ConfigError("heavy_slots must be 1 to 64, heavy_wait above 0 and at most 60 s, heavy_queue 0 to 1000")
        if not 1 <= self.heavy_per_tenant <= self.heavy_slots + self.heavy_queue:
            raise ConfigError(
                f"heavy_per_tenant must be 1 to heavy_slots + heavy_queue ({self.heavy_slots + self.heavy_queue}),"
                f" not {self.heavy_per_tenant}"
            )
        if not 1 <= self.tenant_variant_tables <= self.variant_tables <= 1000:
            raise ConfigError(
                "variant_tables must be 1 to 1000 and tenant_variant_tables 1 to variant_tables, not "
                f"{self.variant_tables} and {self.tenant_variant_tables}"
            )
        if not 1 <= self.batch_slots <= 64:
            raise ConfigError(f"batch_slots must be 1 to 64, not {self.batch_slots}")
        if not 0 <= self.retry_hold <= 5 or not 0 <= self.retry_hold_slots <= 1000:
            raise ConfigError("retry_hold must be 0 to 5 seconds and retry_hold_slots 0 to 1000")
        if not 0 <= self.proxy_hops <= 5:
            raise ConfigError(f"proxy_hops must be 0 to 5, not {self.proxy_hops}")
        if self.log_level.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ConfigError(f"log_level must be DEBUG, INFO, WARNING or ERROR, not {self.log_level!r}")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Settings:
        """Read ``MAUBINH_<SETTING>`` variables (e.g. ``MAUBINH_MAX_BODY_BYTES``)."""
        values: dict[str, Any] = {}
        for spec in fields(cls):
            text = environ.get("MAUBINH_" + spec.name.upper())
            if text is not None and text != "":
                values[spec.name] = _convert(spec.name, _reader(spec.name, spec.type), text)
        return cls(**values)

    def with_overrides(self, overrides: Mapping[str, Any]) -> Settings:
        """A copy with some settings replaced (unknown names are an error)."""
        known = {spec.name for spec in fields(self)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ConfigError(f"unknown settings: {', '.join(unknown)}")
        return replace(self, **overrides)


def _switch(text: str) -> bool:
    """``true``/``false`` (or ``1``/``0``, ``yes``/``no``, ``on``/``off``)."""
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError("must be true or false")


#: The settings read otherwise than their type says (the rest: by their declared type, below).
_READERS: dict[str, Callable[[str], Any]] = {
    "api_keys": lambda text: read_keys(text, "MAUBINH_API_KEYS"),
    "metrics_keys": lambda text: read_keys(text, "MAUBINH_METRICS_KEYS"),
    "kernel": lambda text: text.strip(),
    "model": lambda text: text.strip(),
    "receipt_old_keys": lambda text: tuple(Path(part.strip()) for part in text.split(",") if part.strip()),
}
#: How a setting's text is read, by its declared type (``X | None``: as ``X``).
_BY_TYPE: dict[str, Callable[[str], Any]] = {"int": int, "float": float, "str": str, "bool": _switch, "Path": Path}


def _reader(name: str, declared: object) -> Callable[[str], Any]:
    """How the setting ``name``, declared of type ``declared``, is read from its variable's text."""
    return _READERS.get(name) or _BY_TYPE[str(declared).removesuffix(" | None")]


def read_keys(text: str, name: str) -> tuple[str, ...]:
    """Keys from ``a,b,c``, or from a file (one per line; blank lines and
    ``#`` comments skipped) when the text names an existing file."""
    source = Path(text)
    if "," not in text and source.is_file():
        lines = source.read_text(encoding="utf-8").splitlines()
        keys = [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
    else:
        keys = [key.strip() for key in text.split(",") if key.strip()]
    for key in keys:
        if len(key) < 16 or any(character.isspace() for character in key):
            raise ValueError(f"{name}: every key needs at least 16 characters and no spaces")
    if not keys:
        raise ValueError(f"{name} names no key")
    return tuple(keys)


def _convert(name: str, converter: Callable[[str], Any], text: str) -> Any:
    try:
        return converter(text)
    except ValueError as error:
        raise ConfigError(f"MAUBINH_{name.upper()}={text!r}: {error}") from None
