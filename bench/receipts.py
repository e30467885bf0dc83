"""Benchmark: what a settlement's receipt costs, through the WSGI callable.

The same app answers the same tables twice: with its receipts (digests of the request and of the
answer, an id, an Ed25519 signature), and, as the fixed reference of the same run, with the
settlement views answering through the plain result cache (``cached_json``: no receipt). Each is
timed with the result cache off (every answer computed: the answer's digest is worked out then)
and on (every answer a hit: only the request's digest and the signature are per request). Prints
p50 per request for one 4-player table and for a batch of 200, and the ratio to the reference.

    python -m bench.receipts [--rounds 40]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from bench.stats import percentile
from maubinh_api.rules.cards import DECK
from maubinh_api.web import answers
from maubinh_api.web.app import create_app
from maubinh_api.web.blueprints import settlements


def _table(rng: random.Random) -> dict[str, Any]:
    deck = [str(card) for card in DECK]
    rng.shuffle(deck)
    players = []
    for seat in range(4):
        cards = deck[seat * 13 : seat * 13 + 13]
        players.append(
            {"id": f"p{seat}", "arrangement": {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}}
        )
    return {"bet": "1000000", "players": players}


def _plain(kind: str, material: object, compute: Callable[[], Any], **_receipt: Any) -> Any:
    return answers.cached_json(kind, material, compute)


def _time(client: Any, path: str, bodies: list[dict[str, Any]]) -> float:
    found = []
    for body in bodies:
        started = time.perf_counter()
        response = client.post(path, json=body)
        found.append(time.perf_counter() - started)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return percentile(found, 0.5) * 1000


def _compare(client: Any, path: str, bodies: list[dict[str, Any]], cached: bool) -> tuple[float, float]:
    """p50 with receipts and without, each the best of three rounds taken in turn (after a round of
    each to warm both paths): the two share the machine's moments."""
    original = settlements.receipted_json
    found: dict[bool, list[float]] = {True: [], False: []}
    for round_number in range(4):
        for receipt in (True, False):
            settlements.receipted_json = original if receipt else _plain  # type: ignore[assignment]
            try:
                if cached:  # every timed request a hit: each answered once before on this path
                    for body in bodies:
                        client.post(path, json=body)
                taken = _time(client, path, bodies)
            finally:
                settlements.receipted_json = original
            if round_number:  # the first round warms up
                found[receipt].append(taken)
    return min(found[True]), min(found[False])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    arguments = parser.parse_args()
    rng = random.Random(11)
    singles = [_table(rng) for _ in range(arguments.rounds)]
    batches = [
        {"variant": "online", "tables": [_table(rng) for _ in range(200)]} for _ in range(max(4, arguments.rounds // 8))
    ]
    with tempfile.TemporaryDirectory() as folder:
        key = Path(folder) / "receipts.pem"
        key.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
        print(f"{'':38} {'receipt':>10} {'no receipt':>11} {'ratio':>7}")
        for cache, label in ((0, "computed"), (64 * 1024 * 1024, "cache hit")):
            client = create_app(
                {"receipt_key": key, "cache_bytes": cache, "tenant_cache_bytes": max(cache, 1024)}
            ).test_client()
            for path, bodies, name in (
                ("/v1/settlements", singles, "one table"),
                ("/v1/settlements/batch", batches, "200 tables"),
            ):
                if cache:  # every request a hit: each answered once before
                    for body in bodies:
                        client.post(path, json=body)
                with_receipt = _time(client, path, bodies)
                original = settlements.receipted_json
                settlements.receipted_json = _plain  # type: ignore[assignment]
                try:
                    if cache:
                        for body in bodies:
                            client.post(path, json=body)
                    without = _time(client, path, bodies)
                finally:
                    settlements.receipted_json = original
                print(
                    f"{name + ', ' + label:38} {with_receipt:8.2f} ms {without:8.2f} ms {with_receipt / without:6.2f}x"
                )


if __name__ == "__main__":
    main()
