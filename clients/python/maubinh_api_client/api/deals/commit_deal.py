from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.deal_commitment import DealCommitment
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
        "method": "post",
        "url": "/v1/deals",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DealCommitment | Problem | None:
    if response.status_code == 200:
        response_200 = DealCommitment.from_dict(response.json())



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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())



        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())



        return response_500

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DealCommitment | Problem]:
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

) -> Response[DealCommitment | Problem]:
    """ Commit to a deal before the players add their seeds

     A new deal id and the service's commitment to its seed: `server_seed_hash` is the
    SHA-256 of a 32-byte seed derived from the deployment's secret, your tenant and the deal
    id (the service keeps nothing), signed with the receipts' key. Show it to the players
    before they choose their seeds; then `POST /v1/deals/{deal_id}` deals. Anyone can then
    check that the seed revealed is the one committed to and deal the same deck again.
    docs/integrating.md, "Deals anyone can check", says what the proof shows and what it
    cannot.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DealCommitment | Problem]
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

) -> DealCommitment | Problem | None:
    """ Commit to a deal before the players add their seeds

     A new deal id and the service's commitment to its seed: `server_seed_hash` is the
    SHA-256 of a 32-byte seed derived from the deployment's secret, your tenant and the deal
    id (the service keeps nothing), signed with the receipts' key. Show it to the players
    before they choose their seeds; then `POST /v1/deals/{deal_id}` deals. Anyone can then
    check that the seed revealed is the one committed to and deal the same deck again.
    docs/integrating.md, "Deals anyone can check", says what the proof shows and what it
    cannot.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DealCommitment | Problem
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

) -> Response[DealCommitment | Problem]:
    """ Commit to a deal before the players add their seeds

     A new deal id and the service's commitment to its seed: `server_seed_hash` is the
    SHA-256 of a 32-byte seed derived from the deployment's secret, your tenant and the deal
    id (the service keeps nothing), signed with the receipts' key. Show it to the players
    before they choose their seeds; then `POST /v1/deals/{deal_id}` deals. Anyone can then
    check that the seed revealed is the one committed to and deal the same deck again.
    docs/integrating.md, "Deals anyone can check", says what the proof shows and what it
    cannot.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DealCommitment | Problem]
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

) -> DealCommitment | Problem | None:
    """ Commit to a deal before the players add their seeds

     A new deal id and the service's commitment to its seed: `server_seed_hash` is the
    SHA-256 of a 32-byte seed derived from the deployment's secret, your tenant and the deal
    id (the service keeps nothing), signed with the receipts' key. Show it to the players
    before they choose their seeds; then `POST /v1/deals/{deal_id}` deals. Anyone can then
    check that the seed revealed is the one committed to and deal the same deck again.
    docs/integrating.md, "Deals anyone can check", says what the proof shows and what it
    cannot.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DealCommitment | Problem
     """


    return (await asyncio_detailed(
        client=client,
accept_language=accept_language,
x_request_id=x_request_id,

    )).parsed
