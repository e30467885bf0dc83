"""Naturals (docs/rules.md, "Naturals (thắng trắng)"): detection, precedence, R4 counting, tie-breaks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from maubinh_api.rules.cards import DECK, Suit, parse_cards
from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.naturals import Natural, compare_naturals, detect, qualifying
from maubinh_api.rules.variants import preset, resolve_variant

from . import natural_reference


def hand(text):
    return parse_cards(text.split())


EXTENDED = preset("extended").rules
CLASSIC = preset("classic").rules
ONLINE = preset("online").rules

# One hand per natural that qualifies for it; the comment says why.
POSITIVE = {
    "dragon_flush": "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",  # 2..A, all hearts
    "dragon": "2h 3s 4h 5d 6h 7c 8h 9h Th Jh Qh Kh Ah",  # 2..A, mixed suits
    # front 2-3-4 of spades, 5-9 hearts, T-A diamonds: three straight flushes (and straights, flushes)
    "three_straight_flushes": "2s 3s 4s 5h 6h 7h 8h 9h Td Jd Qd Kd Ad",
    "thirteen_one_colour": "2h 2d 5h 5d 7h 9d 9h Jd Qh Qd Kh Ad Ah",  # all red
    "twelve_one_colour": "2h 2d 5h 5d 7h 9d 9h Jd Qh Qd Kh Ad As",  # one black card
    "five_pairs_trips": "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ks",  # pairs 2 5 7 9 J, trips K
    "six_pairs": "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ac",  # pairs 2 5 7 9 J K, ace odd
    "four_trips": "2s 2h 2d 5c 5s 5h 9d 9c 9s Jh Jd Jc Ac",  # trips 2 5 9 J
    "three_quads": "2s 2h 2d 2c 5c 5s 5h 5d 9d 9c 9s 9h Ac",  # quads 2 5 9
    "three_flushes": "2s 5s 9s 5h 6h 8h Th Kh 4d 7d Jd Qd Ad",  # 3 spades, 5 hearts, 5 diamonds
    "three_straights": "2s 3d 4c 5h 6h 7s 8d 9c Th Jh Qs Kd Ac",  # 2-3-4, 5-9, T-A
}


@pytest.mark.parametrize(("key", "cards"), POSITIVE.items())
def test_each_natural_has_a_qualifying_hand(key, cards):
    assert key in qualifying(hand(cards))


@pytest.mark.parametrize(
    ("key", "cards"),
    [
        ("dragon", "2h 3s 4h 5d 6h 7c 8h 9h Th Jh Qh Kh Kd"),  # no ace
        ("dragon_flush", "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As"),  # one spade
        ("thirteen_one_colour", "2h 2d 5h 5d 7h 9d 9h Jd Qh Qd Kh Ad As"),  # one black
        ("twelve_one_colour", "2h 2d 5h 5d 7h 9d 9h Jd Qh Qd Kh As Ac"),  # two black
        ("five_pairs_trips", "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ac"),  # no trips
        ("five_pairs_trips", "2s 2h 2d 5c 5s 5h 9d 9c Js Jh Kd Kc Ac"),  # two trips leave an odd card
        ("six_pairs", "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Qc Ac"),  # five pairs only
        ("four_trips", "2s 2h 2d 5c 5s 5h 9d 9c 9s Jh Jd Qc Ac"),  # three trips
        ("three_quads", "2s 2h 2d 2c 5c 5s 5h 5d 9d 9c 9s Jh Ac"),  # two quads
        ("three_flushes", "2s 5s 9s 5h 6h 8h Th Kh 4d 7d Jd Qd Ac"),  # a club breaks the diamonds
        ("three_straights", "2s 3d 4c 5h 6h 7s 8d 9c Th Jh Qs Kd Kc"),  # K instead of A
        ("three_straight_flushes", "2s 3s 4s 5h 6h 7h 8h 9h Td Jd Qd Kd Ac"),  # the ace is a club
    ],
)
def test_near_misses_do_not_qualify(key, cards):
    assert key not in qualifying(hand(cards))


def test_r4_quads_count_as_two_pairs_for_six_pairs():
    # quads 2, pairs 5 7 9 J, odd ace: 2 + 4 = six pairs
    assert "six_pairs" in qualifying(hand("2s 2h 2d 2c 5c 5s 7h 7d 9d 9c Js Jh Ac"))


def test_r4_quads_count_as_trips_for_four_trips():
    # quads 2 (a three of a kind + the odd card), trips 5 9 J
    assert "four_trips" in qualifying(hand("2s 2h 2d 2c 5c 5s 5h 9d 9c 9s Jh Jd Jc"))


def test_r4_five_pairs_and_trips_is_also_six_pairs():
    cards = hand(POSITIVE["five_pairs_trips"])
    assert {"five_pairs_trips", "six_pairs"} <= qualifying(cards)
    # classic lists both: the higher one, five pairs + trips (6), applies
    assert (detect(cards, CLASSIC).key, detect(cards, CLASSIC).payout) == ("five_pairs_trips", 6)
    # online lacks five pairs + trips: the hand is paid as six pairs (18)
    assert (detect(cards, ONLINE).key, detect(cards, ONLINE).payout) == ("six_pairs", 18)


def test_r4_quads_count_as_two_pairs_for_five_pairs_and_trips():
    # quads 2 (two pairs), pairs 5 7 9, trips K: five pairs + trips
    assert "five_pairs_trips" in qualifying(hand("2s 2h 2d 2c 5c 5s 7h 7d 9d 9c Ks Kh Kd"))


def test_precedence_picks_the_highest_natural_the_preset_lists():
    cards = hand(POSITIVE["three_straight_flushes"])  # also a dragon, three straights and three flushes
    assert {"dragon", "three_straight_flushes", "three_straights", "three_flushes"} <= qualifying(cards)
    assert detect(cards, EXTENDED).key == "dragon"
    assert detect(cards, CLASSIC).key == "dragon"
    without_dragon = resolve_variant(
        {"preset": "extended", "overrides": {"naturals": {"dragon": None, "dragon_flush": None}}}
    ).rules
    assert detect(cards, without_dragon).key == "three_straight_flushes"


def test_six_pairs_outranks_three_quads_by_precedence_not_payout():
    cards = hand("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 2s")  # three quads, also six pairs (R4)
    assert detect(cards, EXTENDED).key == "six_pairs"


def test_no_natural_in_a_plain_hand_or_a_preset_without_naturals():
    assert detect(hand("2s 2d 9d 3h 6c 8h Th Kh 4d 7d Jd Qc Ad"), EXTENDED) is None  # no 5: no dragon
    assert detect(hand(POSITIVE["dragon"]), preset("chinese-poker-2-4").rules) is None


def test_split_naturals_show_the_strongest_split():
    natural = detect(hand(POSITIVE["three_flushes"]), EXTENDED)
    assert natural.key == "three_flushes"
    split = natural.split
    assert [str(card) for card in split.back.cards] == ["Ad", "Qd", "Jd", "7d", "4d"]  # ace-high flush in back
    assert [str(card) for card in split.middle.cards] == ["Kh", "Th", "8h", "6h", "5h"]
    assert [str(card) for card in split.front.cards] == ["9s", "5s", "2s"]
    assert detect(hand(POSITIVE["six_pairs"]), EXTENDED).split is None


def test_three_straights_accept_a23_and_qka_fronts():  # R5
    assert "three_straights" in qualifying(hand("As 2d 3c 4h 5h 6s 7d 8c 9h Th Jh Qs Kd"))
    assert "three_straights" in qualifying(hand("2s 3d 4c 5h 6h 7s 8d 9c Th Jh Qs Kd Ac"))


# Two 9-K straights (9c Td Jh Qs Kc, 9h Ts Jc Qd Kh) and a 3-card run: the only splits that
# show three straights put equal straights in the back and the middle (the other 5-card straight,
# T-A, would leave 9 and two cards that are no run).
EQUAL_STRAIGHTS = {
    "A-2-3 front": "9c Td Jh Qs Kc 9h Ts Jc Qd Kh Ad 2s 3h",
    "Q-K-A front": "9c Td Jh Qs Kc 9h Ts Jc Qd Kh Qc Kd As",
}
FOUL_ON_EQUAL = {"preset": "classic", "overrides": {"foul_on_equal": True}}


@pytest.mark.parametrize("cards", EQUAL_STRAIGHTS.values(), ids=EQUAL_STRAIGHTS.keys())
def test_a_split_natural_needs_a_split_that_is_not_fouled(cards):
    natural = detect(hand(cards), CLASSIC)
    assert natural.key == "three_straights"
    assert natural.split.back.score == natural.split.middle.score
    # With foul_on_equal that split is fouled (back equals middle), and the hand holds no
    # other natural: no pair count, colour or suit pattern qualifies.
    assert detect(hand(cards), resolve_variant(FOUL_ON_EQUAL).rules) is None


def test_a_split_natural_fouled_under_the_variant_gives_way_to_the_next_natural():
    # 9-K of hearts and of spades, and 2-3-4 of spades: three straight flushes only with the
    # two equal straight flushes in the back and the middle.  Three flushes can do without
    # them: the hearts, five of the eight spades, and the other three spades.
    cards = hand("9h Th Jh Qh Kh 9s Ts Js Qs Ks 2s 3s 4s")
    assert detect(cards, EXTENDED).key == "three_straight_flushes"
    strict = resolve_variant({"preset": "extended", "overrides": {"foul_on_equal": True}}).rules
    natural = detect(cards, strict)
    assert natural.key == "three_flushes"
    assert natural.split.back.score > natural.split.middle.score
    assert [str(card) for card in natural.split.back.cards] == ["Kh", "Qh", "Jh", "Th", "9h"]
    assert [str(card) for card in natural.split.middle.cards] == ["Ks", "Qs", "Js", "Ts", "4s"]


@pytest.mark.parametrize(
    ("first", "second", "higher_wins", "draw_knob", "no_tie_breaks"),
    [
        # different naturals: the higher precedence is paid, unless the knob says draw
        (POSITIVE["dragon"], POSITIVE["six_pairs"], 1, 0, 1),
        (POSITIVE["four_trips"], POSITIVE["six_pairs"], -1, 0, -1),
        # six pairs: highest pair A against K
        (
            "2s 2h 5d 5c 7s 7h 9d 9c Js Jh As Ac Kc",
            "3s 3h 6d 6c 8s 8h Td Tc Qs Qh Ks Kd 4c",
            1,
            0,
            0,
        ),
        # six pairs with the same top pair draw (R8: 004 compares only the top pair)
        (
            "2s 2h 5d 5c 7s 7h 9d 9c Js Jh As Ac Kc",
            "3s 3h 6d 6c 8s 8h Td Tc Qs Qh Ah Ad 4c",
            0,
            0,
            0,
        ),
        # dragon against dragon always draws (R8)
        (POSITIVE["dragon"], "2s 3h 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", 0, 0, 0),
    ],
)
def test_natural_against_natural(first, second, higher_wins, draw_knob, no_tie_breaks):
    draw = resolve_variant({"preset": "extended", "overrides": {"natural_vs_natural": "draw"}}).rules
    plain = resolve_variant({"preset": "extended", "overrides": {"natural_tie_breaks": False}}).rules
    for rules, expected in ((EXTENDED, higher_wins), (draw, draw_knob), (plain, no_tie_breaks)):
        a, b = detect(hand(first), rules), detect(hand(second), rules)
        assert compare_naturals(a, b, rules) == expected
        assert compare_naturals(b, a, rules) == -expected


def test_three_flushes_tie_break_compares_chi_from_the_back():
    # Both backs are A-high flushes with the same ranks (A J 9 7 4): the middles decide (K beats Q).
    first = detect(hand("Ad Jd 9d 7d 4d Kh Th 8h 6h 4h 2s 5s Qs"), EXTENDED)
    second = detect(hand("Ac Jc 9c 7c 4c Qh Jh 9h 7h 3h 3s 6s 8s"), EXTENDED)
    assert (first.key, second.key) == ("three_flushes", "three_flushes")
    assert first.tiebreak[0] == second.tiebreak[0]
    assert compare_naturals(first, second, EXTENDED) == 1


def test_the_wheel_knob_orders_three_straights_tie_breaks():
    # Both backs are 10-A.  x can set its middle as A-5 (front 6-7-8) or 4-8 (front A-2-3);
    # y's middle is 5-9 (front 9-10-J).
    x = hand("Ts Jh Qd Kc As Ah 2d 3c 4s 5h 6d 7c 8h")
    y = hand("Th Js Qc Kd Ad 5c 6s 7s 8d 9c 9h Tc Jc")
    second = EXTENDED  # A-5 is the second-best straight: x shows it and beats y's 5-9
    low = resolve_variant({"preset": "extended", "overrides": {"wheel": "low"}}).rules
    nx, ny = detect(x, second), detect(y, second)
    assert (nx.key, ny.key) == ("three_straights", "three_straights")
    assert [str(card) for card in nx.split.middle.cards] == ["5h", "4s", "3c", "2d", "Ah"]
    assert compare_naturals(nx, ny, second) == 1
    # With the wheel low, x's best middle is 4-8, which loses to 5-9.
    nx, ny = detect(x, low), detect(y, low)
    assert [str(card) for card in nx.split.middle.cards] == ["8h", "7c", "6d", "5h", "4s"]
    assert compare_naturals(nx, ny, low) == -1


def _reference_cards(cards):
    return [(int(card.rank), card.suit.value) for card in cards]


def _constructed_hands(rng, count):
    """Hands built to hold a natural, half of them then spoiled by swapping
    one card: positives and near misses for every natural."""
    suits = list(Suit)
    by_rank_suit = {(card.rank, card.suit): card for card in DECK}
    for _ in range(count):
        kind = rng.randrange(8)
        if kind == 0:  # dragon, sometimes of one suit
            one_suit = rng.choice(suits) if rng.random() < 0.5 else None
            cards = [by_rank_suit[(rank, one_suit or rng.choice(suits))] for rank in range(2, 15)]
        elif kind == 7:  # three quads, or four trips, and an odd card
            size = rng.choice((3, 4))
            ranks = rng.sample(range(2, 15), 12 // size)
            cards = [card for rank in ranks for card in [c for c in DECK if c.rank == rank][:size]]
            cards.append(rng.choice([card for card in DECK if card not in cards]))
        elif kind == 1:  # few ranks: pairs, trips, quads (three quads from four ranks)
            ranks = set(rng.sample(range(2, 15), rng.choice((4, 4, 5, 6, 7))))
            cards = rng.sample([card for card in DECK if card.rank in ranks], 13)
        elif kind == 2:  # two suits: flush splits, one-colour hands
            chosen = set(rng.sample(suits, 2))
            cards = rng.sample([card for card in DECK if card.suit in chosen], 13)
        elif kind == 3:  # a window of ranks: straight splits
            low = rng.randrange(2, 9)
            window = [card for card in DECK if low <= card.rank <= low + 6 or card.rank == 14]
            cards = rng.sample(window, 13)
        else:  # two 5-runs and a 3-run, suited or not: straight (flush) splits
            cards = []
            while len(cards) < 13:
                cards = []
                for length in (5, 5, 3):
                    start = rng.randrange(1, 16 - length)
                    suit = rng.choice(suits)
                    for step in range(start, start + length):
                        rank = 14 if step == 1 else step
                        card = by_rank_suit[(rank, suit if rng.random() < 0.8 else rng.choice(suits))]
                        cards.append(card)
                cards = list(dict.fromkeys(cards))
        if rng.random() < 0.5:  # spoil one card
            outside = [card for card in DECK if card not in cards]
            cards[rng.randrange(13)] = rng.choice(outside)
        yield cards


@pytest.mark.slow
def test_detection_agrees_with_a_brute_force_check_on_a_large_seeded_sample():
    rng = random.Random(20261129)
    seen: Counter[str] = Counter()
    mismatches = []
    hands = [rng.sample(DECK, 13) for _ in range(1000)] + list(_constructed_hands(rng, 3000))
    for cards in hands:
        ours = qualifying(cards, Wheel.LOW)
        theirs = natural_reference.qualifying(_reference_cards(cards))
        if ours != theirs:
            mismatches.append((" ".join(map(str, cards)), sorted(ours ^ theirs)))
        seen.update(ours)
    assert mismatches == []
    # Every natural was met many times, so the agreement means something.
    for natural in Natural:
        assert seen[natural.key] >= 5, (natural.key, seen)
