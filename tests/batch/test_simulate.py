"""Simulated tables: seeded, settled by the engine, written as a history grade can read."""

from __future__ import annotations

import json
import math
from collections import Counter
from decimal import Decimal
from itertools import combinations_with_replacement

import pyarrow.parquet as pq
import pytest

from maubinh_api.batch import simulate
from maubinh_api.batch.economics import Economics, Timings
from maubinh_api.batch.history import check_row, parts_of, read_part
from maubinh_api.rules.naturals import detect
from maubinh_api.rules.settlement import Seat, settle
from maubinh_api.rules.variants import preset
from maubinh_api.strategy.levels import Level

TABLE = simulate.Table("online", (Level.BEGINNER, Level.CLUB, Level.EXPERT, Level.BEST), 2, "10")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    directory = tmp_path_factory.mktemp("simulate")
    part = simulate.SimulatePart(0, 0, 30, 7, TABLE, str(directory / "history"), "jsonl")
    result = simulate.simulate_part(part)
    again = simulate.simulate_part(simulate.SimulatePart(0, 0, 30, 7, TABLE, str(directory / "again"), "jsonl"))
    rows = [json.loads(line) for line in (directory / "history" / "part-00000.jsonl").read_text().splitlines()]
    return directory, result, again, rows


def test_the_same_seed_plays_the_same_deals(played):
    directory, result, again, _ = played
    first = (directory / "history" / "part-00000.jsonl").read_text()
    assert first == (directory / "again" / "part-00000.jsonl").read_text()
    assert result == again


def test_a_deal_deals_52_distinct_cards_and_every_row_is_a_valid_history_row(played):
    _, _, _, rows = played
    assert len(rows) == 30 * 4
    for deal in range(30):
        seats = rows[4 * deal : 4 * deal + 4]
        cards = [card for row in seats for position in ("back", "middle", "front") for card in row[position].split()]
        assert len(set(cards)) == 52
    for row in rows:
        parsed, problem = check_row(row)
        assert problem is None and parsed.seats == 4


def test_each_deal_is_settled_by_the_settlement_engine(played):
    _, _, _, rows = played
    variant = preset("online")
    for deal in range(0, 30, 7):
        seats = rows[4 * deal : 4 * deal + 4]
        table = [Seat(row["player_id"], check_row(row)[0].arrangement, row["declare_natural"]) for row in seats]
        settled = settle(table, variant, Decimal("10"))
        assert [player.points for player in settled.players] == [row["points"] for row in seats]
        assert [str(player.net) for player in settled.players] == [row["net"] for row in seats]


def test_players_take_turns_at_a_seat(played):
    _, _, _, rows = played
    assert {row["player_id"] for row in rows[::4]} == {"s1-beginner-1", "s1-beginner-2"}
    assert {row["level"] for row in rows[3::4]} == {"best"}


def test_the_economics_add_up(played):
    _, result, _, rows = played
    report = simulate.economics(TABLE, [result])
    assert report.deals == 30 and report.hands == 120  # 30 deals of 4 seats
    assert sum(report.points.counts) == 120
    # Points are zero-sum between players (the rake is taken from money, not points).
    assert report.points.mean == 0.0
    held = Counter(
        found.key
        for row in rows
        if (found := detect(check_row(row)[0].arrangement.cards, preset("online").rules)) is not None
    )
    assert {natural.key: natural.count for natural in report.naturals if natural.count} == dict(held)
    assert {entry.level: entry.hands for entry in report.fouls_by_level}["beginner"] == 30
    assert report.scoops <= 30 * 6  # six pairs a deal at four seats
    # online rakes 2% of winnings and a 2% draw fee: the house take is what the settlements say.
    variant = preset("online")
    house = Decimal(0)
    for deal in range(30):
        seats = rows[4 * deal : 4 * deal + 4]
        table = [Seat(row["player_id"], check_row(row)[0].arrangement, row["declare_natural"]) for row in seats]
        house += settle(table, variant, Decimal("10")).house_take.total
    assert report.house_take.total == float(house)
    assert report.house_take.per_1000_deals_per_unit_bet == pytest.approx(float(house) * 1000 / (30 * 10))


def test_economics_json_reads_back_as_the_same_summary(played):
    # What simulate writes to economics.json is what the report (or anyone) reads back.
    _, result, _, _ = played
    report = simulate.economics(TABLE, [result]).timed(Timings(1.5, 0.5, 1.0))
    written = json.loads(json.dumps(report.to_json()))
    assert Economics.of(written) == report
    assert list(written)[:3] == ["variant", "variant_spec", "fingerprint"] and written["work_s"] == 1.0


def test_partitions_merge_in_order_whatever_order_they_arrive(tmp_path):
    parts = [simulate.SimulatePart(index, index * 3, 3, 1, TABLE, str(tmp_path), "parquet") for index in range(2)]
    results = [simulate.simulate_part(part) for part in parts]
    assert simulate.economics(TABLE, results) == simulate.economics(TABLE, results[::-1])
    history = parts_of(tmp_path)
    assert [record["deal_id"] for part in history for _, record, _ in read_part(part)][::4] == [
        f"d{deal:08d}" for deal in range(6)
    ]
    assert pq.read_table(tmp_path / "part-00001.parquet").num_rows == 12


def _pattern_probability(accept) -> float:
    """Exact chance that 13 cards from 52 have a rank-count pattern ``accept`` takes.

    A pattern is the multiset of how many cards each held rank has (e.g.
    2,2,2,2,2,2,1 for six pairs and an odd card).  Hands with a pattern:
    (ways to give its counts to ranks) x (ways to pick the suits, C(4, c) per rank)."""
    total = 0
    hands = math.comb(52, 13)
    checked = 0
    for size in range(4, 14):
        for counts in combinations_with_replacement((1, 2, 3, 4), size):
            if sum(counts) != 13:
                continue
            multiplicity = Counter(counts)
            ranks = math.factorial(13) // math.factorial(13 - size)
            for times in multiplicity.values():
                ranks //= math.factorial(times)
            ways = ranks * math.prod(math.comb(4, count) for count in counts)
            checked += ways
            if accept(sorted(counts, reverse=True)):
                total += ways
    assert checked == hands  # every hand has exactly one pattern
    return total / hands


def test_exact_pattern_probabilities_are_right():
    # Dragon: 13 different ranks, one card each: 4**13 of C(52, 13) hands.
    assert _pattern_probability(lambda counts: len(counts) == 13) == pytest.approx(4**13 / math.comb(52, 13))


def _six_pairs(counts) -> bool:
    # R4: a four of a kind is two pairs; six pairs need 12 cards in pairs.  In
    # classic the variant's higher five pairs + trips takes one three and no odd card.
    five_pairs_trips = counts.count(3) == 1 and 1 not in counts
    return sum(count // 2 for count in counts) == 6 and not five_pairs_trips


def test_natural_frequencies_match_their_exact_probabilities(tmp_path):
    """Simulated natural frequencies against the exact combinatorial chances.

    1,600 hands (100 deals of 4 ``best`` seats, classic): six pairs has chance
    p = 0.00396 (computed above), so about 6.3 hands, standard deviation 2.5;
    five pairs + trips p = 0.00054; a dragon p = 0.0001.  The test allows 4.5 standard deviations
    (of a binomial count), which chance exceeds less than once in 100,000 runs."""
    table = simulate.Table("classic", (Level.BEST,) * 4, 1, "1")
    parts = [simulate.SimulatePart(index, index * 25, 25, 11, table, str(tmp_path), "parquet") for index in range(4)]
    report = simulate.economics(table, [simulate.simulate_part(part) for part in parts])
    hands = report.hands
    counts = {natural.key: natural.count for natural in report.naturals}
    chances = {
        "six_pairs": _pattern_probability(_six_pairs),
        "five_pairs_trips": _pattern_probability(lambda counts: counts.count(3) == 1 and 1 not in counts),
        "dragon": _pattern_probability(lambda counts: len(counts) == 13),
    }
    for key, chance in chances.items():
        expected = hands * chance
        sd = math.sqrt(hands * chance * (1 - chance))
        observed = counts[key]
        assert abs(observed - expected) <= 4.5 * sd + 0.5, (key, observed, expected)
