"""Does waiting Retry-After suffice?  Clients that honour it, against ``make run`` with a tenants file.

Each cycle is one tenant limited to ``12/6second`` sending 14 classify batches of 5 chi (5 units
each) one after another; on a 429 it waits exactly ``Retry-After`` seconds and sends the same
request again.  A cycle *holds* when no such wait ends in another 429.  The cycles of a run go at
once, a tenant each, so that ten of them take the time of one (about 30 s: a unit comes back every
half second, so after the first two requests each of 5 units waits its 2.5 s, told as 3).

The matrix: the instance's file of counts and a Redis shared by the instances, with one and two
workers.  The reference is the same requests sent without a limit, in the same run: what the
requests themselves cost in time.  Target (issue 50): 10 of 10 cycles hold in every cell.

    python -m bench.retry_after [--cycles 10] [--requests 14]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import redis_server, service

LIMIT = "12/6second"
BATCH = {"hands": [["As", "Kd", "Qh"], ["2s", "3d", "4h"], ["5c", "6s", "7d"], ["8h", "9c", "Ts"], ["Jd", "Qh", "Kc"]]}
BODY = json.dumps(BATCH).encode()


@dataclass
class Cycle:
    """What one tenant saw: each answer's status, the waits it was told, and the 429s after a wait."""

    statuses: list[int] = field(default_factory=list)
    waits: list[int] = field(default_factory=list)
    refused_again: int = 0
    inconsistent: list[str] = field(default_factory=list)  #: RateLimit fields a 429 contradicted

    @property
    def holds(self) -> bool:
        return self.refused_again == 0 and not self.inconsistent


def send(url: str, key: str) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(
        url + "/v1/hands/classify/batch",
        data=BODY,
        method="POST",
        headers={"Content-Type": "application/json", "X-API-Key": key},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            answer.read()
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}
    except urllib.error.HTTPError as error:
        error.read()
        return error.code, {k.lower(): v for k, v in error.headers.items()}


def cycle(url: str, key: str, requests: int = 14) -> Cycle:
    """One tenant's requests, each sent again after exactly its Retry-After until it is answered."""
    seen = Cycle()
    for _ in range(requests):
        status, headers = send(url, key)
        waited = False
        while status == 429:
            wait = int(headers["retry-after"])
            fields = headers.get("ratelimit", "")
            if fields and (";r=0;" not in fields or int(fields.rsplit("t=", 1)[1]) < wait):
                seen.inconsistent.append(f"Retry-After {wait}, RateLimit {fields}")
            seen.waits.append(wait)
            seen.refused_again += int(waited)
            time.sleep(wait)
            waited = True
            status, headers = send(url, key)
        seen.statuses.append(status)
    return seen


def tenants_file(workdir: Path, names: list[str], limit: str | None = LIMIT) -> Path:
    path = workdir / f"tenants-{len(names)}-{limit is None}.yaml"
    limits = f'    limits: ["{limit}"]\n' if limit else ""
    path.write_text(
        "tenants:\n" + "".join(f'  - name: {name}\n    key_sha256: "{key_digest(name)}"\n{limits}' for name in names)
    )
    return path


def run(url: str, names: list[str], requests: int) -> tuple[list[Cycle], float]:
    """Every tenant's cycle at once; the cycles and the seconds the slowest took."""
    started = time.monotonic()
    with ThreadPoolExecutor(len(names)) as pool:
        cycles = list(pool.map(lambda name: cycle(url, name, requests), names))
    return cycles, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=10)
    parser.add_argument("--requests", type=int, default=14)
    options = parser.parse_args()
    names = [f"cycle-{number:02d}-of-the-retry-bench" for number in range(options.cycles)]
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        with redis_server(workdir) as redis:
            for store in ("instance file", "redis"):
                for workers in (1, 2):
                    environment = {"MAUBINH_TENANTS_FILE": str(tenants_file(workdir, names))}
                    if store == "redis":
                        environment["MAUBINH_LIMITS_REDIS_URL"] = redis.url
                    with service(workdir, environment, workers=workers) as running:
                        cycles, took = run(running.url, names, options.requests)
                    reference_env = {"MAUBINH_TENANTS_FILE": str(tenants_file(workdir, names, None))}
                    with service(workdir, reference_env, workers=workers) as running:
                        _, unlimited = run(running.url, names, options.requests)
                    held = sum(seen.holds for seen in cycles)
                    waits = [wait for seen in cycles for wait in seen.waits]
                    again = sum(seen.refused_again for seen in cycles)
                    print(
                        f"{store:13} workers {workers}: {held} of {len(cycles)} cycles hold; "
                        f"{len(waits)} waits told ({min(waits, default=0)}-{max(waits, default=0)} s), "
                        f"{again} ended in another 429; {took:.1f} s against {unlimited:.2f} s without a limit"
                    )
                    for seen in cycles:
                        for line in seen.inconsistent[:2]:
                            print("   contradicted:", line)
                    redis.kill()  # a fresh Redis for the next cell: no count left over
                    redis.start()


if __name__ == "__main__":
    main()
