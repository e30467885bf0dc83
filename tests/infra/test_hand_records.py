"""Hand records: the corpus every verifier judges alike (tests/conformance/hand_records.json), and a
changed byte anywhere in a chain found at its record or at the link after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maubinh_api.infra.hand_records import RecordBroken, check_records, read_records, record_digest, split_lines

ROOT = Path(__file__).resolve().parents[2]
CORPUS = json.loads((ROOT / "tests" / "conformance" / "hand_records.json").read_text(encoding="utf-8"))
KEYS = CORPUS["key_sets"]["deployment"]


def stored(case):
    return "".join((CORPUS["records"][line] if isinstance(line, int) else line) + "\n" for line in case["lines"])


def verdict_of(text, keys, tenant=None, heads=None):
    try:
        check_records(read_records(split_lines(text)), keys, tenant=tenant, heads=heads)
    except RecordBroken as broken:
        return {"index": broken.index, "code": broken.code}
    return "holds"


@pytest.mark.parametrize("case", CORPUS["cases"], ids=[case["id"] for case in CORPUS["cases"]])
def test_every_case_of_the_corpus_gets_its_verdict(case):
    found = verdict_of(stored(case), CORPUS["key_sets"][case["keys"]], case["tenant"], case["heads"])
    assert found == case["verdict"]


def test_a_chain_names_its_tables_heads():
    records = read_records(CORPUS["records"])
    chains = {chain.table_id: chain for chain in check_records(records, KEYS)}
    assert (chains["t-1"].first, chains["t-1"].last, chains["t-1"].from_the_start) == (1, 10, True)
    assert chains["t-2"].last == 3 and chains["t-1"].head == record_digest(records[-1])


def test_any_changed_byte_fails_at_its_record_or_the_link_after_it():
    # Every 211th byte of the genuine file (13 records) changed to another character of its kind: the
    # check fails at the record holding it, or at the next record of its table (whose link names it).
    lines = CORPUS["records"]
    heads = next(case["heads"] for case in CORPUS["cases"] if case["id"] == "genuine")
    text = "".join(line + "\n" for line in lines)
    starts = [sum(len(line) + 1 for line in lines[:index]) for index in range(len(lines))]
    tables = [json.loads(line)["table_id"] for line in lines]
    for position in range(0, len(text) - 1, 997):
        if text[position] == "\n":
            continue
        swapped = "1" if text[position] != "1" else "2"
        found = verdict_of(text[:position] + swapped + text[position + 1 :], KEYS, heads=heads)
        index = max(i for i, start in enumerate(starts) if start <= position)
        after = [i for i in range(index + 1, len(lines)) if tables[i] == tables[index]]
        assert found != "holds" and found["index"] in {index, *after[:1]}, (position, found)
