"""The offline check of a deal (written by hand beside the generated package; tools/python_client.py
keeps it): that the seed the service revealed is the one it committed to before the client seeds
were known, that the seeds deal the deck shown, and that the commitment is the deployment's
(docs/integrating.md, "Deals anyone can check").  Nothing is asked of the service.

    from maubinh_api_client.deals import verify_deal
    verify_deal(commitment, deal, keys_json)        # the two answers, parsed; raises DealError
    verify_deal(commitment, deal, keys_json, tenant="platform-a")
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .receipts import ReceiptError, check_jws, signing_key

__all__ = ["DECK", "SHUFFLE", "DealError", "dealt_hands", "shuffled_deck", "verify_deal"]

#: The shuffle this module knows; a later one gets another name.
SHUFFLE = "hmac-sha256-fisher-yates-1"
#: The deck before the shuffle: ranks 2 to ace, each in spades, hearts, diamonds, clubs.
DECK = tuple(rank + suit for rank in "23456789TJQKA" for suit in "shdc")
COMMITMENT_TYPE = "maubinh-deal-commitment+jws"
_COMMITTED = ("at", "deal_id", "server_seed_hash", "shuffle", "tenant")
_DEAL_ID = re.compile(r"deal-[0-9a-f]{8}-[0-9a-f]{32}")
_CLIENT_SEED = re.compile(r"[\x21-\x7e]{1,128}")
_HEX_SEED = re.compile(r"[0-9a-f]{64}")
_SEED_HASH = re.compile(r"sha256:[0-9a-f]{64}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_CARD = re.compile(r"[2-9TJQKA][shdc]")


class DealError(ValueError):
    """A deal that does not hold: ``code`` is the failing step's (``server_seed``, ``deck``, ...:
    docs/integrating.md, "Deals anyone can check"), ``reason`` says it in words."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"the deal does not hold: {reason}")
        self.code = code
        self.reason = reason


def shuffled_deck(server_seed: bytes, deal_id: str, client_seeds: Sequence[str]) -> list[str]:
    """The deck the seeds deal: Fisher-Yates from the last place down, each index drawn by rejection
    from HMAC-SHA256(server seed, "maubinh-deal-1", the deal id, each client seed, the block number;
    one a line) read as big-endian 32-bit words."""
    deck = list(DECK)
    words = _words(server_seed, deal_id, client_seeds)
    for place in range(len(deck) - 1, 0, -1):
        span = place + 1
        limit = (1 << 32) - (1 << 32) % span
        word = next(words)
        while word >= limit:
            word = next(words)
        other = word % span
        deck[place], deck[other] = deck[other], deck[place]
    return deck


def _words(server_seed: bytes, deal_id: str, client_seeds: Sequence[str]) -> Iterator[int]:
    prefix = "\n".join(["maubinh-deal-1", deal_id, *client_seeds, ""]).encode("ascii")
    block = 0
    while True:
        digest = hmac.digest(server_seed, prefix + str(block).encode("ascii"), "sha256")
        for start in range(0, 32, 4):
            yield int.from_bytes(digest[start : start + 4], "big")
        block += 1


def dealt_hands(deck: Sequence[str], seats: int) -> list[list[str]]:
    """Seat ``k`` (from 0) gets the cards ``13k`` to ``13k + 12``."""
    return [list(deck[13 * seat : 13 * seat + 13]) for seat in range(seats)]


def verify_deal(
    commitment: Any,
    deal: Any,
    keys: str | bytes | Mapping[str, Any] | None,
    *,
    tenant: str | None = None,
    require_signature: bool = True,
) -> Mapping[str, Any]:
    """Check ``deal`` (the answer of ``POST /v1/deals/{deal_id}``) against ``commitment`` (that of
    ``POST /v1/deals``) with the deployment's key set; return the deal, or raise :class:`DealError`
    with the code of the first step that fails."""
    if not (_commitment_reads(commitment) and _deal_reads(deal)):
        raise DealError("deal_fields", "the commitment or the deal does not read")
    checked: Mapping[str, Any] = deal  # it reads as a deal
    if tenant is not None and commitment["tenant"] != tenant:
        raise DealError("tenant", f"it was committed for {commitment['tenant']}")
    if deal["deal_id"] != commitment["deal_id"]:
        raise DealError("deal_id", f"the deal is {deal['deal_id']}, the commitment {commitment['deal_id']}")
    if commitment["shuffle"] != SHUFFLE or deal["shuffle"] != SHUFFLE:
        raise DealError("shuffle", f"the shuffle is not {SHUFFLE}")
    seed = bytes.fromhex(deal["server_seed"])
    found = "sha256:" + hashlib.sha256(seed).hexdigest()
    if found != commitment["server_seed_hash"] or deal["server_seed_hash"] != commitment["server_seed_hash"]:
        raise DealError("server_seed", "the server seed revealed is not the one committed to")
    deck = shuffled_deck(seed, deal["deal_id"], deal["client_seeds"])
    if deck != deal["deck"]:
        raise DealError("deck", "the seeds deal another deck")
    if dealt_hands(deck, deal["seats"]) != deal["hands"]:
        raise DealError("hands", "the hands are not the deck's, 13 a seat in order")
    if commitment["signature"] is None:
        if require_signature:
            raise DealError("unsigned", "the commitment is unsigned")
        return checked
    committed = {name: commitment[name] for name in _COMMITTED}
    try:
        public = signing_key(keys if keys is not None else {"keys": []}, commitment["key_id"])
        check_jws(
            commitment["signature"], committed, commitment["key_id"], public, COMMITMENT_TYPE, what="its signature"
        )
    except ReceiptError as refused:
        raise DealError(refused.code, refused.reason) from None
    return checked


def _text(value: Any, pattern: re.Pattern[str]) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _cards(value: Any, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(_text(card, _CARD) for card in value)


def _commitment_reads(commitment: Any) -> bool:
    if not isinstance(commitment, Mapping):
        return False
    signature, key_id, signed = commitment.get("signature", 0), commitment.get("key_id", 0), commitment.get("signed")
    return (
        _text(commitment.get("deal_id"), _DEAL_ID)
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
        _text(deal.get("deal_id"), _DEAL_ID)
        and isinstance(deal.get("shuffle"), str)
        and _text(deal.get("server_seed"), _HEX_SEED)
        and _text(deal.get("server_seed_hash"), _SEED_HASH)
        and isinstance(seeds, list)
        and 1 <= len(seeds) <= 8
        and all(_text(seed, _CLIENT_SEED) for seed in seeds)
        and type(seats) is int
        and 2 <= seats <= 4
        and _cards(deal.get("deck"), 52)
        and isinstance(hands, list)
        and all(_cards(hand, 13) for hand in hands)
    )
