"""Traces with OpenTelemetry: on when an OTLP endpoint is configured, off (and free) otherwise.

Whether the service traces is decided once, when the application is built
(:func:`tracing_from_env`): with ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or
``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``) set and ``OTEL_SDK_DISABLED`` not ``true``, it is a
:class:`Tracing`; otherwise None, and nothing of this module runs on a request: the web layer's
middleware is then the plain one, and each traced step's one check (:func:`current`, a context
variable never set) finds no trace.

A :class:`Tracing` belongs to one application (none is installed as OpenTelemetry's global
provider, so tests may build several side by side). Its provider is made in the process that
serves, on its first request (:meth:`Tracing.tracer`): under gunicorn's preload the application is
built in the master before the workers fork, and the batch processor's thread must start in the
worker. The SDK reads its own variables (``OTEL_TRACES_SAMPLER``, ``OTEL_BSP_*``,
``OTEL_RESOURCE_ATTRIBUTES``, the span limits) and the OTLP/HTTP exporter its own
(``OTEL_EXPORTER_OTLP_*``: endpoint, headers, timeout, compression, certificates);
``OTEL_SERVICE_NAME`` names the service, ``maubinh-api`` by default.

One request's trace is a :class:`RequestTrace`: its span (``SERVER``), continued from the
caller's W3C ``traceparent`` when it sends a valid one, and the ``traceresponse`` header (W3C
Trace Context Level 2) that tells the caller which trace and span answered it. Its steps open
child spans through it (:meth:`RequestTrace.child`). Exceptions are recorded by their type only
(``error.type``), never by their message, which may quote the request.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING, Any, Final

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer, TracerProvider
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from ..version import __version__

if TYPE_CHECKING:  # the SDK is loaded when tracing is on (the API alone is light)
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace.export import SpanExporter

__all__ = ["DEFAULT_SERVICE_NAME", "RequestTrace", "Tracing", "current", "service_resource", "tracing_from_env"]


#: The service's name in its traces unless ``OTEL_SERVICE_NAME`` (or ``OTEL_RESOURCE_ATTRIBUTES``) names it.
DEFAULT_SERVICE_NAME: Final = "maubinh-api"
#: The variables that turn tracing on: where the spans are sent (OTLP over HTTP).
ENDPOINT_VARIABLES: Final = ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT")

#: The longest ``traceparent`` or ``tracestate`` read (W3C Trace Context's own limit for either).
HEADER_LIMIT: Final = 512
_PROPAGATOR: Final = TraceContextTextMapPropagator()
#: The current request's trace, set by the middleware of an application that traces, for as long as
#: the request runs (in its thread): None everywhere else.
_CURRENT: Final[ContextVar[RequestTrace | None]] = ContextVar("maubinh_request_trace", default=None)


def current() -> RequestTrace | None:
    """The current request's trace; None when its application does not trace (the off path's one
    check: a context variable read)."""
    return _CURRENT.get()


def tracing_from_env(environ: Mapping[str, str] | None = None) -> Tracing | None:
    """A :class:`Tracing` exporting over OTLP/HTTP when the environment names an endpoint (and
    ``OTEL_SDK_DISABLED`` is not ``true``); None (tracing off) otherwise. The exporter and the
    service's resource are made now, so that a setting they refuse stops the start; what runs a
    thread is made in the serving process (:meth:`Tracing.tracer`)."""
    environ = os.environ if environ is None else environ
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return None
    if not any(environ.get(name, "").strip() for name in ENDPOINT_VARIABLES):
        return None
    # The SDK and the exporter (about 0.1 s to import) load only when tracing is on.
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter  # noqa: PLC0415

    exporter, resource = OTLPSpanExporter(), service_resource()  # the exporter reads OTEL_EXPORTER_OTLP_*
    return Tracing(lambda: _batching_provider(exporter, resource))


def _batching_provider(exporter: SpanExporter, resource: Resource) -> TracerProvider:
    """The provider of a serving process: spans batched in a thread of its own (``OTEL_BSP_*``),
    handed to ``exporter``; flushed when the process exits."""
    from opentelemetry.sdk.trace import TracerProvider as SDKTracerProvider  # noqa: PLC0415
    from opentelemetry.sdk.trace.export import BatchSpanProcessor  # noqa: PLC0415

    provider = SDKTracerProvider(resource=resource)
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return provider


def service_resource() -> Resource:
    """The service's resource: ``OTEL_RESOURCE_ATTRIBUTES`` and ``OTEL_SERVICE_NAME`` as the SDK
    reads them, ``maubinh-api`` when neither names the service, and the release."""
    from opentelemetry.sdk.resources import SERVICE_NAME, SERVICE_VERSION, Resource  # noqa: PLC0415 - the SDK, when on

    detected = Resource.create({SERVICE_VERSION: __version__})
    if str(detected.attributes.get(SERVICE_NAME, "")).startswith("unknown_service"):
        detected = detected.merge(Resource({SERVICE_NAME: DEFAULT_SERVICE_NAME}))
    return detected


class Tracing:
    """One application's tracing: its provider, made on first use in the serving process, and the
    tracer of the service's spans."""

    def __init__(self, provider: TracerProvider | Callable[[], TracerProvider]) -> None:
        """``provider``: the provider itself (tests: one with the SDK's in-memory exporter), or
        what makes it, called once on the first request."""
        self._provider = provider if isinstance(provider, TracerProvider) else None
        self._make = None if isinstance(provider, TracerProvider) else provider
        self._tracer: Tracer | None = None
        self._lock = threading.Lock()

    @property
    def provider(self) -> TracerProvider | None:
        """The provider, once made."""
        return self._provider

    def tracer(self) -> Tracer:
        """The service's tracer (its provider made now if this is the first request)."""
        found = self._tracer
        if found is None:
            with self._lock:
                if self._tracer is None:
                    if self._provider is None:
                        assert self._make is not None
                        self._provider = self._make()
                    self._tracer = self._provider.get_tracer("maubinh_api", __version__)
                found = self._tracer
        return found

    def begin(self, environ: Mapping[str, Any], name: str, attributes: Mapping[str, Any]) -> RequestTrace:
        """Start a request's span, under the caller's trace when its ``traceparent`` is valid (a
        malformed one starts a new trace), and make it the current trace of this thread."""
        parent: Context | None = None
        given = environ.get("HTTP_TRACEPARENT")
        if given and len(given) <= HEADER_LIMIT:  # longer: not one (refused without the SDK's warning)
            carrier = {"traceparent": given}
            state = environ.get("HTTP_TRACESTATE")
            if state and len(state) <= HEADER_LIMIT:
                carrier["tracestate"] = state
            parent = _PROPAGATOR.extract(carrier)
        tracer = self.tracer()
        span = tracer.start_span(
            name,
            context=parent,
            kind=SpanKind.SERVER,
            attributes=attributes,
            record_exception=False,
            set_status_on_exception=False,
        )
        return RequestTrace(tracer, span, environ)


class RequestTrace:
    """One request's span, current in its thread from :meth:`Tracing.begin` until :meth:`end`."""

    __slots__ = (
        "_otel_token",
        "_token",
        "environ",
        "recording",
        "span",
        "span_id",
        "trace_id",
        "tracer",
        "traceresponse",
    )

    def __init__(self, tracer: Tracer, span: Span, environ: Mapping[str, Any]) -> None:
        self.tracer = tracer
        self.span = span
        #: Whether the sampler kept it: the steps of a request it dropped make no span at all.
        self.recording = span.is_recording()
        #: The request's WSGI environ: what the logs read its request id from (``infra/logging.py``).
        self.environ = environ
        found = span.get_span_context()
        #: The trace's id and the request span's, in hexadecimal, as the W3C headers and the logs write them.
        self.trace_id = f"{found.trace_id:032x}"
        self.span_id = f"{found.span_id:016x}"
        #: W3C Trace Context Level 2: version, trace id, the id of the span that answered, flags.
        self.traceresponse = f"00-{self.trace_id}-{self.span_id}-{int(found.trace_flags) & 0xFF:02x}"
        self._token: Token[RequestTrace | None] = _CURRENT.set(self)
        # The request's span is OpenTelemetry's current span too: whatever else traces nests under it.
        self._otel_token = otel_context.attach(trace.set_span_in_context(span))

    @contextmanager
    def child(self, name: str, attributes: Mapping[str, Any] | None = None) -> Iterator[Span]:
        """A step of the request as a span under its span; an exception is recorded by its type."""
        if not self.recording:  # its children would be dropped too: none is made
            yield trace.INVALID_SPAN
            return
        span = self.tracer.start_span(
            name, attributes=attributes, record_exception=False, set_status_on_exception=False
        )
        try:
            yield span
        except BaseException as error:
            span.set_attribute("error.type", type(error).__qualname__)
            span.set_status(Status(StatusCode.ERROR))
            raise
        finally:
            span.end()

    def end(self, name: str, attributes: Mapping[str, Any], error: str | None = None) -> None:
        """End the request's span, named and labelled with what the request turned out to be;
        ``error`` (its ``error.type``) marks it failed. Then no trace is current in this thread."""
        try:
            span = self.span
            span.update_name(name)
            span.set_attributes(attributes)
            if error is not None:
                span.set_attribute("error.type", error)
                span.set_status(Status(StatusCode.ERROR))
            span.end()
        finally:
            otel_context.detach(self._otel_token)
            _CURRENT.reset(self._token)
