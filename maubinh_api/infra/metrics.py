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
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Final

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
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from ..version import __version__

#: Request durations: 0.5 ms to 10 s.
DURATION_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: The latency objectives' bounds (docs/operations.md, "Objectives"): a light operation within
#: 0.1 s, a heavy one (it values hands, or is a batch) within 1 s; and a few around them.
OBJECTIVE_BUCKETS = (0.025, 0.1, 0.25, 1.0, 2.5, 10.0)

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
TENANT_DURATION = Histogram(
    "maubinh_tenant_request_duration_seconds",
    "Time to answer the requests under a scope, per tenant and class (light, heavy): the latency objective's.",
    ["tenant", "class"],
    buckets=OBJECTIVE_BUCKETS,
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
WORKER_STARTS = Counter(
    "maubinh_worker_starts",
    "Workers started (gunicorn's post_worker_init): the pod's first ones, then one per worker that died or was"
    " recycled.",
)
LIMITS_EVICTABLE = Gauge(
    "maubinh_limits_store_evictable",
    "1 when the rate-limit counts' Redis may evict them (its maxmemory-policy is not noeviction), else 0;"
    " checked at start and by every readiness probe.",
    multiprocess_mode="mostrecent",
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


#: The statuses of the service's own faults (the availability objective's), counted from zero.
FAULT_STATUSES: Final = ("500", "503")


def count_faults_from_zero(routes: Iterable[tuple[str, str]]) -> None:
    """Make each (route template, method)'s fault counters at 0 before any fault: a series that first
    appears with a count above 0 loses that count to Prometheus's ``rate`` (it sees no increase), so
    an objective's first failures would go uncounted."""
    for route, method in routes:
        for status in FAULT_STATUSES:
            HTTP_REQUESTS.labels(route=route, method=method, status=status)


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


class MemoryCollector(Collector):
    """The memory of the service's container, as its cgroup counts it (what the memory limit and the
    out-of-memory killer act on), read when scraped: the working set (usage less the file cache the
    kernel can drop: what the kubelet calls it) and the limit, when there is one (cgroup v2, else v1)."""

    def __init__(self, root: Path = Path("/sys/fs/cgroup")) -> None:
        self.root = root

    def collect(self) -> Iterator[GaugeMetricFamily]:
        found = container_memory(self.root)
        if found is None:
            return
        working_set, limit = found
        yield GaugeMetricFamily(
            "maubinh_memory_working_set_bytes",
            "The container's memory in use, less the file cache it can drop (its cgroup's), every process included.",
            value=working_set,
        )
        if limit is not None:
            yield GaugeMetricFamily(
                "maubinh_memory_limit_bytes", "The container's memory limit (its cgroup's).", value=limit
            )


#: A cgroup v1 limit at or above this is "no limit" (the kernel writes the largest page-aligned number).
_NO_LIMIT = 1 << 62


def container_memory(root: Path) -> tuple[float, float | None] | None:
    """(working set, limit or None) of the cgroup at ``root`` (v2's files, else v1's), or None where
    neither can be read.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "memory.current").write_text("1000"), (folder / "memory.max").write_text("max")
    >>> _ = (folder / "memory.stat").write_text("anon 600" + chr(10) + "inactive_file 300")
    >>> container_memory(folder)
    (700.0, None)
    """
    v2, v1 = root / "memory.current", root / "memory" / "memory.usage_in_bytes"
    try:
        if v2.exists():
            usage, limit_text = float(v2.read_text()), (root / "memory.max").read_text().strip()
            inactive = _stat(root / "memory.stat", "inactive_file")
            limit = None if limit_text == "max" else float(limit_text)
        else:
            usage = float(v1.read_text())
            inactive = _stat(root / "memory" / "memory.stat", "total_inactive_file")
            limit_bytes = float((root / "memory" / "memory.limit_in_bytes").read_text())
            limit = None if limit_bytes >= _NO_LIMIT else limit_bytes
    except (OSError, ValueError):
        return None
    return max(0.0, usage - inactive), limit


def _stat(path: Path, name: str) -> float:
    for line in path.read_text().splitlines():
        key, _, value = line.partition(" ")
        if key == name:
            return float(value)
    return 0.0


#: The container's memory, read at each scrape (its ``root``: the cgroup file system's).
MEMORY = MemoryCollector()
REGISTRY.register(MEMORY)


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus text format, summed over workers when in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(MEMORY)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


def mark_worker_dead(pid: int) -> None:
    """gunicorn's child_exit hook: drop a dead worker's live gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
