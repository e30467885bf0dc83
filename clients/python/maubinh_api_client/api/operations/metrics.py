from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())



        return response_405

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())



        return response_431

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())



        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        request_content=response.request.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Problem | str]:
    """ Prometheus metrics

     Every metric in Prometheus text format, summed over gunicorn's
    workers: `maubinh_http_requests_total{route,method,status}`,
    `maubinh_http_request_duration_seconds` (by route template, buckets
    0.5 ms to 10 s), `maubinh_solver_duration_seconds` (time per hand, by
    objective: `ev` and `strongest` for the optimiser, `analysis` and
    `play`), `maubinh_cache_requests_total{backend,result}`,
    `maubinh_settlements_total{variant}` and `maubinh_build_info`.
    Methods other than the usual seven are counted as `other`, so no
    request adds a series. With any key configured, this needs a key of
    the `metrics` scope (401 without a key, 403 with another) unless the
    operator sets `MAUBINH_METRICS_OPEN=true`: it names every tenant.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        accept_language=accept_language,
x_request_id=x_request_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Problem | str | None:
    """ Prometheus metrics

     Every metric in Prometheus text format, summed over gunicorn's
    workers: `maubinh_http_requests_total{route,method,status}`,
    `maubinh_http_request_duration_seconds` (by route template, buckets
    0.5 ms to 10 s), `maubinh_solver_duration_seconds` (time per hand, by
    objective: `ev` and `strongest` for the optimiser, `analysis` and
    `play`), `maubinh_cache_requests_total{backend,result}`,
    `maubinh_settlements_total{variant}` and `maubinh_build_info`.
    Methods other than the usual seven are counted as `other`, so no
    request adds a series. With any key configured, this needs a key of
    the `metrics` scope (401 without a key, 403 with another) unless the
    operator sets `MAUBINH_METRICS_OPEN=true`: it names every tenant.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return sync_detailed(
        client=client,
accept_language=accept_language,
x_request_id=x_request_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Problem | str]:
    """ Prometheus metrics

     Every metric in Prometheus text format, summed over gunicorn's
    workers: `maubinh_http_requests_total{route,method,status}`,
    `maubinh_http_request_duration_seconds` (by route template, buckets
    0.5 ms to 10 s), `maubinh_solver_duration_seconds` (time per hand, by
    objective: `ev` and `strongest` for the optimiser, `analysis` and
    `play`), `maubinh_cache_requests_total{backend,result}`,
    `maubinh_settlements_total{variant}` and `maubinh_build_info`.
    Methods other than the usual seven are counted as `other`, so no
    request adds a series. With any key configured, this needs a key of
    the `metrics` scope (401 without a key, 403 with another) unless the
    operator sets `MAUBINH_METRICS_OPEN=true`: it names every tenant.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        accept_language=accept_language,
x_request_id=x_request_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Problem | str | None:
    """ Prometheus metrics

     Every metric in Prometheus text format, summed over gunicorn's
    workers: `maubinh_http_requests_total{route,method,status}`,
    `maubinh_http_request_duration_seconds` (by route template, buckets
    0.5 ms to 10 s), `maubinh_solver_duration_seconds` (time per hand, by
    objective: `ev` and `strongest` for the optimiser, `analysis` and
    `play`), `maubinh_cache_requests_total{backend,result}`,
    `maubinh_settlements_total{variant}` and `maubinh_build_info`.
    Methods other than the usual seven are counted as `other`, so no
    request adds a series. With any key configured, this needs a key of
    the `metrics` scope (401 without a key, 403 with another) unless the
    operator sets `MAUBINH_METRICS_OPEN=true`: it names every tenant.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return (await asyncio_detailed(
        client=client,
accept_language=accept_language,
x_request_id=x_request_id,

    )).parsed
