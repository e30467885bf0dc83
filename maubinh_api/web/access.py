"""Who may call what, and how much: tenants' keys, scopes and limits.

``/v1/*`` is the ``api`` scope and ``/metrics`` the ``metrics`` scope.  A scope
that some tenant holds (from ``MAUBINH_TENANTS_FILE``, or the unnamed keys of
``MAUBINH_API_KEYS`` / ``MAUBINH_METRICS_KEYS``) needs a key, and so does
``/metrics`` as soon as any key is configured (it names every tenant; the
operator may open it with ``MAUBINH_METRICS_OPEN``), sent as
``Authorization: Bearer <key>`` or ``X-API-Key: <key>``: missing or unknown
is a 401, a key without the scope a 403.  Health, readiness, the API
description, ``/docs`` and ``/playground`` stay open.  Requests with a wrong
or missing key are limited per client address, so that keys cannot be guessed
at speed.

Each ``/v1`` request then spends its cost (:mod:`~maubinh_api.web.costs`) in
every limit of its tenant, once (:class:`Charges`): when its body is read and
validated and its place taken, before any work; a request refused before its
work pays only its reading.  Over a limit it is a 429 with ``Retry-After``,
which spends nothing; a tenant told to wait is refused before its body is read
(answered after a pause when it came back before its time:
:mod:`~maubinh_api.web.retry_hold`).
Answers of a tenant with limits carry ``RateLimit-Policy`` and ``RateLimit``
(the IETF httpapi draft's structured fields): each limit's quota and window,
and what is left of it.  No key is ever logged: the tenant's name is.
"""

from __future__ import annotations

import functools
import time
from typing import Any, Final, NoReturn

from flask import Flask, Response, request
from limits import RateLimitItem
from limits import parse as parse_limit

from ..infra.budget import Budgets, Decision, Window
from ..infra.metrics import AUTH_FAILURES, TENANT_COST, TENANT_DURATION, TENANT_REQUESTS, TENANT_THROTTLED
from ..infra.problem_types import OVER_LIMIT
from ..infra.tenants import Tenant, TenantDirectory
from ..rules.texts import words
from .body import body_length, drain_unread
from .context import context
from .costs import reading_cost
from .guard import Guard, presented_key
from .operations import LIGHT, Operation
from .problems import Problem
from .retry_hold import RetryHold

#: Refusals that cost nothing: of a key (the request is not its tenant's), and of a budget.
_UNCHARGED: Final = frozenset({401, 403, 429})
_HOW = words("send it as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'")


def scope_of(operation: Operation | None, path: str) -> str | None:
    """The scope the request's operation declares (None: open). A request no operation of ours
    answers (a path that is nothing, a method it does not take) is under the scope of the paths it
    is among, so that nothing under ``/v1/`` tells an unknown caller what exists."""
    if operation is not None:
        return operation.scope
    return "api" if path.startswith("/v1/") else None


def register_access_control(
    app: Flask,
    directory: TenantDirectory,
    budgets: Budgets,
    auth_limit: str,
    hold: RetryHold,
    *,
    auth_limit_total: str = "600/minute",
    metrics_open: bool = False,
) -> tuple[Guard, Charges]:
    """Check keys and spend budgets before every request to a scope; count and label after it.
    Refusals of callers that came back before their Retry-After wait in ``hold`` first.

    ``/metrics`` names every tenant: once any key is configured it needs a key with the
    ``metrics`` scope, even when no tenant holds one, unless ``metrics_open``."""
    failures = (parse_limit(auth_limit), parse_limit(auth_limit_total))
    guard = Guard(directory, metrics_open=metrics_open)
    guarded = guard.guarded
    charges = Charges(budgets, hold)

    @app.before_request
    def _admit() -> None:
        found = context()
        scope = scope_of(found.operation, request.path)
        if scope is None:
            return
        found.counted = True
        if not guarded(scope):
            found.name_tenant(None)
            return
        tenant = _authenticate(directory, budgets, failures, scope, hold)
        found.name_tenant(tenant)
        charges.start(tenant)

    @app.after_request
    def _account(response: Response) -> Response:
        drain_unread()  # a refusal before its body was read: read it out, so the connection lives
        found = context()
        if not found.counted:
            return response
        charges.settle(response.status_code)
        requests, costs = _tenant_children(found.tenant_name, request.endpoint or "unmatched", response.status_code)
        requests.inc()
        operation = found.operation
        took = time.perf_counter() - found.started
        _tenant_duration(found.tenant_name, LIGHT if operation is None else operation.latency_class).observe(took)
        if found.paid:
            costs.inc(found.paid)
        decision = found.decision
        if decision is not None and decision.windows:
            response.headers.update(
                rate_limit_fields(decision.windows, 0 if decision.allowed else decision.retry_after)
            )
        return response

    return guard, charges


class Charges:
    """What a tenant's request spends: its whole cost at once, once it is known and before any work
    (:meth:`spend`); only what reading it cost when it is refused before its work (:meth:`pay_reading`:
    a 4xx found reading it, a 503 for want of a place, a 5xx); units reserved and not used are given
    back (:meth:`give_back`).  A tenant told to wait is refused before its body is read
    (:meth:`start`).  The request's context holds what it has spent."""

    def __init__(self, budgets: Budgets, hold: RetryHold) -> None:
        self._budgets = budgets
        self._hold = hold

    def start(self, tenant: Tenant) -> None:
        """Before the view: refuse (held) a tenant that came back before the time it was told; a
        request with no body to read pays its whole cost now (one of no operation, its reading), and
        one whose reading alone is more than a whole limit is refused before its body is parsed."""
        found = context()
        if not tenant.limits:
            return
        early = self._budgets.early(tenant.name)
        if early is not None:
            self._refuse(tenant, early, None)
        operation = found.operation
        if operation is None:
            self.spend(self.reading())
        elif operation.schema is None and operation.cost is not None:
            self.spend(operation.cost.units({}))
        elif self.reading() > min(item.amount for item in tenant.limits):
            self.spend(self.reading())  # can never fit: refused before its body is parsed

    def reading(self) -> int:
        """What reading the request's body costs (a unit per 4 KiB, at least one)."""
        return reading_cost(body_length())

    def spend(self, units: int) -> None:
        """Spend the request's whole cost (``units``, at least its reading), or raise its refusal,
        which spends nothing: a 429 saying when the same request fits, or the 422 of a request that
        never fits (which pays its reading)."""
        found = context()
        tenant = found.tenant
        if tenant is None or not tenant.limits:
            found.paid = units
            return
        decision = self._budgets.spend(tenant.name, tenant.limits, tenant.limit_texts, units)
        found.charged = True
        if decision.windows:
            found.decision = decision
        if decision.allowed:
            found.paid = units
            return
        if decision.exceeds is not None:
            self.pay_reading()
        self._refuse(tenant, decision, units)

    def pay_reading(self) -> None:
        """A request refused before its work pays what reading it cost, once: when that does not
        fit, the refusal is a 429 instead (the same request is answered once it does), and a reading
        larger than a whole limit spends what is left of it (the tenant then waits for a unit)."""
        found = context()
        tenant = found.tenant
        if found.paid or tenant is None or not tenant.limits:
            return
        units = self.reading()
        decision = self._budgets.spend(tenant.name, tenant.limits, tenant.limit_texts, units, drain=True)
        found.charged = True
        if decision.windows:
            found.decision = decision
        if decision.allowed:
            found.paid = units
        elif decision.exceeds is None:
            self._refuse(tenant, decision, units)

    def settle(self, status: int) -> None:
        """Once answered: a failure of the service's own (5xx) keeps only what reading the request
        cost; a refusal before its work that paid nothing yet (a 400 of a header, say) pays its
        reading now, and a tenant that cannot pay it is told to wait (its next requests are refused
        before they are read)."""
        found = context()
        tenant = found.tenant
        if tenant is None or not tenant.limits:
            return
        if status >= 500:
            self.give_back(found.paid)
        elif not found.charged and 400 <= status < 500 and status not in _UNCHARGED:
            units = self.reading()
            decision = self._budgets.spend(tenant.name, tenant.limits, tenant.limit_texts, units, drain=True)
            found.decision = decision if decision.windows else found.decision
            found.paid = units if decision.allowed else 0

    def give_back(self, units: int) -> None:
        """Give back ``units`` the request spent and did not use (it keeps what reading it cost)."""
        found = context()
        tenant, paid = found.tenant, found.paid
        units = min(units, paid - self.reading())
        if units <= 0:
            return
        found.paid = paid - units
        if tenant is not None and tenant.limits:
            self._budgets.give_back(tenant.name, tenant.limits, units)
            found.decision = Decision(True, self._budgets.windows(tenant.name, tenant.limits, tenant.limit_texts))

    def _refuse(self, tenant: Tenant, decision: Decision, units: int | None) -> NoReturn:
        if decision.exceeds is not None:
            raise _never_fits(tenant, decision, units or 0, context().paid)
        TENANT_THROTTLED.labels(tenant=tenant.name).inc()
        held = self._hold.hold(decision, tenant.name)
        refusal = _over_budget(tenant, decision, units)
        refusal.headers.update(held)
        raise refusal


@functools.lru_cache(maxsize=4096)
def _tenant_duration(tenant: str, latency_class: str) -> Any:
    """The labelled latency histogram of one (tenant, class), looked up once."""
    return TENANT_DURATION.labels(tenant=tenant, **{"class": latency_class})


@functools.lru_cache(maxsize=4096)
def _tenant_children(tenant: str, operation: str, status: int) -> tuple[Any, Any]:
    """The labelled request and cost counters of one (tenant, operation, status), looked up once."""
    labels = {"tenant": tenant, "operation": operation, "status": str(status)}
    return TENANT_REQUESTS.labels(**labels), TENANT_COST.labels(**labels)


def _authenticate(
    directory: TenantDirectory,
    budgets: Budgets,
    failures: tuple[RateLimitItem, RateLimitItem],
    scope: str,
    hold: RetryHold,
) -> Tenant:
    key = presented_key()
    tenant = None if key is None else directory.find(key)
    if tenant is None:
        reason = "missing" if key is None else "unknown"
        AUTH_FAILURES.labels(reason=reason).inc()
        _limit_failures(budgets, failures, hold)
        said = (
            words("this endpoint needs an API key: {how}", how=_HOW)
            if key is None
            else words("the API key is not valid: {how}", how=_HOW)
        )
        raise Problem(401, said, headers={"WWW-Authenticate": 'Bearer realm="maubinh-api"'})
    if scope not in tenant.scopes:
        AUTH_FAILURES.labels(reason="out_of_scope").inc()
        held = ", ".join(sorted(tenant.scopes))
        said = words(
            "the key of {tenant} is not allowed on {path} (scope {scope}; the key's scopes: {held})",
            tenant=repr(tenant.name), path=request.path, scope=repr(scope), held=held,
        )  # fmt: skip
        raise Problem(403, said)
    return tenant


def _limit_failures(budgets: Budgets, failures: tuple[RateLimitItem, RateLimitItem], hold: RetryHold) -> None:
    """A 429 for a client address that keeps sending wrong keys, and for every address once the
    instance has had too many from all of them (addresses are many: a key is not guessed from
    twenty of them either).  Requests with a valid key are never refused for it."""
    address = request.remote_addr or "unknown"
    per_address, everyone = failures
    decision = budgets.spend("auth-failures:" + address, (per_address,), (str(per_address),), 1)
    if decision.allowed:
        decision = budgets.spend("auth-failures:*", (everyone,), (str(everyone),), 1)
        address = "any address"
    if not decision.allowed:
        held = hold.hold(decision, "address:" + address)
        said = words(
            "too many requests with a missing or wrong API key from {address}; try again in {retry_after} s",
            address=address, retry_after=decision.retry_after,
        )  # fmt: skip
        raise Problem(429, said, headers={"Retry-After": str(decision.retry_after), **held})


def _over_budget(tenant: Tenant, decision: Decision, units: int | None) -> Problem:
    if decision.cost is None:  # came back before the time it was told: refused before the body was read
        said = words(
            "{tenant} came back before the time it was given; its requests fit again in {retry_after} s",
            tenant=repr(tenant.name), retry_after=decision.retry_after,
        )  # fmt: skip
    else:
        short = [window for window in decision.windows if window.remaining < (units or 0)]
        window = short[0] if short else decision.windows[0]
        said = words(
            "{tenant} has {remaining} of its {limit} units left and this request costs {units}; it fits in"
            " {retry_after} s (this refusal spent nothing)",
            tenant=repr(tenant.name), remaining=window.remaining, limit=window.text, units=units,
            retry_after=decision.retry_after,
        )  # fmt: skip
    headers = {"Retry-After": str(decision.retry_after), **rate_limit_fields(decision.windows, decision.retry_after)}
    return Problem(429, said, headers=headers)


def _never_fits(tenant: Tenant, decision: Decision, units: int, paid: int) -> Problem:
    """A 422 ``cost-over-limit`` without Retry-After: waiting would not help (what reading it cost is
    spent).  Not a 413, which HTTP libraries and proxies read as "body too large" (since 1.0.0)."""
    window = decision.exceeds
    assert window is not None
    if paid == 1:
        spent = words("; what reading it cost ({paid} unit) is spent", paid=paid)
    elif paid:
        spent = words("; what reading it cost ({paid} units) is spent", paid=paid)
    else:
        spent = words("; reading it spent all that was left of the limit")
    said = words(
        "this request costs {units} units, more than {tenant}'s whole limit of {limit}: it can never be answered"
        " as sent; send it in parts of at most {amount} units (a unit per chi, hand, arrangement or table, and"
        " one per 4 KiB of body){spent}",
        units=units, tenant=repr(tenant.name), limit=window.text, amount=window.amount, spent=spent,
    )  # fmt: skip
    return Problem(422, said, headers=rate_limit_fields(decision.windows), kind=OVER_LIMIT)


def rate_limit_fields(windows: tuple[Window, ...], waiting: int = 0) -> dict[str, str]:
    """``RateLimit-Policy`` and ``RateLimit`` (draft-ietf-httpapi-ratelimit-headers):
    each limit as ``"<limit>";q=<quota>;w=<window seconds>`` and what is left
    as ``"<limit>";r=<units that may be spent now>;t=<seconds until all of them are back>``.
    A caller told to wait ``waiting`` seconds may spend nothing until then.

    >>> rate_limit_fields((Window("50/second", 50, 1, 42, 1),))
    {'RateLimit-Policy': '"50/second";q=50;w=1', 'RateLimit': '"50/second";r=42;t=1'}
    >>> rate_limit_fields((Window("12/6second", 12, 6, 3, 5),), waiting=2)["RateLimit"]
    '"12/6second";r=0;t=5'
    """
    return {
        "RateLimit-Policy": ", ".join(f'"{window.text}";q={window.amount};w={window.seconds}' for window in windows),
        "RateLimit": ", ".join(
            f'"{window.text}";r={0 if waiting else window.remaining};t={max(window.reset_in, waiting)}'
            for window in windows
        ),
    }
