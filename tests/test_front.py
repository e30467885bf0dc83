"""The shipped front (nginx in front of gunicorn, as deploy/serve.sh runs them): slow clients cost
the others nothing, what it refuses itself is a problem document, and the client's own address is
what the service sees."""

from __future__ import annotations

import json
import socket
import time

import pytest

from maubinh_api import __version__
from tests.support.servers import service
from tests.support.slow_clients import Attack, normal_client


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    with service(tmp_path_factory.mktemp("front")) as running:
        yield running


def raw_request(port: int, data: bytes, source: str = "127.0.0.1", timeout: float = 10) -> bytes:
    """Send bytes as they are and read the answer until the server closes or goes quiet."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as sock:
        sock.sendall(data)
        received = b""
        while b"\r\n\r\n" not in received or not _complete(received):
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            received += chunk
        return received


def _complete(answer: bytes) -> bool:
    head, _, body = answer.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def problem_of(answer: bytes) -> tuple[int, dict[str, str], dict[str, object]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (item.partition(":") for item in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body)


@pytest.mark.long
def test_hundreds_of_slow_idle_and_trickling_connections_cost_a_normal_client_nothing(front):
    """200 connections trickling headers, 100 trickling bodies and 100 idle, for 30 s: the normal
    client sees no failure and a p99 within 3x of its p99 alone, and /healthz answers within the
    liveness probe's 2 s throughout. (Alone counts as at least 25 ms here: the other tests run on
    the same two cores meanwhile and move a p99 by tens of milliseconds; what slow clients did to
    gunicorn alone was seconds, and bench/slow_clients.py measures the ratio on a quiet machine.)"""
    normal_client(front.port, 2)  # warm-up
    alone = normal_client(front.port, 8)
    with Attack(front.port, header=200, body=100, idle=100) as attack:
        time.sleep(2)
        attacked = normal_client(front.port, 30)
        held = dict(attack.open_now)
    assert held == {"header": 200, "body": 100, "idle": 100}  # the attack was on the whole time
    assert attacked.failures == [] and attacked.probe_failures == []
    assert attacked.p(0.99) <= 3 * max(alone.p(0.99), 0.025), (attacked.p(0.99), alone.p(0.99))
    assert attacked.probe_worst < 2


def test_a_chunked_body_over_the_limit_is_a_413_problem_from_the_front(front):
    chunk = b"x" * 65536
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(20)) + b"0\r\n\r\n"  # 1.25 MiB
    head = b"POST /v1/hands/classify HTTP/1.1\r\nHost: f\r\nContent-Type: application/json\r\n"
    answer = raw_request(front.port, head + b"Transfer-Encoding: chunked\r\n\r\n" + body)
    status, headers, problem = problem_of(answer)
    assert status == 413 and headers["content-type"] == "application/problem+json"
    assert problem["type"] == "urn:maubinh:problem:payload-too-large"
    assert problem["instance"] == "/v1/hands/classify"
    assert len(headers["x-request-id"]) == 32
    assert headers["x-api-version"] == __version__  # the front's own answers name the contract too


def test_the_fronts_own_refusals_are_problems_in_the_callers_language(front):
    too_long = b"GET /healthz HTTP/1.1\r\nHost: f\r\nAccept-Language: vi\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n"
    status, _, problem = problem_of(raw_request(front.port, too_long))
    assert status == 431 and problem["type"] == "urn:maubinh:problem:header-too-large"
    assert problem["title"] == "Phần đầu yêu cầu quá lớn"
    declared = b"POST /v1/hands/classify HTTP/1.1\r\nHost: f\r\nContent-Length: 5000000\r\n\r\n"
    status, _, problem = problem_of(raw_request(front.port, declared))
    assert status == 413 and "1048576 bytes" in str(problem["detail"])


def test_trace_is_refused_as_every_method_a_path_does_not_take_with_its_allow(front):
    # nginx would refuse TRACE itself (an HTML 405 with no Allow): the service's own 405 answers.
    trace = b"TRACE /v1/arrangements/optimal HTTP/1.1\r\nHost: f\r\nAccept-Language: vi\r\n\r\n"
    status, headers, problem = problem_of(raw_request(front.port, trace))
    assert status == 405 and headers["content-type"] == "application/problem+json"
    assert headers["allow"] == "OPTIONS, POST"  # what the service's url map allows on the path
    assert problem["type"] == "urn:maubinh:problem:method-not-allowed"
    assert problem["title"] == "Phương thức không được phép"
    status, headers, _ = problem_of(raw_request(front.port, b"TRACE /v1/variants HTTP/1.1\r\nHost: f\r\n\r\n"))
    assert status == 405 and headers["allow"] == "GET, HEAD, OPTIONS"


def test_the_service_sees_the_clients_address_never_a_forwarded_one(front):
    spoofed = (
        b"GET /healthz HTTP/1.1\r\nHost: f\r\nX-Forwarded-For: 203.0.113.9\r\nX-Request-ID: spoof-test\r\n"
        b"Connection: close\r\n\r\n"
    )
    assert raw_request(front.port, spoofed, source="127.0.0.7").startswith(b"HTTP/1.1 200")
    records = front.wait_for_log(lambda found: any(r["request_id"] == "spoof-test" for r in found))
    [record] = [record for record in records if record["request_id"] == "spoof-test"]
    assert record["remote"] == "127.0.0.7"  # the peer nginx saw; the header it was sent is replaced


def test_a_tenant_looping_on_its_429s_is_held_by_the_front_not_by_a_thread(tmp_path):
    """30 connections of a spent tenant loop on their 429s for 4 s. The front lets out at most 20
    held refusals a second for a caller (MAUBINH_FRONT_HOLD_RATE), so the workers answer about 80,
    not thousands, and each in a millisecond or two: no thread of theirs waited."""
    import http.client
    import threading

    from maubinh_api.infra.tenants import key_digest

    key = "looping-platform-key-0123456789"
    tenants = tmp_path / "tenants.yaml"
    tenants.write_text(f'tenants:\n  - name: looping\n    key_sha256: "{key_digest(key)}"\n    limits: ["1/hour"]\n')
    body, headers = '{"cards": ["As", "Kd", "Qh"]}', {"Content-Type": "application/json", "X-API-Key": key}
    with service(tmp_path, {"MAUBINH_TENANTS_FILE": str(tenants)}) as running:
        answers: list[tuple[int, str | None]] = []
        deadline = time.monotonic() + 4

        def loop() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
            while time.monotonic() < deadline:
                connection.request("POST", "/v1/hands/classify", body, headers)
                answer = connection.getresponse()
                answer.read()
                answers.append((answer.status, answer.getheader("Retry-After")))
            connection.close()

        loops = [threading.Thread(target=loop) for _ in range(30)]
        started = time.monotonic()
        for thread in loops:
            thread.start()
        for thread in loops:
            thread.join()
        elapsed = time.monotonic() - started  # 4 s, and the held answers let out after it
        refused = [retry for status, retry in answers if status == 429]
        assert answers.count((200, None)) == 1 and len(refused) == len(answers) - 1
        assert all(retry is not None and int(retry) >= 1 for retry in refused)
        # The rate over the time it took, each connection's first answer (sent before any refusal
        # was known), and the few refusals each worker makes before its memory knows the tenant is
        # spent: about a hundred, where a loop answered at once makes thousands.
        assert len(answers) <= 20 * elapsed + 30 + 10, (len(answers), elapsed)
        logged = running.wait_for_log(lambda found: sum(r["status"] == 429 for r in found) >= len(refused))
        durations = [record["duration_ms"] for record in logged if record["status"] == 429]
        # The worker answered at once (a thread holding it would take MAUBINH_RETRY_HOLD, 500 ms):
        # nginx did the waiting. (A few hundred ms is a busy machine, not a hold.)
        assert max(durations) < 400, sorted(durations)[-5:]
