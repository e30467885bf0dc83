"""Memory under legal traffic, for minutes: each worker's RSS over time against its bound.

The service runs as ``make run`` starts it (``deploy/serve.sh``: nginx in front,
2 gunicorn workers of 16 threads) and wrk sends, all at once and every request
within the limits of a request:

- 8 connections of 100-arrangement analyses (the heaviest request there is),
- 2 connections of 100-hand optimal batches, 6 of 200-table settlement batches and 2 of
  1,000-chi classify batches,
- 2 of bot play (no seed: never cached), 1 of optimal hands each under a variant of its own (one of
  500 overrides: the per-variant tables come and go), 4 of single classify, validate and settle.

Every ``--every`` seconds it reads each worker's RSS, and the memory of the whole
pod: the proportional set size (shared pages counted once) of every process the
start script runs (gunicorn's master and workers, nginx), which is what the
container's memory limit counts.  The plateau is the largest reading of the last
third of the run.

The reference, in the same run: the same traffic against the same service with glibc's arenas
uncapped (``MALLOC_ARENA_MAX=16``, glibc's own default of eight per core on two cores), as the
service ran before its allocator was bounded.

    python -m bench.memory [--seconds 180] [--reference-seconds 120] [--every 5]

Targets (issue 26): a worker's RSS plateau under 300 MB and the pod's under 500 MB
(docs/operations.md), which its limit of 768Mi (deploy/k8s/deployment.yaml) leaves
half as much again above.
"""

from __future__ import annotations

import argparse
import re
import signal
import tempfile
import time
from pathlib import Path

from bench.load import summary, wrk
from tests.support.servers import service

#: endpoint (of bench/wrk/traffic.lua) -> connections
TRAFFIC = {
    "analysis100": 8,
    "optimal100": 2,
    "settle200": 6,
    "classify1000": 2,
    "play": 2,
    "optimal_variants": 1,
    "classify": 2,
    "validate": 1,
    "settle": 1,
}
#: The documented ceilings (docs/operations.md, "Memory"), and the pod's limit (deploy/k8s/deployment.yaml).
WORKER_BOUND_MB = 300
POD_BOUND_MB = 500
POD_LIMIT_MB = 768 * 1024 * 1024 / 1e6  # 768Mi in MB


def kilobytes(path: str, field: str) -> float:
    try:
        text = Path(path).read_text()
    except OSError:
        return 0.0
    match = re.search(rf"^{field}:\s+(\d+) kB", text, re.MULTILINE)
    return int(match.group(1)) if match else 0.0


def descendants(pid: int) -> list[int]:
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        found.append(int(child))
        found.extend(descendants(int(child)))
    return found


def run(workdir: Path, seconds: float, every: float, environment: dict[str, str], title: str) -> tuple[float, float]:
    """One run: the readings as they come, then (worst worker plateau, pod plateau) in MB."""
    print(f"\n{title}: {seconds:.0f} s of {', '.join(f'{n} x{c}' for n, c in TRAFFIC.items())}")
    with service(workdir, environment) as running:
        workers = running.worker_pids()
        processes = [running.process.pid, *descendants(running.process.pid)]
        start = time.monotonic()
        loads = [
            wrk(name, running.url, seconds, count, salt=index) for index, (name, count) in enumerate(TRAFFIC.items())
        ]
        readings: list[tuple[float, list[float], float]] = []
        print("     t   " + "  ".join(f"worker {n} RSS" for n in range(len(workers))) + "   pod PSS")
        while time.monotonic() - start < seconds:
            time.sleep(every)
            rss = [kilobytes(f"/proc/{pid}/status", "VmRSS") / 1000 for pid in workers]
            pod = sum(kilobytes(f"/proc/{pid}/smaps_rollup", "Pss") for pid in processes) / 1000
            readings.append((time.monotonic() - start, rss, pod))
            print(f"  {readings[-1][0]:5.0f} s " + "  ".join(f"{value:10.0f} MB" for value in rss) + f"  {pod:7.0f} MB")
        results = {name: summary(load) for name, load in zip(TRAFFIC, loads, strict=True)}
    for name, result in results.items():
        print(
            f"  {name:12s} {int(result['requests']):6d} requests  {result['rps']:7.1f}/s"
            f"  p99 {result['p99_us'] / 1000:7.1f} ms  failed {int(result['failures'])}"
            f"  busy (503) {int(result['busy'])}"
        )
    last = readings[len(readings) * 2 // 3 :] or readings
    worker = max(max(rss) for _, rss, _ in last)
    pod = max(pod for _, _, pod in last)
    print(f"  plateau (last third): worst worker {worker:.0f} MB, pod {pod:.0f} MB")
    return worker, pod


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180, help="the shipped configuration's run (default 180)")
    parser.add_argument("--reference-seconds", type=float, default=120, help="the reference run (default 120; 0: none)")
    parser.add_argument("--every", type=float, default=5, help="seconds between readings (default 5)")
    args = parser.parse_args()
    signal.alarm(int(args.seconds + args.reference_seconds + 300))
    with tempfile.TemporaryDirectory(prefix="maubinh-memory-") as folder:
        workdir = Path(folder)
        worker, pod = run(workdir, args.seconds, args.every, {}, "shipped (deploy/serve.sh: two arenas)")
        references = {}
        if args.reference_seconds > 0:
            environment = {"MALLOC_ARENA_MAX": "16"}
            references["arenas uncapped"] = run(
                workdir, args.reference_seconds, args.every, environment, "reference: arenas uncapped"
            )
    met = worker < WORKER_BOUND_MB and pod < POD_BOUND_MB
    print(
        f"\nworker RSS plateau {worker:.0f} MB against the bound of {WORKER_BOUND_MB} MB; pod {pod:.0f} MB against"
        f" the bound of {POD_BOUND_MB} MB, under its limit of {POD_LIMIT_MB:.0f} MB (768Mi)"
    )
    for name, (reference, reference_pod) in references.items():
        ratio = worker / reference
        print(f"  reference {name}: worker {reference:.0f} MB (shipped / it: {ratio:.2f}), pod {reference_pod:.0f} MB")
    print("memory targets:", "met" if met else "NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
