"""Cards: ranks, suits and the card notation of the rule book (docs/rules.md, "Cards").

A card is written rank + suit, e.g. ``As``, ``Td``, ``7c``.  On input ``10``
stands for ``T``, case does not matter and the suit symbols ``♠♥♦♣`` (and the
outline forms ``♤♡♢♧``) are accepted.  Every answer uses the canonical form.

>>> Card.parse('10♥')
Card('Th')
>>> str(Card.parse('as'))
'As'
>>> [str(card) for card in parse_cards(['Kd', 'kD'], allow_duplicates=True)]
['Kd', 'Kd']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from enum import Enum, IntEnum
from typing import Final

from .errors import CardCountError, CardError, DuplicateCardError


class Rank(IntEnum):
    """Card ranks, 2 lowest and ace highest; suits never break ties (docs/rules.md, "Cards")."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The canonical one-character symbol: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]

    @property
    def name_en(self) -> str:
        """English name used in explanations, e.g. ``'King'``."""
        return _RANK_NAMES_EN[self]

    @property
    def name_vi(self) -> str:
        """The short form Vietnamese players write: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.symbol


class Suit(Enum):
    """The four suits with their Vietnamese names (bích, cơ, rô, chuồn)."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The card symbol, e.g. ``'♠'``."""
        return _SUIT_SYMBOLS[self]

    @property
    def name_vi(self) -> str:
        """Vietnamese name of the suit."""
        return _SUIT_NAMES_VI[self]

    @property
    def name_en(self) -> str:
        """English name of the suit."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_SYMBOLS: Final = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
_RANK_NAMES_EN: Final = {
    Rank.TWO: "Two", Rank.THREE: "Three", Rank.FOUR: "Four", Rank.FIVE: "Five",
    Rank.SIX: "Six", Rank.SEVEN: "Seven", Rank.EIGHT: "Eight", Rank.NINE: "Nine",
    Rank.TEN: "Ten", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King",
    Rank.ACE: "Ace",
}  # fmt: skip
_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_NAMES_VI: Final = {Suit.SPADES: "bích", Suit.HEARTS: "cơ", Suit.DIAMONDS: "rô", Suit.CLUBS: "chuồn"}
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_RANK_INPUT: Final = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_SUIT_INPUT: Final = {suit.value: suit for suit in Suit} | {
    "♠": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip


class Card:
    """One of the 52 cards; immutable, and each card exists once (``Card.parse('As') is Card.parse('AS')``).

    ``index`` numbers the cards 0-51 as ``4 * (rank - 2) + suit``, with the
    suits in the order spades, hearts, diamonds, clubs; the vectorised
    evaluator works on these indices.

    >>> card = Card.parse('Qh')
    >>> card.rank, card.suit, card.index
    (<Rank.QUEEN: 12>, <Suit.HEARTS: 'h'>, 41)
    >>> Card.from_index(41) is card
    True
    """

    __slots__ = ("_text", "index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    _text: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _DECK_BY_KEY[(rank, suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", 4 * (rank - 2) + _SUIT_ORDER.index(suit))
        object.__setattr__(card, "_text", rank.symbol + suit.value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any accepted notation.

        >>> Card.parse(' 10d'.strip())
        Card('Td')
        >>> Card.parse('1d')
        Traceback (most recent call last):
            ...
        maubinh_api.rules.errors.CardError: unknown card '1d': the rank must be one of 2-9, T (or 10), J, Q, K, A
        """
        known = _PARSED.get(text) if type(text) is str else None
        if known is not None:  # a text read before: a request's 13 cards cost 13 lookups
            return known
        if not isinstance(text, str):
            raise CardError(
                f"a card must be a string such as 'As', not {_kind(text)}",
                vi=f"lá bài phải là một chuỗi như 'As', không phải {_kind_vi(text)}",
                value=text,
            )
        if not text:
            raise CardError(
                "a card must not be empty; write it as rank + suit, e.g. 'As' or '10h'",
                vi="lá bài không được để trống: hãy viết giá trị rồi đến chất, ví dụ 'As' hoặc '10h'",
                value=text,
            )
        if text != text.strip():
            raise CardError(
                f"card {text!r} has surrounding spaces; write it as e.g. 'As'",
                vi=f"lá {text!r} có khoảng trắng ở đầu hoặc cuối: hãy viết liền, ví dụ 'As'",
                value=text,
            )
        rank_text, suit_text = text[:-1].upper(), text[-1:]
        suit = _SUIT_INPUT.get(suit_text.lower())
        rank = _RANK_INPUT.get(rank_text)
        if rank is None:
            if not rank_text:
                raise CardError(
                    f"unknown card {text!r}: a card is a rank followed by a suit",
                    vi=f"không nhận ra lá bài {text!r}: một lá bài gồm giá trị rồi đến chất",
                    value=text,
                )
            raise CardError(
                f"unknown card {text!r}: the rank must be one of 2-9, T (or 10), J, Q, K, A",
                vi=f"không nhận ra lá bài {text!r}: giá trị phải là một trong 2-9, T (hoặc 10), J, Q, K, A",
                value=text,
            )
        if suit is None:
            raise CardError(
                f"unknown card {text!r}: the suit must be one of s h d c (or ♠ ♥ ♦ ♣)",
                vi=f"không nhận ra lá bài {text!r}: chất phải là s, h, d hoặc c (bích, cơ, rô, chuồn), hay ♠ ♥ ♦ ♣",
                value=text,
            )
        card = _PARSED[text] = _DECK_BY_KEY[(rank, suit)]  # bounded: the accepted notations are finite
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given 0-51 index."""
        if not 0 <= index < 52:
            raise ValueError(f"card index {index} is outside 0-51")
        return DECK[index]

    @property
    def label_vi(self) -> str:
        """How a Vietnamese player would read the card, e.g. ``'10 rô'``."""
        return f"{self.rank.name_vi} {self.suit.name_vi}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        # Display order only (rank, then spades > hearts > diamonds > clubs);
        # suits never decide who wins a chi.
        return (self.rank, -_SUIT_ORDER.index(self.suit)) < (other.rank, -_SUIT_ORDER.index(other.suit))


_DECK_BY_KEY: Final[dict[tuple[Rank, Suit], Card]] = {}
#: Every text a card was read from, and its card (the notations are finite, so this is bounded).
_PARSED: dict[str, Card] = {}
for _rank in Rank:
    for _suit in _SUIT_ORDER:
        _DECK_BY_KEY[(_rank, _suit)] = Card._make(_rank, _suit)

#: The 52 cards, ordered by index.
DECK: Final[tuple[Card, ...]] = tuple(sorted(_DECK_BY_KEY.values(), key=lambda card: card.index))


def parse_cards(texts: Iterable[object], *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read a list of cards, naming the position of the first bad one.

    >>> parse_cards(['As', 'Xx'])
    Traceback (most recent call last):
        ...
    maubinh_api.rules.errors.CardError: unknown card 'Xx': the rank must be one of 2-9, T (or 10), J, Q, K, A
    >>> parse_cards(['As', 'as'])
    Traceback (most recent call last):
        ...
    maubinh_api.rules.errors.DuplicateCardError: card As appears twice: at /0 and /1
    """
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    for position, text in enumerate(texts):
        try:
            card = Card.parse(text)  # type: ignore[arg-type]  # non-strings are rejected inside
        except CardError as error:
            raise error.at(position) from None
        if not allow_duplicates and card in seen:
            raise DuplicateCardError(card_text=str(card), paths=((seen[card],), (position,)))
        seen[card] = position
        cards.append(card)
    return tuple(cards)


def _kind(value: object) -> str:
    """What a non-string value is, in the words of JSON (cards come from JSON)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float, Decimal)):
        return "a number"
    return "a list" if isinstance(value, (list, tuple)) else "an object" if isinstance(value, dict) else "a value"


def _kind_vi(value: object) -> str:
    """:func:`_kind` in Vietnamese."""
    return _KINDS_VI[_kind(value)]


_KINDS_VI: Final = {
    "null": "null",
    "a boolean": "một giá trị true/false",
    "a number": "một số",
    "a list": "một danh sách",
    "an object": "một đối tượng",
    "a value": "một giá trị khác",
}


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`DuplicateCardError` naming both places of a repeated card."""
    seen: dict[Card, int] = {}
    for position, card in enumerate(cards):
        if card in seen:
            raise DuplicateCardError(card_text=str(card), paths=((seen[card],), (position,)))
        seen[card] = position


def check_hand(cards: Sequence[Card]) -> None:
    """A player's hand: 13 distinct cards."""
    if len(cards) != 13:
        raise CardCountError(
            f"a hand has 13 cards, not {len(cards)}", vi=f"một tay bài phải có 13 lá, không phải {len(cards)}"
        )
    check_distinct(cards)


def format_cards(cards: Sequence[Card]) -> list[str]:
    """Canonical text of each card."""
    return [str(card) for card in cards]
