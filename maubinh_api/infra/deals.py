"""A deal anyone can check (docs/integrating.md, "Deals anyone can check"): the service commits to a
server seed before the players add theirs, then deals from both with a documented shuffle.

The server seed is derived from a deployment secret, the tenant and the deal id (HMAC-SHA256), so
the service keeps nothing between the commitment and the deal.  The deck is a function of the
seeds alone: HMAC-SHA256 keyed by the server seed, as a stream of 32-bit words, drives a
Fisher-Yates shuffle with rejection sampling (no index is likelier than another).  This module is
that function and the secrets; the clients' verifiers compute the same deck.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

__all__ = [
    "CLIENT_SEED",
    "DEAL_ID",
    "DECK",
    "MAX_CLIENT_SEEDS",
    "SHUFFLE",
    "DealSecretError",
    "DealSecrets",
    "dealt_hands",
    "seed_hash",
    "shuffled_deck",
]

#: The shuffle's name, in every commitment: a later shuffle gets another name.
SHUFFLE: Final = "hmac-sha256-fisher-yates-1"
#: The deck before the shuffle: ranks 2 to ace, each in spades, hearts, diamonds, clubs.
DECK: Final = tuple(rank + suit for rank in "23456789TJQKA" for suit in "shdc")
#: A client seed: printable ASCII without spaces (no line break can join two into one).
CLIENT_SEED: Final = re.compile(r"[\x21-\x7e]{1,128}")
#: The most client seeds a deal takes (a seat's each, and the platform's).
MAX_CLIENT_SEEDS: Final = 8
#: A deal id: ``deal-``, the id of the secret its seed comes from, and 32 random hex digits.
DEAL_ID: Final = re.compile(r"deal-([0-9a-f]{8})-[0-9a-f]{32}")
_WORDS_PER_BLOCK: Final = 8  # a SHA-256 block is 32 bytes: eight 32-bit words


class DealSecretError(ValueError):
    """A deal secret file that cannot be used; the service refuses to start."""


def seed_hash(server_seed: bytes) -> str:
    """The commitment to a server seed: ``sha256:`` and the hex SHA-256 of its 32 bytes."""
    return "sha256:" + hashlib.sha256(server_seed).hexdigest()


def _words(server_seed: bytes, deal_id: str, client_seeds: Sequence[str]) -> Iterator[int]:
    """The stream: block ``i`` is HMAC-SHA256(server seed, "maubinh-deal-1", the deal id, each
    client seed and ``i`` in decimal, one per line), read as big-endian 32-bit words."""
    prefix = "\n".join(["maubinh-deal-1", deal_id, *client_seeds, ""]).encode("ascii")
    block = 0
    while True:
        digest = hmac.digest(server_seed, prefix + str(block).encode("ascii"), "sha256")
        for start in range(0, 32, 4):
            yield int.from_bytes(digest[start : start + 4], "big")
        block += 1


def shuffled_deck(server_seed: bytes, deal_id: str, client_seeds: Sequence[str]) -> list[str]:
    """The deck the seeds deal: Fisher-Yates from the last card down, each place ``i`` swapped with
    one of ``0..i`` drawn by rejection (a word at or above the largest multiple of ``i + 1`` below
    2^32 is drawn again), so every order of the 52 cards is equally likely.

    >>> shuffled_deck(bytes(32), "deal-00000000-" + "0" * 32, ["player-seed"])[:5]
    ['3d', 'Ah', '9c', 'Jd', '4d']
    """
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


def dealt_hands(deck: Sequence[str], seats: int) -> list[list[str]]:
    """Seat ``k`` (from 0) gets the cards ``13k`` to ``13k + 12`` of the deck."""
    return [list(deck[13 * seat : 13 * seat + 13]) for seat in range(seats)]


@dataclass(frozen=True)
class DealSecrets:
    """The deployment's deal secrets: the current one first, then those of earlier rotations (a
    deal committed with one is dealt with it), each known by its id."""

    secrets: tuple[bytes, ...]

    @classmethod
    def generated(cls) -> DealSecrets:
        """A secret made now: the instance's until it stops (its workers share it: built before
        gunicorn forks).  A deal committed before a restart then cannot be dealt after it."""
        return cls((secrets.token_bytes(32),))

    @classmethod
    def from_file(cls, path: Path) -> DealSecrets:
        """One secret a line, hex, at least 32 bytes each; the first is the current one."""
        try:
            lines = [line.strip() for line in path.read_text(encoding="ascii").splitlines() if line.strip()]
        except (OSError, UnicodeDecodeError) as error:
            raise DealSecretError(f"{path}: {getattr(error, 'strerror', None) or error}") from None
        try:
            found = tuple(bytes.fromhex(line) for line in lines)
        except ValueError:
            raise DealSecretError(f"{path}: a line is not hexadecimal (openssl rand -hex 32)") from None
        if not found or any(len(secret) < 32 for secret in found):
            raise DealSecretError(f"{path}: needs a secret a line, each of at least 32 bytes (64 hex digits)")
        return cls(found)

    @staticmethod
    def secret_id(secret: bytes) -> str:
        """A secret's public id: 8 hex digits of a hash of it (naming it reveals nothing of it)."""
        return hashlib.sha256(b"maubinh-deal-secret-id\n" + secret).hexdigest()[:8]

    def new_deal_id(self) -> str:
        """A fresh deal id under the current secret."""
        return f"deal-{self.secret_id(self.secrets[0])}-{secrets.token_hex(16)}"

    def server_seed(self, tenant: str, deal_id: str) -> bytes | None:
        """The server seed of ``tenant``'s deal ``deal_id``, or None when no secret of this
        deployment made the id (another deployment's, or a secret since retired)."""
        match = DEAL_ID.fullmatch(deal_id)
        for secret in self.secrets:
            if match is not None and self.secret_id(secret) == match.group(1):
                message = "\n".join(["maubinh-deal-seed", tenant, deal_id]).encode("utf-8")
                return hmac.digest(secret, message, "sha256")
        return None
