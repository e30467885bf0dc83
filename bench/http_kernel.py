"""Benchmark: HTTP ``/v1/arrangements/optimal`` through gunicorn, compiled kernel against the NumPy reference.

Starts the service as ``make run`` does (``deploy/serve.sh``, 2 workers, no
shared cache) once with the default kernel and once with
``MAUBINH_KERNEL=reference``, and drives each with wrk (8 connections, every
request a freshly dealt random hand, so the result cache never answers) for
``--seconds`` after a warm-up.  The two are run in turn ``--rounds`` times in
the same run, and each side's median is compared: machines of this kind
differ by up to 2x, and one machine by a third from run to run.

Target (issue 16): the compiled kernel serves at least 2x the requests per
second of the reference.

    python -m bench.http_kernel [--seconds 20] [--rounds 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from bench.load import summary, wrk
from tests.support.servers import get, service


def run(workdir: Path, kernel: str, seconds: float, salt: int) -> dict[str, float]:
    """Requests per second and latency of /optimal with random hands, 8 connections."""
    with service(workdir, {"MAUBINH_KERNEL": kernel}) as running:
        ready = get(running.url + "/readyz").body.decode()
        if f'"kernel":"{kernel}"' not in ready.replace(" ", ""):
            raise SystemExit(f"the service did not run the {kernel} kernel: {ready}")
        summary(wrk("optimal", running.url, 3, 8, salt=salt))  # warm-up
        return summary(wrk("optimal", running.url, seconds, 8, salt=salt + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20, help="each measured run (default 20)")
    parser.add_argument("--rounds", type=int, default=2, help="runs per kernel, taken in turn (default 2)")
    args = parser.parse_args()
    print("HTTP /v1/arrangements/optimal, random hands, deploy/serve.sh with 2 workers, wrk with 8 connections")
    found: dict[str, list[dict[str, float]]] = {"compiled": [], "reference": []}
    with tempfile.TemporaryDirectory(prefix="maubinh-http-") as folder:
        for round_number in range(args.rounds):
            for kernel, results in found.items():
                result = run(Path(folder), kernel, args.seconds, salt=100 * round_number + len(results))
                results.append(result)
                print(
                    f"  {kernel:9s} run {round_number + 1}: {result['rps']:7.1f} req/s,"
                    f" p50 {result['p50_us'] / 1000:6.2f} ms, p99 {result['p99_us'] / 1000:6.2f} ms,"
                    f" failed {int(result['failures'])}"
                )
    rates = {kernel: statistics.median(item["rps"] for item in results) for kernel, results in found.items()}
    p50s = {kernel: statistics.median(item["p50_us"] for item in results) / 1000 for kernel, results in found.items()}
    ratio = rates["compiled"] / rates["reference"]
    failures = sum(int(item["failures"]) for results in found.values() for item in results)
    print(
        f"compiled {rates['compiled']:.1f} req/s (p50 {p50s['compiled']:.2f} ms), reference {rates['reference']:.1f}"
        f" req/s (p50 {p50s['reference']:.2f} ms): {ratio:.2f}x; failed {failures}; target 2x:"
        f" {'met' if ratio >= 2 and not failures else 'NOT met'}"
    )
    return 0 if ratio >= 2 and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
