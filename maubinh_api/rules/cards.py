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
from enum import Enum, IntEnum
from typing import Final

from .errors import CardCountError, CardError, DuplicateCardError, json_kind
from .texts import Text, words


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
    def label(self) -> Text:
        """The rank as explanations name it: ``King`` in English, and in Vietnamese the short form
        players write (``K``; ``10`` rather than ``T``)."""
        return Text(_RANK_NAMES_EN[self], "10" if self is Rank.TEN else self.symbol)


class Suit(Enum):
    """The four suits with their names in both languages (bích, cơ, rô, chuồn)."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The card symbol, e.g. ``'♠'``."""
        return _SUIT_SYMBOLS[self]

    @property
    def label(self) -> Text:
        """The suit's name in both languages, e.g. ``Text('spades', 'bích')``."""
        return _SUIT_NAMES[self]

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
_SUIT_NAMES: Final = {
    # TRANSLATORS: the name of a suit, as a player says it after the rank ("10 rô").
    Suit.SPADES: words("spades"),
    # TRANSLATORS: the name of a suit, as a player says it after the rank ("10 rô").
    Suit.HEARTS: words("hearts"),
    # TRANSLATORS: the name of a suit, as a player says it after the rank ("10 rô").
    Suit.DIAMONDS: words("diamonds"),
    # TRANSLATORS: the name of a suit, as a player says it after the rank ("10 rô").
    Suit.CLUBS: words("clubs"),
}
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

    __slots__ = ("index", "rank", "suit", "text")

    rank: Rank
    suit: Suit
    index: int
    #: The canonical text (``'Td'``): what ``str()`` gives, read as an attribute where answers are written.
    text: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _DECK_BY_KEY[(rank, suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", 4 * (rank - 2) + _SUIT_ORDER.index(suit))
        object.__setattr__(card, "text", rank.symbol + suit.value)
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
        card = cls.read(text)
        if card is not None:
            return card
        raise cls.why_not(text)

    @classmethod
    def read(cls, text: object) -> Card | None:
        """The card ``text`` names in any accepted notation, or None (:meth:`parse` says why): no
        message is written for what does not read, so a request of thousands of bad cards costs
        what reading them does.

        >>> Card.read('10d'), Card.read('1d'), Card.read(7)
        (Card('Td'), None, None)
        """
        known = _PARSED.get(text) if type(text) is str else None
        if known is not None:  # a text read before: a request's 13 cards cost 13 lookups
            return known
        if not isinstance(text, str) or not text or text != text.strip():
            return None
        rank, suit = _RANK_INPUT.get(text[:-1].upper()), _SUIT_INPUT.get(text[-1:].lower())
        if rank is None or suit is None:
            return None
        card = _PARSED[text] = _DECK_BY_KEY[(rank, suit)]  # bounded: the accepted notations are finite
        return card

    @staticmethod
    def why_not(text: object) -> CardError:
        """Why ``text`` names no card (it does not :meth:`read`): the error :meth:`parse` raises."""
        if not isinstance(text, str):
            return CardError(
                words("a card must be a string such as 'As', not {kind}", kind=json_kind(text)), value=text
            )
        if not text:
            return CardError(words("a card must not be empty; write it as rank + suit, e.g. 'As' or '10h'"), value=text)
        if text != text.strip():
            return CardError(
                words("card {card} has surrounding spaces; write it as e.g. 'As'", card=repr(text)), value=text
            )
        rank_text = text[:-1].upper()
        if rank_text not in _RANK_INPUT:
            if not rank_text:
                return CardError(
                    words("unknown card {card}: a card is a rank followed by a suit", card=repr(text)), value=text
                )
            return CardError(
                words("unknown card {card}: the rank must be one of 2-9, T (or 10), J, Q, K, A", card=repr(text)),
                value=text,
            )
        return CardError(
            words("unknown card {card}: the suit must be one of s h d c (or ♠ ♥ ♦ ♣)", card=repr(text)), value=text
        )

    @classmethod
    def parse_each(cls, texts: Sequence[object]) -> list[Card]:
        """:meth:`parse` of each text: a dict lookup each when all were read before (a request's
        13 cards), else each through :meth:`parse`, which raises for the first bad one.

        >>> Card.parse_each(['As', '10d'])
        [Card('As'), Card('Td')]
        """
        try:
            return [_PARSED[text] for text in texts]  # type: ignore[index]  # a non-text is no key
        except (KeyError, TypeError):
            return [cls.parse(text) for text in texts]  # type: ignore[arg-type]  # refused inside

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given 0-51 index."""
        if not 0 <= index < 52:
            raise ValueError(f"card index {index} is outside 0-51")
        return DECK[index]

    @property
    def label(self) -> Text:
        """How a player would read the card: ``'Ten of diamonds'``, ``'10 rô'``."""
        return words("{rank} of {suit}", rank=self.rank.label, suit=self.suit.label)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

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


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`DuplicateCardError` naming both places of a repeated card."""
    if len({card.index for card in cards}) == len(cards):  # the usual case, at C speed
        return
    seen: dict[Card, int] = {}
    for position, card in enumerate(cards):
        if card in seen:
            raise DuplicateCardError(card_text=str(card), paths=((seen[card],), (position,)))
        seen[card] = position


def check_hand(cards: Sequence[Card]) -> None:
    """A player's hand: 13 distinct cards."""
    if len(cards) != 13:
        raise CardCountError(words("a hand has 13 cards, not {count}", count=len(cards)))
    check_distinct(cards)
