"""What hostile bodies cost the service to refuse: its time per request (in process, Flask's test
client), against Python's ``json.loads`` of the same bytes timed in the same run (the least any reader
pays to parse them), and the size of its answer; a valid request as reference.

    python -m bench.hostile_input [--rounds 20]

The worst shapes of a body up to the 1 MiB limit: nested arrays, many small numbers, deep objects,
a long text, short texts, members spread over objects, a lone surrogate.  Targets (issue 36): every
one a 4xx with an answer under 16 KiB, refused within ``BOUND`` (the docs' stated bound), and for
a body of a megabyte within ``RATIO`` times what ``json.loads`` takes to parse it, or ``BOUND``,
whichever is more.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import statistics
import time

from maubinh_api import create_app

HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
#: The longest any body up to the limit may take to be refused (docs/operations.md, "Bounds on one request").
BOUND = 0.030
#: A refusal's time against parsing the same bytes, for bodies json.loads does not reject at once.
RATIO = 1.0


def bodies() -> dict[str, tuple[str, bytes]]:
    """name -> (path, body)"""
    unknown = ",".join(f'"field{number:05}":{number % 10}' for number in range(60_000))
    spread = "{" + ", ".join(f'"x{number}": 0' for number in range(60)) + "}"
    players = [{"id": "an", "arrangement": {"back": HAND[:5], "middle": HAND[5:10], "front": HAND[10:]}}] * 2
    surrogate = json.dumps({"bet": "10", "players": players}).replace('"an"', '"\\ud800"', 1)
    chi = [["As", "Kd", "Qh", "Jc", "Ts"]] * 1000
    return {
        "480,000 nested empty arrays": (
            "/v1/drills",
            b'{"theme":"random","pad":[' + b",".join([b"[[[[[[[[[[[[]]]]]]]]]]]]"] * 40_000) + b"]}",
        ),
        "500,000 small numbers": ("/v1/hands/classify/batch", b'{"hands":[' + b",".join([b"0"] * 500_000) + b"]}"),
        "150,000 nested objects": ("/v1/drills", b'{"a":' * 150_000 + b"1" + b"}" * 150_000),
        "a text of a million characters": ("/v1/hands/classify", b'{"cards":["' + b"x" * 1_000_000 + b'"]}'),
        "200,000 short texts": ("/v1/hands/classify/batch", b'{"hands":[' + b",".join([b'"ab"'] * 200_000) + b"]}"),
        "60,000 unknown fields": ("/v1/hands/classify", ('{"cards": ["As", "Kd", "Qh"], ' + unknown + "}").encode()),
        "24,000 members in 400 objects": (
            "/v1/settlements/batch",
            ('{"tables": [' + ", ".join([spread] * 400) + "]}").encode(),
        ),
        "a lone surrogate as an id": ("/v1/settlements", surrogate.encode()),
        "reference: 1,000 chi classified": ("/v1/hands/classify/batch", json.dumps({"hands": chi}).encode()),
        "reference: one chi classified": ("/v1/hands/classify", json.dumps({"cards": ["As", "Kd", "Qh"]}).encode()),
    }


def timed(action, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _post(client, path: str, body: bytes, answers: list) -> None:
    answers.append(client.post(path, data=body, content_type="application/json"))


def _parse(body: bytes) -> None:
    with contextlib.suppress(ValueError, RecursionError):  # what json.loads refuses, it refuses fast
        json.loads(body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    client = create_app({"cache_bytes": 0}).test_client()
    met = True
    print(f"bound {BOUND * 1e3:.0f} ms a refusal; a megabyte's refusal within {RATIO:g}x json.loads or the bound")
    print(f"{'body':34s} {'bytes':>9s} {'status':>6s} {'service':>9s} {'json.loads':>10s} {'ratio':>6s} {'answer':>8s}")
    for name, (path, body) in bodies().items():
        answers: list = []
        service = timed(functools.partial(_post, client, path, body, answers), args.rounds)
        floor = timed(functools.partial(_parse, body), args.rounds)
        answer = answers[-1]
        size = len(answer.get_data())
        print(
            f"{name:34s} {len(body):9,d} {answer.status_code:6d} {service * 1e3:7.2f} ms {floor * 1e3:7.2f} ms"
            f" {service / floor:6.1f} {size:8,d}"
        )
        if not name.startswith("reference"):
            met &= 400 <= answer.status_code < 500 and size < 16 * 1024 and service <= BOUND
            if len(body) > 500_000:
                met &= service <= max(RATIO * floor, BOUND)
    print("hostile-input targets:", "met" if met else "NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
