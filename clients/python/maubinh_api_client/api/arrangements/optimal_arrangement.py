from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.optimal_request import OptimalRequest
from ...models.optimal_result import OptimalResult
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: OptimalRequest,
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
        "url": "/v1/arrangements/optimal",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> OptimalResult | Problem | None:
    if response.status_code == 200:
        response_200 = OptimalResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[OptimalResult | Problem]:
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
    body: OptimalRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[OptimalResult | Problem]:
    """ The best arrangement of 13 cards

     Every one of the 72,072 splits of the 13 cards is valued and no
    fouled split is ever answered. `objective`:

    - `ev` (default): the split with the highest expected points per
      opponent under the variant, against opponents dealt from the 39
      cards the player does not hold who set their hands as this
      objective does, settled as a settlement would be (bonuses, ties,
      scoops, sập làng and opponents' naturals included); the same
      model as POST /v1/arrangements/analysis, so both give the same
      best arrangement and number. `opponents` (1-3, default 3) is the
      number of other players at the table, which matters for sập làng;
    - `strongest`: the strongest legal split as a game client's
      "auto-arrange" means it, done exactly. Each chi counts first by
      its category and the ranks that make it (a pair's rank, both pairs
      of two pair, the rank of trips, quads or a full house's trips;
      every rank of a high-card hand, straight, flush or straight flush;
      a front's pair or trips rank, or its three ranks), back first, then
      middle, then front. The cards that only fill a chi (kickers, a full
      house's pair) decide only between splits equal in that, and then
      the front comes first, then the middle, then the back.

    `top` (1-10, default 3) is how many arrangements to return: the best
    and `top - 1` alternatives, each with a different set of chi
    strengths, best first. The answer is deterministic: the same cards
    in any order give the same answer.

    When the cards hold a natural, `best.natural` names it and
    `best.declare_natural` says whether to declare it: yes when declaring
    is worth at least the best expected points of a normal arrangement
    (the payout from every opponent without a natural, less what a
    higher natural takes). With `ev`, a declared natural that depends on
    the split (three flushes, three straights, three straight flushes)
    is shown by `best.arrangement`, and `best.ev` is what declaring is
    worth (that layout is not
    repeated among the alternatives); `strongest` always answers the
    strongest split, and `best.natural.split` shows the natural. A split
    natural counts only on a split the variant does not call fouled (with
    `foul_on_equal`, not one whose back equals its middle).

    A batch of hands goes to `POST /v1/arrangements/optimal/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (OptimalRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OptimalResult | Problem]
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
    body: OptimalRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> OptimalResult | Problem | None:
    """ The best arrangement of 13 cards

     Every one of the 72,072 splits of the 13 cards is valued and no
    fouled split is ever answered. `objective`:

    - `ev` (default): the split with the highest expected points per
      opponent under the variant, against opponents dealt from the 39
      cards the player does not hold who set their hands as this
      objective does, settled as a settlement would be (bonuses, ties,
      scoops, sập làng and opponents' naturals included); the same
      model as POST /v1/arrangements/analysis, so both give the same
      best arrangement and number. `opponents` (1-3, default 3) is the
      number of other players at the table, which matters for sập làng;
    - `strongest`: the strongest legal split as a game client's
      "auto-arrange" means it, done exactly. Each chi counts first by
      its category and the ranks that make it (a pair's rank, both pairs
      of two pair, the rank of trips, quads or a full house's trips;
      every rank of a high-card hand, straight, flush or straight flush;
      a front's pair or trips rank, or its three ranks), back first, then
      middle, then front. The cards that only fill a chi (kickers, a full
      house's pair) decide only between splits equal in that, and then
      the front comes first, then the middle, then the back.

    `top` (1-10, default 3) is how many arrangements to return: the best
    and `top - 1` alternatives, each with a different set of chi
    strengths, best first. The answer is deterministic: the same cards
    in any order give the same answer.

    When the cards hold a natural, `best.natural` names it and
    `best.declare_natural` says whether to declare it: yes when declaring
    is worth at least the best expected points of a normal arrangement
    (the payout from every opponent without a natural, less what a
    higher natural takes). With `ev`, a declared natural that depends on
    the split (three flushes, three straights, three straight flushes)
    is shown by `best.arrangement`, and `best.ev` is what declaring is
    worth (that layout is not
    repeated among the alternatives); `strongest` always answers the
    strongest split, and `best.natural.split` shows the natural. A split
    natural counts only on a split the variant does not call fouled (with
    `foul_on_equal`, not one whose back equals its middle).

    A batch of hands goes to `POST /v1/arrangements/optimal/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (OptimalRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OptimalResult | Problem
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
    body: OptimalRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[OptimalResult | Problem]:
    """ The best arrangement of 13 cards

     Every one of the 72,072 splits of the 13 cards is valued and no
    fouled split is ever answered. `objective`:

    - `ev` (default): the split with the highest expected points per
      opponent under the variant, against opponents dealt from the 39
      cards the player does not hold who set their hands as this
      objective does, settled as a settlement would be (bonuses, ties,
      scoops, sập làng and opponents' naturals included); the same
      model as POST /v1/arrangements/analysis, so both give the same
      best arrangement and number. `opponents` (1-3, default 3) is the
      number of other players at the table, which matters for sập làng;
    - `strongest`: the strongest legal split as a game client's
      "auto-arrange" means it, done exactly. Each chi counts first by
      its category and the ranks that make it (a pair's rank, both pairs
      of two pair, the rank of trips, quads or a full house's trips;
      every rank of a high-card hand, straight, flush or straight flush;
      a front's pair or trips rank, or its three ranks), back first, then
      middle, then front. The cards that only fill a chi (kickers, a full
      house's pair) decide only between splits equal in that, and then
      the front comes first, then the middle, then the back.

    `top` (1-10, default 3) is how many arrangements to return: the best
    and `top - 1` alternatives, each with a different set of chi
    strengths, best first. The answer is deterministic: the same cards
    in any order give the same answer.

    When the cards hold a natural, `best.natural` names it and
    `best.declare_natural` says whether to declare it: yes when declaring
    is worth at least the best expected points of a normal arrangement
    (the payout from every opponent without a natural, less what a
    higher natural takes). With `ev`, a declared natural that depends on
    the split (three flushes, three straights, three straight flushes)
    is shown by `best.arrangement`, and `best.ev` is what declaring is
    worth (that layout is not
    repeated among the alternatives); `strongest` always answers the
    strongest split, and `best.natural.split` shows the natural. A split
    natural counts only on a split the variant does not call fouled (with
    `foul_on_equal`, not one whose back equals its middle).

    A batch of hands goes to `POST /v1/arrangements/optimal/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (OptimalRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OptimalResult | Problem]
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
    body: OptimalRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> OptimalResult | Problem | None:
    """ The best arrangement of 13 cards

     Every one of the 72,072 splits of the 13 cards is valued and no
    fouled split is ever answered. `objective`:

    - `ev` (default): the split with the highest expected points per
      opponent under the variant, against opponents dealt from the 39
      cards the player does not hold who set their hands as this
      objective does, settled as a settlement would be (bonuses, ties,
      scoops, sập làng and opponents' naturals included); the same
      model as POST /v1/arrangements/analysis, so both give the same
      best arrangement and number. `opponents` (1-3, default 3) is the
      number of other players at the table, which matters for sập làng;
    - `strongest`: the strongest legal split as a game client's
      "auto-arrange" means it, done exactly. Each chi counts first by
      its category and the ranks that make it (a pair's rank, both pairs
      of two pair, the rank of trips, quads or a full house's trips;
      every rank of a high-card hand, straight, flush or straight flush;
      a front's pair or trips rank, or its three ranks), back first, then
      middle, then front. The cards that only fill a chi (kickers, a full
      house's pair) decide only between splits equal in that, and then
      the front comes first, then the middle, then the back.

    `top` (1-10, default 3) is how many arrangements to return: the best
    and `top - 1` alternatives, each with a different set of chi
    strengths, best first. The answer is deterministic: the same cards
    in any order give the same answer.

    When the cards hold a natural, `best.natural` names it and
    `best.declare_natural` says whether to declare it: yes when declaring
    is worth at least the best expected points of a normal arrangement
    (the payout from every opponent without a natural, less what a
    higher natural takes). With `ev`, a declared natural that depends on
    the split (three flushes, three straights, three straight flushes)
    is shown by `best.arrangement`, and `best.ev` is what declaring is
    worth (that layout is not
    repeated among the alternatives); `strongest` always answers the
    strongest split, and `best.natural.split` shows the natural. A split
    natural counts only on a split the variant does not call fouled (with
    `foul_on_equal`, not one whose back equals its middle).

    A batch of hands goes to `POST /v1/arrangements/optimal/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (OptimalRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OptimalResult | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )).parsed
