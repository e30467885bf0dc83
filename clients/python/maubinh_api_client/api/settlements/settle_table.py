from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.settlement import Settlement
from ...models.settlement_request import SettlementRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: SettlementRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    if not isinstance(x_model_version, Unset):
        headers["X-Model-Version"] = x_model_version

    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/settlements",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Settlement | None:
    if response.status_code == 200:
        response_200 = Settlement.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Settlement]:
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
    body: SettlementRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Problem | Settlement]:
    """ Settle one table of 2-4 players

     Every pair of players is settled: naturals first (a natural wins its
    payout from a player without one; two naturals follow
    `natural_vs_natural`), otherwise chi by chi with the bonus table,
    the majority unit, the scoop or foul multiplier and sập làng. Each
    player's `points` (units) times the `bet` gives `amount`; the house
    keeps `rake` of positive amounts and, when every player's points are
    0, a `draw_fee` from each; `net` is what the player receives. The
    nets plus `house_take.total` sum to exactly 0. Money is exact
    decimal text with the variant's `amount_decimals` places; a bet with
    more places than that is refused. Every pair and every player
    carries `lines`, the explanation in English and Vietnamese.

    A player who left before the reveal is sent as
    `{"id": ..., "forfeit": true}` and counts as fouled. A natural is
    applied automatically unless the player sends
    `"declare_natural": false`. `fouled` reports the arrangement as sent;
    a declared natural wins regardless of it.

    With `"foul_cost": true` each player's result also says what its foul
    gave up (`FoulCost`): the best legal play of its cards, the expected
    points per opponent given up, and what the foul passed to each
    opponent at this table. A platform can watch for chip dumping as it
    happens with it; it costs one unit more for each fouled seat.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (SettlementRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Settlement]
     """


    kwargs = _get_kwargs(
        body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: SettlementRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Problem | Settlement | None:
    """ Settle one table of 2-4 players

     Every pair of players is settled: naturals first (a natural wins its
    payout from a player without one; two naturals follow
    `natural_vs_natural`), otherwise chi by chi with the bonus table,
    the majority unit, the scoop or foul multiplier and sập làng. Each
    player's `points` (units) times the `bet` gives `amount`; the house
    keeps `rake` of positive amounts and, when every player's points are
    0, a `draw_fee` from each; `net` is what the player receives. The
    nets plus `house_take.total` sum to exactly 0. Money is exact
    decimal text with the variant's `amount_decimals` places; a bet with
    more places than that is refused. Every pair and every player
    carries `lines`, the explanation in English and Vietnamese.

    A player who left before the reveal is sent as
    `{"id": ..., "forfeit": true}` and counts as fouled. A natural is
    applied automatically unless the player sends
    `"declare_natural": false`. `fouled` reports the arrangement as sent;
    a declared natural wins regardless of it.

    With `"foul_cost": true` each player's result also says what its foul
    gave up (`FoulCost`): the best legal play of its cards, the expected
    points per opponent given up, and what the foul passed to each
    opponent at this table. A platform can watch for chip dumping as it
    happens with it; it costs one unit more for each fouled seat.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (SettlementRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Settlement
     """


    return sync_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SettlementRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Problem | Settlement]:
    """ Settle one table of 2-4 players

     Every pair of players is settled: naturals first (a natural wins its
    payout from a player without one; two naturals follow
    `natural_vs_natural`), otherwise chi by chi with the bonus table,
    the majority unit, the scoop or foul multiplier and sập làng. Each
    player's `points` (units) times the `bet` gives `amount`; the house
    keeps `rake` of positive amounts and, when every player's points are
    0, a `draw_fee` from each; `net` is what the player receives. The
    nets plus `house_take.total` sum to exactly 0. Money is exact
    decimal text with the variant's `amount_decimals` places; a bet with
    more places than that is refused. Every pair and every player
    carries `lines`, the explanation in English and Vietnamese.

    A player who left before the reveal is sent as
    `{"id": ..., "forfeit": true}` and counts as fouled. A natural is
    applied automatically unless the player sends
    `"declare_natural": false`. `fouled` reports the arrangement as sent;
    a declared natural wins regardless of it.

    With `"foul_cost": true` each player's result also says what its foul
    gave up (`FoulCost`): the best legal play of its cards, the expected
    points per opponent given up, and what the foul passed to each
    opponent at this table. A platform can watch for chip dumping as it
    happens with it; it costs one unit more for each fouled seat.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (SettlementRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Settlement]
     """


    kwargs = _get_kwargs(
        body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SettlementRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Problem | Settlement | None:
    """ Settle one table of 2-4 players

     Every pair of players is settled: naturals first (a natural wins its
    payout from a player without one; two naturals follow
    `natural_vs_natural`), otherwise chi by chi with the bonus table,
    the majority unit, the scoop or foul multiplier and sập làng. Each
    player's `points` (units) times the `bet` gives `amount`; the house
    keeps `rake` of positive amounts and, when every player's points are
    0, a `draw_fee` from each; `net` is what the player receives. The
    nets plus `house_take.total` sum to exactly 0. Money is exact
    decimal text with the variant's `amount_decimals` places; a bet with
    more places than that is refused. Every pair and every player
    carries `lines`, the explanation in English and Vietnamese.

    A player who left before the reveal is sent as
    `{"id": ..., "forfeit": true}` and counts as fouled. A natural is
    applied automatically unless the player sends
    `"declare_natural": false`. `fouled` reports the arrangement as sent;
    a declared natural wins regardless of it.

    With `"foul_cost": true` each player's result also says what its foul
    gave up (`FoulCost`): the best legal play of its cards, the expected
    points per opponent given up, and what the foul passed to each
    opponent at this table. A platform can watch for chip dumping as it
    happens with it; it costs one unit more for each fouled seat.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (SettlementRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Settlement
     """


    return (await asyncio_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )).parsed
