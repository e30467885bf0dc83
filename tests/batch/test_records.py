"""``python -m maubinh_api.batch verify`` on a file of hand records, and ``grade``'s reading of one."""

from __future__ import annotations

import io
import json
from pathlib import Path

from maubinh_api.batch.history import check_row, parts_of, read_part
from maubinh_api.batch.records import verify_file

ROOT = Path(__file__).resolve().parents[2]
CORPUS = json.loads((ROOT / "tests" / "conformance" / "hand_records.json").read_text(encoding="utf-8"))


def _files(tmp_path: Path, case_id: str) -> tuple[Path, Path, dict[str, str]]:
    case = next(case for case in CORPUS["cases"] if case["id"] == case_id)
    records = tmp_path / f"{case_id}.jsonl"
    records.write_text("".join((CORPUS["records"][line] if isinstance(line, int) else line) + "\n"
                               for line in case["lines"]), encoding="utf-8")  # fmt: skip
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps(CORPUS["key_sets"]["deployment"]), encoding="utf-8")
    return records, keys, case["heads"] or {}


def test_a_whole_chain_holds_and_each_table_s_head_is_printed(tmp_path):
    records, keys, heads = _files(tmp_path, "genuine")
    said = io.StringIO()
    assert verify_file(records, keys, tenant="platform-a", heads=heads, out=said) == 0
    lines = said.getvalue().splitlines()
    assert lines[0].endswith("13 records of 2 tables hold")
    assert f"table t-1: hands 1 to 10 (from its first hand); head {heads['t-1']}" in lines[1]


def test_the_first_broken_link_is_named_with_its_record_and_code(tmp_path):
    records, keys, heads = _files(tmp_path, "started_at_changed")
    said = io.StringIO()
    assert verify_file(records, keys, tenant=None, heads=heads, out=said) == 1
    # The 4th hand of t-1 is the 5th line (t-2's first hand came after t-1's third).
    assert "record 5 (hand t-1-h4) does not hold: previous is not the digest" in said.getvalue()
    assert said.getvalue().rstrip().endswith("[previous]")


def test_an_unreadable_file_is_status_2(tmp_path):
    assert verify_file(tmp_path / "missing.jsonl", None, tenant=None, heads={}) == 2


def test_grade_reads_a_row_per_seat_that_set_its_hand(tmp_path):
    records, _keys, _heads = _files(tmp_path, "genuine")
    rows = [row for part in parts_of(records) for _number, row, _why in read_part(part)]
    dealt = [json.loads(line) for line in CORPUS["records"]]
    set_hands = [seat for record in dealt for seat in record["seats"] if "arrangement" in seat]
    assert len(rows) == len(set_hands) and all(check_row(row)[1] is None for row in rows)
    first = rows[0]
    assert (
        first["deal_id"] == "t-1/t-1-h1" and first["variant"] == "online" and first["seats"] == len(dealt[0]["seats"])
    )
    # Each row says its table and the hand's place there (the record's number): the integrity checks' seating.
    assert {(row["table_id"], row["hand_number"]) for row in rows} == {
        (record["table_id"], record["number"]) for record in dealt
    }
