"""JSON answers served through the result cache.

When the request is traced (``infra/tracing.py``), the cache's look-up and its filling are spans of
their own (``cache get``, with whether it hit and where; ``cache set``), beside the kernel's."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import Response, request

from ..infra.cache import ResultCache, cache_key
from ..infra.receipts import answer_digest
from ..infra.tracing import RequestTrace, current
from ..version import __version__
from .context import context
from .encoding import encoded
from .pinned_models import chosen_version
from .services import services


def _shelf(kind: str, material: object) -> tuple[ResultCache, str, str]:
    """The result cache, the caller's tenant and the key of an answer of ``kind`` to ``material``
    (tenants never share answers, so that neither ``X-Cache`` nor the time an answer takes tells one
    what another asked; a new release or model starts a new cache)."""
    tenant = context().tenant_name
    return (
        services().cache,
        tenant,
        cache_key(kind, material, version=f"{__version__}-{chosen_version()}", tenant=tenant),
    )


def json_answer(body: bytes, source: str | None) -> Response:
    """A JSON answer of ``body``, its ``X-Cache`` saying ``hit-local``, ``hit-redis`` or ``miss``."""
    response = Response(body, mimetype="application/json")
    response.headers.add("X-Cache", "miss" if source is None else f"hit-{source}")  # add: a new answer has none
    return response


def cached_json(kind: str, material: object, compute: Callable[[], Any]) -> Response:
    """Answer ``compute()`` as JSON, or the cached bytes of an equivalent request of the same tenant
    (``material`` is the request in canonical form; each tenant keeps its own share of the cache)."""
    trace = current()
    if trace is not None:
        return json_answer(*_traced(trace, _shelf(kind, material), kind, lambda: encoded(compute())))
    cache, tenant, key = _shelf(kind, material)
    body, source = cache.get(tenant, key)
    if body is None:
        body = encoded(compute())
        cache.set(tenant, key, body)
    return json_answer(body, source)


def cached_digested(kind: str, material: object, compute: Callable[[], Any]) -> tuple[bytes, str, str | None]:
    """The JSON bytes of ``compute()`` (or of the cached answer of an equivalent request, as
    :func:`cached_json`), the digest of its canonical form
    (:func:`~maubinh_api.infra.receipts.answer_digest`, worked out once and cached beside it), and
    where it came from (None: computed)."""
    trace = current()
    if trace is None:
        cache, tenant, key = _shelf(kind, material)
        found, source = cache.get(tenant, key)
        if found is None:
            answer = compute()
            body, digested = encoded(answer), answer_digest(answer)
            cache.set(tenant, key, digested.encode() + b"\n" + body)
            return body, digested, None
        kept = found
    else:
        kept, source = _traced(trace, _shelf(kind, material), kind, lambda: _digested(compute()))
    stored, _, body = kept.partition(b"\n")  # the digest, then the answer (JSON holds no raw newline)
    return body, stored.decode(), source


def _digested(answer: Any) -> bytes:
    """What the cache keeps of an answer whose digest is given with it: the digest, then the answer."""
    return answer_digest(answer).encode() + b"\n" + encoded(answer)


def _traced(
    trace: RequestTrace, shelf: tuple[ResultCache, str, str], kind: str, compute: Callable[[], bytes]
) -> tuple[bytes, str | None]:
    """The cached bytes (and where they came from) or those ``compute`` makes and the cache keeps,
    the look-up and the filling each a span of the request's trace (the key is never recorded: it
    digests the request)."""
    cache, tenant, key = shelf
    with trace.child("cache get", {"maubinh.cache.kind": kind}) as span:
        kept, source = cache.get(tenant, key)
        span.set_attribute("maubinh.cache.hit", kept is not None)
        if source is not None:
            span.set_attribute("maubinh.cache.source", source)
    if kept is not None:
        return kept, source
    body = compute()
    with trace.child("cache set", {"maubinh.cache.kind": kind, "maubinh.cache.bytes": len(body)}):
        cache.set(tenant, key, body)
    return body, None


def fresh_json(answer: Any) -> Response:
    """Answer ``answer`` as JSON without the result cache (an answer no
    equivalent request can share), shaped as :func:`cached_json` shapes them."""
    return json_answer(encoded(answer), None)


def cached_unless_drawn(sent: bool, kind: str, material: object, compute: Callable[[], Any]) -> Response:
    """:func:`cached_json` for a request that sent its seed; :func:`fresh_json` for one whose seed
    was drawn (no other request can share its answer)."""
    return cached_json(kind, material, compute) if sent else fresh_json(compute())


def sorted_cards(cards: Any) -> list[str]:
    """Cards in canonical text, sorted: the order a request sent them in does not matter."""
    return sorted([card.text for card in cards])


def revalidated(response: Response) -> Response:
    """A GET's answer that a client keeps and asks again for: ``Cache-Control:
    no-cache`` and a strong ``ETag`` of the body, so that a request naming it
    in ``If-None-Match`` gets a bodiless 304 while the answer is unchanged."""
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(hashlib.sha256(response.get_data()).hexdigest()[:32])
    response.make_conditional(request)  # in place: a 304 without the body when the ETag matches
    return response
