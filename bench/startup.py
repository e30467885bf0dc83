"""Benchmark: a worker's start-up time and memory, compiled kernel against the NumPy reference.

Each run is a fresh interpreter that builds the service as a gunicorn worker
does (``create_app()``: presets, odds, hand banks, the kernel's model of each
preset, a warm-up hand per preset) and reports the seconds that took and its
resident memory (VmRSS) after.  ``--runs`` runs per kernel, in turn; medians
are printed.  ``--compare PATH`` also measures another checkout of the
service (for instance the commit before the compiled kernel, made with
``git worktree add PATH COMMIT``) in the same run.

Target (issue 16): start-up within 1 s and memory within 20 MB of the
service before the compiled kernel.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import json, re, time
started = time.perf_counter()
from maubinh_api import create_app
create_app()
seconds = time.perf_counter() - started
rss = int(re.search(r"VmRSS:\\s+(\\d+) kB", open("/proc/self/status").read()).group(1)) / 1024
print(json.dumps({"seconds": seconds, "rss_mb": rss}))
"""


def probe(checkout: Path, kernel: str | None) -> dict[str, float]:
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    environment.pop("MAUBINH_KERNEL", None)
    if kernel:
        environment["MAUBINH_KERNEL"] = kernel
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=checkout, env=environment, capture_output=True, text=True, check=True
    )
    found: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", type=Path, help="another checkout to measure in the same run")
    args = parser.parse_args()
    sides: dict[str, tuple[Path, str | None]] = {"compiled": (ROOT, "compiled"), "reference": (ROOT, "reference")}
    if args.compare:
        sides[f"checkout {args.compare}"] = (args.compare.resolve(), None)
    found: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    for _ in range(args.runs):
        for name, (checkout, kernel) in sides.items():
            found[name].append(probe(checkout, kernel))
    print(f"create_app() in a fresh interpreter, median of {args.runs} runs each, taken in turn")
    for name, runs in found.items():
        seconds = statistics.median(run["seconds"] for run in runs)
        rss = statistics.median(run["rss_mb"] for run in runs)
        print(f"  {name:40s} start-up {seconds:5.2f} s, resident memory {rss:6.1f} MB")
    if args.compare:
        base = found[f"checkout {args.compare}"]
        new = found["compiled"]
        extra_seconds = statistics.median(r["seconds"] for r in new) - statistics.median(r["seconds"] for r in base)
        extra_mb = statistics.median(r["rss_mb"] for r in new) - statistics.median(r["rss_mb"] for r in base)
        ok = extra_seconds <= 1 and extra_mb <= 20
        print(
            f"compiled against the other checkout: {extra_seconds:+.2f} s, {extra_mb:+.1f} MB; target within 1 s and"
            f" 20 MB: {'met' if ok else 'NOT met'}"
        )
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
