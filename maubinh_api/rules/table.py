"""A table as it is revealed: the seats, and what makes a table impossible to settle.

A seat is a player's id and arrangement (or none, for a player who left
before the reveal); a reveal is a seat with its natural, when declared and
held, and whether it is fouled.  :func:`check_table` refuses a table with the
wrong number of players, an id used twice or a card dealt to two players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .arrangement import Arrangement
from .cards import Card
from .errors import DuplicateCardError, ErrorCode, PathPart, RuleError, pointer
from .naturals import NaturalHand
from .texts import Text, words

__all__ = [
    "MAX_OPPONENTS",
    "MAX_PLAYERS",
    "MIN_OPPONENTS",
    "MIN_PLAYERS",
    "Reveal",
    "Seat",
    "SeatError",
    "SharedCardError",
    "check_opponents",
    "check_table",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The other players one player meets at such a table.
MIN_OPPONENTS, MAX_OPPONENTS = MIN_PLAYERS - 1, MAX_PLAYERS - 1


class SeatError(RuleError):
    """A table that cannot be settled: player count, ids, shared cards."""


class SharedCardError(DuplicateCardError):
    """The same card in two players' hands; names the card and both players."""

    def __init__(self, *, card_text: str, paths: Sequence[tuple[PathPart, ...]], ids: tuple[str, str]) -> None:
        self.ids = ids
        super().__init__(card_text=card_text, paths=paths)

    def _said(self) -> Text:
        first, second = (pointer(path) for path in self.paths)
        return words(
            "card {card} is dealt to both {one} (at {first}) and {other} (at {second})",
            card=self.card_text, one=repr(self.ids[0]), first=first, other=repr(self.ids[1]), second=second,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Seat:
    """One player: an id and an arrangement, or ``None`` for a player who left
    before the reveal (treated as fouled, seed 000)."""

    id: str
    arrangement: Arrangement | None
    declare_natural: bool = True

    @property
    def forfeit(self) -> bool:
        """The player left before the reveal."""
        return self.arrangement is None


@dataclass(frozen=True, slots=True)
class Reveal:
    """A seat as revealed: its natural (if declared and held) and whether it is fouled."""

    seat: Seat
    natural: NaturalHand | None
    fouled: bool

    @property
    def id(self) -> str:
        """The player's id."""
        return self.seat.id


def check_opponents(opponents: int) -> None:
    """Refuse a number of opponents no table has (1 to 3 at a table of 2 to 4).

    A ``ValueError``: the strategy's callers check what a client sends first (the web schemas
    answer a 422), so this is a caller's mistake.

    >>> check_opponents(4)
    Traceback (most recent call last):
        ...
    ValueError: opponents must be 1 to 3, not 4
    """
    if not MIN_OPPONENTS <= opponents <= MAX_OPPONENTS:
        raise ValueError(f"opponents must be {MIN_OPPONENTS} to {MAX_OPPONENTS}, not {opponents}")


def check_table(seats: Sequence[Seat]) -> None:
    """Raise what makes a table impossible to settle: the player count,
    duplicate ids, a card dealt to two players."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise SeatError(
            words(
                "a table has {low} to {high} players, not {count}", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(seats)
            ),
            code=ErrorCode.PLAYER_COUNT,
        )
    ids: dict[str, int] = {}
    holders: dict[Card, tuple[int, tuple[PathPart, ...]]] = {}
    for index, seat in enumerate(seats):
        if seat.id in ids:
            raise SeatError(
                words(
                    "player id {id} is used twice (players {first} and {second})",
                    id=repr(seat.id),
                    first=ids[seat.id],
                    second=index,
                ),
                path=(index, "id"),
                code=ErrorCode.PLAYER_REPEATED,
            )
        ids[seat.id] = index
        if seat.arrangement is None:
            continue
        for position, hand in seat.arrangement:
            for place, card in enumerate(hand.cards):
                path: tuple[PathPart, ...] = (index, "arrangement", position.value, place)
                if card in holders:
                    other, other_path = holders[card]
                    raise SharedCardError(card_text=str(card), paths=(other_path, path), ids=(seats[other].id, seat.id))
                holders[card] = (index, path)
