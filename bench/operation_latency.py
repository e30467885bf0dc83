"""Benchmark: each operation's latency over HTTP, as ``make run`` serves it, and the client timeout
that fits it (docs/integrating.md, "Timeouts": the timeouts a platform should set).

The service runs under its start command (nginx in front, 2 workers); wrk (on the same machine)
sends one operation at a time on one connection, fresh random cards in every request, the single
operations and the largest batch of each. Each line prints p50, p99 and the slowest answer, and
the timeout suggested for a client: four times the p99 (room for a loaded machine and for the
other tenants' traffic), plus, for the heavy operations and the large batches, the longest a
request may wait for a slot before the service answers 503 (``MAUBINH_HEAVY_WAIT``, 2 s by
default: a client that gives up sooner never sees that 503 and its Retry-After), at least a
second, rounded up to half a second. The fixed reference in
the same run is a constant Flask app under the same start command (``bench/constant_app.py``,
classify's path): what HTTP, nginx and gunicorn cost alone, printed first.

    python -m bench.operation_latency [--seconds 5]
"""

from __future__ import annotations

import argparse
import contextlib
import math
import tempfile
from pathlib import Path

from bench.load import summary, wrk
from maubinh_api.infra.config import Settings
from tests.support.servers import service

#: (wrk endpoint of bench/wrk/traffic.lua, the operation it sends, whether it may wait for a slot:
#: the heavy operations and the batches of 50 units or more, web/admission.py)
OPERATIONS = [
    ("classify", "POST /v1/hands/classify", False),
    ("classify1000", "POST /v1/hands/classify/batch (1,000 chi)", True),
    ("validate", "POST /v1/arrangements/validate", False),
    ("validate200", "POST /v1/arrangements/validate/batch (200)", True),
    ("optimal", "POST /v1/arrangements/optimal", True),
    ("optimal100", "POST /v1/arrangements/optimal/batch (100 hands)", True),
    ("analysis", "POST /v1/arrangements/analysis", True),
    ("analysis100", "POST /v1/arrangements/analysis/batch (100)", True),
    ("play", "POST /v1/arrangements/play", True),
    ("drills", "POST /v1/drills (5 random drills)", True),
    ("settle", "POST /v1/settlements (4 players)", False),
    ("settle200", "POST /v1/settlements/batch (200 tables)", True),
]


def timeout_for(p99_ms: float, queued: bool) -> float:
    """The client timeout suggested for an operation of this p99, in seconds."""
    wait = Settings().heavy_wait if queued else 0.0
    return max(1.0, math.ceil((wait + 4 * p99_ms / 1000) * 2) / 2)


def _line(name: str, found: dict[str, float], queued: bool = False) -> str:
    p50, p99, most = found["p50_us"] / 1000, found["p99_us"] / 1000, found["max_us"] / 1000
    return (
        f"{name:<48} {int(found['requests']):6d} requests  p50 {p50:8.2f} ms  p99 {p99:8.2f} ms"
        f"  max {most:8.2f} ms  failed {int(found['failures'])}  -> timeout {timeout_for(p99, queued):4.1f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5, help="each operation's wrk run (default 5)")
    options = parser.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        workdir = Path(folder)
        served = stack.enter_context(service(workdir))
        constant = stack.enter_context(service(workdir, {"APP": "bench.constant_app:app"}))
        summary(wrk("classify", constant.url, 1, 1))  # warm both up
        summary(wrk("classify", served.url, 1, 1))
        reference = summary(wrk("classify", constant.url, options.seconds, 1, salt=3))
        print(_line("reference: constant Flask app (classify's path)", reference))
        for number, (endpoint, name, queued) in enumerate(OPERATIONS):
            found = summary(wrk(endpoint, served.url, options.seconds, 1, salt=10 + number))
            failed += int(found["failures"])
            ratio = found["p99_us"] / reference["p99_us"]
            print(f"{_line(name, found, queued)}  ({ratio:.1f}x the reference's p99)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
