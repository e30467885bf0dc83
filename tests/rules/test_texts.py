"""The catalogue of Vietnamese texts against the code that writes them: every text the code writes
(``words``, ``phrase``, ``words_in``) has its Vietnamese, every entry is used, both languages have
the same placeholders and each call fills exactly its text's; and the Vietnamese still written inline
(not yet in the catalogue) only shrinks."""

from __future__ import annotations

import ast
import re
import string
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from maubinh_api.rules import texts
from maubinh_api.rules.texts import CATALOGUE, KEYWORDS, Text, words
from tools import catalogue as catalogue_tool

PACKAGE = Path(texts.__file__).resolve().parents[1]
SOURCES = sorted(PACKAGE.rglob("*.py"))
# A letter only Vietnamese writes among the service's languages (its vowels with their marks, đ).
VIETNAMESE = re.compile("[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]", re.IGNORECASE)


def _calls() -> list[tuple[str, int, str, ast.Call]]:
    """Every call of the package that takes a text from the catalogue: where, which, and the call."""
    found = []
    for path in SOURCES:
        if path.name == "texts.py" and path.parent.name == "rules":
            continue  # where they are defined (words calls phrase)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS:
                found.append((str(path.relative_to(PACKAGE)), node.lineno, node.func.id, node))
    return found


def _english(call: ast.Call, keyword: str) -> ast.expr:
    return call.args[1 if keyword == "words_in" else 0]


def _entries() -> dict[tuple[str | None, str], str]:
    with CATALOGUE.open("rb") as source:
        read = read_po(source, locale="vi")
    assert not [entry.id for entry in read if entry.id and entry.fuzzy], (
        "fuzzy entries: a translator has not checked them"
    )
    return {(entry.context, str(entry.id)): str(entry.string) for entry in read if entry.id}


def _fields(template: str) -> Counter[str]:
    return Counter(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


def test_every_text_is_written_as_a_literal_so_that_the_catalogue_can_hold_it():
    computed = [
        f"{path}:{line}"
        for path, line, keyword, call in _calls()
        if not isinstance(_english(call, keyword), ast.Constant)
    ]
    assert computed == []
    assert len(_calls()) >= 350  # every module's texts: 367 calls of 355 entries when this was written


def test_the_catalogue_holds_what_the_code_writes_and_nothing_else():
    # Babel's own extraction (make catalogue's) against the file: a new text, or one gone, is a diff.
    assert set(catalogue_tool.extracted()) == set(_entries())


def test_every_text_the_code_writes_has_its_vietnamese():
    assert sorted(english for english, vietnamese in _entries().items() if not vietnamese) == []


def test_both_languages_of_a_text_have_the_same_placeholders():
    # The same names, each where its language's sentence needs it (once in one, twice in the other).
    differing = [(en, vi) for (_, en), vi in _entries().items() if vi and set(_fields(en)) != set(_fields(vi))]
    assert differing == []


#: The texts whose Vietnamese is their English, each for its reason (any other is a text left untranslated).
SAME_IN_BOTH = {
    "null": "JSON's own word",
    "Sập làng": "the game's term, which English uses as it is",
    "{where}: {detail}": "nothing but its parts",
}


def test_a_text_is_the_same_in_both_languages_only_for_a_reason():
    same = {english for (_, english), vietnamese in _entries().items() if english == vietnamese}
    assert same == set(SAME_IN_BOTH)


def test_each_call_fills_exactly_the_placeholders_of_its_text():
    # ``words`` fills a template's placeholders now: each named once, none left over, none unknown
    # (``phrase`` keeps them for marshmallow, which fills its own).
    wrong = []
    for path, line, keyword, call in _calls():
        english = _english(call, keyword)
        if keyword == "phrase" or not isinstance(english, ast.Constant) or any(k.arg is None for k in call.keywords):
            continue
        given = Counter(keyword_.arg for keyword_ in call.keywords)
        wanted = _fields(english.value)
        if (given and set(given) != set(wanted)) or (not given and wanted):
            wrong.append(f"{path}:{line}: fills {sorted(given)}, the text has {sorted(wanted)}")
    assert wrong == []


def test_a_text_fills_its_placeholders_in_each_language_with_a_parameter_said_in_each():
    kind = Text("a list", "một danh sách")
    said = words("the body must be a JSON object, not {kind}", kind=kind)
    assert said == Text(
        "the body must be a JSON object, not a list", "phải là một đối tượng JSON, không phải một danh sách"
    )
    # A text the catalogue lacks is English in both languages (the tests above keep that from shipping).
    assert words("no such text {n}", n=1) == Text("no such text 1", "no such text 1")
    # With no parameters a text is as written: braces a caller fills later stay.
    assert words("must be {low} to {high}") == Text("must be {low} to {high}", "must be {low} to {high}")


def _inline_vietnamese(path: Path) -> list[str]:
    """String literals holding a Vietnamese letter, but docstrings and the catalogue's keys (the
    English a text is looked up by, which may quote a term of the game: "Scoop (sập hầm)")."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS:
            allowed.update(id(part) for part in ast.walk(_english(node, node.func.id)))
    return [
        f"line {node.lineno}: {node.value[:60]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in allowed
        and VIETNAMESE.search(node.value)
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_vietnamese_is_written_in_the_code_but_in_the_catalogue(path):
    assert _inline_vietnamese(path) == []


def test_every_text_the_code_asks_for_is_in_the_catalogue_with_its_vietnamese():
    # Read from the code itself, so that a text Babel's extraction misses (a call nested in another's
    # arguments, or in an f-string) fails here rather than answering English in both languages.
    entries = _entries()
    missing = []
    for path, line, keyword, call in _calls():
        english = _english(call, keyword)
        context = call.args[0].value if keyword == "words_in" and isinstance(call.args[0], ast.Constant) else None
        if isinstance(english, ast.Constant) and not entries.get((context, english.value)):
            missing.append(f"{path}:{line}: {english.value!r}")
    assert missing == []
