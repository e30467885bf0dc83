"""The service's own check of a stored receipt (``python -m maubinh_api.batch verify`` uses it): the
corpus every verifier judges alike, and the strict reading it starts with."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from maubinh_api.infra.receipt_check import ReceiptRefused, Refusal, check_receipt
from maubinh_api.infra.strict_json import StrictJsonError, read_strict

ROOT = Path(__file__).resolve().parents[2]
CORPUS = json.loads((ROOT / "tests" / "conformance" / "receipts.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CORPUS["cases"], ids=[case["id"] for case in CORPUS["cases"]])
def test_every_case_of_the_corpus_gets_its_verdict(case):
    keys = json.dumps(CORPUS["key_sets"][case["keys"]])
    try:
        check_receipt(case["request"], case["answer"], keys, tenant=case["tenant"],
                      require_signature=case["require_signature"])  # fmt: skip
        verdict = "holds"
    except ReceiptRefused as refused:
        verdict = refused.code.value
    assert verdict == case["verdict"]


def test_the_corpus_reaches_every_step_and_is_what_its_tool_writes():
    # Every refusal code has a case that fails there; the tool, run again, agrees with every verdict.
    assert {case["verdict"] for case in CORPUS["cases"]} == {"holds"} | {code.value for code in Refusal}
    done = subprocess.run([sys.executable, "-m", "tools.receipt_corpus"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',
        "{'a': 1}",
        '{"a": 1,}',
        '{"a": NaN}',
        '{"a": -Infinity}',
        '{"a": "\\udc00"}',
        "\ufeff{}",
        '{"a": 01}',
        "{} {}",
        '{"a": 1} // note',
        b'{"a": "\xff"}',
        '{"a": "\x01"}',
    ],
)
def test_a_text_two_readers_could_read_two_ways_is_refused(text):
    with pytest.raises(StrictJsonError):
        read_strict(text)


def test_numbers_are_read_exactly():
    assert read_strict('[0.10000000000000000555, 10000000000000001, 1e-400, 2]') == [
        Decimal("0.10000000000000000555"), 10000000000000001, Decimal("1e-400"), 2,
    ]  # fmt: skip


def test_a_refusal_names_its_step_in_words():
    with pytest.raises(ReceiptRefused, match="the answer is not strict JSON \\(a member named twice: net\\)"):
        check_receipt("{}", '{"net": "1", "net": "2"}', '{"keys": []}')
