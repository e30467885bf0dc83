"""Slow, idle and trickling clients, and a normal one timed beside them (tests/test_front.py,
bench/slow_clients.py).

All the hostile connections run on one asyncio loop in a thread of their own, each from one of a
few loopback addresses (127.0.0.2 and up: Linux routes all of 127/8 to the loopback interface), and
each reconnects as soon as the server drops it, as an attacker would:

- ``header``: sends a request line, then one byte of a header every ``every`` seconds;
- ``body``: sends a whole header announcing 100,000 bytes, then one byte of body every ``every`` seconds;
- ``idle``: connects and sends nothing.

The normal client sends a classify request every ``pace`` seconds on a new connection each time (as a
platform's pool reconnecting would) from 127.0.0.1, and a probe asks ``/healthz`` every second with
the liveness probe's timeout (2 s, deploy/k8s/deployment.yaml).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

CLASSIFY_BODY = json.dumps({"cards": ["Kh", "Kd", "2c", "9s", "9c"]})
ATTACKERS = [f"127.0.0.{host}" for host in range(2, 10)]


@dataclass
class Attack:
    """Hostile connections against ``port`` until stopped; how many each kind opened and kept."""

    port: int
    header: int = 0
    body: int = 0
    idle: int = 0
    every: float = 1.0
    opened: Counter[str] = field(default_factory=Counter)
    open_now: Counter[str] = field(default_factory=Counter)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> Attack:
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    async def _run(self) -> None:
        kinds = ["header"] * self.header + ["body"] * self.body + ["idle"] * self.idle
        tasks = [
            asyncio.create_task(self._connection(kind, ATTACKERS[n % len(ATTACKERS)])) for n, kind in enumerate(kinds)
        ]
        while not self._stop.is_set():
            await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _connection(self, kind: str, source: str) -> None:
        while not self._stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(source, 0))
            except OSError:
                await asyncio.sleep(0.2)
                continue
            self.opened[kind] += 1
            self.open_now[kind] += 1
            try:
                await self._trickle(kind, reader, writer)
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                self.open_now[kind] -= 1
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()

    async def _trickle(self, kind: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if kind == "header":
            writer.write(b"POST /v1/hands/classify HTTP/1.1\r\nHost: front\r\nX-Slow: ")
        elif kind == "body":
            writer.write(
                b"POST /v1/hands/classify HTTP/1.1\r\nHost: front\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100000\r\n\r\n{"
            )
        await writer.drain()
        while not self._stop.is_set():
            # Whatever the server sends (a 408, a close) ends this connection.
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(reader.read(1024), timeout=self.every) == b"":
                    return
                return
            if kind != "idle":
                writer.write(b"a" if kind == "header" else b" ")
                await writer.drain()


@dataclass
class Timings:
    """What the normal client and the probe saw."""

    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    probe_worst: float = 0.0
    probe_failures: list[str] = field(default_factory=list)

    def p(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def normal_client(port: int, seconds: float, pace: float = 0.05, probe_timeout: float = 2.0) -> Timings:
    """A classify every ``pace`` seconds and a /healthz a second, for ``seconds``."""
    timings = Timings()
    deadline = time.monotonic() + seconds

    def probe() -> None:
        while time.monotonic() < deadline:
            started = time.monotonic()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=probe_timeout)
                connection.request("GET", "/healthz")
                status = connection.getresponse().status
                connection.close()
                if status != 200:
                    timings.probe_failures.append(f"status {status}")
            except OSError as error:
                timings.probe_failures.append(repr(error))
            timings.probe_worst = max(timings.probe_worst, time.monotonic() - started)
            time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("POST", "/v1/hands/classify", CLASSIFY_BODY, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status != 200:
                timings.failures.append(f"status {response.status}")
            else:
                timings.latencies.append(time.monotonic() - started)
        except OSError as error:
            timings.failures.append(repr(error))
        time.sleep(max(0.0, pace - (time.monotonic() - started)))
    prober.join(timeout=10)
    return timings
