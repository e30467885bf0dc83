"""Every rule error explains itself in English and in Vietnamese: the same
fault, the same values, pointers, card texts and field names, in words a
Vietnamese player reads (chi đầu, lá, mức cược, bộ luật...)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from decimal import Decimal

import pytest

from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import Card, check_hand, parse_cards
from maubinh_api.rules.chi import Wheel, check_chi
from maubinh_api.rules.errors import CardError, DuplicateCardError, RuleError, VariantError
from maubinh_api.rules.money import parse_bet
from maubinh_api.rules.settlement import Seat, check_table
from maubinh_api.rules.variants import preset, resolve_variant

HAND = parse_cards(["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"])


def arrangement(cards=HAND, **chi):
    parts = {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]} | chi
    return Arrangement.from_cards(**parts, wheel=Wheel.LOW)


def online(**overrides):
    return resolve_variant({"preset": "online", "overrides": overrides})


FAULTS: list[tuple[str, Callable[[], object], str]] = [
    # (what, the call that fails, a word the Vietnamese must use)
    ("a card not a string", lambda: Card.parse(7), "lá bài"),
    ("an empty card", lambda: Card.parse(""), "lá bài"),
    ("a card with spaces", lambda: Card.parse(" As"), "khoảng trắng"),
    ("a card with no rank", lambda: Card.parse("♠"), "giá trị"),
    ("an unknown rank", lambda: Card.parse("1s"), "giá trị"),
    ("an unknown suit", lambda: Card.parse("Ax"), "chất"),
    ("a card twice", lambda: parse_cards(["As", "Kd", "as"]), "hai lần"),
    ("a hand of 12", lambda: check_hand(HAND[:12]), "13 lá"),
    ("a chi of 4", lambda: check_chi(HAND[:4]), "3 hoặc 5 lá"),
    ("a front of 4", lambda: arrangement(front=HAND[9:13]), "chi cuối"),
    ("a back of 4", lambda: arrangement(back=HAND[:4]), "chi đầu"),
    ("a card twice in an arrangement", lambda: arrangement(front=[*HAND[10:12], HAND[0]]), "hai lần"),
    ("a negative bet", lambda: parse_bet("-5", 2), "mức cược"),
    ("a zero bet", lambda: parse_bet(0, 2), "lớn hơn 0"),
    ("a bet too precise", lambda: parse_bet("0.005", 2), "chữ số thập phân"),
    ("a bet too large", lambda: parse_bet(Decimal("1e13"), 2), "tối đa"),
    ("a bet with an exponent", lambda: parse_bet("1e3", 2), "số mũ"),
    ("a bet with a sign", lambda: parse_bet("+5", 2), "dấu +"),
    ("a bet with spaces", lambda: parse_bet(" 5", 2), "khoảng trắng"),
    ("a bet with a comma", lambda: parse_bet("1,000", 2), "dấu phẩy"),
    ("an empty bet", lambda: parse_bet("", 2), "trống"),
    ("a bet in words", lambda: parse_bet("ten", 2), "số thập phân"),
    ("a bet not a number", lambda: parse_bet(None, 2), "mức cược"),
    ("an infinite bet", lambda: parse_bet(Decimal("Infinity"), 2), "hữu hạn"),
    ("an unknown preset", lambda: preset("kitchen"), "bộ luật"),
    ("a variant of a number", lambda: resolve_variant(7), "bộ luật"),
    ("an unknown variant field", lambda: resolve_variant({"preset": "online", "colour": 1}), "không có trường"),
    ("a preset not a name", lambda: resolve_variant({"preset": 3}), "bộ luật"),
    ("overrides not an object", lambda: resolve_variant({"preset": "online", "overrides": []}), "tùy chọn"),
    ("an unknown knob", lambda: online(colour=1), "tùy chọn"),
    ("an integer knob out of range", lambda: online(scoop_multiplier=0), "từ 1 đến 100"),
    ("a huge integer knob", lambda: online(scoop_multiplier=Decimal("1e400000")), "từ 1 đến 100"),
    ("an integer knob not an integer", lambda: online(scoop_multiplier="3"), "số nguyên"),
    ("a boolean knob not a boolean", lambda: online(sap_lang="yes"), "true hoặc false"),
    ("a choice knob off the list", lambda: online(wheel="middle"), "một trong"),
    ("a fraction in words", lambda: online(rake="half"), "số thập phân"),
    ("a negative fraction", lambda: online(rake="-0.1"), "từ 0 đến 0,5"),
    ("a fraction with an exponent", lambda: online(rake="2e-2"), "số mũ"),
    ("a fraction with a comma", lambda: online(rake="0,02"), "dấu phẩy"),
    ("a fraction with a sign", lambda: online(rake="+0.02"), "dấu +"),
    ("a fraction with spaces", lambda: online(rake="0.02 "), "khoảng trắng"),
    ("a fraction too large", lambda: online(draw_fee="1.5"), "từ 0 đến 1"),
    ("an unknown bonus key", lambda: online(bonuses={"back.pair": 2}), "mục thưởng"),
    ("an unknown natural", lambda: online(naturals={"four_pairs": 2}), "thắng trắng"),
    ("a bonus table not an object", lambda: online(bonuses=[1]), "mục thưởng"),
    ("a table limit not an object", lambda: online(table=3), "null"),
    ("an unknown table limit", lambda: online(table={"seats": 4}), "giới hạn bàn"),
    ("table limits missing", lambda: online(table={"join_min_bets": 10}), "giới hạn bàn"),
    (
        "a fingerprint of other rules",
        lambda: resolve_variant({"preset": "online", "fingerprint": preset("classic").fingerprint}),
        "dấu vân tay",
    ),
    ("a table of one", lambda: check_table([Seat("a", None)]), "người chơi"),
    ("a player id twice", lambda: check_table([Seat("a", None), Seat("a", None)]), "mã người chơi"),
    (
        "a card dealt twice",
        lambda: check_table([Seat("a", arrangement()), Seat("b", arrangement())]),
        "được chia cho cả",
    ),
]


def _kept(text: str) -> set[str]:
    """What a translation keeps as it is: quoted values, pointers, field names, card texts."""
    return set(re.findall(r"'[^']*'|\"[^\"]*\"|(?<![\w.])/[\w/.~-]+|\b[a-z]+_[a-z_]+\b|\b[2-9TJQKA][shdc]\b", text))


@pytest.mark.parametrize(("fails", "word"), [(fails, word) for _, fails, word in FAULTS], ids=[f[0] for f in FAULTS])
def test_every_rule_error_says_the_same_in_vietnamese(fails, word):
    with pytest.raises(RuleError) as caught:
        fails()
    error = caught.value
    assert error.said.vi and error.said.vi != error.said.en
    assert word in error.said.vi, error.said.vi
    assert _kept(error.said.en) <= _kept(error.said.vi), (error.said.en, error.said.vi)
    # Moved into a request, the error keeps its Vietnamese (a duplicate's names the new places).
    moved = error.at("players", 1)
    assert moved.path == ("players", 1, *error.path)
    if not isinstance(error, DuplicateCardError):
        assert (moved.said.en, moved.said.vi) == (error.said.en, error.said.vi)
    else:
        assert "/players/1/" in moved.said.vi and moved.said.vi != error.said.vi


def test_a_moved_duplicate_names_its_new_places_in_both_languages():
    with pytest.raises(DuplicateCardError) as caught:
        parse_cards(["As", "Kd", "as"])
    moved = caught.value.at("arrangement", "back")
    assert moved.said.en == "card As appears twice: at /arrangement/back/0 and /arrangement/back/2"
    assert moved.said.vi == "lá As xuất hiện hai lần: ở /arrangement/back/0 và /arrangement/back/2"
    assert caught.value.said.vi == "lá As xuất hiện hai lần: ở /0 và /2"  # the original is unchanged


def test_the_english_texts_are_kept():
    # Clients and the documentation compare the English: the Vietnamese comes beside it, not instead.
    with pytest.raises(CardError, match=r"^unknown card '1d': the rank must be one of 2-9, T \(or 10\), J, Q, K, A$"):
        Card.parse("1d")
    with pytest.raises(VariantError, match=r"^scoop_multiplier must be between 1 and 100, not 0$"):
        online(scoop_multiplier=0)


def test_a_rule_error_cannot_be_raised_without_its_vietnamese():
    with pytest.raises(TypeError, match="both languages"):
        RuleError("the bet must be greater than 0, not 0")
    with pytest.raises(TypeError, match="both languages"):
        VariantError("unknown preset 'x'", path=("preset",))


@pytest.mark.parametrize("fails", [FAULTS[0][1], FAULTS[6][1], FAULTS[12][1], FAULTS[-1][1]])
def test_a_rule_error_survives_pickling_with_both_texts(fails):
    # A worker process (the batch tool's) sends its errors back pickled.
    with pytest.raises(RuleError) as caught:
        fails()
    error = caught.value.at("rows", 3)
    restored = pickle.loads(pickle.dumps(error))
    assert type(restored) is type(error)
    assert (restored.said.en, restored.said.vi, restored.path) == (error.said.en, error.said.vi, error.path)
