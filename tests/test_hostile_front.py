"""The hostile-tenant suite at the front (issue 36): what ``make run`` serves answers every refusal
as problem details and logs it, reflects no Host header and no request id that is not one, and
keeps its open endpoints within a rate per address.  One service for the module, on loopback."""

from __future__ import annotations

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.servers import request, service


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    with service(tmp_path_factory.mktemp("hostile-front"), workers=1) as served:
        yield served


def raw(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send bytes as they are and read one answer: its head, then as many bytes as it announces
    (a connection whose body nginx refused may linger, waiting for that body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
                head, found, body = answer.partition(b"\r\n\r\n")
                length = [line for line in head.lower().split(b"\r\n") if line.startswith(b"content-length:")]
                if found and length and len(body) >= int(length[0].split(b":")[1]):
                    break
        except ConnectionResetError:  # nginx resets a connection it refused a body on, once it has answered
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), {name.lower(): value for name, value in headers.items()}, body


MALFORMED = {
    "a path above the root": (b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400),
    "a NUL in the path": (b"GET /a%00b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400),
    "the HTTP/2 preface": (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400),
    "TLS bytes": (b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03 HTTP/1.1\r\n\r\n", 400),
    "an unknown Transfer-Encoding": (
        b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n",
        501,
    ),
    "a request line of 40 KB": (b"GET /" + b"a" * 40_000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 414),
    "a header byte 0x01": (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Odd: a\x01b\r\nConnection: close\r\n\r\n", 400),
    "a header byte 0x7f": (b"GET /v1/variants HTTP/1.1\r\nHost: x\r\nX-Odd: a\x7fb\r\nConnection: close\r\n\r\n", 400),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_every_refusal_of_the_front_or_gunicorn_is_problem_details(running, name):
    data, status = MALFORMED[name]
    answered, headers, body = raw(running.port, data)
    assert answered == status, (name, body[:200])
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"].startswith("urn:maubinh:problem:")


def test_what_gunicorn_refuses_itself_is_logged(running):
    raw(running.port, MALFORMED["a header byte 0x7f"][0])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        lines = [
            json.loads(line) for line in running.log.read_text(errors="replace").splitlines() if line.startswith("{")
        ]
        refused = [line for line in lines if line.get("route") == "refused by gunicorn"]
        if refused:
            break
        time.sleep(0.1)
    assert refused and refused[-1]["status"] == 400 and "X-ODD" in refused[-1]["detail"]


def test_a_host_header_never_appears_in_a_location(running):
    for path in (b"/docs//etc/passwd", b"/docs"):
        status, headers, body = raw(
            running.port, b"GET " + path + b" HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
        )
        assert "evil.example" not in headers.get("location", "") and b"evil.example" not in body, (path, status)


def test_the_front_echoes_a_request_id_only_when_it_is_one(running):
    for sent in (b"<script>alert(1)</script>", b"x" * 200):
        status, headers, _ = raw(
            running.port,
            b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nX-Request-ID: "
            + sent
            + b"\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n",
        )
        assert status == 413 and headers["x-request-id"] != sent.decode() and "<" not in headers["x-request-id"]
    status, headers, _ = raw(
        running.port,
        b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nX-Request-ID: mine-42\r\nContent-Length: 99999999\r\n"
        b"Connection: close\r\n\r\n",
    )
    assert headers["x-request-id"] == "mine-42"  # a real id comes back as sent


def test_the_open_endpoints_are_limited_per_address(running):
    """The probe sent 1,184 anonymous readiness checks a second; the front lets out 50 a second per
    address beyond a burst of 200, and refuses the rest itself as 429 problems."""
    with ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(lambda _: request("GET", running.url + "/readyz").status, range(600)))
    assert statuses.count(429) > 100 and statuses.count(200) >= 200
    time.sleep(1.5)
    assert request("GET", running.url + "/readyz").status == 200  # the rate refills


# --------------------------------------------------------------------------- tenants behind one address

A_KEY = "key-of-the-uploading-platform-01"
B_KEY = "key-of-the-neighbour-platform-01"
CHI = json.dumps({"cards": ["As", "Kd", "Qh"]}).encode()


def _slow_upload(port: int, key: str | None) -> socket.socket:
    """A connection that has sent a request's header and one byte of its 100,000-byte body, and holds."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    named = f"X-API-Key: {key}\r\n".encode() if key else b""
    sock.sendall(
        b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + named
        + b"Content-Length: 100000\r\n\r\n{"
    )
    return sock


def _refused_once_held(port: int, key: str | None, seconds: float = 10) -> int:
    """The status of a request sent once the front holds the slow uploads just opened (each is
    counted when nginx has asked which tenant its key names and begun reading its body): the
    first 429, or after ``seconds`` (a bound far above the milliseconds that takes) the last status."""
    deadline = time.monotonic() + seconds
    while (status := _classify(port, key)) != 429 and time.monotonic() < deadline:
        time.sleep(0.05)
    return status


def _classify(port: int, key: str | None) -> int:
    named = f"X-API-Key: {key}\r\n".encode() if key else b""
    status, _, _ = raw(
        port,
        b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + named
        + f"Content-Length: {len(CHI)}\r\nConnection: close\r\n\r\n".encode()
        + CHI,
    )
    return status


@pytest.fixture(scope="module")
def tenants_front(tmp_path_factory):
    from maubinh_api.infra.tenants import key_digest

    workdir = tmp_path_factory.mktemp("tenants-front")
    path = workdir / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: uploader\n    key_sha256: "{key_digest(A_KEY)}"\n'
        f'  - name: neighbour\n    key_sha256: "{key_digest(B_KEY)}"\n'
    )
    # Eight requests in progress per tenant and per address without a valid key, for the test's speed.
    environment = {"MAUBINH_TENANTS_FILE": str(path), "MAUBINH_FRONT_PER_TENANT": "8", "MAUBINH_FRONT_PER_ADDRESS": "8"}
    with service(workdir, environment, workers=1) as served:
        yield served


def test_a_tenant_holding_slow_uploads_leaves_another_tenant_of_its_address_alone(tenants_front):
    """Behind a NAT both tenants come from one address. The uploader's slow bodies fill its own
    limit at the front (a 429 beyond it), never its neighbour's, nor the address's."""
    port = tenants_front.port
    held = [_slow_upload(port, A_KEY) for _ in range(8)]
    try:
        assert _refused_once_held(port, A_KEY) == 429  # the uploader's ninth: its own limit
        assert [_classify(port, B_KEY) for _ in range(20)] == [200] * 20
        assert _classify(port, None) == 401  # no key: the address's own limit, untouched; the service refuses it
    finally:
        for sock in held:
            sock.close()


def test_made_up_keys_are_held_to_the_address_limit(tenants_front):
    port = tenants_front.port
    held = [_slow_upload(port, f"made-up-key-number-{number:04d}") for number in range(8)]
    try:
        assert _refused_once_held(port, "made-up-key-number-9999") == 429  # the address's: keys it does not know
        assert _classify(port, None) == 429
        assert _classify(port, B_KEY) == 200  # a tenant's valid key is held to its own limit
    finally:
        for sock in held:
            sock.close()


def test_the_front_lookup_is_not_for_clients(tenants_front):
    answer = request("GET", tenants_front.url + "/_front/tenant", headers={"X-API-Key": A_KEY})
    assert answer.status == 404 and "x-maubinh-tenant" not in answer.headers
