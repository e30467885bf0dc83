"""What hostile bodies cost the service: its time per request (in process, Flask's test client) and
the size of its answer, for bodies no operation accepts, against the floor of reading them at all
(Python's ``json.loads`` of the same bytes, timed in the same run) and a valid request as reference.

    python -m bench.hostile_input [--rounds 30]

Targets (issue 26): 60,000 unknown fields in a megabyte answered 422 in under 20 ms of the
service's time, with an answer under 16 KiB; every hostile body a 4xx.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from maubinh_api import create_app

HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]


def bodies() -> dict[str, tuple[str, bytes]]:
    """name -> (path, body)"""
    unknown = ",".join(f'"field{number:05}":{number % 10}' for number in range(60_000))
    spread = "{" + ", ".join(f'"x{number}": 0' for number in range(60)) + "}"
    players = [{"id": "an", "arrangement": {"back": HAND[:5], "middle": HAND[5:10], "front": HAND[10:]}}] * 2
    surrogate = json.dumps({"bet": "10", "players": players}).replace('"an"', '"\\ud800"', 1)
    chi = [["As", "Kd", "Qh", "Jc", "Ts"]] * 1000
    return {
        "60,000 unknown fields": ("/v1/hands/classify", ('{"cards": ["As", "Kd", "Qh"], ' + unknown + "}").encode()),
        "24,000 members in 400 objects": (
            "/v1/settlements/batch",
            ('{"tables": [' + ", ".join([spread] * 400) + "]}").encode(),
        ),
        "a 300,000-character card": ("/v1/hands/classify", json.dumps({"cards": ["x" * 300_000, "Kd", "Qh"]}).encode()),
        "a lone surrogate as an id": ("/v1/settlements", surrogate.encode()),
        "reference: 1,000 chi classified": ("/v1/hands/classify/batch", json.dumps({"hands": chi}).encode()),
        "reference: one chi classified": ("/v1/hands/classify", json.dumps({"cards": ["As", "Kd", "Qh"]}).encode()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    client = create_app({"cache_bytes": 0}).test_client()
    met = True
    print(f"{'body':34s} {'bytes':>9s} {'status':>6s} {'service':>9s} {'json.loads':>10s} {'ratio':>6s} {'answer':>8s}")
    for name, (path, body) in bodies().items():
        times, floors = [], []
        for _ in range(args.rounds):
            started = time.perf_counter()
            json.loads(body)
            floors.append(time.perf_counter() - started)
            started = time.perf_counter()
            answer = client.post(path, data=body, content_type="application/json")
            times.append(time.perf_counter() - started)
        service, floor = statistics.median(times), statistics.median(floors)
        size = len(answer.get_data())
        print(
            f"{name:34s} {len(body):9,d} {answer.status_code:6d} {service * 1e3:7.2f} ms {floor * 1e3:7.2f} ms"
            f" {service / floor:6.1f} {size:8,d}"
        )
        if not name.startswith("reference"):
            met &= 400 <= answer.status_code < 500 and size < 16 * 1024
            if name.startswith("60,000"):
                met &= service < 0.020
    print("hostile-input targets:", "met" if met else "NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
