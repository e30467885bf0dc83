"""A client that waits a refusal's ``Retry-After`` and sends the request again, as the TypeScript
client does (written by hand beside the generated package; tools/python_client.py keeps it).

Every operation of the service computes its answer from the request alone and changes nothing, so
each may be sent again (a retry costs what the request cost).  A 429 or 503 with a ``Retry-After``
of at most ``longest_wait`` seconds is retried up to ``retries`` times; a wait that would end after
the call's ``deadline`` (seconds for the whole call, retries included) is not begun, and the 429
is answered at once.

    from maubinh_api_client.retries import connect
    api = connect("http://127.0.0.1:8000")                 # an open deployment: no key
    api = connect("https://maubinh.example", key="...")    # a tenant's key
    one = api.with_options(CallOptions(language="vi", timeout=5))   # one call's own options

A call may say otherwise than its client (:class:`~maubinh_api_client.options.CallOptions`): its own
language, model, request id, timeout and whether it may be sent again win over the client's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, Self

import httpx
from attrs import define, evolve, field

from .client import AuthenticatedClient, Client
from .options import CallOptions, Language

__all__ = ["AuthenticatedConnection", "CallOptions", "Connection", "RetryAfter", "connect", "retry_after"]


def retry_after(response: httpx.Response) -> int | None:
    """The answer's ``Retry-After`` in whole seconds, or None (the service always sends seconds)."""
    text = response.headers.get("Retry-After", "").strip()
    return int(text) if text.isdigit() else None


class RetryAfter(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """An httpx transport that retries a 429 or 503 after its ``Retry-After``: for a client's
    calls (``sync``, over ``transport``) and its asynchronous ones (``asyncio``, over
    ``async_transport``)."""

    def __init__(
        self,
        transport: httpx.BaseTransport | None = None,
        *,
        async_transport: httpx.AsyncBaseTransport | None = None,
        retries: int = 2,
        longest_wait: float = 10.0,
        deadline: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        async_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.transport = transport if transport is not None else httpx.HTTPTransport()
        # Made at the first asynchronous call (a client that makes none opens no pool for them),
        # or the one of the transport a call's own was made from (for_call): one pool for both.
        self._async_transport = async_transport
        self._made_from: RetryAfter | None = None
        self.retries, self.longest_wait, self.deadline = retries, longest_wait, deadline
        self.sleep, self.async_sleep, self.clock = sleep, async_sleep, clock

    @property
    def async_transport(self) -> httpx.AsyncBaseTransport:
        if self._async_transport is None:
            made_from = self._made_from
            self._async_transport = made_from.async_transport if made_from else httpx.AsyncHTTPTransport()
        return self._async_transport

    def _wait(self, response: httpx.Response, ends: float | None, attempt: int) -> int | None:
        """Seconds to wait before sending again, or None: answer ``response`` now (no retry left,
        no wait said, too long a wait, or one that would outlast the call)."""
        wait = retry_after(response) if attempt < self.retries and response.status_code in (429, 503) else None
        if wait is None or wait > self.longest_wait or (ends is not None and self.clock() + wait >= ends):
            return None
        return wait

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        ends = None if self.deadline is None else self.clock() + self.deadline
        response = self.transport.handle_request(request)
        attempt = 0
        while (wait := self._wait(response, ends, attempt)) is not None:
            response.close()
            self.sleep(wait)
            response = self.transport.handle_request(request)
            attempt += 1
        return response

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        ends = None if self.deadline is None else self.clock() + self.deadline
        response = await self.async_transport.handle_async_request(request)
        attempt = 0
        while (wait := self._wait(response, ends, attempt)) is not None:
            await response.aclose()
            await self.async_sleep(wait)
            response = await self.async_transport.handle_async_request(request)
            attempt += 1
        return response

    def close(self) -> None:
        self.transport.close()

    async def aclose(self) -> None:
        if self._async_transport is not None:
            await self._async_transport.aclose()

    def for_call(self, *, retries: int, deadline: float | None) -> RetryAfter:
        """The same retries over the same connections, with a call's own count and deadline."""
        own = RetryAfter(
            self.transport,
            async_transport=self._async_transport,
            retries=retries,
            longest_wait=self.longest_wait,
            deadline=deadline,
            sleep=self.sleep,
            async_sleep=self.async_sleep,
            clock=self.clock,
        )
        own._made_from = self
        return own


class _PerCall:
    """What :func:`connect`'s clients add to the generated ones: the client's own options, and a
    client for one call whose options win over them (:meth:`with_options`)."""

    __slots__ = ()
    options: CallOptions
    retries: int
    retrying: RetryAfter

    def with_options(self, options: CallOptions, /) -> Self:
        """A client for a call with ``options``: each one given wins over this client's, each left
        None is this client's. It sends over this client's connections; this client is left as it
        was (unlike the generated ``with_headers``, which changes the client it is called on)."""
        chosen = options.over(self.options)
        transport = self.retrying.for_call(
            retries=self.retries if chosen.idempotent is not False else 0, deadline=chosen.timeout
        )
        own: Any = self  # the generated client's fields, which this mixin does not declare
        derived: Self = evolve(
            own,
            headers={**own._headers, **chosen.headers()},
            timeout=None if chosen.timeout is None else httpx.Timeout(chosen.timeout),
            httpx_args={**own._httpx_args, "transport": transport},
            options=chosen,
        )
        return derived


@define
class Connection(_PerCall, Client):
    """A client of an open deployment (no key), as :func:`connect` makes it."""

    options: CallOptions = field(factory=CallOptions, kw_only=True)
    retries: int = field(default=2, kw_only=True)
    retrying: RetryAfter = field(factory=RetryAfter, kw_only=True)


@define
class AuthenticatedConnection(_PerCall, AuthenticatedClient):
    """A client with a tenant's key (``Authorization: Bearer``), as :func:`connect` makes it."""

    options: CallOptions = field(factory=CallOptions, kw_only=True)
    retries: int = field(default=2, kw_only=True)
    retrying: RetryAfter = field(factory=RetryAfter, kw_only=True)


def connect(
    base_url: str,
    key: str | None = None,
    *,
    language: Language | None = None,
    model: str | None = None,
    retries: int = 2,
    longest_wait: float = 10.0,
    timeout: float | None = 30.0,
    idempotent: bool = True,
    transport: httpx.BaseTransport | None = None,
    async_transport: httpx.AsyncBaseTransport | None = None,
) -> Connection | AuthenticatedConnection:
    """A client of the service at ``base_url``: with the tenant's ``key`` an
    :class:`AuthenticatedConnection` (``Authorization: Bearer``), without one a :class:`Connection`
    (an open deployment); problem texts in ``language`` (``en`` or ``vi``); answers pinned to
    ``model`` (``X-Model-Version``); a 429 or 503 retried after its ``Retry-After`` (``retries``
    times, none when not ``idempotent``); ``timeout`` seconds for a whole call, retries included
    (None: no limit); ``transport`` and ``async_transport``: what the calls and the asynchronous
    calls go through under the retries (httpx's own by default; tests, proxies). Each is a default a
    call's own :class:`CallOptions` overrides (:meth:`~_PerCall.with_options`)."""
    options = CallOptions(language=language, model=model, timeout=timeout, idempotent=idempotent)
    retrying = RetryAfter(
        transport,
        async_transport=async_transport,
        retries=retries if idempotent else 0,
        longest_wait=longest_wait,
        deadline=timeout,
    )
    settings: dict[str, Any] = {
        "base_url": base_url,
        "headers": options.headers(),
        "timeout": None if timeout is None else httpx.Timeout(timeout),
        "httpx_args": {"transport": retrying},
        "options": options,
        "retries": retries,
        "retrying": retrying,
    }
    if key:
        return AuthenticatedConnection(token=key, **settings)
    return Connection(**settings)
