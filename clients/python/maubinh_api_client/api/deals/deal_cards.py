from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.deal import Deal
from ...models.deal_request import DealRequest
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    deal_id: str,
    *,
    body: DealRequest,
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
        "url": "/v1/deals/{deal_id}".format(deal_id=quote(str(deal_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Deal | Problem | None:
    if response.status_code == 200:
        response_200 = Deal.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())



        return response_405

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Deal | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        request_content=response.request.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    deal_id: str,
    *,
    client: AuthenticatedClient,
    body: DealRequest,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Deal | Problem]:
    """ Deal 2-4 seats from the service's seed and the client seeds

     Deals `seats` hands of 13 from the deck that the committed seed and `client_seeds` (the
    players', the platform's: 1 to 8, in the order given) shuffle, and reveals the seed. The
    shuffle (`hmac-sha256-fisher-yates-1`): HMAC-SHA256 keyed by the seed, over the lines
    `maubinh-deal-1`, the deal id, each client seed and a block number from 0, is read as
    big-endian 32-bit words; from the last place of the deck down to the
    second, place `i` is swapped with place `w mod (i + 1)` of the next word `w` below the
    largest multiple of `i + 1` under 2^32 (others are drawn again). The deck before the
    shuffle is `2s 2h 2d 2c 3s ... Ac`: ranks 2 to ace, each in spades, hearts, diamonds,
    clubs. Seat `k` gets cards
    `13k` to `13k + 12`. The same seeds always deal the same deck; the clients deal it again
    offline. A deal id this deployment did not make (or made with a secret since retired) is
    a 404.

    Args:
        deal_id (str):
        accept_language (str | Unset):
        x_request_id (str | Unset):
        body (DealRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Deal | Problem]
     """


    kwargs = _get_kwargs(
        deal_id=deal_id,
body=body,
accept_language=accept_language,
x_request_id=x_request_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    deal_id: str,
    *,
    client: AuthenticatedClient,
    body: DealRequest,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Deal | Problem | None:
    """ Deal 2-4 seats from the service's seed and the client seeds

     Deals `seats` hands of 13 from the deck that the committed seed and `client_seeds` (the
    players', the platform's: 1 to 8, in the order given) shuffle, and reveals the seed. The
    shuffle (`hmac-sha256-fisher-yates-1`): HMAC-SHA256 keyed by the seed, over the lines
    `maubinh-deal-1`, the deal id, each client seed and a block number from 0, is read as
    big-endian 32-bit words; from the last place of the deck down to the
    second, place `i` is swapped with place `w mod (i + 1)` of the next word `w` below the
    largest multiple of `i + 1` under 2^32 (others are drawn again). The deck before the
    shuffle is `2s 2h 2d 2c 3s ... Ac`: ranks 2 to ace, each in spades, hearts, diamonds,
    clubs. Seat `k` gets cards
    `13k` to `13k + 12`. The same seeds always deal the same deck; the clients deal it again
    offline. A deal id this deployment did not make (or made with a secret since retired) is
    a 404.

    Args:
        deal_id (str):
        accept_language (str | Unset):
        x_request_id (str | Unset):
        body (DealRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Deal | Problem
     """


    return sync_detailed(
        deal_id=deal_id,
client=client,
body=body,
accept_language=accept_language,
x_request_id=x_request_id,

    ).parsed

async def asyncio_detailed(
    deal_id: str,
    *,
    client: AuthenticatedClient,
    body: DealRequest,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Deal | Problem]:
    """ Deal 2-4 seats from the service's seed and the client seeds

     Deals `seats` hands of 13 from the deck that the committed seed and `client_seeds` (the
    players', the platform's: 1 to 8, in the order given) shuffle, and reveals the seed. The
    shuffle (`hmac-sha256-fisher-yates-1`): HMAC-SHA256 keyed by the seed, over the lines
    `maubinh-deal-1`, the deal id, each client seed and a block number from 0, is read as
    big-endian 32-bit words; from the last place of the deck down to the
    second, place `i` is swapped with place `w mod (i + 1)` of the next word `w` below the
    largest multiple of `i + 1` under 2^32 (others are drawn again). The deck before the
    shuffle is `2s 2h 2d 2c 3s ... Ac`: ranks 2 to ace, each in spades, hearts, diamonds,
    clubs. Seat `k` gets cards
    `13k` to `13k + 12`. The same seeds always deal the same deck; the clients deal it again
    offline. A deal id this deployment did not make (or made with a secret since retired) is
    a 404.

    Args:
        deal_id (str):
        accept_language (str | Unset):
        x_request_id (str | Unset):
        body (DealRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Deal | Problem]
     """


    kwargs = _get_kwargs(
        deal_id=deal_id,
body=body,
accept_language=accept_language,
x_request_id=x_request_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    deal_id: str,
    *,
    client: AuthenticatedClient,
    body: DealRequest,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Deal | Problem | None:
    """ Deal 2-4 seats from the service's seed and the client seeds

     Deals `seats` hands of 13 from the deck that the committed seed and `client_seeds` (the
    players', the platform's: 1 to 8, in the order given) shuffle, and reveals the seed. The
    shuffle (`hmac-sha256-fisher-yates-1`): HMAC-SHA256 keyed by the seed, over the lines
    `maubinh-deal-1`, the deal id, each client seed and a block number from 0, is read as
    big-endian 32-bit words; from the last place of the deck down to the
    second, place `i` is swapped with place `w mod (i + 1)` of the next word `w` below the
    largest multiple of `i + 1` under 2^32 (others are drawn again). The deck before the
    shuffle is `2s 2h 2d 2c 3s ... Ac`: ranks 2 to ace, each in spades, hearts, diamonds,
    clubs. Seat `k` gets cards
    `13k` to `13k + 12`. The same seeds always deal the same deck; the clients deal it again
    offline. A deal id this deployment did not make (or made with a secret since retired) is
    a 404.

    Args:
        deal_id (str):
        accept_language (str | Unset):
        x_request_id (str | Unset):
        body (DealRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Deal | Problem
     """


    return (await asyncio_detailed(
        deal_id=deal_id,
client=client,
body=body,
accept_language=accept_language,
x_request_id=x_request_id,

    )).parsed
