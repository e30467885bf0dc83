from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.drills_request import DrillsRequest
from ...models.drills_result import DrillsResult
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: DrillsRequest,
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
        "url": "/v1/drills",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DrillsResult | Problem | None:
    if response.status_code == 200:
        response_200 = DrillsResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DrillsResult | Problem]:
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
    body: DrillsRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[DrillsResult | Problem]:
    """ Deal hands to practise on, chosen so that a decision matters

     Bài luyện: `count` hands (1-20, default 5) of one `theme`, dealt from
    `seed` under the variant at a table of `opponents` + 1, for a player
    to set. A drill says why its cards were chosen and how hard they are,
    never their answer: grade the player's arrangement with `POST
    /v1/arrangements/analysis` (same `variant` and `opponents`). The
    cards can be posted as they are to any operation that takes 13 cards.

    The themes (`GET /v1/enumerations` lists them with their labels; a
    drill's condition is checked with the analysis of the same model):

    | theme | Vietnamese | the cards are such that |
    |---|---|---|
    | `random` | Ván bất kỳ | anything: a deal as a table deals it |
    | `auto_blunder` | Tự xếp sai nặng | the auto-arrangement (strongest chi first, `objective:
    strongest`) gives up 1.0 point per opponent or more: a blunder |
    | `front_decides` | Chi cuối quyết định | the auto-arrangement gives up 0.3 or more, and every card
    its analysis moves goes into or out of the front |
    | `foul_trap` | Dễ binh lủng | the best play's back and middle are of one category, two pair or
    better: the two the wrong way round is binh lủng |
    | `natural_call` | Báo thắng trắng hay không | the cards hold a natural the variant pays, and
    declaring it and the best chi play differ by 1.0 point per opponent or less (either may be the
    better) |
    | `sap_lang` | Sập làng trong tầm tay | sập làng can happen at the table, the best play scoops every
    opponent, or is scooped by every one, with a chance of 5% or more, and the `level` gives up 0.1 or
    more on the cards |

    Except under `random` and `natural_call`, a drill holds no natural
    the variant pays, so that what it trains is the arrangement. The
    `natural_call` hands are built to hold a natural (ranks leaning
    high, where playing the chi can rival declaring), and no two of
    five in a row hold the same pattern (the five highest ranks held
    twice or more: AA KK QQ JJ TT and any three cards is one); the
    others are random deals that meet the condition.

    `difficulty` says what a player of `level` (`casual` unless asked;
    `beginner`, `casual`, `club` or `expert`) gives up on the cards on
    average, `typical_loss` (points per opponent, from the bots' own
    mix of slips: what `POST /v1/arrangements/play` at that level gives
    up over every seed), against what that level gives up on an average
    hand (its loss on random deals, the `yardsticks` of a `random`
    request): `easy` under 0.75 times, `medium` under 1.5 times, `hard`
    from 1.5 times. `yardsticks` are each level's loss per hand under
    the variant's preset at this table on drills of this `theme`: what
    a run of these drills is judged by, as `python -m
    maubinh_api.batch grade` judges a hand history whose rows name the
    theme (a drill is chosen because a decision matters, so what
    each level gives up on it, and how often it sets the best play,
    are not a random deal's: on `classic`'s foul traps the club bot
    gives up 0.32 a hand against 0.16 on random deals, nearer the
    casual bot's 0.40; judged by random deals' figures, a run of
    drills reads the wrong level).

    The same theme, count, seed, level, table and variant always give
    the same drills, and a longer run starts with the drills of a
    shorter one. `seed` (0 to 2^53 - 1) is optional: without it one is
    drawn and returned (that answer is never served from the result
    cache). `tried` counts the hands valued to find the drills: the
    cost follows that work, each theme's units being about the hands one
    of its drills takes under the presets. A theme the variant can never
    deal at the table (`natural_call` without naturals, `sap_lang`
    without sập làng) is a 422 at once; one it deals too seldom (a
    `natural_call` where every natural pays far more than any chi play
    can win) is a 422 after its units times (2 × `count` + 6) hands,
    naming `/theme`. In bench/drills.py's requests of 10 drills under
    the presets, none needed half of that.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DrillsResult | Problem]
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
    body: DrillsRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> DrillsResult | Problem | None:
    """ Deal hands to practise on, chosen so that a decision matters

     Bài luyện: `count` hands (1-20, default 5) of one `theme`, dealt from
    `seed` under the variant at a table of `opponents` + 1, for a player
    to set. A drill says why its cards were chosen and how hard they are,
    never their answer: grade the player's arrangement with `POST
    /v1/arrangements/analysis` (same `variant` and `opponents`). The
    cards can be posted as they are to any operation that takes 13 cards.

    The themes (`GET /v1/enumerations` lists them with their labels; a
    drill's condition is checked with the analysis of the same model):

    | theme | Vietnamese | the cards are such that |
    |---|---|---|
    | `random` | Ván bất kỳ | anything: a deal as a table deals it |
    | `auto_blunder` | Tự xếp sai nặng | the auto-arrangement (strongest chi first, `objective:
    strongest`) gives up 1.0 point per opponent or more: a blunder |
    | `front_decides` | Chi cuối quyết định | the auto-arrangement gives up 0.3 or more, and every card
    its analysis moves goes into or out of the front |
    | `foul_trap` | Dễ binh lủng | the best play's back and middle are of one category, two pair or
    better: the two the wrong way round is binh lủng |
    | `natural_call` | Báo thắng trắng hay không | the cards hold a natural the variant pays, and
    declaring it and the best chi play differ by 1.0 point per opponent or less (either may be the
    better) |
    | `sap_lang` | Sập làng trong tầm tay | sập làng can happen at the table, the best play scoops every
    opponent, or is scooped by every one, with a chance of 5% or more, and the `level` gives up 0.1 or
    more on the cards |

    Except under `random` and `natural_call`, a drill holds no natural
    the variant pays, so that what it trains is the arrangement. The
    `natural_call` hands are built to hold a natural (ranks leaning
    high, where playing the chi can rival declaring), and no two of
    five in a row hold the same pattern (the five highest ranks held
    twice or more: AA KK QQ JJ TT and any three cards is one); the
    others are random deals that meet the condition.

    `difficulty` says what a player of `level` (`casual` unless asked;
    `beginner`, `casual`, `club` or `expert`) gives up on the cards on
    average, `typical_loss` (points per opponent, from the bots' own
    mix of slips: what `POST /v1/arrangements/play` at that level gives
    up over every seed), against what that level gives up on an average
    hand (its loss on random deals, the `yardsticks` of a `random`
    request): `easy` under 0.75 times, `medium` under 1.5 times, `hard`
    from 1.5 times. `yardsticks` are each level's loss per hand under
    the variant's preset at this table on drills of this `theme`: what
    a run of these drills is judged by, as `python -m
    maubinh_api.batch grade` judges a hand history whose rows name the
    theme (a drill is chosen because a decision matters, so what
    each level gives up on it, and how often it sets the best play,
    are not a random deal's: on `classic`'s foul traps the club bot
    gives up 0.32 a hand against 0.16 on random deals, nearer the
    casual bot's 0.40; judged by random deals' figures, a run of
    drills reads the wrong level).

    The same theme, count, seed, level, table and variant always give
    the same drills, and a longer run starts with the drills of a
    shorter one. `seed` (0 to 2^53 - 1) is optional: without it one is
    drawn and returned (that answer is never served from the result
    cache). `tried` counts the hands valued to find the drills: the
    cost follows that work, each theme's units being about the hands one
    of its drills takes under the presets. A theme the variant can never
    deal at the table (`natural_call` without naturals, `sap_lang`
    without sập làng) is a 422 at once; one it deals too seldom (a
    `natural_call` where every natural pays far more than any chi play
    can win) is a 422 after its units times (2 × `count` + 6) hands,
    naming `/theme`. In bench/drills.py's requests of 10 drills under
    the presets, none needed half of that.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DrillsResult | Problem
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
    body: DrillsRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[DrillsResult | Problem]:
    """ Deal hands to practise on, chosen so that a decision matters

     Bài luyện: `count` hands (1-20, default 5) of one `theme`, dealt from
    `seed` under the variant at a table of `opponents` + 1, for a player
    to set. A drill says why its cards were chosen and how hard they are,
    never their answer: grade the player's arrangement with `POST
    /v1/arrangements/analysis` (same `variant` and `opponents`). The
    cards can be posted as they are to any operation that takes 13 cards.

    The themes (`GET /v1/enumerations` lists them with their labels; a
    drill's condition is checked with the analysis of the same model):

    | theme | Vietnamese | the cards are such that |
    |---|---|---|
    | `random` | Ván bất kỳ | anything: a deal as a table deals it |
    | `auto_blunder` | Tự xếp sai nặng | the auto-arrangement (strongest chi first, `objective:
    strongest`) gives up 1.0 point per opponent or more: a blunder |
    | `front_decides` | Chi cuối quyết định | the auto-arrangement gives up 0.3 or more, and every card
    its analysis moves goes into or out of the front |
    | `foul_trap` | Dễ binh lủng | the best play's back and middle are of one category, two pair or
    better: the two the wrong way round is binh lủng |
    | `natural_call` | Báo thắng trắng hay không | the cards hold a natural the variant pays, and
    declaring it and the best chi play differ by 1.0 point per opponent or less (either may be the
    better) |
    | `sap_lang` | Sập làng trong tầm tay | sập làng can happen at the table, the best play scoops every
    opponent, or is scooped by every one, with a chance of 5% or more, and the `level` gives up 0.1 or
    more on the cards |

    Except under `random` and `natural_call`, a drill holds no natural
    the variant pays, so that what it trains is the arrangement. The
    `natural_call` hands are built to hold a natural (ranks leaning
    high, where playing the chi can rival declaring), and no two of
    five in a row hold the same pattern (the five highest ranks held
    twice or more: AA KK QQ JJ TT and any three cards is one); the
    others are random deals that meet the condition.

    `difficulty` says what a player of `level` (`casual` unless asked;
    `beginner`, `casual`, `club` or `expert`) gives up on the cards on
    average, `typical_loss` (points per opponent, from the bots' own
    mix of slips: what `POST /v1/arrangements/play` at that level gives
    up over every seed), against what that level gives up on an average
    hand (its loss on random deals, the `yardsticks` of a `random`
    request): `easy` under 0.75 times, `medium` under 1.5 times, `hard`
    from 1.5 times. `yardsticks` are each level's loss per hand under
    the variant's preset at this table on drills of this `theme`: what
    a run of these drills is judged by, as `python -m
    maubinh_api.batch grade` judges a hand history whose rows name the
    theme (a drill is chosen because a decision matters, so what
    each level gives up on it, and how often it sets the best play,
    are not a random deal's: on `classic`'s foul traps the club bot
    gives up 0.32 a hand against 0.16 on random deals, nearer the
    casual bot's 0.40; judged by random deals' figures, a run of
    drills reads the wrong level).

    The same theme, count, seed, level, table and variant always give
    the same drills, and a longer run starts with the drills of a
    shorter one. `seed` (0 to 2^53 - 1) is optional: without it one is
    drawn and returned (that answer is never served from the result
    cache). `tried` counts the hands valued to find the drills: the
    cost follows that work, each theme's units being about the hands one
    of its drills takes under the presets. A theme the variant can never
    deal at the table (`natural_call` without naturals, `sap_lang`
    without sập làng) is a 422 at once; one it deals too seldom (a
    `natural_call` where every natural pays far more than any chi play
    can win) is a 422 after its units times (2 × `count` + 6) hands,
    naming `/theme`. In bench/drills.py's requests of 10 drills under
    the presets, none needed half of that.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DrillsResult | Problem]
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
    body: DrillsRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> DrillsResult | Problem | None:
    """ Deal hands to practise on, chosen so that a decision matters

     Bài luyện: `count` hands (1-20, default 5) of one `theme`, dealt from
    `seed` under the variant at a table of `opponents` + 1, for a player
    to set. A drill says why its cards were chosen and how hard they are,
    never their answer: grade the player's arrangement with `POST
    /v1/arrangements/analysis` (same `variant` and `opponents`). The
    cards can be posted as they are to any operation that takes 13 cards.

    The themes (`GET /v1/enumerations` lists them with their labels; a
    drill's condition is checked with the analysis of the same model):

    | theme | Vietnamese | the cards are such that |
    |---|---|---|
    | `random` | Ván bất kỳ | anything: a deal as a table deals it |
    | `auto_blunder` | Tự xếp sai nặng | the auto-arrangement (strongest chi first, `objective:
    strongest`) gives up 1.0 point per opponent or more: a blunder |
    | `front_decides` | Chi cuối quyết định | the auto-arrangement gives up 0.3 or more, and every card
    its analysis moves goes into or out of the front |
    | `foul_trap` | Dễ binh lủng | the best play's back and middle are of one category, two pair or
    better: the two the wrong way round is binh lủng |
    | `natural_call` | Báo thắng trắng hay không | the cards hold a natural the variant pays, and
    declaring it and the best chi play differ by 1.0 point per opponent or less (either may be the
    better) |
    | `sap_lang` | Sập làng trong tầm tay | sập làng can happen at the table, the best play scoops every
    opponent, or is scooped by every one, with a chance of 5% or more, and the `level` gives up 0.1 or
    more on the cards |

    Except under `random` and `natural_call`, a drill holds no natural
    the variant pays, so that what it trains is the arrangement. The
    `natural_call` hands are built to hold a natural (ranks leaning
    high, where playing the chi can rival declaring), and no two of
    five in a row hold the same pattern (the five highest ranks held
    twice or more: AA KK QQ JJ TT and any three cards is one); the
    others are random deals that meet the condition.

    `difficulty` says what a player of `level` (`casual` unless asked;
    `beginner`, `casual`, `club` or `expert`) gives up on the cards on
    average, `typical_loss` (points per opponent, from the bots' own
    mix of slips: what `POST /v1/arrangements/play` at that level gives
    up over every seed), against what that level gives up on an average
    hand (its loss on random deals, the `yardsticks` of a `random`
    request): `easy` under 0.75 times, `medium` under 1.5 times, `hard`
    from 1.5 times. `yardsticks` are each level's loss per hand under
    the variant's preset at this table on drills of this `theme`: what
    a run of these drills is judged by, as `python -m
    maubinh_api.batch grade` judges a hand history whose rows name the
    theme (a drill is chosen because a decision matters, so what
    each level gives up on it, and how often it sets the best play,
    are not a random deal's: on `classic`'s foul traps the club bot
    gives up 0.32 a hand against 0.16 on random deals, nearer the
    casual bot's 0.40; judged by random deals' figures, a run of
    drills reads the wrong level).

    The same theme, count, seed, level, table and variant always give
    the same drills, and a longer run starts with the drills of a
    shorter one. `seed` (0 to 2^53 - 1) is optional: without it one is
    drawn and returned (that answer is never served from the result
    cache). `tried` counts the hands valued to find the drills: the
    cost follows that work, each theme's units being about the hands one
    of its drills takes under the presets. A theme the variant can never
    deal at the table (`natural_call` without naturals, `sap_lang`
    without sập làng) is a 422 at once; one it deals too seldom (a
    `natural_call` where every natural pays far more than any chi play
    can win) is a 422 after its units times (2 × `count` + 6) hands,
    naming `/theme`. In bench/drills.py's requests of 10 drills under
    the presets, none needed half of that.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (DrillsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DrillsResult | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )).parsed
