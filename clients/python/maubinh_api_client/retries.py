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
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from .client import AuthenticatedClient, Client

__all__ = ["RetryAfter", "connect", "retry_after"]


def retry_after(response: httpx.Response) -> int | None:
    """The answer's ``Retry-After`` in whole seconds, or None (the service always sends seconds)."""
    text = response.headers.get("Retry-After", "").strip()
    return int(text) if text.isdigit() else None


class RetryAfter(httpx.BaseTransport):
    """An httpx transport that retries a 429 or 503 after its ``Retry-After``."""

    def __init__(
        self,
        transport: httpx.BaseTransport | None = None,
        *,
        retries: int = 2,
        longest_wait: float = 10.0,
        deadline: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.transport = transport if transport is not None else httpx.HTTPTransport()
        self.retries, self.longest_wait, self.deadline = retries, longest_wait, deadline
        self.sleep, self.clock = sleep, clock

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        ends = None if self.deadline is None else self.clock() + self.deadline
        response = self.transport.handle_request(request)
        for _ in range(self.retries):
            wait = retry_after(response) if response.status_code in (429, 503) else None
            if wait is None or wait > self.longest_wait or (ends is not None and self.clock() + wait >= ends):
                break  # no wait said, too long a wait, or one that would outlast the call: answer now
            response.close()
            self.sleep(wait)
            response = self.transport.handle_request(request)
        return response

    def close(self) -> None:
        self.transport.close()


def connect(
    base_url: str,
    key: str | None = None,
    *,
    language: str | None = None,
    model: str | None = None,
    retries: int = 2,
    longest_wait: float = 10.0,
    timeout: float | None = 30.0,
) -> Client | AuthenticatedClient:
    """A client of the service at ``base_url``: with the tenant's ``key`` an
    :class:`AuthenticatedClient` (``Authorization: Bearer``), without one a :class:`Client` (an
    open deployment); problem texts in ``language`` (``en`` or ``vi``); answers pinned to ``model``
    (``X-Model-Version``); a 429 or 503 retried after its ``Retry-After``; ``timeout`` seconds for a
    whole call, retries included (None: no limit)."""
    headers = {}
    if language is not None:
        headers["Accept-Language"] = language
    if model is not None:
        headers["X-Model-Version"] = model
    transport = RetryAfter(retries=retries, longest_wait=longest_wait, deadline=timeout)
    options = {
        "base_url": base_url,
        "headers": headers,
        "timeout": None if timeout is None else httpx.Timeout(timeout),
        "httpx_args": {"transport": transport},
    }
    if key:
        return AuthenticatedClient(token=key, **options)
    return Client(**options)
