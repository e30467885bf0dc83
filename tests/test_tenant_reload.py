"""The tenants file changed under load (gunicorn, 2 workers): no request fails, the new
tenant is let in within seconds, and a broken file keeps the last good one."""

from __future__ import annotations

import threading
import time

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import post, request, service

OLD = "key-of-the-old-platform-0123456789"
NEW = "key-of-the-new-platform-0123456789"
SCRAPER = "key-of-the-scraper-0123456789"
#: The operator's key (the metrics scope): readiness names the file's fault to it alone.
SCRAPER_ENTRY = f'  - name: scraper\n    key_sha256: "{key_digest(SCRAPER)}"\n    scopes: ["metrics"]\n'

BODY = {"cards": ["As", "Kd", "Qh"]}


def entry(name: str, key: str) -> str:
    return f'  - name: {name}\n    key_sha256: "{key_digest(key)}"\n    limits: ["100000/minute"]\n'


def front_lines(running) -> list[str]:
    """What the front answered alone or logged as an error (to say why a request failed)."""
    lines = running.log.read_text(errors="replace").splitlines()
    return [line for line in lines if '"logger":"front"' in line or "[error]" in line or "[crit]" in line][-10:]


def classify(url: str, key: str) -> int:
    return post(url + "/v1/hands/classify", BODY, headers={"X-API-Key": key}).status


def _keeps_the_last_good_file(url: str) -> bool:
    ready = request("GET", url + "/readyz", headers={"X-API-Key": SCRAPER}).json()
    tenants = ready["checks"]["tenants"]
    told = ready["status"] == "ready" and "kept the last good tenants file" in tenants and "line 8" in tenants
    # Anyone else is told that the last good file serves, in general words: no path, line or name.
    anonymous = request("GET", url + "/readyz").json()
    general = anonymous["checks"]["tenants"]
    return (
        told
        and general.startswith("the last good tenants file serves")
        and "line" not in general
        and "old" not in general
    )


def until(condition, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.3)  # a dozen requests a try: within the front's rate for open endpoints
    return False


def test_a_reload_under_load_fails_no_request(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n" + SCRAPER_ENTRY + entry("old", OLD))
    with service(tmp_path, {"MAUBINH_TENANTS_FILE": str(path)}) as running:
        statuses: list[int] = []
        stop = threading.Event()

        def traffic() -> None:
            while not stop.is_set():
                statuses.append(classify(running.url, OLD))

        clients = [threading.Thread(target=traffic) for _ in range(4)]
        for client in clients:
            client.start()
        try:
            time.sleep(0.5)
            assert classify(running.url, NEW) == 401
            path.write_text("tenants:\n" + SCRAPER_ENTRY + entry("old", OLD) + entry("new", NEW))
            # Every worker sees the change within its next second: both are asked several times.
            assert until(lambda: all(classify(running.url, NEW) == 200 for _ in range(6)))
            # Six answers in a row may all come from one worker: let the other look too (the traffic
            # reaches both, and each looks at the file at most a second after the last time), or it
            # would keep the file before this one as its last good one.
            time.sleep(2.5)

            path.write_text("tenants:\n" + SCRAPER_ENTRY + entry("old", OLD) + entry("old", NEW))  # a duplicate name
            # Each worker says so once it has looked, still ready, naming the line at fault. Asked six
            # times in a row, over and over: six in a row may all reach the worker that looked first.
            assert until(lambda: all(_keeps_the_last_good_file(running.url) for _ in range(6)))
            answered = [classify(running.url, key) for key in (OLD, NEW) for _ in range(4)]
            assert answered == [200] * 8, (answered, front_lines(running))
        finally:
            stop.set()
            for client in clients:
                client.join()
        assert statuses and set(statuses) == {200}, (sorted(set(statuses)), front_lines(running))
        assert "the last good one is kept" in running.log.read_text()
