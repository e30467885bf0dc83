"""Fairness against a hostile tenant (issue 36), under gunicorn as ``make run`` serves it, on loopback.

Tenant **B**, a light platform, sends classify and optimal requests, 40 a second each, paced, from an
address of its own.  Tenant **A** (300 units a second) sends the worst requests the probe of issue 36
found, over 8 connections of its own, as fast as they are answered:

- the worst body: 40,000 nestings of twelve empty arrays, a megabyte, to ``/v1/drills``;
- a megabyte of chi to ``/v1/hands/classify/batch`` (256 units of reading alone);
- ``{"theme": []}`` (a 500 before);
- 3 natural_call drills under a variant whose naturals all pay 500 (no drill is ever found: the
  search values all it reserved: 30 units × (2 × 3 + 6) = 360 hands);
- optimal arrangements, each under a variant nobody played (its tables built for A).

1. B alone, B beside A, B alone again: B's p50 and p99 per operation, A's answers by status.
   Target: B's p99 beside A at most 2x the lower of B's p99s alone (a millisecond of jitter allowed),
   no 5xx to anyone.
2. The variant-timing classification: in each of 100 trials B plays a new variant four times, then a
   third tenant asks once under that variant and once under one nobody played, in turns; the guess
   "the faster was B's" is scored.  Target: at most 60% right (chance is 50%).
3. Each operation's time per unit at its largest and under its costliest variants, in process: the
   reference is a unit as a single ``/optimal`` costs it, timed in the same run.  Target: no
   operation's unit costs more than twice the reference's.

    python -m bench.hostile_tenant [--seconds 15] [--trials 40]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from maubinh_api.infra.tenants import key_digest
from maubinh_api.strategy.drills import Theme, tries
from tests.support.servers import service

A_KEY = "key-of-the-hostile-platform-0123"
B_KEY = "key-of-the-light-platform-01234"
#: The prober of part 2: a tenant of its own, so that part 1's refusals of A do not hold it.
C_KEY = "key-of-the-curious-platform-0123"
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
PAD = b'{"theme":"random","pad":[' + b",".join([b"[[[[[[[[[[[[]]]]]]]]]]]]"] * 40_000) + b"]}"
MEGABYTE = (b'{"hands":[' + b",".join([b'["As","Kd","Qh"]'] * 62_000) + b"]}")[: 1024 * 1024 - 2] + b"]}"
NATURALS = ("dragon_flush", "dragon", "six_pairs", "three_flushes", "three_straights")
RICH = {"preset": "online", "overrides": {"naturals": dict.fromkeys(NATURALS, 500)}}


def tenants_file(workdir: Path) -> Path:
    path = workdir / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: hostile\n    key_sha256: "{key_digest(A_KEY)}"\n    limits: ["300/second"]\n'
        f'  - name: light\n    key_sha256: "{key_digest(B_KEY)}"\n    limits: ["1000000/second"]\n'
        f'  - name: curious\n    key_sha256: "{key_digest(C_KEY)}"\n    limits: ["1000000/second"]\n'
    )
    return path


def connect(url: str, address: str) -> http.client.HTTPConnection:
    host, port = url.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=30, source_address=(address, 0))


def post(connection: http.client.HTTPConnection, path: str, body: bytes, key: str, request_id: str = "") -> int:
    headers = {"Content-Type": "application/json", "X-API-Key": key}
    if request_id:
        headers["X-Request-ID"] = request_id  # the front's log names the request by it
    connection.request("POST", path, body, headers)
    answer = connection.getresponse()
    answer.read()
    return answer.status


def light_client(url: str, name: str, seconds: float, salt: int, tag: str = "") -> list[float]:
    """One of B's clients: a request every 25 ms, on a kept-alive connection; each one's latency
    (a failure counts as ten seconds).  With ``tag``, each request's id is ``tag-name-number``."""
    rng = random.Random(salt)
    connection = connect(url, "127.0.0.2")
    latencies: list[float] = []
    deadline = next_at = time.monotonic()
    deadline += seconds
    while time.monotonic() < deadline:
        cards = rng.sample(DECK, 13)
        path, body = (
            ("/v1/hands/classify", {"cards": cards[:5]})
            if name == "classify"
            else ("/v1/arrangements/optimal", {"cards": cards})
        )
        started = time.perf_counter()
        try:
            request_id = f"{tag}-{name}-{len(latencies)}" if tag else ""
            status = post(connection, path, json.dumps(body).encode(), B_KEY, request_id)
        except (OSError, http.client.HTTPException):
            status = 0
            connection.close()
        latencies.append(time.perf_counter() - started if status == 200 else 10.0)
        next_at += 0.025
        time.sleep(max(0.0, next_at - time.monotonic()))
    connection.close()
    return latencies


def light_traffic(url: str, seconds: float, salt: int, tag: str = "") -> dict[str, list[float]]:
    with ThreadPoolExecutor(2) as pool:
        futures = {
            name: pool.submit(light_client, url, name, seconds, salt + index, tag)
            for index, name in enumerate(("classify", "optimal"))
        }
        return {name: future.result() for name, future in futures.items()}


def hostile_client(url: str, kind: str, stop: threading.Event, statuses: Counter[str], salt: int) -> None:
    """One of A's connections, sending its kind of request as fast as it is answered."""
    rng = random.Random(salt)
    connection = connect(url, "127.0.0.3")
    while not stop.is_set():
        if kind == "pad":
            path, body = "/v1/drills", PAD
        elif kind == "megabyte":
            path, body = "/v1/hands/classify/batch", MEGABYTE
        elif kind == "theme":
            path, body = "/v1/drills", b'{"theme": []}'
        elif kind == "drills":
            path, body = "/v1/drills", json.dumps({"theme": "natural_call", "count": 3, "variant": RICH}).encode()
        else:
            fresh = {"preset": "online", "overrides": {"rake": f"0.{rng.randrange(500_000):06d}"}}
            path, body = (
                "/v1/arrangements/optimal",
                json.dumps({"cards": rng.sample(DECK, 13), "variant": fresh}).encode(),
            )
        try:
            statuses[f"{kind} {post(connection, path, body, A_KEY)}"] += 1
        except (OSError, http.client.HTTPException):
            statuses[f"{kind} failed"] += 1
            connection.close()
            connection = connect(url, "127.0.0.3")
    connection.close()


KINDS = ("pad", "pad", "megabyte", "theme", "drills", "drills", "fresh", "fresh")


def percentile(latencies: list[float], share: float) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


def beside_a_hostile_tenant(url: str, seconds: float) -> bool:
    """B alone, B beside A, B alone again: B's p99 beside A against the lower of its two p99s alone
    (a worker's first seconds touch its pages, and the machine drifts: either side may be slower)."""
    light_traffic(url, 5, salt=1)  # warm-up: both workers, every path B takes
    before = light_traffic(url, seconds, salt=10)
    stop, statuses = threading.Event(), Counter[str]()
    hostile = [
        threading.Thread(target=hostile_client, args=(url, kind, stop, statuses, 100 + index))
        for index, kind in enumerate(KINDS)
    ]
    for thread in hostile:
        thread.start()
    time.sleep(1)
    shared = light_traffic(url, seconds, salt=20)
    stop.set()
    for thread in hostile:
        thread.join()
    time.sleep(2)  # A's last refusals are held at the front for a moment
    after = light_traffic(url, seconds, salt=30)
    met = True
    for name in ("classify", "optimal"):
        alone = min(percentile(before[name], 0.99), percentile(after[name], 0.99))
        beside = percentile(shared[name], 0.99)
        ok = beside <= 2 * alone + 1.0 and max(shared[name]) < 10
        met &= ok
        first, last = percentile(before[name], 0.99), percentile(after[name], 0.99)
        middle, verdict = percentile(shared[name], 0.5), "met" if ok else "NOT met"
        print(f"  B {name:8s} alone p99 {first:6.2f} ms before, {last:6.2f} ms after", end="")
        print(f" | beside A p50 {middle:5.2f} ms p99 {beside:6.2f} ms: {beside / alone:.2f}x the lower", end="")
        print(f" (target <= 2x, 1 ms of jitter allowed) -> {verdict}")
    print("  A's answers:", ", ".join(f"{key} x{count}" for key, count in sorted(statuses.items())))
    server_errors = sum(
        count for key, count in statuses.items() if key.split()[-1].startswith("5") and not key.endswith("503")
    )
    failed = sum(count for key, count in statuses.items() if key.endswith("failed"))
    met &= server_errors == 0 and failed == 0
    print(f"  5xx to A (but 503 busy) {server_errors}, failed connections {failed}")
    return met


def timed_optimal(
    connection: http.client.HTTPConnection, key: str, variant: dict[str, object], cards: list[str]
) -> float:
    body = json.dumps({"cards": cards, "variant": variant}).encode()
    started = time.perf_counter()
    status = post(connection, "/v1/arrangements/optimal", body, key)
    elapsed = time.perf_counter() - started
    if status != 200:
        raise RuntimeError(f"optimal answered {status}")
    return elapsed


def variant_timing(url: str, trials: int) -> bool:
    """Can another tenant tell, from its own first request's time, which variant B played?"""
    a, b = connect(url, "127.0.0.3"), connect(url, "127.0.0.2")
    rng = random.Random(7)
    right, used_times, fresh_times = 0, [], []
    for trial in range(trials):
        played = {"preset": "online", "overrides": {"rake": f"0.{300_000 + 2 * trial:06d}"}}
        unused = {"preset": "online", "overrides": {"rake": f"0.{300_001 + 2 * trial:06d}"}}
        for _ in range(4):
            timed_optimal(b, B_KEY, played, rng.sample(DECK, 13))
        order = [("played", played), ("unused", unused)]
        if trial % 2:
            order.reverse()
        times = {name: timed_optimal(a, C_KEY, variant, rng.sample(DECK, 13)) for name, variant in order}
        used_times.append(times["played"])
        fresh_times.append(times["unused"])
        right += times["played"] < times["unused"]
    a.close()
    b.close()
    share = right / trials
    met = share <= 0.6
    print(
        f"  the other's first request under B's variant: median {statistics.median(used_times) * 1e3:.2f} ms;"
        f" under one nobody played: {statistics.median(fresh_times) * 1e3:.2f} ms;"
        f" 'the faster was B's' right in {right} of {trials} ({share:.0%}; target <= 60%, chance 50%)"
        f" -> {'met' if met else 'NOT met'}"
    )
    return met


def per_unit(rounds: int) -> bool:
    """Each operation's milliseconds per unit it is charged, against a single /optimal's."""
    from maubinh_api import create_app

    client = create_app({"cache_bytes": 0}).test_client()
    rng = random.Random(11)

    def arrangement(cards: list[str]) -> dict[str, list[str]]:
        return {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}

    def table() -> dict[str, object]:
        deck = rng.sample(DECK, 52)
        return {
            "bet": "10",
            "players": [
                {"id": f"p{seat}", "arrangement": arrangement(deck[13 * seat : 13 * seat + 13])} for seat in range(4)
            ],
        }

    cases: list[tuple[str, str, dict[str, object], int | None]] = [
        (
            "reference: optimal, one hand, online",
            "/v1/arrangements/optimal",
            {"cards": rng.sample(DECK, 13), "variant": "online"},
            1,
        ),
    ]
    for preset in ("classic", "online"):
        cases += [
            (
                f"optimal, 100 hands, {preset}",
                "/v1/arrangements/optimal/batch",
                {"variant": preset, "hands": [rng.sample(DECK, 13) for _ in range(100)]},
                100,
            ),
            (
                f"analysis, 100 arrangements, {preset}",
                "/v1/arrangements/analysis/batch",
                {
                    "variant": preset,
                    "arrangements": [{"arrangement": arrangement(rng.sample(DECK, 13))} for _ in range(100)],
                },
                100,
            ),
            (
                f"play, expert, {preset}",
                "/v1/arrangements/play",
                {"variant": preset, "cards": rng.sample(DECK, 13), "level": "expert", "seed": 1},
                1,
            ),
            (
                f"settle, 200 tables, {preset}",
                "/v1/settlements/batch",
                {"variant": preset, "tables": [table() for _ in range(200)]},
                200,
            ),
            (
                f"classify, 1,000 chi, {preset}",
                "/v1/hands/classify/batch",
                {"variant": preset, "hands": [rng.sample(DECK, 5) for _ in range(1000)]},
                1000,
            ),
        ]
        for theme in ("random", "auto_blunder", "front_decides", "foul_trap", "natural_call", "sap_lang"):
            if not (theme == "sap_lang" and preset == "classic"):
                cases.append(
                    (
                        f"drills, 10 {theme}, {preset}",
                        "/v1/drills",
                        {"theme": theme, "count": 10, "seed": 3, "variant": preset},
                        None,
                    )
                )
    cases.append(
        (
            "drills, 5 natural_call, naturals 500 (none found)",
            "/v1/drills",
            {"theme": "natural_call", "count": 5, "variant": RICH},
            tries(Theme.NATURAL_CALL, 5),  # a 422 says nothing of what it valued: all it reserved
        )
    )
    print(f"  {'operation':52s} {'status':>6s} {'ms':>9s} {'units':>6s} {'ms/unit':>8s} {'ratio':>6s}")
    reference, met = None, True
    for name, path, body, units in cases:
        data = json.dumps(body).encode()
        times, answer = [], None
        for _ in range(rounds):
            started = time.perf_counter()
            answer = client.post(path, data=data, content_type="application/json")
            times.append(time.perf_counter() - started)
        assert answer is not None
        charged = units if units is not None else answer.get_json()["tried"]
        elapsed = statistics.median(times) * 1000
        unit = elapsed / charged
        reference = reference or unit
        ratio = unit / reference
        met &= ratio <= 2.0
        print(f"  {name:52s} {answer.status_code:6d} {elapsed:9.2f} {charged:6d} {unit:8.3f} {ratio:6.2f}")
    print(f"  the costliest unit against a single /optimal's: target <= 2x -> {'met' if met else 'NOT met'}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--trials", type=int, default=100)
    args = parser.parse_args()
    signal.alarm(int(4 * args.seconds + args.trials + 300))
    print(f"machine: {os.cpu_count()} cores; service: deploy/serve.sh (make run), 2 workers; A limited to 300 units/s")
    with tempfile.TemporaryDirectory(prefix="maubinh-hostile-") as folder:
        workdir = Path(folder)
        with service(workdir, {"MAUBINH_TENANTS_FILE": str(tenants_file(workdir))}) as running:
            print(f"1. B's light traffic, {args.seconds:.0f} s alone, beside A's worst requests, and alone again")
            ok = beside_a_hostile_tenant(running.url, args.seconds)
            print(f"2. which variant B plays, from A's timings ({args.trials} trials)")
            ok &= variant_timing(running.url, args.trials)
        print("3. each operation's time per unit, in process (median of 3; drills: a unit per hand valued)")
        ok &= per_unit(3)
    print("hostile-tenant targets:", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
