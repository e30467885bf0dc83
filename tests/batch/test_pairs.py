"""What passed between each pair over a history's hands: each pair named one way, its points from
its first player's side, and sums that merge exactly whatever the partitions."""

from __future__ import annotations

from maubinh_api.batch.history import check_row
from maubinh_api.batch.pairs import PairSums, SeatValue, merge_pair_sums, pair_sums
from maubinh_api.batch.table_hands import table_hands

# One deal's three seats (no card twice, each set legally), as in tests/batch/test_table_hands.py.
SEATS = {
    "ann": ("As Ad Kc Kd 7h", "9s 9h 8c 5d 3c", "Qs Jh 2s"),
    "bob": ("Ah Ac Qc Qd 7s", "Ts Th 8d 5c 3d", "Ks Qh 2c"),
    "cay": ("6s 6h 6d 4c 4d", "Js Jd Tc 9c 2d", "8s 8h 3s"),
}


# Each player's hand as the valuation might see it (points per opponent): made up, the same at every deal.
VALUES = {"ann": SeatValue(0.0, 0.0, False), "bob": SeatValue(0.5, 0.25, False), "cay": SeatValue(-0.5, 1.0, True)}


def _values(hands):
    return {(hand.deal_id, row.player_id): VALUES[row.player_id] for hand in hands for row in hand.seats}


def _sums(hands):
    return pair_sums(hands, _values(hands))


def _hand(deal, players):
    rows = []
    for player in players:
        back, middle, front = SEATS[player]
        record = {"deal_id": deal, "player_id": player, "variant": "online", "seats": len(players)}
        row, problem = check_row({**record, "back": back, "middle": middle, "front": front})
        assert problem is None, problem
        rows.append(row)
    [hand], _ = table_hands(rows)
    return hand


def test_a_pair_is_named_one_way_and_its_points_are_its_first_player_s():
    # bob sits before ann at d1 and after her at d2: both hands count for ("ann", "bob"), from
    # ann's side (bob won 1 from her at each: back to ann, middle and front to bob).
    first, second = _hand("d1", ["bob", "ann"]), _hand("d2", ["ann", "bob"])
    assert first.pair_points == {("bob", "ann"): 1} and second.pair_points == {("ann", "bob"): -1}
    # Each hand's money from ann's side: her -1 less her cards' worth against bob's (0 - 0.5): -0.5;
    # bob gave up 0.25 more than she did.
    assert _sums([first, second]) == {
        (("ann", "bob"), 2): PairSums(
            hands=2, heads_up=2, points=-2, points_squared=2, money=-1.0, money_squared=0.5,
            play_gap=0.5, play_gap_squared=0.125, loss_first=0.0, loss_second=0.5,
            to_first=[(-0.5, "d2"), (-0.5, "d1")], to_second=[(0.5, "d2"), (0.5, "d1")],
        )
    }  # fmt: skip


def test_every_pair_of_a_table_is_summed_and_heads_up_hands_are_told_apart():
    three, two = _hand("d1", ["cay", "bob", "ann"]), _hand("d2", ["ann", "bob"])
    sums = _sums([three, two])
    # ann and bob met at three seats and heads-up: their sums are kept apart by table size.
    assert sorted(sums) == [(("ann", "bob"), 2), (("ann", "bob"), 3), (("ann", "cay"), 3), (("bob", "cay"), 3)]
    assert (sums[("ann", "bob"), 2].hands, sums[("ann", "bob"), 2].heads_up) == (1, 1)
    assert (sums[("ann", "cay"), 3].hands, sums[("ann", "cay"), 3].heads_up) == (1, 0)
    assert (sums[("ann", "cay"), 3].fouls_first, sums[("ann", "cay"), 3].fouls_second) == (
        0,
        1,
    )  # cay's counts as fouled
    # At d1 the seats came cay, bob, ann: the settlement's pair is ("cay", "ann"), turned to ann's side.
    assert list(three.pair_points) == [("cay", "bob"), ("cay", "ann"), ("bob", "ann")]
    assert sums[("ann", "cay"), 3].points == -three.pair_points["cay", "ann"]
    assert sums[("ann", "bob"), 3].points == -three.pair_points["bob", "ann"]
    assert sums[("ann", "bob"), 2].points == two.pair_points["ann", "bob"]


def test_partitions_merge_to_the_whole_history_s_sums_wherever_it_is_cut():
    hands = [
        _hand("d1", ["cay", "bob", "ann"]),
        _hand("d2", ["ann", "bob"]),
        _hand("d3", ["bob", "cay"]),
        _hand("d4", ["ann", "cay", "bob"]),
    ]
    whole = _sums(hands)
    for cut in range(len(hands) + 1):
        assert merge_pair_sums([_sums(hands[:cut]), _sums(hands[cut:])]) == whole
    assert (
        merge_pair_sums([_sums(hands[2:]), _sums(hands[:2])]) == whole
    )  # in any order here: every value is a binary fraction, added exactly
