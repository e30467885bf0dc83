"""Slow clients against the service as users run it: the shipped front (nginx in front of gunicorn,
``deploy/serve.sh``) and, as the reference in the same run, gunicorn facing the clients alone
(``MAUBINH_FRONT=none``, what the service shipped before).

For each: a normal client alone (a classify every 50 ms on a new connection, and /healthz every
second with the liveness probe's 2 s timeout), then the same while 200 connections trickle their
headers, 100 trickle a body a byte at a time and 100 connect and send nothing, each reconnecting as
soon as it is dropped (tests/support/slow_clients.py).

    python -m bench.slow_clients [--seconds 30] [--alone-seconds 10]

Targets (issue 26): with the front, the normal client sees no failure, its p99 stays within 3x of
its p99 alone, and /healthz answers within 2 s throughout.
"""

from __future__ import annotations

import argparse
import signal
import tempfile
import time
from pathlib import Path

from tests.support.servers import service
from tests.support.slow_clients import Attack, Timings, normal_client

ATTACK = {"header": 200, "body": 100, "idle": 100}


def line(title: str, timings: Timings) -> str:
    return (
        f"  {title:9s} {len(timings.latencies):5d} answered  p50 {timings.p(0.5) * 1e3:7.1f} ms  "
        f"p99 {timings.p(0.99) * 1e3:7.1f} ms  failed {len(timings.failures):4d}  "
        f"healthz worst {timings.probe_worst:5.2f} s, failed {len(timings.probe_failures)}"
    )


def run(workdir: Path, environment: dict[str, str], title: str, seconds: float, alone_seconds: float) -> bool:
    print(f"\n{title}")
    with service(workdir, environment) as running:
        normal_client(running.port, 2)  # warm-up
        alone = normal_client(running.port, alone_seconds)
        print(line("alone", alone))
        with Attack(running.port, **ATTACK) as attack:
            time.sleep(2)  # every hostile connection open
            attacked = normal_client(running.port, seconds)
            held = dict(attack.open_now)
            opened = dict(attack.opened)
        print(line("attacked", attacked))
    print(f"  hostile connections open at the end {held}; opened in all {opened}")
    ratio = attacked.p(0.99) / alone.p(0.99)
    met = not attacked.failures and ratio <= 3 and not attacked.probe_failures and attacked.probe_worst < 2
    verdict = "met" if met else "NOT met"
    print(f"  p99 attacked / alone: {ratio:.2f} (target <= 3); failures {len(attacked.failures)} -> {verdict}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30, help="the attack (default 30)")
    parser.add_argument("--alone-seconds", type=float, default=10, help="the normal client alone (default 10)")
    args = parser.parse_args()
    signal.alarm(int(2 * (args.seconds + args.alone_seconds) + 240))
    print(f"hostile connections: {ATTACK}, from 8 loopback addresses; the normal client from 127.0.0.1")
    with tempfile.TemporaryDirectory(prefix="maubinh-slow-") as folder:
        shipped = run(Path(folder), {}, "shipped: nginx in front (deploy/serve.sh)", args.seconds, args.alone_seconds)
        run(Path(folder), {"MAUBINH_FRONT": "none"}, "reference: gunicorn alone", args.seconds, args.alone_seconds)
    print("\nslow-client targets (the shipped front):", "met" if shipped else "NOT met")
    return 0 if shipped else 1


if __name__ == "__main__":
    raise SystemExit(main())
