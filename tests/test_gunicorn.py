"""The service under real gunicorn (deploy/serve.sh): metrics across workers, logs, request ids."""

from __future__ import annotations

import json
import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from maubinh_api import __version__
from tests.support.servers import get, post, request, service

CLASSIFY = "/v1/hands/classify"


def metric(text: str, name: str, **labels: str) -> float:
    """The value of one sample in Prometheus text format (0 when absent)."""
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.split("}")[0])) if "{" in line else {}
        if all(found.get(key) == value for key, value in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # A run directory of the test's own: gunicorn's socket (behind the front) is in it.
    workdir = tmp_path_factory.mktemp("gunicorn")
    with service(workdir, {"MAUBINH_RUN_DIR": str(workdir / "run")}, workers=2) as running:
        running.app_socket = workdir / "run" / "app.sock"
        yield running


def raw(address: int | Path, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send bytes as they are, to the front's port or to gunicorn's own socket, and read the answer
    (the refusals close the connection)."""
    if isinstance(address, Path):
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.settimeout(5)
        connection.connect(str(address))
    else:
        connection = socket.create_connection(("127.0.0.1", address), timeout=5)
    with connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), {name.lower(): value for name, value in headers.items()}, body


def test_requests_over_both_workers_are_all_counted(server):
    hands = [["As", "Kd", "Qh"], ["2s", "2d", "3c"], ["9h", "9d", "9c"], ["Ts", "Js", "Qs", "Ks", "As"]]
    sent = 0
    served_by: set[int] = set()
    deadline = time.monotonic() + 30
    # Rounds of eight clients at once, until both workers have answered some: a busy
    # machine may start one late.
    while len(served_by) < 2 and time.monotonic() < deadline:
        with ThreadPoolExecutor(8) as clients:
            answers = list(
                clients.map(lambda index: post(server.url + CLASSIFY, {"cards": hands[index % 4]}), range(40))
            )
        assert all(answer.status == 200 for answer in answers)
        sent += len(answers)
        records = server.wait_for_log(lambda found, total=sent: sum(r["route"] == CLASSIFY for r in found) >= total)
        served_by = {record["pid"] for record in records if record["route"] == CLASSIFY}
    assert len(served_by) == 2, served_by
    text = get(server.url + "/metrics").body.decode()
    assert metric(text, "maubinh_http_requests_total", route=CLASSIFY, method="POST", status="200") == sent
    assert metric(text, "maubinh_http_request_duration_seconds_count", route=CLASSIFY) == sent
    # Every lookup is counted once, a hit or a miss; 4 distinct hands, so most are hits (with
    # threads, two requests for one hand may both miss before the first answer is stored).
    hits = metric(text, "maubinh_cache_requests_total", backend="local", result="hit")
    misses = metric(text, "maubinh_cache_requests_total", backend="local", result="miss")
    assert hits + misses == sent and hits >= sent / 2
    assert metric(text, "maubinh_build_info", version=__version__) == 1
    assert 'le="0.0005"' in text and 'le="10.0"' in text


def test_every_request_is_one_json_access_log_line(server):
    answer = post(server.url + CLASSIFY, {"cards": ["As", "Kd"]}, headers={"X-Request-ID": "trace-me-42"})
    assert answer.status == 422
    assert answer.headers["x-request-id"] == "trace-me-42"
    records = server.wait_for_log(lambda found: any(record["request_id"] == "trace-me-42" for record in found))
    [record] = [record for record in records if record["request_id"] == "trace-me-42"]
    assert (record["method"], record["route"], record["status"]) == ("POST", CLASSIFY, 422)
    assert record["duration_ms"] >= 0 and record["pid"] > 0


def test_a_request_id_is_made_when_none_is_sent_and_a_bad_one_refused(server):
    made = get(server.url + "/nothing-here")
    assert made.status == 404
    assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"])
    refused = request("GET", server.url + "/healthz", headers={"X-Request-ID": "no spaces allowed"})
    assert refused.status == 400 and b"X-Request-ID" in refused.body
    assert re.fullmatch(r"[0-9a-f]{32}", refused.headers["x-request-id"])
    kept = request("GET", server.url + "/healthz", headers={"X-Request-ID": "trace-7.a:b"})
    assert kept.status == 200 and kept.headers["x-request-id"] == "trace-7.a:b"


#: A header holding a control byte: nginx passes it on, gunicorn refuses the request itself.
ODD = b"X-Odd: a\x01b\r\n"


def refusal(server, sent: bytes, status: int = 400, front: bool = True) -> tuple[str, dict[str, object]]:
    """Send ``sent`` (to the front, or to gunicorn's socket as the front would), check it is refused
    by gunicorn as problem details, and return its answer's request id and its one access line."""
    answered, headers, body = raw(server.port if front else server.app_socket, sent)
    assert answered == status, body[:300]
    assert headers["content-type"] == "application/problem+json" and json.loads(body)["status"] == status
    assert headers["x-api-version"] == __version__
    request_id = headers["x-request-id"]
    records = server.wait_for_log(lambda found: any(record.get("request_id") == request_id for record in found))
    [line] = [record for record in records if record.get("request_id") == request_id]  # one line, gunicorn's none
    assert line["route"] == "refused by gunicorn" and line["status"] == status
    assert all(record.get("request_id") for record in records)  # every access line names its request
    return request_id, line


def test_what_gunicorn_refuses_carries_the_request_id_the_front_sent(server):
    # Before the bad header and after it: gunicorn stops at the bad one, the id is read from its bytes.
    for given, head in (
        ("before-1.a:b", b"X-Request-ID: before-1.a:b\r\n" + ODD),
        ("after-2_c-d", ODD + b"X-Request-ID: after-2_c-d\r\n"),
    ):
        sent = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + head + b"Connection: close\r\n\r\n"
        request_id, line = refusal(server, sent)
        assert request_id == given
        assert "X-ODD" in str(line["detail"])


def test_what_gunicorn_refuses_without_a_request_id_carries_the_fronts(server):
    # The front sends its own id when the caller sent none: gunicorn's refusal answers under it.
    sent = (
        b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\n" + ODD + b"Content-Length: 2\r\nConnection: close\r\n\r\n{}"
    )
    request_id, _ = refusal(server, sent)
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)


@pytest.mark.parametrize("given", [b"no spaces allowed", b"<script>", b"x" * 129, b"a\x01b", b""])
def test_what_gunicorn_refuses_with_a_bad_request_id_gets_a_new_one(server, given):
    # The front passes a caller's id on as sent; one that is not an id is not echoed, as the app does.
    sent = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-ID: " + given + b"\r\n" + ODD + b"Connection: close\r\n\r\n"
    request_id, _ = refusal(server, sent)
    assert re.fullmatch(r"[0-9a-f]{32}", request_id) and request_id.encode() != given


@pytest.mark.parametrize(
    ("name", "sent", "status"),
    [
        # Refused as its headers are parsed: the id comes from the bytes gunicorn had read.
        ("a control byte", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-ID: mine-1\r\n" + ODD + b"\r\n", 400),
        # Refused once parsed, for its framing (gunicorn would log a line of its own too) or an unknown
        # transfer coding: from the parsed headers.
        (
            "two lengths",
            b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nX-Request-ID: mine-2\r\n"
            b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
            400,
        ),
        (
            "a transfer coding",
            b"POST /v1/hands/classify HTTP/1.1\r\nHost: x\r\nX-Request-ID: mine-4\r\nTransfer-Encoding: x-zip\r\n\r\n",
            501,
        ),
        # Refused at its request line, before any header: from the bytes read with it.
        ("a request line", b"GET /a b c HTTP/1.1\r\nHost: x\r\nX-Request-ID: mine-3\r\n\r\n", 400),
    ],
)
def test_gunicorn_answers_each_refusal_under_the_id_it_was_sent(server, name, sent, status):
    # Straight to gunicorn's socket, as the front connects: what the front refuses itself never gets there.
    request_id, _ = refusal(server, sent, status, front=False)
    assert request_id == re.search(rb"X-Request-ID: (\S+)", sent).group(1).decode(), name


def test_gunicorn_makes_an_id_for_a_refusal_sent_none(server):
    sent = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + ODD + b"\r\n"
    first, line = refusal(server, sent, front=False)
    second, _ = refusal(server, sent, front=False)
    assert re.fullmatch(r"[0-9a-f]{32}", first) and re.fullmatch(r"[0-9a-f]{32}", second) and first != second
    assert line["request_id"] == first


def test_recycled_workers_keep_their_counts(tmp_path):
    # Each worker is replaced after about 10 requests; counters of dead workers stay in the sums.
    with service(tmp_path, {"MAX_REQUESTS": "10"}, workers=2) as recycling:
        for _ in range(60):
            assert get(recycling.url + "/healthz").status == 200
        records = recycling.wait_for_log(lambda found: sum(r["route"] == "/healthz" for r in found) >= 60)
        pids = {record["pid"] for record in records}
        assert len(pids) > 2  # workers were recycled
        text = get(recycling.url + "/metrics").body.decode()
        assert metric(text, "maubinh_http_requests_total", route="/healthz", status="200") == 60
