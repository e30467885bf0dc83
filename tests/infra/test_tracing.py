"""Tracing's setup from the environment, its provider made on first use, and the service under
real gunicorn (preloaded, then forked) exporting its spans over OTLP/HTTP to a collector."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.sdk.trace import TracerProvider

from maubinh_api import __version__
from maubinh_api.infra.tracing import DEFAULT_SERVICE_NAME, Tracing, service_resource, tracing_from_env
from tests.support.servers import post, request, service

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_ID = "00f067aa0ba902b7"


@pytest.mark.parametrize(
    ("environ", "on"),
    [
        ({}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": ""}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}, True),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4318/v1/traces"}, True),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318", "OTEL_SDK_DISABLED": "true"}, False),
        ({"OTEL_SERVICE_NAME": "maubinh-api", "OTEL_TRACES_SAMPLER": "always_on"}, False),
    ],
)
def test_tracing_is_on_only_with_an_otlp_endpoint(environ, on):
    found = tracing_from_env(environ)
    assert (found is not None) is on
    if found is not None:
        assert found.provider is None  # nothing made yet: no thread before the fork


def test_the_provider_is_made_once_on_first_use():
    made: list[TracerProvider] = []

    def make() -> TracerProvider:
        time.sleep(0.01)  # threads racing for the first request
        made.append(TracerProvider())
        return made[-1]

    tracing = Tracing(make)
    assert made == [] and tracing.provider is None
    threads = [threading.Thread(target=tracing.tracer) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 1 and tracing.provider is made[0]
    assert tracing.tracer() is tracing.tracer()


def test_the_service_is_named_maubinh_api_unless_the_environment_names_it(monkeypatch):
    for name in ("OTEL_SERVICE_NAME", "OTEL_RESOURCE_ATTRIBUTES"):
        monkeypatch.delenv(name, raising=False)
    resource = service_resource().attributes
    assert (resource["service.name"], resource["service.version"]) == (DEFAULT_SERVICE_NAME, __version__)
    monkeypatch.setenv("OTEL_RESOURCE_ATTRIBUTES", "service.name=from-attributes,deployment.environment=staging")
    assert service_resource().attributes["service.name"] == "from-attributes"
    assert service_resource().attributes["deployment.environment"] == "staging"
    monkeypatch.setenv("OTEL_SERVICE_NAME", "maubinh-api-canary")
    assert service_resource().attributes["service.name"] == "maubinh-api-canary"


class _Collector(ThreadingHTTPServer):
    """An OTLP/HTTP collector on loopback that keeps every export request it is sent."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Receive)
        self.exports: list[ExportTraceServiceRequest] = []
        self.paths: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def spans(self) -> list[tuple[dict[str, object], object]]:
        """Every span received: its resource's attributes, and the span."""
        found = []
        for export in list(self.exports):
            for resource_spans in export.resource_spans:
                resource = {item.key: item.value.string_value for item in resource_spans.resource.attributes}
                for scope in resource_spans.scope_spans:
                    found += [(resource, span) for span in scope.spans]
        return found


class _Receive(BaseHTTPRequestHandler):
    server: _Collector

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.paths.append(self.path)
        self.server.exports.append(ExportTraceServiceRequest.FromString(body))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def collector() -> Iterator[_Collector]:
    server = _Collector()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def test_a_preloaded_forked_worker_exports_the_callers_trace_over_otlp(tmp_path, collector):
    environment = {"OTEL_EXPORTER_OTLP_ENDPOINT": collector.url, "OTEL_BSP_SCHEDULE_DELAY": "100"}
    cards = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
    with service(tmp_path, environment, workers=1) as running:
        answer = post(
            running.url + "/v1/arrangements/optimal",
            {"cards": cards},
            headers={"traceparent": f"00-{TRACE_ID}-{PARENT_ID}-01", "X-Request-ID": "traced-42"},
        )
        assert answer.status == 200
        assert answer.headers["traceresponse"].startswith(f"00-{TRACE_ID}-")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(_of_the_trace(collector)) < 5:
            time.sleep(0.05)
        records = running.wait_for_log(lambda found: any(r["request_id"] == "traced-42" for r in found))
    assert set(collector.paths) == {"/v1/traces"}
    received = _of_the_trace(collector)  # the others: the readiness checks' own traces
    names = sorted(span.name for _, span in received)
    assert names == sorted(["POST /v1/arrangements/optimal", "read body", "cache get", "kernel optimal", "cache set"])
    [served] = [span for _, span in received if span.name == "POST /v1/arrangements/optimal"]
    assert served.parent_span_id.hex() == PARENT_ID
    assert answer.headers["traceresponse"] == f"00-{TRACE_ID}-{served.span_id.hex()}-01"
    resource, _ = received[0]
    assert (resource["service.name"], resource["service.version"]) == (DEFAULT_SERVICE_NAME, __version__)
    [line] = [record for record in records if record["request_id"] == "traced-42"]
    assert line["trace_id"] == TRACE_ID  # the access log's line: the request id beside the trace id


def _of_the_trace(collector: _Collector) -> list[tuple[dict[str, object], object]]:
    return [(resource, span) for resource, span in collector.spans() if span.trace_id.hex() == TRACE_ID]


def test_a_worker_that_stops_sends_the_spans_it_still_holds(tmp_path, collector):
    # Batches every minute: only the worker's exit (the provider's shutdown at exit) sends them.
    environment = {"OTEL_EXPORTER_OTLP_ENDPOINT": collector.url, "OTEL_BSP_SCHEDULE_DELAY": "60000"}
    with service(tmp_path, environment, workers=1) as running:
        answer = request("GET", running.url + "/healthz", headers={"traceparent": f"00-{TRACE_ID}-{PARENT_ID}-01"})
        assert answer.status == 200
        assert _of_the_trace(collector) == []
    [(_, served)] = _of_the_trace(collector)
    assert served.name == "GET /healthz"
