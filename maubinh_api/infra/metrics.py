"""Prometheus metrics, ready for gunicorn's multiprocess mode.

With ``PROMETHEUS_MULTIPROC_DIR`` set (``deploy/serve.sh`` sets it and wipes
it at every start), each worker writes its figures to files there and
``GET /metrics`` sums them across workers; gunicorn's ``child_exit`` hook
marks dead workers (deploy/gunicorn.conf.py), so recycled workers do not
leave live gauges behind.  Without it (tests, a single process) the default
in-process registry is used.
"""

from __future__ import annotations

import functools
import os
import platform
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from ..version import __version__

#: Request durations: 0.5 ms to 10 s.
DURATION_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

HTTP_REQUESTS = Counter(
    "maubinh_http_requests",
    "HTTP requests answered, by route template, method and status.",
    ["route", "method", "status"],
)
HTTP_DURATION = Histogram(
    "maubinh_http_request_duration_seconds", "Time to answer, by route template.", ["route"], buckets=DURATION_BUCKETS
)
SOLVER_DURATION = Histogram(
    "maubinh_solver_duration_seconds",
    "Time the optimiser (ev, strongest), the analysis or a bot (play) took per hand, by objective.",
    ["objective"],
    buckets=DURATION_BUCKETS,
)
CACHE_REQUESTS = Counter(
    "maubinh_cache_requests", "Result-cache lookups and writes, by backend and result.", ["backend", "result"]
)
SETTLEMENTS = Counter("maubinh_settlements", "Tables settled, by preset.", ["variant"])
# Per tenant: the tenant label takes the names of the tenants file (and "unnamed", "anonymous"), so it stays bounded.
TENANT_REQUESTS = Counter(
    "maubinh_tenant_requests",
    "Requests answered per tenant, by operation and status.",
    ["tenant", "operation", "status"],
)
TENANT_COST = Counter(
    "maubinh_tenant_cost_units",
    "Cost units of the requests answered per tenant (what the limits count), by operation and status.",
    ["tenant", "operation", "status"],
)
TENANT_THROTTLED = Counter(
    "maubinh_tenant_throttled", "Requests refused with 429 (over the limits), per tenant.", ["tenant"]
)
AUTH_FAILURES = Counter(
    "maubinh_auth_failures", "Requests refused for a missing, unknown or out-of-scope key.", ["reason"]
)
OVERLOADED = Counter(
    "maubinh_overloaded", "Heavy requests answered 503 (no slot free within the wait), per tenant.", ["tenant"]
)
HELD_RETRIES = Counter(
    "maubinh_held_retries",
    "429s answered after a pause, the caller having come back before its Retry-After, per tenant"
    " ('unauthenticated' for wrong keys).",
    ["tenant"],
)
LIMITER_FAILURES = Counter(
    "maubinh_limiter_failures", "Times the rate-limit store (Redis) failed and requests went on uncounted (fail open)."
)
BUILD_INFO = Gauge(
    "maubinh_build_info", "Version of the running service (always 1).", ["version", "python"], multiprocess_mode="max"
)
BUILD_INFO.labels(version=__version__, python=platform.python_version()).set(1)
KERNEL_INFO = Gauge(
    "maubinh_kernel_info",
    "The kernel computing the expected points (compiled, or the NumPy reference; always 1).",
    ["kernel"],
    multiprocess_mode="max",
)


def record_kernel(name: str) -> None:
    """Say which kernel this process runs."""
    KERNEL_INFO.labels(kernel=name).set(1)


def count_cache(backend: str, result: str) -> None:
    """Count one cache lookup or write."""
    _cache_child(backend, result).inc()


def observe_solver(objective: str, seconds: float) -> None:
    """Time one computation of the strategy."""
    _solver_child(objective).observe(seconds)


# A labelled child looked up once: prometheus-client checks and locks at every ``labels()`` call.
@functools.cache
def _cache_child(backend: str, result: str) -> Any:
    return CACHE_REQUESTS.labels(backend=backend, result=result)


@functools.cache
def _solver_child(objective: str) -> Any:
    return SOLVER_DURATION.labels(objective=objective)


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus text format, summed over workers when in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


def mark_worker_dead(pid: int) -> None:
    """gunicorn's child_exit hook: drop a dead worker's live gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
