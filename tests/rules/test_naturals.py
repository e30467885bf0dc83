"""Naturals (docs/rules.md, "Naturals (thắng trắng)"): detection, precedence, R4 counting, tie-breaks."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maubinh_api.rules import split_naturals
from maubinh_api.rules.cards import DECK, Suit, parse_cards
from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.naturals import Natural, compare_naturals, detect, qualifying
from maubinh_api.rules.variants import preset, resolve_variant

from . import natural_reference
from . import split_natural_oracle as oracle


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


# --------------------------------------------------------------------------- split naturals against the oracle
# rules/split_naturals.py finds the split naturals from the suits and ranks; split_natural_oracle is
# the former detector, which scored all 72,072 splits.  Both must give the same Arrangement (the
# same cards in each chi) for every hand, natural, wheel and foul_on_equal.

SPLIT_FINDERS = {
    Natural.THREE_STRAIGHT_FLUSHES: split_naturals.three_straight_flushes,
    Natural.THREE_FLUSHES: split_naturals.three_flushes,
    Natural.THREE_STRAIGHTS: split_naturals.three_straights,
}
BY_INDEX = {card.index: card for card in DECK}


def _cards(indices):
    return [BY_INDEX[index] for index in sorted(indices)]


def _oracle_answers(cards):
    """The oracle's split for each (natural, wheel, foul_on_equal).  Two shortcuts, both exact: with
    no ace the wheel changes no score, and a natural no split forms without foul_on_equal is not
    formed with it either."""
    answers = {}
    has_ace = any(card.rank == 14 for card in cards)
    for natural in SPLIT_FINDERS:
        for wheel in Wheel:
            for foul_on_equal in (False, True):
                if wheel is Wheel.SECOND and not has_ace:
                    answers[natural, wheel, foul_on_equal] = answers[natural, Wheel.LOW, foul_on_equal]
                elif foul_on_equal and answers[natural, wheel, False] is None:
                    answers[natural, wheel, foul_on_equal] = None
                else:
                    answers[natural, wheel, foul_on_equal] = oracle.best_split(
                        tuple(cards), natural, wheel, foul_on_equal=foul_on_equal
                    )
    return answers


def _disagreements(hands):
    """(hand, natural, wheel, foul_on_equal) where the finders and the oracle differ, and how many
    splits the oracle found (so that a family is known to hold the naturals)."""
    wrong, found = [], Counter()
    for cards in hands:
        for (natural, wheel, foul_on_equal), expected in _oracle_answers(cards).items():
            if SPLIT_FINDERS[natural](cards, wheel, foul_on_equal=foul_on_equal) != expected:
                wrong.append((" ".join(map(str, cards)), natural.key, wheel.value, foul_on_equal))
            found[natural.key, foul_on_equal] += expected is not None
    return wrong, found


def _run_ranks(start, length):
    """Rank indices (0 = two ... 12 = ace) of a run; start 0 is ace low."""
    return [(start + offset - 1) % 13 for offset in range(length)]


def _canonical(indices):
    """Whether the suits used are the first ones (0, 1...).  Scores do not see suits, and the oracle
    orders equal splits by card index, which a relabelling of suits that keeps their order keeps: a
    hand that uses other suits in the same order has the same answer, relabelled (random suits are
    the property test's)."""
    used = {index & 3 for index in indices}
    return used == set(range(len(used)))


def _straight_flush_family(back_start):
    """Every hand of a straight flush from ``back_start``, any other 5-card straight flush and any
    3-card straight-flush front, of up to three suits (up to relabelling, see _canonical)."""
    hands = set()
    for middle_start, front_start in itertools.product(range(back_start, 10), range(12)):
        for suits in itertools.product(range(3), repeat=3):
            runs = zip((back_start, middle_start, front_start), (5, 5, 3), suits, strict=True)
            indices = frozenset(4 * rank + suit for start, length, suit in runs for rank in _run_ranks(start, length))
            if len(indices) == 13 and _canonical(indices):
                hands.add(indices)
    return [_cards(indices) for indices in sorted(hands, key=sorted)]


@pytest.mark.slow
@pytest.mark.parametrize("back_start", range(10))
def test_straight_flush_runs_agree_with_the_oracle(back_start):
    wrong, found = _disagreements(_straight_flush_family(back_start))
    assert wrong == []
    assert found["three_straight_flushes", False] > 0 and found["three_straights", True] > 0


def test_straight_flush_runs_agree_with_the_oracle_on_a_sample():
    # The slow test's hands, one in 40: two equal straight flushes and the fronts, within the default run.
    hands = [cards for back_start in range(10) for cards in _straight_flush_family(back_start)][::40]
    wrong, found = _disagreements(hands)
    assert wrong == []
    assert found["three_straight_flushes", True] > 0 and found["three_flushes", True] > 0


#: Ranks (0 = two ... 12 = ace) a suit's group is made of: straight flushes, the wheel, equal
#: ranks in two suits, plain flushes high and low.
FIVE_RANKS = [
    (8, 9, 10, 11, 12),
    (12, 11, 10, 9, 7),
    (12, 0, 1, 2, 3),
    (3, 4, 5, 6, 7),
    (0, 1, 2, 3, 5),
    (11, 10, 9, 7, 6),
]
THREE_RANKS = [(0, 1, 2), (12, 0, 1), (10, 11, 12), (3, 7, 11)]
EIGHT_RANKS = [
    tuple(range(8)),  # 2-9: straight flushes from 2-6 to 5-9
    tuple(range(5, 13)),  # 7-A: a royal flush and the front 7-8-9
    (12, 0, 1, 2, 3, 7, 9, 11),  # the wheel and 9 J K
    (12, 11, 10, 9, 7, 0, 1, 2),  # A K Q J 9 (as FIVE_RANKS[1]) and 2-3-4
    (8, 9, 10, 11, 12, 3, 4, 5),  # T-A and 5-6-7
    (0, 2, 4, 6, 8, 10, 12, 1),  # no run
]
TEN_RANKS = [tuple(range(10)), tuple(range(3, 13)), (12, *range(9)), (0, 1, 2, 3, 5, 7, 8, 9, 10, 11)]


def _suited(groups):
    """A hand from (suit, ranks) groups."""
    return _cards(4 * rank + suit for suit, ranks in groups for rank in ranks)


def _flush_family():
    """Hands whose suits hold 13, 10 + 3, 8 + 5 and 5 + 5 + 3 cards, the groups' ranks from the
    lists above, the suits in every order (up to relabelling)."""
    hands = [_suited([(suit, range(13))]) for suit in range(4)]
    for ten, three in itertools.product(TEN_RANKS, THREE_RANKS):
        hands += [_suited([(0, ten), (1, three)]), _suited([(1, ten), (0, three)])]
    for eight, five in itertools.product(EIGHT_RANKS, FIVE_RANKS):
        hands += [_suited([(0, eight), (1, five)]), _suited([(1, eight), (0, five)])]
    for first, second, three in itertools.product(FIVE_RANKS, FIVE_RANKS, THREE_RANKS[:2]):
        for suits in itertools.permutations(range(3)):
            hands.append(_suited(zip(suits, (first, second, three), strict=True)))
    return hands


def test_hands_of_three_flushes_agree_with_the_oracle():
    wrong, found = _disagreements(_flush_family())
    assert wrong == []
    assert found["three_flushes", False] > found["three_flushes", True] > 200
    assert found["three_straight_flushes", False] > 0


def _several_ways_family():
    """For each rank count that is two 5-card runs and a 3-card run added up in more than one way,
    and for each of those ways, hands with each run dealt in one suit (as far as the cards allow:
    a card already dealt is replaced by the first free suit of its rank) for five suit patterns."""
    layouts = {}
    for back, middle, front in itertools.product(range(10), range(10), range(12)):
        counts = Counter(_run_ranks(back, 5) + _run_ranks(middle, 5) + _run_ranks(front, 3))
        layouts.setdefault(tuple(counts[rank] for rank in range(13)), set()).add(
            (min(back, middle), max(back, middle), front)
        )
    hands = set()
    for ways in layouts.values():
        if len(ways) < 2:
            continue
        for starts, suits in itertools.product(sorted(ways), [(0, 0, 0), (0, 1, 2), (1, 0, 2), (0, 1, 0), (2, 2, 1)]):
            dealt = []
            for start, length, suit in zip(starts, (5, 5, 3), suits, strict=True):
                for rank in _run_ranks(start, length):
                    free = [other for other in (suit, 0, 1, 2, 3) if 4 * rank + other not in dealt]
                    dealt.append(4 * rank + free[0])
            hands.add(frozenset(dealt))
    return [_cards(indices) for indices in sorted(hands, key=sorted)]


def test_hands_with_several_three_straights_agree_with_the_oracle():
    hands = _several_ways_family()
    assert len(hands) > 300
    wrong, found = _disagreements(hands)
    assert wrong == []
    assert found["three_straights", True] > 200 and found["three_straight_flushes", False] > 20


@st.composite
def split_natural_hands(draw):
    """13 cards biased toward the split naturals: two 5-card runs and a 3-card run, each mostly of
    one suit (equal runs often), or suits of 13, 10 + 3, 8 + 5, 5 + 5 + 3 cards whose ranks often
    hold runs; sometimes one card swapped for another to spoil it."""
    if draw(st.booleans()):
        back = draw(st.integers(0, 9))
        starts = (back, draw(st.sampled_from([back, *range(10)])), draw(st.integers(0, 11)))
        dealt: list[int] = []
        for start, length in zip(starts, (5, 5, 3), strict=True):
            suit = draw(st.integers(0, 3))
            for rank in _run_ranks(start, length):
                wanted = suit if draw(st.integers(0, 5)) else draw(st.integers(0, 3))
                dealt.append(4 * rank + next(other for other in (wanted, 0, 1, 2, 3) if 4 * rank + other not in dealt))
    else:
        sizes = draw(st.sampled_from([(13,), (10, 3), (8, 5), (5, 8), (5, 5, 3), (3, 5, 5)]))
        suits = draw(st.permutations(range(4)))
        dealt = []
        for size, suit in zip(sizes, suits, strict=False):
            ranks: set[int] = set()
            for length in [5] * draw(st.integers(0, size // 5)) + [3] * draw(st.integers(0, size % 5 // 3)):
                ranks |= set(_run_ranks(draw(st.integers(0, 14 - length)), length))
            for rank in draw(st.permutations(range(13))):
                if len(ranks) == size:
                    break
                ranks.add(rank)
            dealt += [4 * rank + suit for rank in ranks]
    if draw(st.integers(0, 3)) == 0:
        outside = [index for index in range(52) if index not in dealt]
        dealt[draw(st.integers(0, 12))] = draw(st.sampled_from(outside))
    return _cards(dealt)


@settings(max_examples=250, deadline=None)
@given(split_natural_hands())
def test_random_hands_biased_toward_split_naturals_agree_with_the_oracle(cards):
    wrong, _ = _disagreements([cards])
    assert wrong == []


#: Variants that reach the split naturals: extended as it is and with no other natural (so that a
#: dragon or one colour does not stop detection first), each with both wheels and foul_on_equal.
DETECTION_VARIANTS = [
    resolve_variant({"preset": "extended", "overrides": {"wheel": wheel, "foul_on_equal": strict, **others}}).rules
    for wheel in ("low", "second")
    for strict in (False, True)
    for others in (
        {},
        {
            "naturals": {
                key: None
                for key in POSITIVE
                if key not in ("three_straight_flushes", "three_flushes", "three_straights")
            }
        },
    )
]


@settings(max_examples=120, deadline=None)
@given(split_natural_hands())
def test_detection_is_what_it_was(cards):
    # The same natural, payout, tie-break and split as detect gave with the oracle's code.
    for rules in DETECTION_VARIANTS:
        assert detect(cards, rules) == oracle.detect_as_before(cards, rules)


def test_detection_is_what_it_was_on_the_costly_seat_and_the_positive_hands():
    costly = hand("5h 6h 7h 8h 9h 5s 6s 7s 8s 9s 7d 8d 9d")  # two equal straight flushes, a straight-flush front
    for cards in [costly, *map(hand, POSITIVE.values()), *map(hand, EQUAL_STRAIGHTS.values())]:
        for rules in DETECTION_VARIANTS:
            assert detect(cards, rules) == oracle.detect_as_before(cards, rules)
    strict = resolve_variant({"preset": "extended", "overrides": {"foul_on_equal": True}}).rules
    natural = detect(costly, strict)  # both equal straight flushes foul: three straights, one of them in the back
    assert natural.key == "three_straights" and natural.split.back.category.key == "straight_flush"


def test_three_straights_are_read_from_the_same_rank_counts_as_before():
    assert set(split_naturals._run_sums()) == oracle.three_straight_vectors()


@pytest.mark.parametrize("wheel", list(Wheel))
def test_front_runs_are_valued_as_before(wheel):
    triples = [list(ranks) for ranks in itertools.combinations(range(2, 15), 3)]
    before = oracle._run_values(np.array(triples, dtype=np.int64), wheel).tolist()
    assert [split_naturals.run_value(ranks, wheel) for ranks in triples] == before
