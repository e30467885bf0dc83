"""The check of a deal's proof (its commitment and the deal, as the service answered them): the rule
every client's verifier follows, with the same codes (docs/integrating.md, "Deals anyone can
check"; tests/conformance/deals.json is the corpus all five judge alike).

In this order: both are present and typed (``deal_fields``); the commitment is the tenant's
(``tenant``); the deal is the committed one (``deal_id``) with a known shuffle (``shuffle``); the
seed revealed hashes to the commitment (``server_seed``); the seeds deal the deck shown (``deck``)
and the hands are its slices (``hands``); the commitment is signed (``unsigned``) by the key set's
key, as a receipt is (``key_set`` to ``jws_payload``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any, Final

from .deals import CLIENT_SEED, DEAL_ID, MAX_CLIENT_SEEDS, SHUFFLE, dealt_hands, shuffled_deck
from .receipt_check import ReceiptRefused, check_jws, signing_key

__all__ = ["COMMITMENT_TYPE", "DealRefused", "check_deal"]

#: The JWS ``typ`` of a deal's commitment, signed with the receipts' key.
COMMITMENT_TYPE: Final = "maubinh-deal-commitment+jws"
#: The commitment's fields its signature is of.
COMMITTED: Final = ("at", "deal_id", "server_seed_hash", "shuffle", "tenant")
_HEX_SEED: Final = re.compile(r"[0-9a-f]{64}")
_SEED_HASH: Final = re.compile(r"sha256:[0-9a-f]{64}")
_AT: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
#: A card as the service writes it.
CARD: Final = re.compile(r"[2-9TJQKA][shdc]")


class DealRefused(ValueError):
    """A deal's proof that does not hold: ``code`` (the failing step's) and ``reason`` in words."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"the deal does not hold: {reason}")
        self.code = code
        self.reason = reason


def check_deal(
    commitment: Any,
    deal: Any,
    keys: str | bytes | Mapping[str, Any] | None,
    *,
    tenant: str | None = None,
    require_signature: bool = True,
) -> Mapping[str, Any]:
    """The ``deal`` checked against its ``commitment`` (parsed JSON, as answered) and the
    deployment's key set ``keys``; returns the deal, else :class:`DealRefused`."""
    if not (_commitment_reads(commitment) and _deal_reads(deal)):
        raise DealRefused("deal_fields", "the commitment or the deal does not read")
    if tenant is not None and commitment["tenant"] != tenant:
        raise DealRefused("tenant", f"it was committed for {commitment['tenant']}")
    if deal["deal_id"] != commitment["deal_id"]:
        raise DealRefused("deal_id", f"the deal is {deal['deal_id']}, the commitment {commitment['deal_id']}")
    if commitment["shuffle"] != SHUFFLE or deal["shuffle"] != SHUFFLE:
        raise DealRefused("shuffle", f"the shuffle is not {SHUFFLE}")
    seed = bytes.fromhex(deal["server_seed"])
    found = "sha256:" + hashlib.sha256(seed).hexdigest()
    if found != commitment["server_seed_hash"] or deal["server_seed_hash"] != commitment["server_seed_hash"]:
        raise DealRefused("server_seed", "the server seed revealed is not the one committed to")
    deck = shuffled_deck(seed, deal["deal_id"], deal["client_seeds"])
    if deck != deal["deck"]:
        raise DealRefused("deck", "the seeds deal another deck")
    if dealt_hands(deck, deal["seats"]) != deal["hands"]:
        raise DealRefused("hands", "the hands are not the deck's, 13 a seat in order")
    _signed(commitment, keys, require_signature)
    return deal


def _signed(commitment: Mapping[str, Any], keys: Any, require_signature: bool) -> None:
    if commitment["signature"] is None:
        if require_signature:
            raise DealRefused("unsigned", "the commitment is unsigned")
        return
    committed = {name: commitment[name] for name in COMMITTED}
    try:
        public = signing_key(keys if keys is not None else {"keys": []}, commitment["key_id"])
        check_jws(
            commitment["signature"], committed, commitment["key_id"], public, COMMITMENT_TYPE, what="its signature"
        )
    except ReceiptRefused as refused:
        raise DealRefused(refused.code.value, refused.reason) from None


def _text(value: Any, pattern: re.Pattern[str]) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _cards(value: Any, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(_text(card, CARD) for card in value)


def _commitment_reads(commitment: Any) -> bool:
    """Its fields all present and typed, and its signing fields agreeing (as a receipt's)."""
    if not isinstance(commitment, Mapping):
        return False
    signature, key_id, signed = commitment.get("signature", 0), commitment.get("key_id", 0), commitment.get("signed")
    return (
        _text(commitment.get("deal_id"), DEAL_ID)
        and isinstance(commitment.get("shuffle"), str)
        and _text(commitment.get("server_seed_hash"), _SEED_HASH)
        and isinstance(commitment.get("tenant"), str)
        and commitment["tenant"] != ""
        and _text(commitment.get("at"), _AT)
        and (key_id is None or isinstance(key_id, str))
        and (signature is None or isinstance(signature, str))
        and signed is (signature is not None)
        and (signature is None or key_id is not None)
    )


def _deal_reads(deal: Any) -> bool:
    if not isinstance(deal, Mapping):
        return False
    seeds, seats, hands = deal.get("client_seeds"), deal.get("seats"), deal.get("hands")
    return (
        _text(deal.get("deal_id"), DEAL_ID)
        and isinstance(deal.get("shuffle"), str)
        and _text(deal.get("server_seed"), _HEX_SEED)
        and _text(deal.get("server_seed_hash"), _SEED_HASH)
        and isinstance(seeds, list)
        and 1 <= len(seeds) <= MAX_CLIENT_SEEDS
        and all(_text(seed, CLIENT_SEED) for seed in seeds)
        and type(seats) is int
        and 2 <= seats <= 4
        and _cards(deal.get("deck"), 52)
        and isinstance(hands, list)
        and all(_cards(hand, 13) for hand in hands)
    )
