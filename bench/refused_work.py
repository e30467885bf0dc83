"""Is refused work charged?  The two scenarios of issue 50 against ``make run`` with a tenants file.

1. **One tenant's crowd:** 40 analysis batches of 100 arrangements at once from one tenant; its share
   of each worker's heavy places is ``MAUBINH_HEAVY_PER_TENANT`` (6), so most are 503 for want of one.
2. **Another tenant's crowd:** a tenant keeps every heavy place of both workers busy (analysis batches
   on 24 connections) while another sends analysis batches on 10 connections for ``--seconds``.

Each tenant's limit is 1,000,000 a year, read from ``GET /v1/usage`` before and after (less the second
read's own unit).  What it should be charged: 100 units for each batch answered (200) and the reading
of each refused (503: a unit per 4 KiB of its body); a 429 nothing.  Before 1.1 the first scenario
charged 4,000 units for 1,200 of answers, and in the second a tenant paid 2,680 units for 580 of answers.
Target: every tenant charged exactly what its answers and refusals say.

    python -m bench.refused_work [--seconds 10]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import service

#: Large enough for every request, and less than a unit comes back in the bench's minute (one each
#: 31.5 s): the fall of ``remaining`` is what was charged.
LIMIT = "1000000/year"
TENANTS = ("crowd-of-one-tenant", "filler-of-the-places", "other-tenant-beside")
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]


def analysis_batch(rng: random.Random, count: int = 100) -> bytes:
    """``count`` random arrangements (fresh: no answer comes from the cache)."""
    items = []
    for _ in range(count):
        cards = rng.sample(DECK, 13)
        items.append({"arrangement": {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}})
    return json.dumps({"arrangements": items}).encode()


def reading(body: bytes) -> int:
    """A body's reading: a unit per 4 KiB, at least one (docs/operations.md, "Limits")."""
    return max(1, -(-len(body) // 4096))


def post(url: str, key: str, body: bytes) -> int:
    request = urllib.request.Request(
        url + "/v1/arrangements/analysis/batch",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "X-API-Key": key},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as error:
        error.read()
        return int(error.code)


def remaining(url: str, key: str) -> int:
    request = urllib.request.Request(url + "/v1/usage", headers={"X-API-Key": key})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return int(json.loads(answer.read())["limits"][0]["remaining"])


class Meter:
    """What one tenant sent and saw, and what it should have paid."""

    def __init__(self, url: str, key: str) -> None:
        self.url, self.key = url, key
        self.statuses: Counter[int] = Counter()
        self.owed = 0
        self._lock = threading.Lock()
        self.before = remaining(url, key)

    def send(self, body: bytes) -> int:
        status = post(self.url, self.key, body)
        with self._lock:
            self.statuses[status] += 1
            self.owed += 100 if status == 200 else reading(body) if status != 429 else 0
        return status

    def report(self, name: str) -> bool:
        charged = self.before - remaining(self.url, self.key) - 1  # less this read's own unit
        answered = 100 * self.statuses[200]
        seen = ", ".join(f"{status} x{count}" for status, count in sorted(self.statuses.items()))
        exact = charged == self.owed
        print(
            f"  {name}: {seen}; charged {charged:,} units for {answered:,} of answers"
            f" (owed {self.owed:,}: 100 a batch answered, its reading a refusal) -> {'exact' if exact else 'NOT exact'}"
        )
        return exact


def one_tenants_crowd(url: str, rng: random.Random) -> bool:
    bodies = [analysis_batch(rng) for _ in range(40)]
    meter = Meter(url, TENANTS[0])
    barrier = threading.Barrier(40)

    def send(body: bytes) -> int:
        barrier.wait(30)
        return meter.send(body)

    with ThreadPoolExecutor(40) as pool:
        list(pool.map(send, bodies))
    print("1. 40 analysis batches of 100 at once from one tenant")
    return meter.report("the tenant")


def another_tenants_crowd(url: str, rng: random.Random, seconds: float) -> bool:
    filler, other = Meter(url, TENANTS[1]), Meter(url, TENANTS[2])
    ends = time.monotonic() + seconds
    lock = threading.Lock()

    def loop(meter: Meter) -> None:
        while time.monotonic() < ends:
            with lock:
                body = analysis_batch(rng)
            if meter.send(body) in (429, 503):
                time.sleep(0.05)

    with ThreadPoolExecutor(34) as pool:
        futures = [pool.submit(loop, filler) for _ in range(24)]
        time.sleep(1)  # the places filled first
        futures += [pool.submit(loop, other) for _ in range(10)]
        for future in futures:
            future.result()
    print(f"2. a tenant fills the heavy places (24 connections) while another sends on 10, {seconds:.0f} s")
    return filler.report("the filler") & other.report("the other")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    options = parser.parse_args()
    rng = random.Random(50)
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        tenants = workdir / "tenants.yaml"
        tenants.write_text(
            "tenants:\n"
            + "".join(
                f'  - name: {name}\n    key_sha256: "{key_digest(name)}"\n    limits: ["{LIMIT}"]\n' for name in TENANTS
            )
        )
        with service(workdir, {"MAUBINH_TENANTS_FILE": str(tenants)}, workers=2) as running:
            print("machine: 2 workers behind the front (make run); every tenant 1,000,000 units a year")
            exact = one_tenants_crowd(running.url, rng)
            exact &= another_tenants_crowd(running.url, rng, options.seconds)
    print(f"refused-work targets: {'met' if exact else 'NOT met'}")
    raise SystemExit(0 if exact else 1)


if __name__ == "__main__":
    main()
