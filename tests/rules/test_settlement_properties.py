"""Properties of every settlement, on random legal deals (hypothesis)."""

from __future__ import annotations

import math
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maubinh_api.rules.arrangement import Arrangement
from maubinh_api.rules.cards import DECK
from maubinh_api.rules.money import MAX_AMOUNT_DECIMALS, MAX_BET, MAX_RATE_DECIMALS
from maubinh_api.rules.settlement import Seat, Settlement, settle
from maubinh_api.rules.variants import PRESET_NAMES, preset, resolve_variant


@st.composite
def tables(draw, money: bool = False):
    """A deal of 2-4 hands from one deck, each set at random (fouls included),
    some players forfeiting or not declaring; sometimes dealt from a deck
    sorted by rank, which makes naturals (pairs, dragons, quads) common.  With
    ``money``: any places of money, any rake and draw fee of up to 8 places, any bet."""
    variant = draw(st.sampled_from(PRESET_NAMES))
    if draw(st.booleans()):
        variant = {
            "preset": variant,
            "overrides": {"natural_vs_natural": draw(st.sampled_from(["higher_wins", "draw"]))},
        }
    if money:
        overrides = variant["overrides"] if isinstance(variant, dict) else {}
        variant = {"preset": variant["preset"] if isinstance(variant, dict) else variant, "overrides": overrides}
        overrides["amount_decimals"] = draw(st.integers(0, MAX_AMOUNT_DECIMALS))
        for knob, high in (("rake", Decimal("0.5")), ("draw_fee", Decimal(1))):
            places = draw(st.integers(0, MAX_RATE_DECIMALS))
            overrides[knob] = draw(st.decimals(0, high, places=places) | st.just(Decimal("-0.0")))
    resolved = resolve_variant(variant)
    players = draw(st.integers(min_value=2, max_value=4))
    layout = draw(st.sampled_from(["shuffled", "by_rank", "round_robin"]))
    deck = draw(st.permutations(DECK))
    if layout != "shuffled":
        deck = sorted(deck, key=lambda card: card.rank)
    seats = []
    for index in range(players):
        cards = deck[index * 13 : index * 13 + 13] if layout != "round_robin" else deck[index::players][:13]
        order = draw(st.permutations(cards))
        if draw(st.integers(min_value=0, max_value=9)) == 0:
            seats.append(Seat(f"p{index}", None))
            continue
        arrangement = Arrangement.from_cards(
            back=order[:5], middle=order[5:10], front=order[10:], wheel=resolved.rules.wheel
        )
        seats.append(Seat(f"p{index}", arrangement, declare_natural=draw(st.integers(0, 5)) > 0))
    if money:
        places = resolved.rules.amount_decimals
        least = Decimal(1).scaleb(-places)
        bet = draw(st.decimals(min_value=least, max_value=MAX_BET, places=places) | st.just(MAX_BET - least))
    else:
        bet = draw(st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10_000), places=2))
    return seats, resolved, bet


def by_player(settlement: Settlement):
    return {player.id: player for player in settlement.players}


COMMON = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@COMMON
@given(tables())
def test_points_sum_to_zero_and_money_balances_exactly(table):
    seats, variant, bet = table
    settlement = settle(seats, variant, bet)
    assert sum(player.points for player in settlement.players) == 0
    assert sum(player.amount for player in settlement.players) == 0
    assert sum(player.net for player in settlement.players) + settlement.house_take.total == 0
    for player in settlement.players:
        assert player.amount == player.points * bet
        assert player.net == player.amount - player.rake - player.draw_fee


def half_even(value: Fraction, places: int) -> Decimal:
    """``value`` rounded once, half to even, to ``places`` decimals: the rule of docs/rules.md
    ("Money"), worked in exact fractions here, apart from the decimal arithmetic under test."""
    scaled = value * 10**places
    whole = math.floor(scaled)
    rest = scaled - whole
    whole += rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1)
    return Decimal(whole).scaleb(-places)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(money=True))
def test_any_rate_and_bet_are_paid_with_one_rounding_and_balance_exactly(table):
    # Long rates (8 places), bets up to 10^12 at up to 8 places and -0: every share is the exact
    # product rounded once (a 28-digit intermediate once turned a rake of 1.4999... into 2).
    seats, variant, bet = table
    rules = variant.rules
    assert not rules.rake.is_signed() and not rules.draw_fee.is_signed()  # -0 read as 0
    settlement = settle(seats, variant, bet)
    places = rules.amount_decimals
    even = all(player.points == 0 for player in settlement.players)
    for player in settlement.players:
        assert player.amount == player.points * bet
        winnings = Fraction(player.amount) if player.amount > 0 else Fraction(0)
        assert player.rake == half_even(winnings * Fraction(rules.rake), places)
        assert player.draw_fee == (half_even(Fraction(bet) * Fraction(rules.draw_fee), places) if even else 0)
        assert player.net == player.amount - player.rake - player.draw_fee
        assert -player.net.as_tuple().exponent == places  # every amount has exactly the variant's places
    assert sum(player.net for player in settlement.players) + settlement.house_take.total == 0


@COMMON
@given(tables(), st.randoms(use_true_random=False))
def test_reordering_players_changes_nothing_but_order(table, rnd):
    seats, variant, bet = table
    shuffled = list(seats)
    rnd.shuffle(shuffled)
    first, second = settle(seats, variant, bet), settle(shuffled, variant, bet)
    one, two = by_player(first), by_player(second)
    for player_id, outcome in one.items():
        other = two[player_id]
        assert (outcome.points, outcome.amount, outcome.rake, outcome.draw_fee, outcome.net) == (
            other.points,
            other.amount,
            other.rake,
            other.draw_fee,
            other.net,
        )
        assert (outcome.sap_lang, outcome.fouled, outcome.natural) == (other.sap_lang, other.fouled, other.natural)
    # every pair total is antisymmetric: the same pair seen from either side
    for pair in first.pairs:
        a, b = pair.players
        mirror = next(p for p in second.pairs if set(p.players) == {a, b})
        assert mirror.points_for(a) == pair.points_for(a) == -pair.points_for(b)


@COMMON
@given(tables())
def test_pair_totals_add_up_to_player_points_and_lines_end_with_the_total(table):
    seats, variant, bet = table
    settlement = settle(seats, variant, bet)
    for player in settlement.players:
        assert player.points == sum(
            pair.points_for(player.id) for pair in settlement.pairs if player.id in pair.players
        )
    for pair in settlement.pairs:
        a, b = pair.players
        # Each id between quotation marks: no id reads as a figure.
        assert pair.lines[-1].en == f"Total: “{a}” {pair.points:+d}, “{b}” {-pair.points:+d}.".replace("+0", "0")
        assert pair.lines[-1].vi.startswith("Tổng:")


def test_classic_has_no_draw_fee_even_when_everyone_is_even():
    # Two forfeits: both fouled, 0 each; classic charges no draw fee.
    settlement = settle([Seat("a", None), Seat("b", None)], preset("classic"), Decimal(5))
    assert [player.net for player in settlement.players] == [0, 0]
    assert settlement.house_take.total == 0


@COMMON
@given(tables())
def test_a_settlement_without_explanations_has_the_same_numbers(table):
    """``explain=False`` (what a simulation asks for) only leaves out the lines."""
    seats, variant, bet = table
    explained = settle(seats, variant, bet)
    bare = settle(seats, variant, bet, explain=False)
    assert all(not pair.lines for pair in bare.pairs)
    assert all(not player.lines for player in bare.players)
    assert bare == replace(
        explained,
        pairs=tuple(replace(pair, lines=()) for pair in explained.pairs),
        players=tuple(replace(player, lines=()) for player in explained.players),
    )
