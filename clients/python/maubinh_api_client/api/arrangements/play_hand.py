from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.play_request import PlayRequest
from ...models.play_result import PlayResult
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: PlayRequest,
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
        "url": "/v1/arrangements/play",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PlayResult | Problem | None:
    if response.status_code == 200:
        response_200 = PlayResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PlayResult | Problem]:
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
    body: PlayRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[PlayResult | Problem]:
    """ Set 13 cards as a player of a given level would

     A bot: the arrangement a player of `level` sets with these cards,
    and what it is worth. Each level mixes the ways people actually set
    hands, every one a real arrangement of the cards:

    - `beginner`: often fills the back first (a game's auto-arrange),
      sets the front too strong or breaks up a pair, now and then fouls
      (binh lủng), and misses a natural about a third of the time;
    - `casual`: the same slips, less often;
    - `club`: usually the best play or one of the few next to it;
    - `expert`: the best play most of the time, otherwise one very
      close to it; never misses a natural;
    - `best`: always the best play, as `POST /v1/arrangements/optimal`
      answers it (`ev_loss` 0).

    The levels are tuned so that their average loss is about 1.0, 0.4,
    0.15, 0.05 and 0 points per opponent.

    The same cards (in any order or notation), variant, level, seed and
    `opponents` always give the same answer. `seed` (0 to 2^53 - 1) is
    optional: without it one is drawn at random and returned, and sending
    it back replays the same play (an answer to a request without a seed
    is never served from the result cache).

    `style` says how the bot came to its arrangement: `best`, `close`
    (one of the best few: a small slip), `auto` (strongest back first),
    `front_heavy` (the strongest front), `pair_broken` (a pair the best
    play keeps together split up), `foul` (the back and middle the wrong
    way round) or `natural_missed` (a natural played as chi).
    `declare_natural` says whether the bot declares the natural the cards
    hold. `ev`, `ev_loss` and `verdict` are those `POST
    /v1/arrangements/analysis` gives the arrangement with that
    declaration: expected points per opponent against opponents dealt
    from the 39 other cards who set their hands as the service's `ev`
    objective does, the loss against the best play, and its grade
    (`best`: no loss, `good`: under 0.1, `inaccuracy`: under 0.3,
    `mistake`: under 1.0, `blunder`: 1.0 or more, `foul`: fouled and
    no natural collected). `opponents` (1-3, default 3) is the number of
    other players at the table.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayResult | Problem]
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
    body: PlayRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> PlayResult | Problem | None:
    """ Set 13 cards as a player of a given level would

     A bot: the arrangement a player of `level` sets with these cards,
    and what it is worth. Each level mixes the ways people actually set
    hands, every one a real arrangement of the cards:

    - `beginner`: often fills the back first (a game's auto-arrange),
      sets the front too strong or breaks up a pair, now and then fouls
      (binh lủng), and misses a natural about a third of the time;
    - `casual`: the same slips, less often;
    - `club`: usually the best play or one of the few next to it;
    - `expert`: the best play most of the time, otherwise one very
      close to it; never misses a natural;
    - `best`: always the best play, as `POST /v1/arrangements/optimal`
      answers it (`ev_loss` 0).

    The levels are tuned so that their average loss is about 1.0, 0.4,
    0.15, 0.05 and 0 points per opponent.

    The same cards (in any order or notation), variant, level, seed and
    `opponents` always give the same answer. `seed` (0 to 2^53 - 1) is
    optional: without it one is drawn at random and returned, and sending
    it back replays the same play (an answer to a request without a seed
    is never served from the result cache).

    `style` says how the bot came to its arrangement: `best`, `close`
    (one of the best few: a small slip), `auto` (strongest back first),
    `front_heavy` (the strongest front), `pair_broken` (a pair the best
    play keeps together split up), `foul` (the back and middle the wrong
    way round) or `natural_missed` (a natural played as chi).
    `declare_natural` says whether the bot declares the natural the cards
    hold. `ev`, `ev_loss` and `verdict` are those `POST
    /v1/arrangements/analysis` gives the arrangement with that
    declaration: expected points per opponent against opponents dealt
    from the 39 other cards who set their hands as the service's `ev`
    objective does, the loss against the best play, and its grade
    (`best`: no loss, `good`: under 0.1, `inaccuracy`: under 0.3,
    `mistake`: under 1.0, `blunder`: 1.0 or more, `foul`: fouled and
    no natural collected). `opponents` (1-3, default 3) is the number of
    other players at the table.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayResult | Problem
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
    body: PlayRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[PlayResult | Problem]:
    """ Set 13 cards as a player of a given level would

     A bot: the arrangement a player of `level` sets with these cards,
    and what it is worth. Each level mixes the ways people actually set
    hands, every one a real arrangement of the cards:

    - `beginner`: often fills the back first (a game's auto-arrange),
      sets the front too strong or breaks up a pair, now and then fouls
      (binh lủng), and misses a natural about a third of the time;
    - `casual`: the same slips, less often;
    - `club`: usually the best play or one of the few next to it;
    - `expert`: the best play most of the time, otherwise one very
      close to it; never misses a natural;
    - `best`: always the best play, as `POST /v1/arrangements/optimal`
      answers it (`ev_loss` 0).

    The levels are tuned so that their average loss is about 1.0, 0.4,
    0.15, 0.05 and 0 points per opponent.

    The same cards (in any order or notation), variant, level, seed and
    `opponents` always give the same answer. `seed` (0 to 2^53 - 1) is
    optional: without it one is drawn at random and returned, and sending
    it back replays the same play (an answer to a request without a seed
    is never served from the result cache).

    `style` says how the bot came to its arrangement: `best`, `close`
    (one of the best few: a small slip), `auto` (strongest back first),
    `front_heavy` (the strongest front), `pair_broken` (a pair the best
    play keeps together split up), `foul` (the back and middle the wrong
    way round) or `natural_missed` (a natural played as chi).
    `declare_natural` says whether the bot declares the natural the cards
    hold. `ev`, `ev_loss` and `verdict` are those `POST
    /v1/arrangements/analysis` gives the arrangement with that
    declaration: expected points per opponent against opponents dealt
    from the 39 other cards who set their hands as the service's `ev`
    objective does, the loss against the best play, and its grade
    (`best`: no loss, `good`: under 0.1, `inaccuracy`: under 0.3,
    `mistake`: under 1.0, `blunder`: 1.0 or more, `foul`: fouled and
    no natural collected). `opponents` (1-3, default 3) is the number of
    other players at the table.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayResult | Problem]
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
    body: PlayRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> PlayResult | Problem | None:
    """ Set 13 cards as a player of a given level would

     A bot: the arrangement a player of `level` sets with these cards,
    and what it is worth. Each level mixes the ways people actually set
    hands, every one a real arrangement of the cards:

    - `beginner`: often fills the back first (a game's auto-arrange),
      sets the front too strong or breaks up a pair, now and then fouls
      (binh lủng), and misses a natural about a third of the time;
    - `casual`: the same slips, less often;
    - `club`: usually the best play or one of the few next to it;
    - `expert`: the best play most of the time, otherwise one very
      close to it; never misses a natural;
    - `best`: always the best play, as `POST /v1/arrangements/optimal`
      answers it (`ev_loss` 0).

    The levels are tuned so that their average loss is about 1.0, 0.4,
    0.15, 0.05 and 0 points per opponent.

    The same cards (in any order or notation), variant, level, seed and
    `opponents` always give the same answer. `seed` (0 to 2^53 - 1) is
    optional: without it one is drawn at random and returned, and sending
    it back replays the same play (an answer to a request without a seed
    is never served from the result cache).

    `style` says how the bot came to its arrangement: `best`, `close`
    (one of the best few: a small slip), `auto` (strongest back first),
    `front_heavy` (the strongest front), `pair_broken` (a pair the best
    play keeps together split up), `foul` (the back and middle the wrong
    way round) or `natural_missed` (a natural played as chi).
    `declare_natural` says whether the bot declares the natural the cards
    hold. `ev`, `ev_loss` and `verdict` are those `POST
    /v1/arrangements/analysis` gives the arrangement with that
    declaration: expected points per opponent against opponents dealt
    from the 39 other cards who set their hands as the service's `ev`
    objective does, the loss against the best play, and its grade
    (`best`: no loss, `good`: under 0.1, `inaccuracy`: under 0.3,
    `mistake`: under 1.0, `blunder`: 1.0 or more, `foul`: fouled and
    no natural collected). `opponents` (1-3, default 3) is the number of
    other players at the table.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (PlayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayResult | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )).parsed
