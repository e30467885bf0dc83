"""What the card checks weigh of a hand (``batch/sharing.py``, ``batch/peeking.py``): the seats
whose play was a choice between chi that left their own best, and the seed of the hand's draws.

A seat that fouled or may hold a natural is left out (its play is not a choice between chi); a
seat that played its own best play weighs nothing (its evidence is 0 whatever the others held).
The draws depend only on the hand's deal and its players, so a history gives the same evidence on
any cluster, cut anywhere.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from ..rules.arrangement import foul_reasons
from ..rules.variants import Variant
from ..strategy.known_cards import Chi, KnownCards
from .history import Row
from .table_hands import TableHand

__all__ = ["Bests", "SeatBests", "bests_of", "card_indices", "chi_plays", "draw_seed", "weighed_plays"]


def card_indices(seats: tuple[Row, ...]) -> dict[str, list[int]]:
    """Each seat's 13 cards (indices), by player."""
    return {row.player_id: [card.index for card in row.arrangement.cards] for row in seats}


#: Each seat's best chi play by player, as grading found it (None: the hand may hold a natural).
Bests = Mapping[str, Chi | None]
#: The same for many hands, by (deal id, player id).
SeatBests = Mapping[tuple[str, str], Chi | None]


def bests_of(hand: TableHand, bests: SeatBests | None) -> Bests | None:
    """A hand's seats' best plays out of ``bests`` (None when it does not hold them all)."""
    if bests is None or any((hand.deal_id, row.player_id) not in bests for row in hand.seats):
        return None
    return {row.player_id: bests[hand.deal_id, row.player_id] for row in hand.seats}


def chi_plays(
    known: KnownCards, seats: tuple[Row, ...], cards: dict[str, list[int]], variant: Variant, found: Bests | None = None
) -> dict[str, tuple[Chi, Chi]]:
    """Each seat whose play was a choice between chi: its arrangement's classes and its own best
    play's (the same when it played its best); ``found``: the seats' best plays where grading had
    them (else they are valued here)."""
    if found is not None and all(row.player_id in found for row in seats):
        bests = [found[row.player_id] for row in seats]
    else:
        bests = known.best_of([cards[row.player_id] for row in seats])
    plays = {}
    for row, best in zip(seats, bests, strict=True):
        if best is not None and not foul_reasons(row.arrangement, variant.rules):
            plays[row.player_id] = (known.classes_of(row.arrangement), best)
    return plays


def weighed_plays(
    known: KnownCards, seats: tuple[Row, ...], cards: dict[str, list[int]], variant: Variant, found: Bests | None = None
) -> dict[str, tuple[Chi, Chi]]:
    """Of :func:`chi_plays`, the seats that left their best play for another chi play."""
    plays = chi_plays(known, seats, cards, variant, found)
    return {player: play for player, play in plays.items() if play[0] != play[1]}


def draw_seed(hand: TableHand, check: str = "") -> list[int]:
    """The seed of a check's draws for a hand: its deal and its players (and the check's name, so
    that two checks draw apart), whatever partition holds it."""
    names = [hand.deal_id, *sorted(row.player_id for row in hand.seats)]
    text = "\n".join([*names, check] if check else names)
    digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
    return [int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little")]
