"""Card notation (docs/rules.md, "Cards")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maubinh_api.rules.cards import DECK, Card, Rank, Suit, parse_cards
from maubinh_api.rules.errors import CardError, DuplicateCardError
from maubinh_api.rules.texts import Text


def test_deck_has_52_distinct_cards_indexed_in_order():
    assert len(DECK) == 52
    assert len({str(card) for card in DECK}) == 52
    assert [card.index for card in DECK] == list(range(52))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("As", "As"),
        ("as", "As"),
        ("AS", "As"),
        ("10h", "Th"),
        ("10H", "Th"),
        ("tD", "Td"),
        ("7♣", "7c"),
        ("q♦", "Qd"),
        ("K♥", "Kh"),
        ("2♠", "2s"),
        ("J♤", "Js"),
        ("9♡", "9h"),
        ("3♢", "3d"),
        ("4♧", "4c"),
    ],
)
def test_every_accepted_notation_reads_to_the_canonical_card(text, canonical):
    assert str(Card.parse(text)) == canonical


@given(st.sampled_from(DECK))
def test_canonical_text_reads_back_to_the_same_card(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert Card.from_index(card.index) is card


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1s", "the rank must be one of"),
        ("11s", "the rank must be one of"),
        ("Ax", "the suit must be one of"),
        ("A", "a card is a rank followed by a suit"),
        ("", "must not be empty"),
        ("AS ", "surrounding spaces"),
        (" AS", "surrounding spaces"),
        (14, "must be a string"),
        (None, "must be a string"),
    ],
)
def test_bad_cards_are_refused_with_a_precise_message(value, message):
    with pytest.raises(CardError, match=message):
        Card.parse(value)


def test_parse_cards_names_the_position_of_a_bad_card():
    with pytest.raises(CardError) as caught:
        parse_cards(["As", "Kd", "Zz"])
    assert caught.value.path == (2,)


def test_parse_cards_names_both_places_of_a_duplicate():
    with pytest.raises(DuplicateCardError) as caught:
        parse_cards(["As", "Kd", "as"])
    assert caught.value.path == (2,)
    assert str(caught.value) == "card As appears twice: at /0 and /2"
    moved = caught.value.at("hands", 4)
    assert moved.path == ("hands", 4, 2)
    assert str(moved) == "card As appears twice: at /hands/4/0 and /hands/4/2"


def test_cards_are_immutable_singletons():
    card = Card(Rank.ACE, Suit.SPADES)
    assert card is Card.parse("As")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


def test_colours_and_vietnamese_names():
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.SPADES.is_red and not Suit.CLUBS.is_red
    assert Card.parse("Td").label == Text("Ten of diamonds", "10 rô")
    assert Card.parse("Ac").label == Text("Ace of clubs", "A chuồn")


# Card.parse remembers the texts it read (a request's 13 cards cost 13 look-ups): a second reading
# must give the first one's card, and a refused text must never be remembered.
@pytest.mark.parametrize("text", ["10d", "td", "Td"])
def test_a_text_read_twice_reads_the_same_card(text):
    assert Card.parse(text) is Card.parse(text) is Card.parse("Td")


@pytest.mark.parametrize("text", ["♦T", "1d", " Td", ""])
def test_a_refused_text_is_refused_every_time(text):
    for _ in range(2):
        with pytest.raises(CardError):
            Card.parse(text)
