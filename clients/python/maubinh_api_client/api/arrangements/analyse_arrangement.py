from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.analysis_request import AnalysisRequest
from ...models.analysis_result import AnalysisResult
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: AnalysisRequest,
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
        "url": "/v1/arrangements/analysis",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AnalysisResult | Problem | None:
    if response.status_code == 200:
        response_200 = AnalysisResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AnalysisResult | Problem]:
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
    body: AnalysisRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[AnalysisResult | Problem]:
    """ Grade an arrangement against the best play of its cards

     What an arrangement of 13 cards is worth, how far it falls short of
    the best play of the same cards, and what to change.

    `ev` is the expected points per opponent of playing the arrangement
    under the variant: its average settlement against opponents dealt
    from the 39 other cards, who set their hands as the service's `ev`
    objective does (bonuses, ties, scoops, fouls, sập làng and the
    opponents' naturals included). `opponents` (1-3, default 3) is the
    number of other players at the table, which matters for sập làng.
    `best` is the best play of the cards, exactly the `best` arrangement
    and `ev` of `POST /v1/arrangements/optimal` for the same cards (when
    declaring a natural is worth the most, `best.declare_natural` is true
    and `best.arrangement` shows the natural). With `declare_natural`
    true (the default) a hand that holds a natural declares it, and
    `ev` is the natural's; false plays the chi as sent.

    `ev_loss` is `best.ev - ev` (0 for the best play, never negative),
    and `verdict` grades it in points per opponent: `best` (no loss),
    `good` (under 0.1), `inaccuracy` (under 0.3), `mistake` (under 1.0)
    or `blunder` (1.0 or more); `foul` is a fouled arrangement (binh
    lủng) that collects no natural, whatever it loses. `rank` is the
    play's place among the `distinct_arrangements` distinct legal
    arrangements of the cards (a declared natural counts as one more
    play; 1 is the best; null for a fouled arrangement that collects no
    natural).

    `positions` gives, for each chi against one opponent, the chances
    of winning, tying and losing it and its expected points (the
    position's value, or the opponent's, before the majority unit and
    the multipliers; a fouled hand loses every position to an opponent
    who plays the chi). `opponent_natural` is the chance that the
    opponent declares a natural instead: then no chi are compared, so
    for each position `win + tie + lose + opponent_natural` is 1.
    `scoop_chance` and `scooped_chance` are the chances of winning all
    three positions against one opponent, or losing all three (sập
    hầm). `sap_lang_chance` holds the chances of scooping every
    opponent, or being scooped by every one, when sập làng can happen
    at this table under the variant, and is null otherwise. `best`
    gives the same four for the best play (`best.positions`,
    `best.scoop_chance`, `best.scooped_chance`, `best.sap_lang_chance`:
    what analysing the best play itself answers, `best.positions` null
    when it declares a natural), so that each chi's chances before and
    after `changes.moves` can be shown side by side. Every
    probability is rounded to 4 decimals. `natural` names the
    natural the cards hold (or null): whether this play collects it, its
    expected points (`ev`), those of the best play of the chi instead
    (`chi_ev`), and what this play gives up by not declaring it
    (`given_up`, 0 when it declares).

    `changes` says how to reach the best play: `moves` are the fewest
    cards to move between chi to get the best play's chi strengths
    (cards of equal rank swapped for each other are not moved);
    `declare_natural` is true or false when the best play declares the
    natural or does not, and null when the declaration needs no change;
    `lines` says it all in English and Vietnamese, with the points per
    opponent at stake on the only change's line, or after several
    changes on a last line of their own ("The 2 changes above,
    together: +0.42 points per opponent").

    Figures are as computed, unrounded. The answer does not depend on
    the order or notation of the cards within a chi.

    A batch of arrangements goes to `POST /v1/arrangements/analysis/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (AnalysisRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisResult | Problem]
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
    body: AnalysisRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> AnalysisResult | Problem | None:
    """ Grade an arrangement against the best play of its cards

     What an arrangement of 13 cards is worth, how far it falls short of
    the best play of the same cards, and what to change.

    `ev` is the expected points per opponent of playing the arrangement
    under the variant: its average settlement against opponents dealt
    from the 39 other cards, who set their hands as the service's `ev`
    objective does (bonuses, ties, scoops, fouls, sập làng and the
    opponents' naturals included). `opponents` (1-3, default 3) is the
    number of other players at the table, which matters for sập làng.
    `best` is the best play of the cards, exactly the `best` arrangement
    and `ev` of `POST /v1/arrangements/optimal` for the same cards (when
    declaring a natural is worth the most, `best.declare_natural` is true
    and `best.arrangement` shows the natural). With `declare_natural`
    true (the default) a hand that holds a natural declares it, and
    `ev` is the natural's; false plays the chi as sent.

    `ev_loss` is `best.ev - ev` (0 for the best play, never negative),
    and `verdict` grades it in points per opponent: `best` (no loss),
    `good` (under 0.1), `inaccuracy` (under 0.3), `mistake` (under 1.0)
    or `blunder` (1.0 or more); `foul` is a fouled arrangement (binh
    lủng) that collects no natural, whatever it loses. `rank` is the
    play's place among the `distinct_arrangements` distinct legal
    arrangements of the cards (a declared natural counts as one more
    play; 1 is the best; null for a fouled arrangement that collects no
    natural).

    `positions` gives, for each chi against one opponent, the chances
    of winning, tying and losing it and its expected points (the
    position's value, or the opponent's, before the majority unit and
    the multipliers; a fouled hand loses every position to an opponent
    who plays the chi). `opponent_natural` is the chance that the
    opponent declares a natural instead: then no chi are compared, so
    for each position `win + tie + lose + opponent_natural` is 1.
    `scoop_chance` and `scooped_chance` are the chances of winning all
    three positions against one opponent, or losing all three (sập
    hầm). `sap_lang_chance` holds the chances of scooping every
    opponent, or being scooped by every one, when sập làng can happen
    at this table under the variant, and is null otherwise. `best`
    gives the same four for the best play (`best.positions`,
    `best.scoop_chance`, `best.scooped_chance`, `best.sap_lang_chance`:
    what analysing the best play itself answers, `best.positions` null
    when it declares a natural), so that each chi's chances before and
    after `changes.moves` can be shown side by side. Every
    probability is rounded to 4 decimals. `natural` names the
    natural the cards hold (or null): whether this play collects it, its
    expected points (`ev`), those of the best play of the chi instead
    (`chi_ev`), and what this play gives up by not declaring it
    (`given_up`, 0 when it declares).

    `changes` says how to reach the best play: `moves` are the fewest
    cards to move between chi to get the best play's chi strengths
    (cards of equal rank swapped for each other are not moved);
    `declare_natural` is true or false when the best play declares the
    natural or does not, and null when the declaration needs no change;
    `lines` says it all in English and Vietnamese, with the points per
    opponent at stake on the only change's line, or after several
    changes on a last line of their own ("The 2 changes above,
    together: +0.42 points per opponent").

    Figures are as computed, unrounded. The answer does not depend on
    the order or notation of the cards within a chi.

    A batch of arrangements goes to `POST /v1/arrangements/analysis/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (AnalysisRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisResult | Problem
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
    body: AnalysisRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> Response[AnalysisResult | Problem]:
    """ Grade an arrangement against the best play of its cards

     What an arrangement of 13 cards is worth, how far it falls short of
    the best play of the same cards, and what to change.

    `ev` is the expected points per opponent of playing the arrangement
    under the variant: its average settlement against opponents dealt
    from the 39 other cards, who set their hands as the service's `ev`
    objective does (bonuses, ties, scoops, fouls, sập làng and the
    opponents' naturals included). `opponents` (1-3, default 3) is the
    number of other players at the table, which matters for sập làng.
    `best` is the best play of the cards, exactly the `best` arrangement
    and `ev` of `POST /v1/arrangements/optimal` for the same cards (when
    declaring a natural is worth the most, `best.declare_natural` is true
    and `best.arrangement` shows the natural). With `declare_natural`
    true (the default) a hand that holds a natural declares it, and
    `ev` is the natural's; false plays the chi as sent.

    `ev_loss` is `best.ev - ev` (0 for the best play, never negative),
    and `verdict` grades it in points per opponent: `best` (no loss),
    `good` (under 0.1), `inaccuracy` (under 0.3), `mistake` (under 1.0)
    or `blunder` (1.0 or more); `foul` is a fouled arrangement (binh
    lủng) that collects no natural, whatever it loses. `rank` is the
    play's place among the `distinct_arrangements` distinct legal
    arrangements of the cards (a declared natural counts as one more
    play; 1 is the best; null for a fouled arrangement that collects no
    natural).

    `positions` gives, for each chi against one opponent, the chances
    of winning, tying and losing it and its expected points (the
    position's value, or the opponent's, before the majority unit and
    the multipliers; a fouled hand loses every position to an opponent
    who plays the chi). `opponent_natural` is the chance that the
    opponent declares a natural instead: then no chi are compared, so
    for each position `win + tie + lose + opponent_natural` is 1.
    `scoop_chance` and `scooped_chance` are the chances of winning all
    three positions against one opponent, or losing all three (sập
    hầm). `sap_lang_chance` holds the chances of scooping every
    opponent, or being scooped by every one, when sập làng can happen
    at this table under the variant, and is null otherwise. `best`
    gives the same four for the best play (`best.positions`,
    `best.scoop_chance`, `best.scooped_chance`, `best.sap_lang_chance`:
    what analysing the best play itself answers, `best.positions` null
    when it declares a natural), so that each chi's chances before and
    after `changes.moves` can be shown side by side. Every
    probability is rounded to 4 decimals. `natural` names the
    natural the cards hold (or null): whether this play collects it, its
    expected points (`ev`), those of the best play of the chi instead
    (`chi_ev`), and what this play gives up by not declaring it
    (`given_up`, 0 when it declares).

    `changes` says how to reach the best play: `moves` are the fewest
    cards to move between chi to get the best play's chi strengths
    (cards of equal rank swapped for each other are not moved);
    `declare_natural` is true or false when the best play declares the
    natural or does not, and null when the declaration needs no change;
    `lines` says it all in English and Vietnamese, with the points per
    opponent at stake on the only change's line, or after several
    changes on a last line of their own ("The 2 changes above,
    together: +0.42 points per opponent").

    Figures are as computed, unrounded. The answer does not depend on
    the order or notation of the cards within a chi.

    A batch of arrangements goes to `POST /v1/arrangements/analysis/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (AnalysisRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisResult | Problem]
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
    body: AnalysisRequest,
    accept_language: str | Unset = UNSET,
    x_model_version: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,

) -> AnalysisResult | Problem | None:
    """ Grade an arrangement against the best play of its cards

     What an arrangement of 13 cards is worth, how far it falls short of
    the best play of the same cards, and what to change.

    `ev` is the expected points per opponent of playing the arrangement
    under the variant: its average settlement against opponents dealt
    from the 39 other cards, who set their hands as the service's `ev`
    objective does (bonuses, ties, scoops, fouls, sập làng and the
    opponents' naturals included). `opponents` (1-3, default 3) is the
    number of other players at the table, which matters for sập làng.
    `best` is the best play of the cards, exactly the `best` arrangement
    and `ev` of `POST /v1/arrangements/optimal` for the same cards (when
    declaring a natural is worth the most, `best.declare_natural` is true
    and `best.arrangement` shows the natural). With `declare_natural`
    true (the default) a hand that holds a natural declares it, and
    `ev` is the natural's; false plays the chi as sent.

    `ev_loss` is `best.ev - ev` (0 for the best play, never negative),
    and `verdict` grades it in points per opponent: `best` (no loss),
    `good` (under 0.1), `inaccuracy` (under 0.3), `mistake` (under 1.0)
    or `blunder` (1.0 or more); `foul` is a fouled arrangement (binh
    lủng) that collects no natural, whatever it loses. `rank` is the
    play's place among the `distinct_arrangements` distinct legal
    arrangements of the cards (a declared natural counts as one more
    play; 1 is the best; null for a fouled arrangement that collects no
    natural).

    `positions` gives, for each chi against one opponent, the chances
    of winning, tying and losing it and its expected points (the
    position's value, or the opponent's, before the majority unit and
    the multipliers; a fouled hand loses every position to an opponent
    who plays the chi). `opponent_natural` is the chance that the
    opponent declares a natural instead: then no chi are compared, so
    for each position `win + tie + lose + opponent_natural` is 1.
    `scoop_chance` and `scooped_chance` are the chances of winning all
    three positions against one opponent, or losing all three (sập
    hầm). `sap_lang_chance` holds the chances of scooping every
    opponent, or being scooped by every one, when sập làng can happen
    at this table under the variant, and is null otherwise. `best`
    gives the same four for the best play (`best.positions`,
    `best.scoop_chance`, `best.scooped_chance`, `best.sap_lang_chance`:
    what analysing the best play itself answers, `best.positions` null
    when it declares a natural), so that each chi's chances before and
    after `changes.moves` can be shown side by side. Every
    probability is rounded to 4 decimals. `natural` names the
    natural the cards hold (or null): whether this play collects it, its
    expected points (`ev`), those of the best play of the chi instead
    (`chi_ev`), and what this play gives up by not declaring it
    (`given_up`, 0 when it declares).

    `changes` says how to reach the best play: `moves` are the fewest
    cards to move between chi to get the best play's chi strengths
    (cards of equal rank swapped for each other are not moved);
    `declare_natural` is true or false when the best play declares the
    natural or does not, and null when the declaration needs no change;
    `lines` says it all in English and Vietnamese, with the points per
    opponent at stake on the only change's line, or after several
    changes on a last line of their own ("The 2 changes above,
    together: +0.42 points per opponent").

    Figures are as computed, unrounded. The answer does not depend on
    the order or notation of the cards within a chi.

    A batch of arrangements goes to `POST /v1/arrangements/analysis/batch`.

    Args:
        accept_language (str | Unset):
        x_model_version (str | Unset):
        x_request_id (str | Unset):
        body (AnalysisRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisResult | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
accept_language=accept_language,
x_model_version=x_model_version,
x_request_id=x_request_id,

    )).parsed
