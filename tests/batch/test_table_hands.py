"""A history's hands at their tables: grouped by deal, settled pair by pair as the table was, and
kept out of the pair checks, with the reason, when the history cannot say what passed between seats."""

from __future__ import annotations

from decimal import Decimal

import pytest

from maubinh_api.batch.history import check_row
from maubinh_api.batch.table_hands import SkipReason, table_hands
from maubinh_api.rules.settlement import settle
from maubinh_api.rules.table import Seat

# Three seats of one deal (no card twice), each set legally; online, three at the table.
ANN = {"player_id": "ann", "back": "As Ad Kc Kd 7h", "middle": "9s 9h 8c 5d 3c", "front": "Qs Jh 2s"}
BOB = {"player_id": "bob", "back": "Ah Ac Qc Qd 7s", "middle": "Ts Th 8d 5c 3d", "front": "Ks Qh 2c"}
CAY = {"player_id": "cay", "back": "6s 6h 6d 4c 4d", "middle": "Js Jd Tc 9c 2d", "front": "8s 8h 3s"}


def _rows(*seats, deal="d1", variant="online", table="t-1", number=7, count=3):
    rows = []
    for seat in seats:
        record = {"deal_id": deal, "variant": variant, "seats": count, "table_id": table, "hand_number": number, **seat}
        row, problem = check_row(record)
        assert problem is None, problem
        rows.append(row)
    return rows


def test_a_hand_is_settled_pair_by_pair_as_its_table_was():
    rows = _rows(ANN, BOB, CAY)
    [hand], skipped = table_hands(rows)
    assert skipped == [] and (hand.deal_id, hand.table_id, hand.hand_number) == ("d1", "t-1", 7)
    # The pairs are the settlement's own (the same arrangements, the same variant): three pairs, in
    # seat order, each the first player's points from the second.
    seats = [Seat(row.player_id, row.arrangement, row.declare_natural) for row in rows]
    settled = settle(seats, rows[0].variant, Decimal(1), explain=False)
    assert dict(hand.pair_points) == {pair.players: pair.points for pair in settled.pairs}
    assert list(hand.pair_points) == [("ann", "bob"), ("ann", "cay"), ("bob", "cay")]
    # ann: back AAKK beats bob's AAQQ, middle 99 and front Q-high lose to TT and K-high: 1 - 1 - 1.
    assert hand.pair_points["ann", "bob"] == -1


def test_hands_come_in_the_order_their_deals_first_appear():
    rows = _rows(ANN, BOB, deal="d2", count=2) + _rows(ANN, CAY, deal="d1", count=2)
    found, _ = table_hands(rows[:1] + rows[2:] + rows[1:2])  # d2's second seat comes last
    assert [hand.deal_id for hand in found] == ["d2", "d1"]


@pytest.mark.parametrize(
    ("rows", "reason", "words"),
    [
        (lambda: _rows(ANN, BOB), SkipReason.SEAT_MISSING, "2 of its 3 seats"),
        (lambda: _rows(ANN, ANN, CAY), SkipReason.PLAYER_TWICE, "ann appears twice"),
        (lambda: _rows(ANN, BOB) + _rows(CAY, variant="classic"), SkipReason.VARIANTS_DIFFER, "different variants"),
        (lambda: _rows(ANN, BOB) + _rows(CAY, table="t-2"), SkipReason.TABLES_DIFFER, "different tables"),
        (lambda: _rows(ANN, BOB) + _rows(CAY, number=8), SkipReason.TABLES_DIFFER, "or places"),
        (lambda: _rows(ANN, BOB, {**CAY, "front": "8s 8h As"}), SkipReason.CARD_SHARED, "As"),
    ],
)
def test_a_hand_that_cannot_be_settled_is_kept_out_with_its_reason(rows, reason, words):
    found, [skipped] = table_hands(rows())
    assert found == [] and skipped.deal_id == "d1" and skipped.reason is reason and words in skipped.detail
