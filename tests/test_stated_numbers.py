"""The numbers the pages state are the code's: each batch's maximum, the bytes a unit of reading
pays for, the most drills a request deals, the seeds' range. A page may say a number or not say it;
it may not say another one. Each fact is defined once in the code, and read here from there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maubinh_api.strategy.drills import MAX_DRILLS
from maubinh_api.web.costs import BYTES_PER_UNIT
from maubinh_api.web.request_fields import MAX_SEED
from maubinh_api.web.schemas import (
    MAX_ANALYSIS_ARRANGEMENTS,
    MAX_BATCH_TABLES,
    MAX_CLASSIFY_HANDS,
    MAX_OPTIMAL_HANDS,
    MAX_VALIDATE_ARRANGEMENTS,
)

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
#: How the pages name each batch, and its maximum.
BATCHES = {
    "classify": MAX_CLASSIFY_HANDS,
    "validate": MAX_VALIDATE_ARRANGEMENTS,
    "optimal": MAX_OPTIMAL_HANDS,
    "analysis": MAX_ANALYSIS_ARRANGEMENTS,
    "settlement": MAX_BATCH_TABLES,
}


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _statements(pattern: str) -> list[tuple[str, re.Match[str]]]:
    found = []
    for page in PAGES:
        text = re.sub(r"\s+", " ", page.read_text(encoding="utf-8"))
        found.extend((page.name, match) for match in re.finditer(pattern, text))
    return found


def test_every_batch_maximum_a_page_states_is_the_code_s():
    said = _statements(r"\b(classify|validate|optimal|analysis|settlement) batch(?:es)? of ([\d,]+)\b")
    wrong = [(page, m.group(0)) for page, m in said if _number(m.group(2)) > BATCHES[m.group(1)]]
    assert said and wrong == []


def test_the_unit_of_reading_is_stated_as_the_code_counts_it():
    said = _statements(r"unit per ([\d,]+) (KiB|bytes)")
    assert said
    for page, match in said:
        stated = _number(match.group(1)) * (1024 if match.group(2) == "KiB" else 1)
        assert stated == BYTES_PER_UNIT, (page, match.group(0))


def test_the_most_drills_and_the_seeds_range_are_the_code_s():
    for page, match in _statements(r"up to ([\d,]+) drills"):
        assert _number(match.group(1)) == MAX_DRILLS, (page, match.group(0))
    for page, match in _statements(r"seeds? (?:from )?0 to ([\d,]+|2\*\*53 - 1)"):
        stated = 2**53 - 1 if "**" in match.group(1) else _number(match.group(1))
        assert stated == MAX_SEED, (page, match.group(0))


@pytest.mark.parametrize("module", ["schemas.py", "blueprints/arrangements.py", "blueprints/settlements.py"])
def test_the_code_states_a_batch_maximum_only_where_it_is_defined(module):
    # A docstring names the constant, never its value: "up to MAX_OPTIMAL_HANDS hands".
    source = (ROOT / "maubinh_api" / "web" / module).read_text(encoding="utf-8")
    assert re.findall(r'(?:""")?[^"\n]*up to [\d,]+ (?:hands|arrangements|tables|chi)', source) == []
