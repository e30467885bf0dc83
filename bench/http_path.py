"""Benchmark: the request path over HTTP, as ``make run`` serves it (nginx in front, 2 workers).

The service and a minimal Flask app answering a constant JSON (bench/constant_app.py, the fixed
reference) run at once under the same start command and gunicorn settings; wrk (on the same
machine) drives each in turn, three times each taking turns going first (the median ratio is
judged: one machine's speed moves by a third between runs), with freshly dealt random cards in
every request:

1. ``/optimal``, one random hand a request, at 4 connections: the service's requests a second
   against the constant app's (target: at least 0.35x; with the engine's 0.4 ms a hand and no
   overhead at all the ceiling is about 0.5x);
2. classify at 32 connections: requests a second against the constant app's (at least 0.9x);
3. classify at 2 connections, 5 rounds of new connections: each round's p50 against the constant
   app's in the same round (within 1.3x in every round: a light request's latency does not depend
   on how connections land on workers).

    python -m bench.http_path [--seconds 10] [--rounds 5]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
from pathlib import Path

from bench.load import summary, wrk
from tests.support.servers import service


def _rate(url: str, endpoint: str, seconds: float, connections: int, salt: int) -> dict[str, float]:
    summary(wrk(endpoint, url, 2, connections, threads=min(2, connections), salt=salt))  # warm up
    return summary(wrk(endpoint, url, seconds, connections, threads=min(2, connections), salt=salt + 1))


def _compare(name: str, urls: tuple[str, str], endpoint: str, load: tuple[float, int], target: float) -> bool:
    """Three runs of each, taking turns going first; the median of the runs' ratios is judged."""
    served, constant = urls
    seconds, connections = load
    ratios, failures = [], 0
    for number in range(3):
        found: dict[str, dict[str, float]] = {}
        order = [(served, "service"), (constant, "constant")]
        for url, side in order if number % 2 == 0 else order[::-1]:
            found[side] = _rate(url, endpoint, seconds, connections, salt=11 + 2 * number)
        mine, theirs = found["service"], found["constant"]
        ratios.append(mine["rps"] / theirs["rps"])
        failures += int(mine["failures"])
        print(
            f"{name}, run {number + 1}: service {mine['rps']:8.1f} req/s (p50 {mine['p50_us'] / 1000:.2f} ms) |"
            f" constant app {theirs['rps']:8.1f} req/s (p50 {theirs['p50_us'] / 1000:.2f} ms) -> {ratios[-1]:.2f}x"
        )
    ratio = statistics.median(ratios)
    met = ratio >= target and failures == 0
    print(f"{name}: median {ratio:.2f}x (target >= {target}x, {'met' if met else 'NOT met'}); failed {failures}")
    return met


def _latency_rounds(urls: tuple[str, str], seconds: float, rounds: int) -> bool:
    served, constant = urls
    ok = True
    for number in range(rounds):
        order = [(served, "service"), (constant, "constant")]
        found: dict[str, float] = {}
        for url, name in order if number % 2 == 0 else order[::-1]:
            found[name] = _rate(url, "classify", seconds, 2, salt=20 + number)["p50_us"] / 1000
        ratio = found["service"] / found["constant"]
        ok &= ratio <= 1.3
        print(
            f"3. classify p50 at 2 connections, round {number + 1}: service {found['service']:.2f} ms | constant app"
            f" {found['constant']:.2f} ms -> {ratio:.2f}x (target <= 1.3x)"
        )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10, help="each wrk run (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="latency rounds (default 5)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        workdir = Path(folder)
        served = stack.enter_context(service(workdir))
        constant = stack.enter_context(service(workdir, {"APP": "bench.constant_app:app"}))
        urls = (served.url, constant.url)
        ok = _compare("1. /optimal, random hands, 4 connections", urls, "optimal", (options.seconds, 4), 0.35)
        ok &= _compare("2. classify, 32 connections", urls, "classify", (options.seconds, 32), 0.9)
        ok &= _latency_rounds(urls, options.seconds, options.rounds)
    print("all targets met" if ok else "some targets NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
