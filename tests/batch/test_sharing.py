"""Hand-sharing evidence over a history's hands (batch/sharing.py): the same wherever a hand is
weighed, none at two seats or for a seat that played its best, and a planted sharing pair ahead of
every honest pair of its room."""

from __future__ import annotations

import json
import math
from collections import Counter

import pandas as pd

from maubinh_api.batch.engine import worker_service
from maubinh_api.batch.history import check_row, parts_of, write_rows
from maubinh_api.batch.integrity import pairs_met, sharing_pairs
from maubinh_api.batch.pair_signals import MIN_PAIR_HANDS
from maubinh_api.batch.pairs import SeatValue, pair_sums
from maubinh_api.batch.rooms import Role, Room, RoomPart, RoomPlayer, room_part
from maubinh_api.batch.sharing import SharingJudge
from maubinh_api.batch.table_hands import table_hands
from maubinh_api.strategy.known_cards import KnownCards
from maubinh_api.strategy.levels import Level

from .integrity_runs import integrity_run

LEVELS = (Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT)
HONEST = tuple(RoomPlayer(f"p{number:02d}", LEVELS[number % 4]) for number in range(4))
SHARERS = (
    RoomPlayer("s01a", Level.CLUB, Role.SHARER, partner="s01b"),
    RoomPlayer("s01b", Level.CLUB, Role.SHARER, partner="s01a"),
)


def _hands(room, hands, seed=5):
    rows = [check_row(row)[0] for row in room_part(RoomPart(0, 0, hands, seed, room), worker_service())]
    found, skipped = table_hands(rows)
    assert not skipped
    return found


def test_a_hands_evidence_is_the_same_wherever_it_is_weighed():
    hands = _hands(Room("classic", HONEST, seats=3), 6)
    first, again = SharingJudge(worker_service().model), SharingJudge(worker_service().model)
    # Drawn from the deal and its players alone: another judge (another worker), the hands in
    # another order (another partition), the same evidence.
    assert first.evidence(hands) == again.evidence(list(reversed(hands)))
    found = first.evidence(hands)
    assert set(found) == {hand.deal_id for hand in hands}
    for hand in hands:
        players = sorted(row.player_id for row in hand.seats)
        assert set(found[hand.deal_id]) == {(a, b) for index, a in enumerate(players) for b in players[index + 1 :]}


def test_tables_of_two_and_seats_that_played_their_best_are_not_weighed():
    model = worker_service().model
    judge = SharingJudge(model)
    assert judge.evidence(_hands(Room("classic", HONEST, seats=2), 4)) == {}
    best = (RoomPlayer("x", Level.BEST), RoomPlayer("y", Level.BEST), RoomPlayer("z", Level.BEST))
    hands = _hands(Room("classic", best, seats=3), 8)
    for hand in hands:
        known = KnownCards(model, hand.variant, opponents=2)
        bests = known.best_of([[card.index for card in row.arrangement.cards] for row in hand.seats])
        evidence = judge.hand_evidence(hand)
        for row, own_best in zip(hand.seats, bests, strict=True):
            if own_best is not None and known.classes_of(row.arrangement) == own_best:
                # the best level plays the valuation's best: nothing to weigh, from any partner
                assert all(
                    value is None
                    for pair, values in evidence.items()
                    for player, value in zip(pair, values, strict=True)
                    if player == row.player_id
                )


def test_a_sharing_pair_leads_its_room():
    # Four honest players and a sharing pair at tables of four; the pair sits together in 90% of
    # the hands and there sets by its 26 cards: about 240 hands weighed, where the pair's statistic
    # stood at 3.3 to 4.7 in the bench's rooms of 245 (docs/benchmarks.md) and this seed's is 4.06.
    room = Room("classic", (*HONEST, *SHARERS), seats=4, together=0.9)
    hands = _hands(room, 250)
    sums = pair_sums(hands, _values(hands), SharingJudge(worker_service().model).evidence(hands))
    z = {
        pair: total.shared / total.shared_squared**0.5 for (pair, _seats), total in sums.items() if total.shared_squared
    }
    leader = max(z, key=lambda pair: z[pair])
    assert leader == ("s01a", "s01b"), sorted(z.items(), key=lambda item: -item[1])[:3]
    assert z[leader] > 3 and all(value < 3 for pair, value in z.items() if pair != leader)


def _values(hands):
    """Each seat's value as the pair sums need it (the money figures are not what this tests)."""
    return {(hand.deal_id, row.player_id): SeatValue(0.0, 0.0, False) for hand in hands for row in hand.seats}


def test_integrity_weighs_sharing_when_asked_and_says_so(tmp_path):
    room = Room("classic", (*HONEST, *SHARERS), seats=3, together=0.8)
    rows = room_part(RoomPart(0, 0, 150, 21, room), worker_service())
    out = integrity_run(rows, tmp_path, "--sharing")
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    # The sharing pair sat together in some 120 of the 150 hands: it was tested. Skipped: peeking (not
    # asked for) and steadiness (no player has 200 hands in 150).
    assert [check["check"] for check in summary["checks_skipped"]] == ["steadiness", "peeking"]
    pairs = pd.read_parquet(out / "pairs.parquet").set_index(["first", "second"])
    # Every hand is at a table of three: a pair that sat together the 100 hands a test needs is
    # weighed at every one of them; the others (about 50 hands each) could not be tested and are not.
    weighed = pairs["hands"] >= MIN_PAIR_HANDS
    assert weighed.loc[("s01a", "s01b")] and weighed.sum() < len(pairs)
    assert (pairs.loc[weighed, "shared_hands"] == pairs.loc[weighed, "hands"]).all()
    assert (pairs.loc[~weighed, "shared_hands"] == 0).all()
    # The pass's figure is the evidence of the pair's hands, weighed one by one with every pair
    # weighed: skipping the others leaves each weighed pair's draws as they were.
    hands, _skipped = table_hands([check_row(row)[0] for row in rows])
    direct = pair_sums(hands, _values(hands), SharingJudge(worker_service().model).evidence(hands))
    total = next(total for (pair, _seats), total in direct.items() if pair == ("s01a", "s01b"))
    assert math.isclose(pairs.loc[("s01a", "s01b"), "z_sharing"], total.shared / total.shared_squared**0.5)


def test_the_pairs_weighed_are_those_that_can_be_tested(tmp_path):
    # Six players at tables of three, 400 hands, cut into partitions of 300 rows: every pair that
    # sat together 100 times (counted whole, as the pass counts) is among those sharing weighs.
    room = Room("classic", (*HONEST, *SHARERS), seats=3, together=0.3)
    rows = room_part(RoomPart(0, 0, 400, 23, room), worker_service())
    history = tmp_path / "history"
    write_rows(rows, history, 0, "parquet")
    parts = parts_of(history, 300)
    chosen = sharing_pairs([pairs_met((part, str(tmp_path))) for part in parts])
    hands, _skipped = table_hands([check_row(row)[0] for row in rows])
    together: Counter[tuple[str, str]] = Counter()
    for hand in hands:
        ordered = sorted(row.player_id for row in hand.seats)
        together.update((a, b) for index, a in enumerate(ordered) for b in ordered[index + 1 :])
    assert {pair for pair, count in together.items() if count >= MIN_PAIR_HANDS} <= chosen
    # The bar is lowered by one a partition (a deal two partitions share counts in neither): no more.
    assert chosen <= {pair for pair, count in together.items() if count >= MIN_PAIR_HANDS - len(parts)}
