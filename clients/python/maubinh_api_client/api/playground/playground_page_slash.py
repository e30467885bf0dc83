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
        "url": "/playground/",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 308:
        response_308 = cast(Any, None)
        return response_308

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
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
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Any | Problem]:
    """ The playground page's address with a slash

     Sends a browser on to `/playground`, the query kept (a shared
    deal's link opens as it was sent). The page itself is not served
    here: the files it loads are named relative to `/playground`.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
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
    client: AuthenticatedClient | Client,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Any | Problem | None:
    """ The playground page's address with a slash

     Sends a browser on to `/playground`, the query kept (a shared
    deal's link opens as it was sent). The page itself is not served
    here: the files it loads are named relative to `/playground`.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        client=client,
accept_language=accept_language,
x_request_id=x_request_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Any | Problem]:
    """ The playground page's address with a slash

     Sends a browser on to `/playground`, the query kept (a shared
    deal's link opens as it was sent). The page itself is not served
    here: the files it loads are named relative to `/playground`.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
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
    client: AuthenticatedClient | Client,
    accept_language: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Any | Problem | None:
    """ The playground page's address with a slash

     Sends a browser on to `/playground`, the query kept (a shared
    deal's link opens as it was sent). The page itself is not served
    here: the files it loads are named relative to `/playground`.

    Args:
        accept_language (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        client=client,
accept_language=accept_language,
x_request_id=x_request_id,

    )).parsed
