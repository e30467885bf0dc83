from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.receipt_keys import ReceiptKeys
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/.well-known/jwks.json",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | ReceiptKeys | None:
    if response.status_code == 200:
        response_200 = ReceiptKeys.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())



        return response_405

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())



        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())



        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | ReceiptKeys]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        request_content=response.request.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | Problem | ReceiptKeys]:
    """ The public keys settlement receipts are signed with (a JWK Set)

     The Ed25519 public keys (RFC 8037 `OKP` keys, `alg` `EdDSA`) of the key that signs the
    deployment's settlement receipts and of the earlier keys still served after a rotation,
    each with its `kid` (its RFC 7638 thumbprint), which a receipt's signature names. Open to
    anyone: a third party checking a receipt holds no key of the platform's. Empty when the
    deployment signs no receipts. docs/integrating.md, "Receipts", says how to check one.

    Args:
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | ReceiptKeys]
     """


    kwargs = _get_kwargs(
        x_request_id=x_request_id,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | Problem | ReceiptKeys | None:
    """ The public keys settlement receipts are signed with (a JWK Set)

     The Ed25519 public keys (RFC 8037 `OKP` keys, `alg` `EdDSA`) of the key that signs the
    deployment's settlement receipts and of the earlier keys still served after a rotation,
    each with its `kid` (its RFC 7638 thumbprint), which a receipt's signature names. Open to
    anyone: a third party checking a receipt holds no key of the platform's. Empty when the
    deployment signs no receipts. docs/integrating.md, "Receipts", says how to check one.

    Args:
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | ReceiptKeys
     """


    return sync_detailed(
        client=client,
x_request_id=x_request_id,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | Problem | ReceiptKeys]:
    """ The public keys settlement receipts are signed with (a JWK Set)

     The Ed25519 public keys (RFC 8037 `OKP` keys, `alg` `EdDSA`) of the key that signs the
    deployment's settlement receipts and of the earlier keys still served after a rotation,
    each with its `kid` (its RFC 7638 thumbprint), which a receipt's signature names. Open to
    anyone: a third party checking a receipt holds no key of the platform's. Empty when the
    deployment signs no receipts. docs/integrating.md, "Receipts", says how to check one.

    Args:
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | ReceiptKeys]
     """


    kwargs = _get_kwargs(
        x_request_id=x_request_id,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | Problem | ReceiptKeys | None:
    """ The public keys settlement receipts are signed with (a JWK Set)

     The Ed25519 public keys (RFC 8037 `OKP` keys, `alg` `EdDSA`) of the key that signs the
    deployment's settlement receipts and of the earlier keys still served after a rotation,
    each with its `kid` (its RFC 7638 thumbprint), which a receipt's signature names. Open to
    anyone: a third party checking a receipt holds no key of the platform's. Empty when the
    deployment signs no receipts. docs/integrating.md, "Receipts", says how to check one.

    Args:
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | ReceiptKeys
     """


    return (await asyncio_detailed(
        client=client,
x_request_id=x_request_id,
if_none_match=if_none_match,

    )).parsed
