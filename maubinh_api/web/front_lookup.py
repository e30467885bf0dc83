"""The front's question before it reads a request: which tenant does its key name?

Behind the front (``deploy/serve.sh``), nginx holds each tenant's requests in progress to a limit of
their own, and a request without a valid key to its client address's (docs/operations.md, "The
front"): tenants behind one address (a NAT, an ingress that does not pass the client's address) do
not share one limit, and a flood of made-up keys is still held per address.  nginx cannot check a
key (the tenants file keeps their digests), so before it reads a ``/v1`` request's body it asks here
(``auth_request``), and keeps the answer a few seconds per key (its ``proxy_cache``).

The question is answered before Flask sees it (a dictionary lookup and a digest, no hook), to the
front alone: nginx's location for it is ``internal`` (a client asking for it gets a 404), and the
middleware is there only when the service runs behind the front.  Every answer is a 200, the tenant's
name in ``X-Maubinh-Tenant`` or nothing: a wrong key is refused by the service itself, which counts it
(and the request asked for has the access line: the question has none).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from ..infra.logging import UNLOGGED_KEY
from ..infra.tenants import TenantDirectory

__all__ = ["LOOKUP_PATH", "TENANT_HEADER", "TenantLookup", "key_from"]

#: The path nginx asks (deploy/nginx.conf.template's internal location of the same name).
LOOKUP_PATH: Final = "/_front/tenant"
#: The answer's header nginx reads the tenant's name from (``$upstream_http_x_maubinh_tenant``).
TENANT_HEADER: Final = "X-Maubinh-Tenant"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def key_from(authorization: str, api_key: str | None) -> str | None:
    """The key a request carries, from ``Authorization: Bearer`` or ``X-API-Key``.

    >>> key_from("Bearer abc ", None), key_from("", " xyz"), key_from("Basic abc", None)
    ('abc', 'xyz', None)
    """
    # By hand, not werkzeug's Authorization.from_header: that reads "Bearer a=b" as auth-params with
    # no token, and a key of MAUBINH_API_KEYS may hold "=".
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return api_key.strip() if api_key else None


class TenantLookup:
    """WSGI middleware answering the front's question, and passing every other request on."""

    def __init__(self, app: WSGIApp, directory: TenantDirectory) -> None:
        self.app = app
        self._directory = directory

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != LOOKUP_PATH:
            return self.app(environ, start_response)
        key = key_from(environ.get("HTTP_AUTHORIZATION", ""), environ.get("HTTP_X_API_KEY"))
        tenant = None if key is None else self._directory.find(key)
        environ[UNLOGGED_KEY] = True  # the request it is asked for has its own access line
        start_response("200 OK", [(TENANT_HEADER, "" if tenant is None else tenant.name), ("Content-Length", "0")])
        return [b""]
