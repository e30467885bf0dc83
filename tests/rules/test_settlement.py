"""Settlement (docs/rules.md, "Settling a table"-7): worked examples for every preset, computed by hand.

Each comment shows the arithmetic the assertion checks.  Hands are written
"back | middle | front".
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import parse_cards
from maubinh_api.rules.errors import DuplicateCardError
from maubinh_api.rules.settlement import SapLang, Seat, SeatError, settle
from maubinh_api.rules.variants import resolve_variant


def seat(player, text, variant="classic", **kwargs):
    if text is None:
        return Seat(player, None, **kwargs)
    back, middle, front = (parse_cards(part.split()) for part in text.split("|"))
    wheel = resolve_variant(variant).rules.wheel
    return Seat(player, Arrangement.from_cards(back=back, middle=middle, front=front, wheel=wheel), **kwargs)


def table_of(variant, players, *hands):
    return [seat(name, text, variant) for name, text in zip(players, hands, strict=True)]


def run(variant, seats, bet="10"):
    resolved = resolve_variant(variant)
    return settle(seats, resolved, Decimal(bet))


def pair(settlement, a, b):
    found = next(p for p in settlement.pairs if set(p.players) == {a, b})
    return found.points_for(a)


def player(settlement, name):
    return next(p for p in settlement.players if p.id == name)


# --- classic (000 + 003): bonuses 3/2/8/4/10/5, scoop x3, foul x2 -------------------------------

QUADS_FULL_TRIPS = "7s 7h 7d 7c 2d | Ks Kh Kd 3c 3d | Qs Qh Qd"
WEAK = "9s 9h 5s 5h 2c | As Ad 8c 6c 4c | Jc Td 4h"


def test_classic_scoop_with_back_quads_middle_full_house_front_trips():
    table = run("classic", [seat("a", QUADS_FULL_TRIPS), seat("b", WEAK)])
    # back.quads 4 + middle.full_house 2 + front.trips 3 = 9, scoop x3 = 27
    assert pair(table, "a", "b") == 27
    outcome = table.pairs[0]
    assert [(p.winner, p.value, p.bonus) for p in outcome.positions] == [
        ("a", 4, "back.quads"),
        ("a", 2, "middle.full_house"),
        ("a", 3, "front.trips"),
    ]
    assert outcome.scoop == "a"
    assert [(m.kind, m.factor) for m in outcome.multipliers] == [("scoop", 3)]
    # 27 x bet 10 = 270.00; no rake in classic
    assert (player(table, "a").amount, player(table, "b").net) == (Decimal("270.00"), Decimal("-270.00"))
    assert table.house_take.total == 0


def test_classic_straight_flush_bonuses_and_royal_fallback():
    a = seat("a", "As Ks Qs Js Ts | 9h 8h 7h 6h 5h | 2c 2d 3c")
    b = seat("b", "Ac Ad Kc Kd 4s | Qc Qd 9c 8c 7c | 4d 4h 6c")
    table = run("classic", [a, b])
    # back royal flush: back.royal_flush falls back to back.straight_flush = 5;
    # middle straight flush 10; front pair 2 loses to pair 4: -1.  5 + 10 - 1 = 14, no scoop.
    assert pair(table, "a", "b") == 14
    assert [p.bonus for p in table.pairs[0].positions] == ["back.royal_flush", "middle.straight_flush", None]
    assert table.pairs[0].scoop is None


TIE_A = "As Ah Ad 2c 2d | 8s 8h Tc 5d 3c | Qs Js 4h"
TIE_B = "Kc Kh Kd 3s 3h | 8d 8c Ts 5s 3d | Qh Jh 2h"


def test_a_tied_position_scores_nothing_and_breaks_the_scoop():
    table = run("classic", [seat("a", TIE_A), seat("b", TIE_B)])
    # back: full house A beats full house K: +1 (no back.full_house bonus);
    # middle: 8 8 T 5 3 against 8 8 T 5 3: tie, 0;  front: Q J 4 beats Q J 2: +1.  Total 2, no scoop.
    assert pair(table, "a", "b") == 2
    assert table.pairs[0].positions[1].reason == "tie"
    assert table.pairs[0].scoop is None


def test_a_line_between_chi_of_the_same_name_says_the_kicker_that_decides():
    # Issue 41, defect 14: "Dũng (Mậu thầu A) thắng Bình (Mậu thầu A)" said nothing of why. Here the
    # fronts Q J 4 and Q J 2 are both "Queen high": the 4 decides. The backs (aces full against kings
    # full) and the tied middles read apart or the same without a kicker.
    table = run("classic", [seat("a", TIE_A), seat("b", TIE_B)])
    back, middle, front = table.pairs[0].lines[:3]
    assert front.en == "Front: “a”'s Queen high, Four kicker beats “b”'s Queen high, Two kicker: “b” pays “a” 1."
    assert "Mậu thầu Q, kèm 4" in front.vi and "Mậu thầu Q, kèm 2" in front.vi
    assert "kicker" not in back.en and "kicker" not in middle.en


FOULED = "5s 5h 7c 8d 9c | 6s 6h Jc Jd 2c | Tc 3d 4h"  # back pair < middle two pair: binh lủng
QUADS_QUADS = "As Ah Ad Ac 2s | Ks Kh Kd Kc 3s | Qs Qh 4d"


def test_classic_foul_pays_every_position_with_the_winners_bonuses():
    table = run("classic", [seat("a", QUADS_QUADS), seat("b", FOULED)])
    # b is fouled: a wins back.quads 4 + middle.quads 8 + front 1 = 13, x foul 2 = 26
    assert pair(table, "a", "b") == 26
    assert [m.kind for m in table.pairs[0].multipliers] == ["foul"]
    assert player(table, "b").fouled
    plain = {"preset": "classic", "overrides": {"foul_pays_bonuses": False}}
    # without foul bonuses: 1 + 1 + 1 = 3, x2 = 6
    assert pair(run(plain, [seat("a", QUADS_QUADS), seat("b", FOULED)]), "a", "b") == 6


def test_foul_against_foul_scores_nothing():
    other_foul = "2s 2h 7h 8h 9h | 3s 3h Td Th 4c | 5c 6c Kc"  # pair 2 < two pair T-3
    table = run("classic", [seat("a", FOULED), seat("b", other_foul)])
    assert pair(table, "a", "b") == 0
    assert {p.reason for p in table.pairs[0].positions} == {"both_fouled"}


def test_a_player_who_left_counts_as_fouled():
    table = run("classic", [seat("a", QUADS_QUADS), seat("b", None)])
    assert pair(table, "a", "b") == 26  # as against a fouled hand
    assert player(table, "b").forfeit and player(table, "b").fouled
    assert "left before the reveal" in table.pairs[0].lines[0].en


SIX_PAIRS = "Qh Qd Js Jh Kc | 7s 7h 4s 4d 2s | 3h 3c 2d"  # pairs Q J 7 4 3 2 + a king
DRAGON = "2h 3s 4h 5d 6h | 7c 8h 9h Th Jc | Qs Kd Ad"


def test_natural_beats_a_fouled_hand_without_multipliers():
    table = run("classic", [seat("a", SIX_PAIRS), seat("b", FOULED)])
    # six pairs pays 3 in classic, whatever b holds; never multiplied (R9)
    assert pair(table, "a", "b") == 3
    assert table.pairs[0].natural.reason == "natural_vs_hand"
    assert table.pairs[0].multipliers == ()


def test_natural_against_natural_both_knob_values():
    seats = [seat("a", DRAGON), seat("b", SIX_PAIRS)]
    # higher_wins: dragon (12) outranks six pairs: b pays a 12
    assert pair(run("classic", seats), "a", "b") == 12
    # draw: 0 between two naturals
    draw = {"preset": "classic", "overrides": {"natural_vs_natural": "draw"}}
    table = run(draw, seats)
    assert pair(table, "a", "b") == 0
    assert table.pairs[0].natural.reason == "naturals_draw"


def test_a_natural_can_be_left_undeclared():
    seats = [seat("a", SIX_PAIRS, declare_natural=False), seat("b", WEAK)]
    table = run("classic", seats)
    assert player(table, "a").natural is None
    assert table.pairs[0].natural is None  # the chi were compared instead


def test_three_players_every_pair_and_zero_sum():
    six_pairs = "8s 8h 6s 6h 9d | 5d 5c 4s 4d 2s | 3s 3h 2h"  # pairs 8 6 5 4 3 2 + a nine
    table = run("classic", [seat("a", QUADS_FULL_TRIPS), seat("b", WEAK), seat("c", six_pairs)])
    # a-b 27 (above); c's six pairs takes 3 from a and 3 from b
    assert (pair(table, "a", "b"), pair(table, "c", "a"), pair(table, "c", "b")) == (27, 3, 3)
    assert [p.points for p in table.players] == [24, -30, 6]
    assert sum(p.points for p in table.players) == 0


# --- online (001): bonuses 6/4/16/8/20/10, scoop x2, foul x2, sập làng x2 at 4, rake 2%, draw 2% ------

A_ONLINE = "As Ah Ad Ac 2s | Ks Kh Kd 3s 3h | Qs Qh Qd"  # quads 8, full house 4, trips 6 in online
B_ONLINE = "Js Jh Jd 4s 4h | 5c 7c 9c Tc Kc | 8s 8h 2h"
C_ONLINE = "5s 6h 7d 8d 9s | Ts Th 4d 4c 2d | Qc 3d 2c"
C_FOULED = "Ts Th 4d 4c 2d | 5s 6h 7d 8d 9s | Qc 3d 2c"  # two pair behind a straight: fouled
D_ONLINE = "6s 6d 6c 9h 9d | 7s 7h 5h 5d Jc | Td 8c 3c"


def test_online_sap_lang_for_the_player_who_scoops_everyone():
    table = run("online", table_of("online", "abcd", A_ONLINE, B_ONLINE, C_ONLINE, D_ONLINE))
    # a scoops each: (8 + 4 + 6) x scoop 2 = 36, x sập làng 2 = 72
    assert [pair(table, "a", other) for other in "bcd"] == [72, 72, 72]
    # b scoops c and d with unit wins: 3 x 2 = 6 each (b did not scoop a: no sập làng)
    assert (pair(table, "b", "c"), pair(table, "b", "d")) == (6, 6)
    # c-d: d wins the back, c the middle (T-4 over 7-5) and front (Q over T): c +1
    assert pair(table, "c", "d") == 1
    # a 216; b -72 + 6 + 6 = -60; c -72 - 6 + 1 = -77; d -72 - 6 - 1 = -79
    assert [p.points for p in table.players] == [216, -60, -77, -79]
    assert [p.sap_lang for p in table.players] == [SapLang.SCOOPED_ALL, None, None, None]
    # money at bet 10: a wins 2160.00, the house keeps 2% = 43.20, a nets 2116.80
    a = player(table, "a")
    assert (a.amount, a.rake, a.net) == (Decimal("2160.00"), Decimal("43.20"), Decimal("2116.80"))
    assert table.house_take.rake == Decimal("43.20")
    assert sum(p.net for p in table.players) + table.house_take.total == 0


def test_online_no_sap_lang_at_three_players():
    table = run("online", table_of("online", "abc", A_ONLINE, B_ONLINE, C_ONLINE))
    # the same pairs without the x2: a-b 36, a-c 36, b-c 6
    assert (pair(table, "a", "b"), pair(table, "a", "c"), pair(table, "b", "c")) == (36, 36, 6)
    assert [p.points for p in table.players] == [72, -30, -42]
    assert all(p.sap_lang is None for p in table.players)


def test_online_sap_lang_for_the_fouled_player_scooped_by_everyone_applies_once_per_pair():
    seats = table_of("online", "abcd", A_ONLINE, B_ONLINE, C_FOULED, D_ONLINE)
    table = run("online", seats)
    # c is fouled, which counts as scooped (R13) by a, b and d: sập làng (scooped_by_all).
    # a also scooped everyone: the a-c pair is multiplied by sập làng once (R12).
    # a-c: (8 + 4 + 6) x foul 2 = 36, x 2 = 72;  b-c: 3 x 2 = 6, x 2 = 12;  d-c: 3 x 2 x 2 = 12
    assert (pair(table, "a", "c"), pair(table, "b", "c"), pair(table, "d", "c")) == (72, 12, 12)
    # a-b and a-d: 36 x 2 = 72 (a's sập làng); b-d: 6 (nobody's sập làng)
    assert (pair(table, "a", "b"), pair(table, "a", "d"), pair(table, "b", "d")) == (72, 72, 6)
    assert [p.sap_lang for p in table.players] == [SapLang.SCOOPED_ALL, None, SapLang.SCOOPED_BY_ALL, None]
    a_c = next(p for p in table.pairs if p.players == ("a", "c"))
    assert [(m.kind, m.factor) for m in a_c.multipliers] == [("foul", 2), ("sap_lang", 2)]
    # a 216; b -72 + 12 + 6 = -54; c -72 - 12 - 12 = -96; d -72 - 6 + 12 = -66
    assert [p.points for p in table.players] == [216, -54, -96, -66]


def test_online_fouls_do_not_count_as_scoops_when_the_knob_is_off():
    knob = {"preset": "online", "overrides": {"foul_counts_as_scoop": False}}
    seats = table_of("online", "abcd", A_ONLINE, B_ONLINE, C_FOULED, D_ONLINE)
    table = run(knob, seats)
    # a did not "scoop" the fouled c, so no sập làng anywhere: a-c 36, a-b 36
    assert (pair(table, "a", "c"), pair(table, "a", "b")) == (36, 36)
    assert all(p.sap_lang is None for p in table.players)


def test_online_draw_fee_when_everyone_nets_zero():
    a = seat("a", "2h 6h 9h Jh Kh | Ts Td 3c 4c 7s | 5s 5h 9c", "online")
    b = seat("b", "6s 7d 8c 9s Tc | Qs Qd 8s 8d 2c | 5d 5c 9d", "online")
    table = run("online", [a, b])
    # back: flush beats straight +1; middle: two pair beats pair -1; front: 5 5 9 ties 5 5 9.  0 each.
    assert [p.points for p in table.players] == [0, 0]
    # each pays 2% of the bet 10 = 0.20; the house takes 0.40
    assert [(p.draw_fee, p.net) for p in table.players] == [(Decimal("0.20"), Decimal("-0.20"))] * 2
    assert table.house_take.draw_fee == Decimal("0.40")
    assert sum(p.net for p in table.players) + table.house_take.total == 0


def test_online_rake_rounds_half_even():
    # a +27 x bet 0.25 = 6.75; 2% = 0.135 -> 0.14 (half-even: 3 is odd, rounds up to 4)
    table = run("online", [seat("a", QUADS_FULL_TRIPS, "online"), seat("b", WEAK, "online")], bet="0.25")
    # online values: back.quads 8 + middle.full_house 4 + front.trips 6 = 18, scoop x2 = 36
    assert pair(table, "a", "b") == 36
    a = player(table, "a")
    # 36 x 0.25 = 9.00; 2% = 0.18 exactly
    assert (a.amount, a.rake, a.net) == (Decimal("9.00"), Decimal("0.18"), Decimal("8.82"))
    half = run(
        {"preset": "online", "overrides": {"rake": "0.05"}},
        [seat("a", SIX_PAIRS, "online"), seat("b", WEAK, "online")],
        bet="0.05",
    )
    # six pairs 18 x 0.05 = 0.90; 5% = 0.045 -> 0.04 (half-even keeps the even 4)
    assert (player(half, "a").amount, player(half, "a").rake) == (Decimal("0.90"), Decimal("0.04"))


def test_online_pays_five_pairs_and_trips_as_six_pairs():
    five_pairs_trips = "2s 2h 5d 5c 7s | 7h 9d 9c Js Jh | Kd Kc Ks"
    table = run("online", [seat("a", five_pairs_trips, "online"), seat("b", WEAK, "online")])
    # online has no five_pairs_trips; R4 makes the hand six pairs: 18
    assert pair(table, "a", "b") == 18
    assert player(table, "a").natural.key == "six_pairs"


# --- extended (004): wheel second, eleven naturals with tie-breaks, classic bonuses, x2 ----------


def test_extended_natural_tie_break_and_both_knob_values():
    aces = "2s 2h 5d 5c 7s | 7h 9d 9c Js Jh | As Ac Kc"  # six pairs, top pair A
    kings = "3s 3h 6d 6c 8s | 8h Td Tc Qs Qh | Ks Kd 4c"  # six pairs, top pair K
    seats = [seat("a", aces, "extended"), seat("b", kings, "extended")]
    table = run("extended", seats)
    # same natural: the tie-break (top pair A over K) pays a the six-pairs payout, 3
    assert pair(table, "a", "b") == 3
    assert table.pairs[0].natural.reason == "tie_break"
    no_breaks = run({"preset": "extended", "overrides": {"natural_tie_breaks": False}}, seats)
    assert pair(no_breaks, "a", "b") == 0
    assert no_breaks.pairs[0].natural.reason == "equal_naturals"


def test_extended_precedence_decides_between_naturals_of_equal_payout():
    four_trips = "Ts Th Td 6s 6h | 9s 9h 9c 6c Ac | 5s 5h 5d"  # trips T 6 9 5: four trips (3)
    table = run("extended", [seat("a", four_trips, "extended"), seat("b", SIX_PAIRS, "extended")])
    # six pairs precedes four trips in 004's list: b is paid its 3
    assert pair(table, "a", "b") == -3
    assert table.pairs[0].natural.reason == "higher_natural"


def test_extended_wheel_is_the_second_best_straight():
    a = "Ts Th Td 2c 2d | Ah 2s 3h 4d 5c | 9c 8c 7h"
    b = "Js Jh Jd 6c 6d | 9h Tc Jc Qd Kd | Qs 8s 3c"
    # middle: A-5 against 9-K.  extended (wheel second): A-5 wins.  classic (wheel low): 9-K wins.
    # back: full house T < full house J: b +1.  front: Q 8 3 beats 9 8 7: b +1.
    extended = run("extended", [seat("a", a, "extended"), seat("b", b, "extended")])
    classic = run("classic", [seat("a", a), seat("b", b)])
    assert pair(extended, "a", "b") == -1  # -1 + 1 - 1
    assert pair(classic, "a", "b") == -3 * 3  # b scoops: 3 positions x scoop 3


def test_extended_sap_lang_at_four_players():
    seats = table_of("extended", "abcd", A_ONLINE, B_ONLINE, C_ONLINE, D_ONLINE)
    table = run("extended", seats)
    # extended values: back.quads 4 + middle.full_house 2 + front.trips 3 = 9, scoop x2 = 18, sập làng x2 = 36
    assert [pair(table, "a", other) for other in "bcd"] == [36, 36, 36]
    assert player(table, "a").sap_lang is SapLang.SCOOPED_ALL


# --- chinese-poker-2-4: 1 a row, +1 for the majority, scoop and foul worth 4 ------------------


def test_chinese_poker_2_4_majority_scoop_and_foul():
    cp = "chinese-poker-2-4"
    # a-b: a wins back (1) and middle... see the classic straight-flush example: a wins back and middle,
    # loses front: 1 + 1 - 1 = 1, plus the majority 1 = 2
    a = seat("a", "As Ks Qs Js Ts | 9h 8h 7h 6h 5h | 2c 2d 3c", cp)
    b = seat("b", "Ac Ad Kc Kd 4s | Qc Qd 9c 8c 7c | 4d 4h 6c", cp)
    assert pair(run(cp, [a, b]), "a", "b") == 2
    # a scoop: 3 + 1 = 4 (scoop multiplier 1)
    assert pair(run(cp, [seat("a", QUADS_FULL_TRIPS, cp), seat("b", WEAK, cp)]), "a", "b") == 4
    # a foul: all three rows and the majority: 4
    assert pair(run(cp, [seat("a", QUADS_QUADS, cp), seat("b", FOULED, cp)]), "a", "b") == 4
    # no naturals: six pairs is played as an ordinary hand
    table = run(cp, [seat("a", SIX_PAIRS, cp), seat("b", WEAK, cp)])
    assert player(table, "a").natural is None


def test_chinese_poker_2_4_tie_leaves_the_majority_to_whoever_won_more():
    cp = "chinese-poker-2-4"
    a, b = seat("a", TIE_A, cp), seat("b", TIE_B, cp)
    # a wins back and front, middle ties: 2 rows to 0, + majority 1 = 3 (not a scoop: a tie breaks it)
    assert pair(run(cp, [a, b]), "a", "b") == 3


# --- table checks -----------------------------------------------------------------------------


def test_table_errors_name_the_problem():
    with pytest.raises(SeatError, match="2 to 4 players, not 1"):
        run("classic", [seat("a", WEAK)])
    with pytest.raises(SeatError, match="player id 'a' is used twice") as caught:
        run("classic", [seat("a", WEAK), seat("a", QUADS_FULL_TRIPS)])
    assert caught.value.path == (1, "id")
    with pytest.raises(DuplicateCardError) as shared:
        run("classic", [seat("a", WEAK), seat("b", "9s 8h 7h 6h 5h | 2c 2d 3c 3d 4d | Kc Qc Jc")])
    assert (
        str(shared.value)
        == "card 9s is dealt to both 'a' (at /0/arrangement/back/0) and 'b' (at /1/arrangement/back/0)"
    )
    assert shared.value.path == (1, "arrangement", "back", 0)
