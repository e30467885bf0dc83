"""The catalogue of Vietnamese texts kept in step with the code (``make catalogue``).

Babel extracts every text the package writes with ``words``, ``phrase`` or ``words_in``
(``maubinh_api.rules.texts.KEYWORDS``); the catalogue,
``maubinh_api/locale/vi/LC_MESSAGES/maubinh.po``, is rewritten to hold exactly those, each with
the Vietnamese it had (a new text has none yet: tests/rules/test_texts.py fails until a translator
writes it), in the order the code first writes them, each with the modules that write it. A comment
``# TRANSLATORS: ...`` just above a text reaches the translator beside it.

    python -m tools.catalogue                          # add new texts, drop unused ones
    python -m tools.catalogue --translations FILE      # also set Vietnamese: a JSON list of
                                                       # {"en", "vi"[, "context"]}
    python -m tools.catalogue --check                  # exit 1 if the catalogue is not in step

The file is rewritten under a lock, so that two runs at once do not lose each other's work.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from maubinh_api.rules.texts import CATALOGUE, KEYWORDS
from maubinh_api.version import __version__

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "maubinh_api"
#: A placeholder of a template (``{count}``, not ``{{``): such a text is marked python-brace-format.
PLACEHOLDER = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z_0-9]*\}")
#: The header's fixed dates: the catalogue's bytes change only when its texts do.
FIXED_DATE = datetime(2026, 12, 4, 21, 46, tzinfo=UTC)
HEADER = """\
# Vietnamese translations for maubinh-api: the Vietnamese of every text its answers and problems carry.
# Each msgid is the English the code writes, its placeholders in braces kept as they are in msgstr
# (python-brace-format); make catalogue adds what the code newly writes and drops what it no longer
# does, and tests/rules/test_texts.py holds this file to the code. Edit msgstr lines only."""

Key = tuple[str | None, str]


def extracted() -> dict[Key, tuple[list[str], list[str]]]:
    """(context, English) -> (the modules that write it, translator comments), in the order first written."""
    found: dict[Key, tuple[list[str], list[str]]] = {}
    for filename, _line, message, comments, context in extract_from_dir(
        PACKAGE, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        if not isinstance(message, str):  # pragma: no cover - every keyword takes one English text
            continue
        modules, notes = found.setdefault((context, message), ([], []))
        module = f"maubinh_api/{filename}"
        if module not in modules:
            modules.append(module)
        notes.extend(note for note in comments if note not in notes)
    return found


def current() -> dict[Key, str]:
    """(context, English) -> its Vietnamese, as the catalogue holds it now."""
    if not CATALOGUE.exists():
        return {}
    with CATALOGUE.open("rb") as source:
        read = read_po(source, locale="vi")
    return {(entry.context, str(entry.id)): str(entry.string or "") for entry in read if entry.id}


def rewritten(translations: dict[Key, str]) -> bytes:
    """The catalogue for the code as it is, with ``translations`` (English -> Vietnamese)."""
    catalog = Catalog(
        locale="vi", project="maubinh-api", version=__version__, copyright_holder="the maubinh-api authors",
        msgid_bugs_address="the issue tracker", creation_date=FIXED_DATE, revision_date=FIXED_DATE,
        last_translator="the maubinh-api maintainers", language_team="Vietnamese", header_comment=HEADER, fuzzy=False,
    )  # fmt: skip
    for (context, english), (modules, notes) in extracted().items():
        flags = ["python-brace-format"] if PLACEHOLDER.search(english) else []
        catalog.add(
            english, translations.get((context, english), ""), locations=[(module, None) for module in modules],
            flags=flags, auto_comments=notes, context=context,
        )  # fmt: skip
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_lineno=False, omit_header=False)
    return out.getvalue()


@contextmanager
def locked() -> Iterator[None]:
    """The catalogue to ourselves while it is read and rewritten."""
    CATALOGUE.parent.mkdir(parents=True, exist_ok=True)
    with (CATALOGUE.parent / ".maubinh.po.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translations", type=Path, help="a JSON list of {en, vi[, context]} to set")
    parser.add_argument("--check", action="store_true", help="exit 1 if the catalogue is not in step")
    args = parser.parse_args(argv)
    with locked():
        translations = current()
        before = CATALOGUE.read_bytes() if CATALOGUE.exists() else b""
        if args.translations:
            for entry in json.loads(args.translations.read_text(encoding="utf-8")):
                translations[(entry.get("context"), entry["en"])] = entry["vi"]
        after = rewritten(translations)
        if args.check:
            if after != before:
                print(f"{CATALOGUE.relative_to(ROOT)} is not in step with the code: run make catalogue")
                return 1
            return 0
        if after != before:
            temporary = CATALOGUE.with_suffix(".po.tmp")
            temporary.write_bytes(after)
            temporary.replace(CATALOGUE)
    missing = [english for english, vietnamese in current().items() if not vietnamese]
    print(f"{CATALOGUE.relative_to(ROOT)}: {len(extracted())} texts, {len(missing)} without Vietnamese")
    for context, english in missing:
        print(f"  no Vietnamese: {english!r}" + (f" (context {context!r})" if context else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
