"""The rule book's references resolve inside the repository: code and documents cite sections of
docs/rules.md by name (``docs/rules.md, "Money"``), each of which is a heading there, and nothing
cites a rule book that is not in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r'docs/rules\.md, "([^"]+)"')


def _tracked() -> dict[str, str]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    texts = {}
    for name in names:
        path = ROOT / name
        if path.suffix in {".py", ".md", ".c", ".h", ".toml", ".yaml", ".mjs", ".js", ".ts"} and path.is_file():
            texts[name] = path.read_text(encoding="utf-8", errors="replace")
    return texts


def test_every_cited_section_is_a_heading_of_the_rule_book():
    headings = set(re.findall(r"^#{2,4} (.+)$", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), re.M))
    cited = {(name, section) for name, text in _tracked().items() for section in CITED.findall(text)}
    assert cited, "the code cites the rule book's sections"
    assert sorted((name, section) for name, section in cited if section not in headings) == []


def test_nothing_cites_a_rule_book_outside_the_repository():
    outside = re.compile(r"RULES\.md|RULES §|shared/RULES")
    here = "tests/test_rule_references.py"  # the one file that names what must not be cited
    found = [name for name, text in _tracked().items() if outside.search(text) and name != here]
    assert found == []
