"""Every call in the README's "Using it" and in docs/integrating.md runs, and answers what the page says it answers.

Each ``curl`` there is sent to the service (its JSON body as written) and its
answer compared with the ``# ->`` lines under it: ``...`` and ``…`` stand for
any text (a part left out), line breaks and spaces between JSON tokens are
free; everything else, numbers included, must be the live answer's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from maubinh_api import create_app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
INTEGRATING = ROOT / "docs" / "integrating.md"
_CURL = re.compile(r"curl -s localhost:8000(?P<path>\S+)")


@dataclass(frozen=True)
class Call:
    path: str
    body: object | None
    expected: str | None  #: the documented answer, abbreviated
    line: int  #: the line of the ``curl``, 1-based, in ``source``
    source: str = "README.md"


def _pages() -> list[tuple[str, list[str], int]]:
    """The documented calls' text: the README's "Using it" and the whole of docs/integrating.md,
    each with its name and the number of the lines before it."""
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Using it\n")
    end = text.index("\n## ", start + 1)
    before = text[: start + 1].count("\n")
    integrating = INTEGRATING.read_text(encoding="utf-8")
    return [
        ("README.md", text[start + 1 : end].split("\n"), before),
        ("docs/integrating.md", integrating.split("\n"), 0),
    ]


def _continues(command: list[str]) -> bool:
    """Whether a shell command goes on to the next line (a trailing backslash, or an open quote)."""
    return command[-1].rstrip().endswith("\\") or sum(line.count("'") for line in command) % 2 == 1


def calls() -> list[Call]:
    """The documented calls, with their bodies and documented answers."""
    found = []
    for source, lines, before in _pages():
        found += [replace(call, line=call.line + before + 1, source=source) for call in _calls(lines)]
    return found


def _calls(lines: list[str]) -> list[Call]:
    """The calls of ``lines`` (their ``line`` 0-based in it)."""
    found, index, inside = [], 0, False
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            inside = not inside and line.strip() == "```sh"
        match = _CURL.search(line) if inside else None
        if not match:
            index += 1
            continue
        start, command = index, [line.split(" # ")[0]]
        inline = line.split(" # ", 1)[1] if " # " in line else None
        while _continues(command):
            index += 1
            command.append(lines[index])
        text = "\n".join(command)
        body = re.search(r"-d '(.*)'", text, re.S)
        expected: list[str] = [inline] if inline and inline.lstrip().startswith("{") else []
        while index + 1 < len(lines) and lines[index + 1].startswith(("# ->", "#     ", "#       ")) and not inline:
            index += 1
            expected.append(lines[index].removeprefix("# ->").removeprefix("#"))
        found.append(
            Call(
                match.group("path"),
                None if body is None else json.loads(body.group(1)),
                " ".join(expected) if expected else None,
                start,
            )
        )
        index += 1
    return found


def pattern(expected: str) -> re.Pattern[str]:
    """The documented answer as a pattern: ``...``/``…`` any text, whitespace free."""
    parts = re.split(r"(\.\.\.|…|\s+)", expected.strip())
    regex = "".join(
        ".*?" if part in ("...", "…") else r"\s*" if part.isspace() else re.escape(part) for part in parts if part
    )
    return re.compile(regex, re.S)


@pytest.fixture(scope="module")
def client():
    return create_app({"cache_bytes": 0}).test_client()


def test_the_readme_shows_calls_and_their_answers():
    found = calls()
    assert len(found) >= 14
    assert sum(call.expected is not None for call in found) >= 9
    # The README keeps one call per capability, most with their answers; the rest are in docs/integrating.md.
    readme = [call for call in found if call.source == "README.md"]
    assert len(readme) >= 8 and sum(call.expected is not None for call in readme) >= 6
    assert any(call.source == "docs/integrating.md" and call.expected for call in found)


@pytest.mark.parametrize("call", calls(), ids=lambda call: f"{call.source} line {call.line}: {call.path}")
def test_each_readme_call_answers_as_documented(client, call):
    response = client.get(call.path) if call.body is None else client.post(call.path, json=call.body)
    answer = response.get_json() if response.is_json else None
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    if call.expected is None:
        assert response.status_code == 200
        return
    text = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
    assert pattern(call.expected).fullmatch(text), (
        f"{call.source} line {call.line}: {call.expected}\nanswered: {text[:2000]}"
    )
