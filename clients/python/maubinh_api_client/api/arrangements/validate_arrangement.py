from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.validate_request import ValidateRequest
from ...models.validation_result import ValidationResult
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: ValidateRequest,
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
        "url": "/v1/arrangements/validate",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ValidationResult | None:
    if response.status_code == 200:
        response_200 = ValidationResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ValidationResult]:
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
    body: ValidateRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Problem | ValidationResult]:
    """ Check a 13-card arrangement for a foul (binh lủng)

     Classifies the three chi and says whether the arrangement is fouled:
    the back weaker than the middle, or the middle weaker than the front
    (equal back and middle only with the `foul_on_equal` knob). A fouled
    arrangement is a valid request: the answer is a 200 with
    `fouled: true` and the reasons. `bonuses` lists the bonus-table
    entries the arrangement would earn for the positions it wins (empty
    when fouled: a fouled hand wins nothing). `natural` names the natural
    (thắng trắng) the 13 cards hold under the variant, whatever the split
    sent; for three flushes, three straights and three straight flushes
    it also shows the strongest split that forms it without a foul under
    the variant (a hand whose only such splits are fouled does not hold
    that natural).

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (ValidateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ValidationResult]
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
    body: ValidateRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Problem | ValidationResult | None:
    """ Check a 13-card arrangement for a foul (binh lủng)

     Classifies the three chi and says whether the arrangement is fouled:
    the back weaker than the middle, or the middle weaker than the front
    (equal back and middle only with the `foul_on_equal` knob). A fouled
    arrangement is a valid request: the answer is a 200 with
    `fouled: true` and the reasons. `bonuses` lists the bonus-table
    entries the arrangement would earn for the positions it wins (empty
    when fouled: a fouled hand wins nothing). `natural` names the natural
    (thắng trắng) the 13 cards hold under the variant, whatever the split
    sent; for three flushes, three straights and three straight flushes
    it also shows the strongest split that forms it without a foul under
    the variant (a hand whose only such splits are fouled does not hold
    that natural).

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (ValidateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ValidationResult
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
    body: ValidateRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[Problem | ValidationResult]:
    """ Check a 13-card arrangement for a foul (binh lủng)

     Classifies the three chi and says whether the arrangement is fouled:
    the back weaker than the middle, or the middle weaker than the front
    (equal back and middle only with the `foul_on_equal` knob). A fouled
    arrangement is a valid request: the answer is a 200 with
    `fouled: true` and the reasons. `bonuses` lists the bonus-table
    entries the arrangement would earn for the positions it wins (empty
    when fouled: a fouled hand wins nothing). `natural` names the natural
    (thắng trắng) the 13 cards hold under the variant, whatever the split
    sent; for three flushes, three straights and three straight flushes
    it also shows the strongest split that forms it without a foul under
    the variant (a hand whose only such splits are fouled does not hold
    that natural).

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (ValidateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ValidationResult]
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
    body: ValidateRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Problem | ValidationResult | None:
    """ Check a 13-card arrangement for a foul (binh lủng)

     Classifies the three chi and says whether the arrangement is fouled:
    the back weaker than the middle, or the middle weaker than the front
    (equal back and middle only with the `foul_on_equal` knob). A fouled
    arrangement is a valid request: the answer is a 200 with
    `fouled: true` and the reasons. `bonuses` lists the bonus-table
    entries the arrangement would earn for the positions it wins (empty
    when fouled: a fouled hand wins nothing). `natural` names the natural
    (thắng trắng) the 13 cards hold under the variant, whatever the split
    sent; for three flushes, three straights and three straight flushes
    it also shows the strongest split that forms it without a foul under
    the variant (a hand whose only such splits are fouled does not hold
    that natural).

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (ValidateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ValidationResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )).parsed
