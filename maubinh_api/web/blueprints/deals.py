"""Deals anyone can check: a commitment to the service's seed before the players add theirs, then the
deal from both seeds with its proof (:mod:`~maubinh_api.infra.deals` is the shuffle;
docs/integrating.md, "Deals anyone can check", the trust model).  Nothing is kept between the
two: the seed is derived again from the deployment's secret, the tenant and the deal id."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ...infra.deal_check import COMMITMENT_TYPE
from ...infra.deals import SHUFFLE, dealt_hands, seed_hash, shuffled_deck
from ...rules.texts import words
from ..context import context
from ..operations import declare
from ..problems import Problem
from ..receipted_answers import issue_time
from ..schemas import DealRequest
from ..services import services

blueprint = Blueprint("deals", __name__, url_prefix="/v1/deals")
_deal_schema = DealRequest()


@blueprint.post("")
@declare("commitDeal")
def commit_deal() -> Response:
    """A new deal id and the service's signed commitment to its seed (the SHA-256 of it), to show
    the players before they choose their seeds."""
    found = services()
    deal_id = found.deals.new_deal_id()
    tenant = context().tenant_name
    seed = found.deals.server_seed(tenant, deal_id)
    assert seed is not None  # an id just made under the current secret
    claims = {
        "deal_id": deal_id,
        "shuffle": SHUFFLE,
        "server_seed_hash": seed_hash(seed),
        "tenant": tenant,
        "at": issue_time(),
    }
    return jsonify(claims | _signed(claims))


def _signed(claims: dict[str, Any]) -> dict[str, Any]:
    """The commitment's signature, and the key it can be checked with."""
    receipts = services().receipts
    signature = receipts.sign(claims, COMMITMENT_TYPE)
    return {"key_id": receipts.key_id, "signed": signature is not None, "signature": signature}


@blueprint.post("/<deal_id>")
@declare("dealCards", schema=_deal_schema)
def deal_cards(data: dict[str, Any], deal_id: str) -> Response:
    """The deal: the deck the service's seed and the client seeds shuffle, each seat's 13 cards, and
    the service's seed revealed, so that anyone can deal again and check the commitment."""
    seed = services().deals.server_seed(context().tenant_name, deal_id)
    if seed is None:
        raise _no_such_deal(deal_id)
    deck = shuffled_deck(seed, deal_id, data["client_seeds"])
    return jsonify(_dealt(deal_id, seed, data["client_seeds"], data["seats"], deck))


def _no_such_deal(deal_id: str) -> Problem:
    shown = deal_id if len(deal_id) <= 64 else deal_id[:63] + "…"
    said = words(
        "there is no deal {deal_id} here: ask POST /v1/deals for one (a deal id is deal-, 8 and 32"
        " hexadecimal digits, made by this deployment)",
        deal_id=repr(shown),
    )  # fmt: skip
    return Problem(404, said)


def _dealt(deal_id: str, seed: bytes, client_seeds: list[str], seats: int, deck: list[str]) -> dict[str, Any]:
    return {
        "deal_id": deal_id,
        "shuffle": SHUFFLE,
        "server_seed": seed.hex(),
        "server_seed_hash": seed_hash(seed),
        "client_seeds": client_seeds,
        "seats": seats,
        "deck": deck,
        "hands": dealt_hands(deck, seats),
    }
