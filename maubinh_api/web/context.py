"""The request's context: what its steps share, made by one hook as the request starts
(:func:`register_context`, the first of the app's hooks) and read by every later step through
:func:`context`: the operation it was routed to (its declaration, ``web/operations.py``), its
tenant, its pinned model, what it has spent and the budget's last
word, its body (read once: the limits count its bytes before the view parses them), and how to
give back a place it took.

The one thing that leaves it is the tenant's name, for the server's access log, which sees the
WSGI environ only (``infra.logging.TENANT_KEY``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from typing import Any, Final

from flask import Flask, request

from ..infra.budget import Decision
from ..infra.logging import ROUTE_KEY, TENANT_KEY
from ..infra.tenants import Tenant
from ..service.hands import HandService
from .operations import Operation, operation_of

__all__ = ["ANONYMOUS", "RequestContext", "context", "context_if_any", "register_context"]

#: The tenant's name of a request no key names (an open operation, or a deployment without keys).
ANONYMOUS: Final = "anonymous"


@dataclass
class RequestContext:
    """One request's shared state (each field written by the step that knows it)."""

    #: The operation it was routed to; None for a path no operation of ours answers.
    operation: Operation | None
    #: Whether it is under a scope (its tenant is counted in the metrics, and named in the log).
    counted: bool = False
    #: The tenant its key named (access control); None when none was needed.
    tenant: Tenant | None = None
    #: The model version it pinned (``X-Model-Version``); None: the default model's.
    model: str | None = None
    #: The cost units it has spent so far, whether its budget was asked yet (a refusal may spend
    #: nothing), and the budget's last word.
    paid: int = 0
    charged: bool = False
    decision: Decision | None = None
    #: Units its view reserved and did not use (a drill search that found its drills early): given
    #: back once the view has answered (``web/admission.py``).
    unused: int = 0
    #: Gives back the place admission gave it (a heavy request's, a large batch's), once.
    release: Callable[[], None] | None = None
    #: Its body's bytes once read (or the 413 of one over the limit, and the bytes it took to know),
    #: then the JSON object they hold, or the problem reading them was (``web/body.py``: a
    #: ``Problem``, which problems.py defines after this module, as it reads the language from here).
    raw: bytes | tuple[Exception, int] | None = None
    body: dict[str, Any] | None = None
    body_problem: Exception | None = None
    #: Offending values of its body described so far (a 422 writes out the first ``LISTED`` alone:
    #: ``request_fields.described``).
    described: int = 0
    #: The headers announcing what it used that is deprecated (``web/deprecations.py``), if anything.
    deprecated: dict[str, str] | None = None
    #: The service layer for its model and tenant, once a step asked for it (``web/loading.py``).
    service: HandService | None = None
    #: What puts back the context there was before this request's (none), when it ends.
    token: Token[RequestContext | None] | None = None
    #: When its first hook ran (``time.perf_counter``): the latency objective's clock.
    started: float = field(default_factory=time.perf_counter)

    @property
    def tenant_name(self) -> str:
        """The name caches, places, metrics and logs key the request by."""
        return ANONYMOUS if self.tenant is None else self.tenant.name

    def name_tenant(self, tenant: Tenant | None) -> None:
        """The tenant, once access control knows it (None: the operation needs no key here)."""
        self.tenant = tenant
        request.environ[TENANT_KEY] = self.tenant_name


#: The current request's context: a context variable, as Flask keeps its own request context (read
#: in 0.1 µs, where an attribute of ``flask.g`` costs a proxy lookup, and a request reads it often).
_CURRENT: Final[ContextVar[RequestContext | None]] = ContextVar("maubinh_request_context", default=None)


def context() -> RequestContext:
    """The current request's context."""
    found = _CURRENT.get()
    if found is None:
        raise RuntimeError("no request's context: read it in a request, after its first hook")
    return found


def context_if_any() -> RequestContext | None:
    """The current request's context, or None before the first hook has made it."""
    return _CURRENT.get()


def register_context(app: Flask) -> None:
    """Make each request's context before any other hook runs (register this first), and drop it
    after every other teardown has run (Flask runs them in reverse order: this one last)."""

    views = app.view_functions

    @app.before_request
    def _start() -> None:
        current = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
        rule = current.url_rule
        if rule is not None:  # for the metrics and the access log, which see the WSGI environ only
            current.environ[ROUTE_KEY] = rule.rule
        found = RequestContext(operation_of(views.get(current.endpoint or "")))
        found.token = _CURRENT.set(found)

    @app.teardown_request
    def _end(_error: BaseException | None) -> None:
        found = _CURRENT.get()
        if found is None:
            return
        if found.release is not None:
            release, found.release = found.release, None
            release()
        if found.token is not None:
            _CURRENT.reset(found.token)
