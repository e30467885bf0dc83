"""The service under real gunicorn (deploy/serve.sh): metrics across workers, logs, request ids."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

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
    with service(tmp_path_factory.mktemp("gunicorn"), workers=2) as running:
        yield running


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
