#!/usr/bin/env python3
"""Scale-out check: two service instances behind nginx, sharing one Redis.

Starts, on loopback only, a redis-server, two gunicorn instances of the
service (``deploy/serve.sh``, 2 workers each) using it as their shared
cache, and nginx balancing over them; then shows that

1. requests through nginx are spread over both instances, and
2. an answer computed by one instance is served from the cache by the other.

Everything it started is stopped at the end, and the whole run is bounded
(``--seconds``, default 120).  Exit status 0 when both hold.  Needs the
Debian packages nginx and redis-server (``make system-deps``).

    python -m bench.scale_out
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
from pathlib import Path

from tests.support.servers import nginx, post, redis_server, service

SUITS = "shdc"
RANKS = "23456789TJQKA"


def random_hand(rng: random.Random, size: int) -> list[str]:
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    return rng.sample(deck, size)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=120, help="give up after this long")
    parser.add_argument("--requests", type=int, default=60, help="requests sent through nginx")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError("scale-out check took too long")))
    signal.alarm(args.seconds)
    rng = random.Random(7)
    ok = True
    with tempfile.TemporaryDirectory(prefix="maubinh-scale-out-") as folder:
        workdir = Path(folder)
        with redis_server(workdir) as redis:
            shared = {"MAUBINH_REDIS_URL": redis.url}
            with (
                service(workdir, shared) as first,
                service(workdir, shared) as second,
                nginx(workdir, [first.port, second.port]) as balancer,
            ):
                print(f"redis {redis.url}; instances {first.url} and {second.url}; nginx {balancer.url}")

                for _ in range(args.requests):
                    answer = post(balancer.url + "/v1/hands/classify", {"cards": random_hand(rng, 5)})
                    ok &= answer.status == 200
                served = {
                    name: sum(record["route"] == "/v1/hands/classify" for record in instance.access_log())
                    for name, instance in (("first", first), ("second", second))
                }
                spread = all(count > 0 for count in served.values())
                print(f"1. {args.requests} requests through nginx; classify requests logged per instance: {served}")
                print(f"   spread over both instances: {'yes' if spread else 'NO'}")
                ok &= spread

                hand = {"cards": random_hand(rng, 13), "variant": "online"}
                computed = post(first.url + "/v1/arrangements/optimal", hand)
                reused = post(second.url + "/v1/arrangements/optimal", hand)
                shared_hit = (
                    computed.headers.get("x-cache") == "miss"
                    and reused.headers.get("x-cache") == "hit-redis"
                    and computed.body == reused.body
                )
                first_cache, second_cache = computed.headers.get("x-cache"), reused.headers.get("x-cache")
                print(
                    f"2. optimal arrangement computed by the first instance (X-Cache: {first_cache}),"
                    f" asked of the second (X-Cache: {second_cache}), same answer:"
                    f" {'yes' if computed.body == reused.body else 'NO'}"
                )
                ok &= shared_hit
    signal.alarm(0)
    print("scale-out check:", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
