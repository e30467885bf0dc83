"""Hand-history rows: validation names the row and field; partitions cover every row once."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maubinh_api.batch import history
from maubinh_api.batch.history import HistoryError, check_row, parts_of, read_part
from maubinh_api.strategy.drills import Theme

GOOD = {
    "deal_id": "d1",
    "player_id": "p1",
    "variant": "classic",
    "back": "As Ad Kc Kd 7h",
    "middle": "9s 9h 8c 5d 3c",
    "front": "Qs Jh 2s",
}


def test_a_good_row_is_read_with_the_settlement_defaults():
    row, problem = check_row(GOOD)
    assert problem is None
    assert row.declare_natural is True and row.seats == 4 and row.theme is Theme.RANDOM
    assert [str(card) for card in row.arrangement.front.cards] == ["Qs", "Jh", "2s"]


def test_a_row_may_say_its_table_its_place_there_and_the_time_taken():
    # What the integrity checks read: who sat with whom, in what order, and how long each hand took.
    row, problem = check_row({**GOOD, "table_id": "t-9", "hand_number": 41, "decision_ms": 8_250})
    assert problem is None and (row.table_id, row.hand_number, row.decision_ms) == ("t-9", 41, 8250.0)
    assert check_row(GOOD)[0].table_id is None  # a history without them is read as before


def test_a_practice_runs_row_says_its_drills_theme():
    # A practice run's export names its theme: the hand is judged against that theme's yardsticks.
    row, problem = check_row({**GOOD, "theme": "foul_trap"})
    assert problem is None and row.theme is Theme.FOUL_TRAP
    assert check_row({**GOOD, "theme": None})[0].theme is Theme.RANDOM


class _Text(str):
    """A text the fast path leaves to the schema (it reads only plain ``str``), so that the two
    readings of one row can be compared."""


_ANY = st.one_of(st.none(), st.booleans(), st.integers(-2, 6), st.floats(1, 5), st.text(max_size=3))


@given(
    deal=st.one_of(st.text(max_size=202), _ANY),
    declare=st.one_of(_ANY, st.just("missing")),
    seats=st.one_of(_ANY, st.just("missing")),
    variant=st.sampled_from(["classic", None, 7]),
    theme=st.one_of(_ANY, st.sampled_from(["foul_trap", "random", "missing"])),
)
def test_the_fast_reading_of_a_row_is_the_schemas(deal, declare, seats, variant, theme):
    record = {**GOOD, "deal_id": deal, "declare_natural": declare, "seats": seats, "variant": variant, "theme": theme}
    record = {name: value for name, value in record.items() if value != "missing"}
    schemas = {**record, "player_id": _Text(record["player_id"])}
    assert check_row(record) == check_row(schemas)


def test_cards_may_be_a_list_and_a_variant_may_be_an_object():
    record = {**GOOD, "back": ["As", "Ad", "Kc", "Kd", "7h"], "variant": {"preset": "classic", "overrides": {}}}
    row, problem = check_row(record)
    assert problem is None and row.variant.name == "classic"


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"deal_id": None}, "deal_id", "null"),
        ({"player_id": ""}, "player_id", "1 to 200 characters"),
        ({"variant": "poker"}, "variant", "unknown preset 'poker'"),
        ({"variant": '{"preset": "classic", "overrides": {"rake": "9"}}'}, "variant/overrides/rake", "between 0"),
        ({"middle": "9s 9h 8c 5d Xx"}, "middle/4", "unknown card 'Xx'"),
        ({"front": "Qs Jh"}, "front", "holds 3 cards, not 2"),
        ({"front": "Qs Jh As"}, "front/2", "appears twice"),
        ({"seats": 5}, "seats", "must be 2 to 4 players at the table, not 5"),
        ({"declare_natural": "maybe"}, "declare_natural", "must be true or false"),
        ({"theme": "blunders"}, "theme", "must be a drill theme: random, auto_blunder"),
        ({"theme": 3}, "theme", "must be a drill theme"),
        ({"back": 7}, "back", "list of card texts"),
        ({"table_id": ""}, "table_id", "1 to 200 characters"),
        ({"hand_number": -1}, "hand_number", "order at its table), not -1"),
        ({"hand_number": 2.5}, "hand_number", "must be a whole number"),
        ({"decision_ms": -5}, "decision_ms", "0 to a day's, not -5"),
        ({"decision_ms": "fast"}, "decision_ms", "milliseconds the player took"),
    ],
)
def test_a_bad_row_names_its_field(change, field, words):
    record = {**GOOD, **change}
    row, problem = check_row(record)
    assert row is None
    assert problem[0] == field
    assert words in problem[1]


def test_a_missing_column_is_named():
    record = dict(GOOD)
    del record["front"]
    assert check_row(record) == (None, ("front", "is missing from the row"))


def _jsonl(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_jsonl_partitions_keep_line_numbers(tmp_path):
    lines = [json.dumps({**GOOD, "deal_id": f"d{number}"}) for number in range(1, 8)]
    lines[2] = "{not json"
    lines[4] = ""  # a blank line is not a row
    history = _jsonl(tmp_path / "h.jsonl", lines)
    parts = parts_of(history, rows_per_part=3)
    assert [part.first_row for part in parts] == [1, 4, 7]
    seen = [
        (number, record["deal_id"] if record else problem)
        for part in parts
        for number, record, problem in read_part(part)
    ]
    # Line 3 is broken, line 5 is blank: every other line is read once, with its own number.
    assert [number for number, _ in seen] == [1, 2, 3, 4, 6, 7]
    assert seen[2][1].startswith("not valid JSON")
    assert dict(seen)[7] == "d7"


def test_a_byte_order_mark_and_windows_line_ends_are_read(tmp_path):
    path = tmp_path / "h.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode() + b"\r\n" + json.dumps(GOOD).encode() + b"\r\n")
    rows = [(number, problem) for part in parts_of(path) for number, _, problem in read_part(part)]
    assert rows == [(1, None), (2, None)]


def test_parquet_partitions_cut_across_row_groups(tmp_path):
    rows = [{**GOOD, "deal_id": f"d{number}"} for number in range(1, 11)]
    path = tmp_path / "h.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=3)
    parts = parts_of(path, rows_per_part=4)
    # Row groups of 3 (rows 1-3, 4-6, 7-9, 10); parts of 4 rows whatever the groups.
    assert [(part.first_row, part.start, part.stop) for part in parts] == [(1, 0, 4), (5, 4, 8), (9, 8, 10)]
    numbers = [(number, record["deal_id"]) for part in parts for number, record, _ in read_part(part)]
    assert numbers == [(number, f"d{number}") for number in range(1, 11)]


def test_a_directory_is_read_in_name_order(tmp_path):
    _jsonl(tmp_path / "b.jsonl", [json.dumps({**GOOD, "deal_id": "second"})])
    _jsonl(tmp_path / "a.jsonl", [json.dumps({**GOOD, "deal_id": "first"})])
    parts = parts_of(tmp_path)
    assert [part.index for part in parts] == [0, 1]
    assert [record["deal_id"] for part in parts for _, record, _ in read_part(part)] == ["first", "second"]


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("missing.jsonl", None, "no such file or directory"),
        ("history.csv", "a,b\n", "unknown history format '.csv'"),
        ("broken.parquet", "not parquet", "not a readable Parquet file"),
    ],
)
def test_a_history_that_cannot_be_read_stops_with_its_name(tmp_path, name, content, words):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    with pytest.raises(HistoryError, match=words) as raised:
        parts_of(path)
    assert str(path) in str(raised.value)


def test_a_parquet_file_without_the_columns_is_a_wrong_schema(tmp_path):
    path = tmp_path / "h.parquet"
    pq.write_table(pa.Table.from_pylist([{"deal": "d1", "back": "As"}]), path)
    with pytest.raises(HistoryError, match="wrong schema: missing column"):
        parts_of(path)


def test_the_shipped_example_history_is_valid():
    from tests.conftest import ROOT

    parts = parts_of(ROOT / "docs" / "examples" / "history.jsonl")
    records = [record for part in parts for _, record, _ in read_part(part)]
    assert len(records) == 48  # 12 deals of 4 seats
    assert all(check_row(record)[1] is None for record in records)
    assert len({record["deal_id"] for record in records}) == 12


# The quick read of the commonest row, against the schema it stands in for: whenever it reads a row,
# the schema reads the same values from it (where it declines, the schema reads and words the row).
_TEXTS = st.one_of(st.text(max_size=3), st.text(min_size=199, max_size=201), st.integers(), st.none())
_ROWS = st.fixed_dictionaries(
    {
        "deal_id": _TEXTS,
        "player_id": _TEXTS,
        "variant": st.sampled_from(["classic", {"preset": "online"}, None]),
        "back": st.just("As Ks Qs Js Ts"),
        "middle": st.just(["9h", "9d", "9c", "8c", "7c"]),
        "front": st.sampled_from(["2d 2c 3h", "2d 2c 3h", None]),
    },
    optional={
        "declare_natural": st.sampled_from([True, False, None, 1, "yes"]),
        "seats": st.sampled_from([1, 2, 3, 4, 5, None, 2.0, True, "4"]),
        "theme": st.sampled_from(["foul_trap", "random", None, 3, "nope"]),
        "table_id": _TEXTS,
        "hand_number": st.sampled_from([0, 7, -1, 2**53, None, 3.0, True, "7"]),
        "decision_ms": st.sampled_from([0, 1500, 812.5, -1, 86_400_001, None, True, "9", float("nan")]),
        "hand_id": st.just("extra"),
    },
)


@given(row=_ROWS)
@settings(max_examples=300, deadline=None)
def test_the_quick_read_of_a_row_reads_what_the_schema_reads(row):
    quick = history.read_plain_row(row)
    if quick is None:
        return
    assert history.ROW_SCHEMA.load(dict(row)) == quick
