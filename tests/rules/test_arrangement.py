"""Arrangements, fouls (docs/rules.md, "Binh lủng (foul)") and bonus entries (docs/rules.md, "Settling a table")."""

from __future__ import annotations

import pytest

from maubinh_api.rules.arrangement import Arrangement, Position, bonuses, foul_reasons, position_value
from maubinh_api.rules.cards import parse_cards
from maubinh_api.rules.chi import Wheel, classify
from maubinh_api.rules.errors import CardCountError, DuplicateCardError
from maubinh_api.rules.variants import preset, resolve_variant


def arrange(back, middle, front, wheel=Wheel.LOW):
    return Arrangement.from_cards(
        back=parse_cards(back.split()),
        middle=parse_cards(middle.split()),
        front=parse_cards(front.split()),
        wheel=wheel,
    )


CLASSIC = preset("classic").rules


def codes(arrangement, rules=CLASSIC):
    return [reason.code for reason in foul_reasons(arrangement, rules)]


def test_a_legal_arrangement_has_no_foul():
    assert codes(arrange("As Ks Qs Js Ts", "9h 9d 9c 8c 7c", "2d 2c 3h")) == []


def test_back_weaker_than_middle_is_a_foul():
    found = foul_reasons(arrange("As Ad Kc Kd 2s", "Qs Qd Qc 3d 4d", "5s 6s 7s"), CLASSIC)
    assert [reason.code for reason in found] == ["back_weaker_than_middle"]
    assert "Two pair, Aces and Kings" in found[0].detail.en
    assert found[0].detail.vi == "chi đầu (Thú A và K) yếu hơn chi giữa (Sám Q)"


def test_middle_weaker_than_front_is_a_foul():
    assert codes(arrange("As Ad Ac 2d 3d", "Ks Kd 4c 5d 7h", "Qs Qd Qc")) == ["middle_weaker_than_front"]


def test_both_reasons_are_reported():
    # back: pair of twos < middle: pair of fives < front: trips
    assert codes(arrange("2s 2d 9c Td Jh", "5s 5d 3c 4d 7h", "Qs Qd Qc")) == [
        "back_weaker_than_middle",
        "middle_weaker_than_front",
    ]


def test_equal_back_and_middle_fouls_only_with_the_knob():  # ruling R3
    equal = arrange("As Kd 9h 7c 3s", "Ah Kc 9d 7s 3c", "2s 4d 5h")
    assert codes(equal) == []
    strict = resolve_variant({"preset": "classic", "overrides": {"foul_on_equal": True}}).rules
    assert codes(equal, strict) == ["back_equals_middle"]


def test_front_equal_to_middle_by_kickers_is_not_a_foul():  # ruling R2: the middle wins the tie
    assert codes(arrange("As Ad Ac 2d 3d", "Kh Kd Qc 5d 4h", "Ks Kc Qs")) == []


def test_wheel_knob_decides_a_foul_between_the_wheel_and_a_king_high_straight():
    cards = ("9h Td Jc Qs Kh", "Ah 2d 3c 4s 5h", "6s 6d 7h")
    assert codes(arrange(*cards, wheel=Wheel.LOW)) == []
    extended = preset("extended").rules  # wheel = second: A-5 beats K-high
    assert codes(arrange(*cards, wheel=Wheel.SECOND), extended) == ["back_weaker_than_middle"]


def test_counts_and_duplicates_name_the_position():
    with pytest.raises(CardCountError) as caught:
        Arrangement.from_cards(
            back=parse_cards(["As", "Ks", "Qs", "Js"]),
            middle=parse_cards(["9h", "9d", "9c", "8c", "7c"]),
            front=parse_cards(["2d", "2c", "3h"]),
            wheel=Wheel.LOW,
        )
    assert caught.value.path == ("back",)
    with pytest.raises(DuplicateCardError) as duplicate:
        arrange("As Ks Qs Js Ts", "9h 9d 9c 8c 7c", "2d 2c As")
    assert duplicate.value.path == ("front", 2)
    assert str(duplicate.value) == "card As appears twice: at /back/0 and /front/2"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # back quads, middle full house, front trips with the classic table (000): 4, 2, 3
        ("classic", [("back.quads", 4), ("middle.full_house", 2), ("front.trips", 3)]),
        # the online table (001) doubles each: 8, 4, 6
        ("online", [("back.quads", 8), ("middle.full_house", 4), ("front.trips", 6)]),
        ("chinese-poker-2-4", []),
    ],
)
def test_bonus_entries_follow_the_preset_table(name, expected):
    arrangement = arrange("9s 9h 9d 9c 2d", "Ks Kh Kd 3c 3d", "Qs Qh Qd")
    rules = preset(name).rules
    assert [(bonus.key, bonus.value) for bonus in bonuses(arrangement, rules)] == expected
    assert position_value(Position.FRONT, arrangement.front, rules) == (dict(expected).get("front.trips") or 1)


def test_royal_flush_falls_back_to_the_straight_flush_entry_unless_set():
    royal = classify(parse_cards(["As", "Ks", "Qs", "Js", "Ts"]))
    assert position_value(Position.BACK, royal, preset("classic").rules) == 5
    assert position_value(Position.MIDDLE, royal, preset("classic").rules) == 10
    own = resolve_variant({"preset": "classic", "overrides": {"bonuses": {"back.royal_flush": 7}}}).rules
    assert position_value(Position.BACK, royal, own) == 7


def test_a_hand_without_a_bonus_is_worth_one_unit():
    pair = classify(parse_cards(["2s", "2d", "3c"]))
    assert position_value(Position.FRONT, pair, preset("online").rules) == 1


def test_labels():
    entry = bonuses(arrange("9s 9h 9d 9c 2d", "Ks Kh Kd 3c 3d", "Qs Qh 4d"), CLASSIC)[1]
    assert (entry.label.en, entry.label.vi) == ("Full house in the middle", "Cù lũ chi giữa")
    assert [position.label.vi for position in Position] == ["chi đầu", "chi giữa", "chi cuối"]
