"""Traces, in process, with the SDK's in-memory exporter: a request continues the caller's trace,
its steps are spans under its span, it is labelled by tenant and operation and never by a key or
a card, its answer names the trace, and a service that does not trace calls nothing of it.

Each app here has a provider of its own (none is installed as OpenTelemetry's global one), so the
tests run beside any other, in any order and in parallel."""

from __future__ import annotations

import datetime
import json
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from maubinh_api import create_app
from maubinh_api.infra import tracing
from maubinh_api.infra.logging import TRACE_ID_KEY, AccessLogger
from maubinh_api.infra.tracing import Tracing
from maubinh_api.web.observability import Observability, TracedObservability
from tests.web.test_limits import A_KEY, as_tenant, tenants_file

OPTIMAL = "/v1/arrangements/optimal"
CARDS = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]
TRACE_ID = "0af7651916cd43dd8448eb211c80319c"
PARENT_ID = "b7ad6b7169203331"
TRACEPARENT = f"00-{TRACE_ID}-{PARENT_ID}-01"
#: A card in any notation the service reads ("As", "10h", "q♦"): no span may hold one.
CARD_TEXT = re.compile(r"(?i)\b(?:10|[2-9tjqka])[shdc♠♥♦♣](?!\w)")


@pytest.fixture(scope="module")
def exporter() -> InMemorySpanExporter:
    return InMemorySpanExporter()


@pytest.fixture(scope="module")
def traced_app(exporter: InMemorySpanExporter, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    path = tenants_file(tmp_path_factory.mktemp("tenants"), '["100000/minute"]')
    app = create_app({"tenants_file": path}, tracing=Tracing(provider))
    app.add_url_rule("/test-log", "test_log", _log_a_line)  # a view that writes an application record
    return app


@pytest.fixture
def spans(exporter: InMemorySpanExporter) -> Iterator[InMemorySpanExporter]:
    exporter.clear()
    yield exporter
    exporter.clear()


@pytest.fixture
def api(traced_app, checked_client):
    return checked_client(traced_app)


def _optimal(api, cards=CARDS, **headers: str):
    response = api.post(OPTIMAL, json={"cards": cards}, headers={**as_tenant(A_KEY), **headers})
    assert response.status_code == 200, response.get_json()
    return response


def _by_name(finished: tuple[ReadableSpan, ...]) -> dict[str, ReadableSpan]:
    named = {span.name: span for span in finished}
    assert len(named) == len(finished), [span.name for span in finished]
    return named


def test_a_request_with_a_traceparent_is_a_span_of_that_trace_with_its_steps_under_it(api, spans):
    cards = ["Ah", "Kc", "Qd", "Js", "Th", "9s", "9c", "7d", "6h", "5c", "4s", "3d", "2h"]  # new to the cache
    response = _optimal(api, cards, traceparent=TRACEPARENT)
    named = _by_name(spans.get_finished_spans())
    assert set(named) == {"POST /v1/arrangements/optimal", "read body", "cache get", "kernel optimal", "cache set"}
    served = named["POST /v1/arrangements/optimal"]
    assert served.kind is SpanKind.SERVER
    assert f"{served.context.trace_id:032x}" == TRACE_ID
    assert served.parent is not None and served.parent.is_remote
    assert f"{served.parent.span_id:016x}" == PARENT_ID
    for name in ("read body", "cache get", "kernel optimal", "cache set"):
        step = named[name]
        assert step.context.trace_id == served.context.trace_id, name
        assert step.parent is not None and step.parent.span_id == served.context.span_id, name
        assert served.start_time <= step.start_time <= step.end_time <= served.end_time, name
    # The answer says which trace it joined, and which span answered (W3C Trace Context Level 2).
    assert response.headers["traceresponse"] == f"00-{TRACE_ID}-{served.context.span_id:016x}-01"
    assert served.attributes is not None
    assert served.attributes["maubinh.tenant"] == "platform-a"
    assert served.attributes["maubinh.operation"] == "optimalArrangement"
    assert served.attributes["maubinh.request_id"] == response.headers["X-Request-ID"]
    assert served.attributes["http.request.method"] == "POST"
    assert served.attributes["http.route"] == OPTIMAL
    assert served.attributes["http.response.status_code"] == 200
    assert named["cache get"].attributes == {"maubinh.cache.kind": "optimal", "maubinh.cache.hit": False}
    assert named["read body"].attributes == {"http.request.body.size": response.request.content_length}
    assert named["kernel optimal"].attributes == {"maubinh.variant.preset": "classic", "maubinh.kernel.objective": "ev"}


def test_a_cached_answer_is_a_hit_with_no_kernel_call(api, spans):
    _optimal(api)
    spans.clear()
    _optimal(api)
    named = _by_name(spans.get_finished_spans())
    assert set(named) == {"POST /v1/arrangements/optimal", "read body", "cache get"}
    assert named["cache get"].attributes == {
        "maubinh.cache.kind": "optimal",
        "maubinh.cache.hit": True,
        "maubinh.cache.source": "local",
    }


def test_no_span_holds_a_key_a_card_or_a_body(api, spans):
    _optimal(api, traceparent=TRACEPARENT)
    arrangement = {"back": CARDS[:5], "middle": CARDS[5:10], "front": CARDS[10:]}
    api.post("/v1/arrangements/analysis", json={"arrangement": arrangement}, headers=as_tenant(A_KEY))
    api.post(OPTIMAL, json={"cards": ["Zz", *CARDS[1:]]}, headers=as_tenant(A_KEY))  # a 422 naming the card
    api.post(OPTIMAL, data=b'{"cards": ["As", "As"', content_type="application/json", headers=as_tenant(A_KEY))
    finished = spans.get_finished_spans()
    assert len(finished) >= 10
    for span in finished:
        said = [span.name, *(f"{key}={value}" for key, value in (span.attributes or {}).items())]
        said += [event.name for event in span.events] + [str(event.attributes) for event in span.events]
        for text in said:
            assert A_KEY not in text and "Zz" not in text and "cards" not in text, (span.name, text)
            assert not CARD_TEXT.search(text), (span.name, text)
        assert all(not isinstance(value, tuple | list) for value in (span.attributes or {}).values())
    failed = [span for span in finished if span.name == "read body" and span.status.status_code is StatusCode.ERROR]
    assert [span.attributes["error.type"] for span in failed] == ["Problem"]  # its type, never its message


def test_a_malformed_traceparent_starts_a_new_trace(api, spans):
    too_long = f"01-{TRACE_ID}-{PARENT_ID}-01-{'x' * 500}"  # a later version may add fields, not 500 bytes
    for given in ("00-not-a-trace-01", f"00-{'0' * 32}-{PARENT_ID}-01", f"ff-{TRACE_ID}-{PARENT_ID}-01", too_long):
        response = _optimal(api, traceparent=given)
        [served] = [span for span in spans.get_finished_spans() if span.kind is SpanKind.SERVER]
        assert served.parent is None
        trace_id = f"{served.context.trace_id:032x}"
        assert trace_id != TRACE_ID
        assert response.headers["traceresponse"].startswith(f"00-{trace_id}-{served.context.span_id:016x}-")
        spans.clear()


def test_a_trace_the_caller_did_not_sample_is_continued_and_not_recorded(api, spans):
    response = _optimal(api, ["Ac", "Kh", *CARDS[2:]], traceparent=f"00-{TRACE_ID}-{PARENT_ID}-00")
    assert spans.get_finished_spans() == ()  # the default sampler follows the caller's decision
    assert re.fullmatch(f"00-{TRACE_ID}-[0-9a-f]{{16}}-00", response.headers["traceresponse"])


def test_without_a_traceparent_a_request_starts_its_own_trace(api, spans):
    response = api.get("/healthz")
    [served] = spans.get_finished_spans()
    assert (served.name, served.parent) == ("GET /healthz", None)
    assert "maubinh.tenant" not in (served.attributes or {})  # an open operation names no tenant
    ids = f"00-{served.context.trace_id:032x}-{served.context.span_id:016x}"
    assert response.headers["traceresponse"] in (f"{ids}-01", f"{ids}-03")  # sampled (and a random trace id)


def test_an_unmatched_path_is_not_recorded(api, spans):
    assert api.get("/v1/hands/As,Kd,Qh", headers=as_tenant(A_KEY)).status_code == 404
    [served] = spans.get_finished_spans()
    assert served.name == "GET"
    assert "url.path" not in (served.attributes or {}) and "http.route" not in (served.attributes or {})


def test_a_failure_the_service_did_not_answer_is_a_failed_span(traced_app, spans, monkeypatch):
    def broken(*_: Any) -> None:
        raise RuntimeError("the handlers failed")

    monkeypatch.setattr(traced_app, "handle_user_exception", broken)
    response = _plain_client(traced_app).post(OPTIMAL, json={"cards": ["Zz"]}, headers=as_tenant(A_KEY))
    assert response.status_code == 500 and response.headers["traceresponse"]
    [served] = [span for span in spans.get_finished_spans() if span.kind is SpanKind.SERVER]
    assert served.status.status_code is StatusCode.ERROR
    assert served.attributes is not None and served.attributes["error.type"] == "500"


def test_the_access_log_line_has_the_trace_id_beside_the_request_id(traced_app, api, spans, monkeypatch):
    environs = _recording(traced_app, monkeypatch)
    response = _optimal(api, traceparent=TRACEPARENT)
    [environ] = environs
    assert environ[TRACE_ID_KEY] == TRACE_ID
    [record] = _access_lines(environ)
    assert (record["request_id"], record["trace_id"]) == (response.headers["X-Request-ID"], TRACE_ID)


def test_an_application_record_has_the_request_id_beside_the_trace_id(traced_app, spans):
    response = _plain_client(traced_app).get("/test-log", headers={"traceparent": TRACEPARENT, "X-Request-ID": "r-42"})
    record = json.loads(response.get_data())
    [served] = [span for span in spans.get_finished_spans() if span.kind is SpanKind.SERVER]
    assert (record["request_id"], record["trace_id"]) == ("r-42", TRACE_ID)
    assert record["span_id"] == f"{served.context.span_id:016x}"
    assert record["message"] == "a line written during a request"


def test_no_global_provider_is_installed(api, spans):
    _optimal(api)
    assert isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)
    assert tracing.current() is None  # nothing is left current after a request


def test_without_tracing_no_span_no_header_and_no_call_of_the_tracer(checked_client, exporter, monkeypatch):
    app = create_app(tracing=False)
    assert type(app.wsgi_app) is Observability and not isinstance(app.wsgi_app, TracedObservability)

    def called(*_: Any, **__: Any) -> None:
        raise AssertionError("the tracer was called with tracing off")

    exporter.clear()
    monkeypatch.setattr(Tracing, "begin", called)
    monkeypatch.setattr(Tracing, "tracer", called)
    monkeypatch.setattr(tracing.RequestTrace, "child", called)
    for api_class in (trace.NoOpTracer, trace.ProxyTracer):
        monkeypatch.setattr(api_class, "start_span", called)
        monkeypatch.setattr(api_class, "start_as_current_span", called)
    monkeypatch.setattr(trace, "get_tracer", called)
    monkeypatch.setattr(trace, "get_current_span", called)
    api = checked_client(app)
    environs = _recording(app, monkeypatch)
    for response in (
        api.post(OPTIMAL, json={"cards": CARDS}, headers={"traceparent": TRACEPARENT}),
        api.post(OPTIMAL, json={"cards": CARDS}, headers={"traceparent": TRACEPARENT}),  # a hit
        api.post("/v1/arrangements/play", json={"cards": CARDS, "level": "casual", "seed": 1}),
        api.get("/healthz", headers={"traceparent": TRACEPARENT}),
    ):
        assert response.status_code == 200
        assert "traceresponse" not in response.headers
        environ = environs.pop(0)
        assert TRACE_ID_KEY not in environ
        [record] = _access_lines(environ)
        assert "trace_id" not in record and record["request_id"] == response.headers["X-Request-ID"]
    assert exporter.get_finished_spans() == ()


def test_the_environment_decides_once_whether_the_service_traces(monkeypatch):
    for name in ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_SDK_DISABLED"):
        monkeypatch.delenv(name, raising=False)
    assert type(create_app().wsgi_app) is Observability
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:9")  # nothing listens: never reached here
    traced = create_app().wsgi_app
    assert isinstance(traced, TracedObservability)
    assert traced.tracing.provider is None  # made on the first request, in the process that serves


def _recording(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The WSGI environ of each request the app serves from now on, as its server would keep it
    for the access log."""
    seen: list[dict[str, Any]] = []
    served = app.wsgi_app

    def recorded(environ: dict[str, Any], start_response: Any) -> Any:
        seen.append(environ)
        return served(environ, start_response)

    monkeypatch.setattr(app, "wsgi_app", recorded)
    return seen


def _plain_client(app: Flask) -> FlaskClient:
    """A test client that does not hold the answers to the spec (a route of the tests' own)."""
    return FlaskClient(app, app.response_class)


def _log_a_line() -> str:
    """Write an application record through the service's own handler (its filter and JSON
    formatter) and answer the line it wrote."""
    logger = logging.getLogger("maubinh_api.web.test")
    record = logger.makeRecord(logger.name, logging.WARNING, __file__, 0, "a line written during a request", (), None)
    [handler] = [found for found in logging.getLogger("maubinh_api").handlers if getattr(found, "_maubinh", False)]
    assert handler.filter(record)
    return handler.format(record)


def _access_lines(environ: dict[str, Any]) -> list[dict[str, Any]]:
    """The access-log line gunicorn's logger writes for a request of this environ."""
    lines: list[str] = []

    class Config:
        accesslog = "-"
        logconfig = logconfig_dict = syslog = None

    class Lines:
        info = lines.append

        def exception(self, *_: Any) -> None:
            raise AssertionError("the access log failed")

    class Answer:
        status = "200 OK"
        sent = 10

    logger = AccessLogger.__new__(AccessLogger)
    logger.cfg = Config()
    logger.access_log = logger.error_log = Lines()
    logger.access(Answer(), None, environ, datetime.timedelta(milliseconds=1))
    return [json.loads(line) for line in lines]
