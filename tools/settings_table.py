"""docs/operations.md's table of settings written from their declaration (``make spec``).

Each setting is declared once, in ``infra/config.py``'s :class:`~maubinh_api.infra.config.Settings`:
its name (the variable ``MAUBINH_<NAME>``), its type, its default and, in the ``#:`` comment above it,
what it does. The table's default column is that default, rewritten in place; a setting the table
lacks gets a row after the setting declared before it, its meaning the comment (a longer one is the
maintainer's to write over it). The meanings already there are prose and stay as they are.
``tests/infra/test_settings_documented.py`` fails on a table a maintainer forgot to rewrite.

    python -m tools.settings_table           # say what is stale; exit 1 if anything is
    python -m tools.settings_table --write   # rewrite it (make spec does)
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import sys
from dataclasses import MISSING, Field, fields
from pathlib import Path
from typing import Any, Final

from maubinh_api.infra import config
from maubinh_api.infra.config import Settings

PAGE: Final = Path(__file__).resolve().parent.parent / "docs/operations.md"
#: Defaults the table says in words, as deploy/serve.sh and gunicorn set them (not the dataclass's
#: own); None: a setting the table does not list (not an operator's).
SAID_OTHERWISE: Final[dict[str, str | None]] = {
    "MAUBINH_PROXY_HOPS": "`1` behind the front, else `0`",  # serve.sh sets 1
    "MAUBINH_RETRY_HOLD_SLOTS": "half of `THREADS`",  # deploy/gunicorn.conf.py sets it
    "MAUBINH_LIMITS_FILE": "`$MAUBINH_RUN_DIR/limits.sqlite`",  # serve.sh sets it
    "MAUBINH_FRONT_HOLDS": None,  # serve.sh sets it for its own front; not an operator's setting
    "MAUBINH_OPENAPI_PATH": "`./openapi.yaml`",
    "MAUBINH_MODEL": "the shipped model",
}
_ROW: Final = re.compile(r"^\| `(MAUBINH_[A-Z_]+)` \| ([^|]+) \|", re.M)


def variable(setting: Field[Any]) -> str:
    """The environment variable that sets ``setting``."""
    return "MAUBINH_" + setting.name.upper()


def default_said(setting: Field[Any]) -> str | None:
    """The table's default cell for ``setting`` (None: not listed)."""
    name = variable(setting)
    if name in SAID_OTHERWISE:
        return SAID_OTHERWISE[name]
    value = setting.default if setting.default is not MISSING else setting.default_factory()  # type: ignore[misc]
    if value is None or value == ():
        return "none"
    return f"`{str(value).lower()}`" if isinstance(value, bool) else f"`{value}`"


def comments() -> dict[str, str]:
    """Each setting's ``#:`` comment in config.py, as one line."""
    source = inspect.getsource(config)
    lines = source.splitlines()
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == Settings.__name__:
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    said, at = [], item.lineno - 2
                    while at >= 0 and lines[at].strip().startswith("#:"):
                        said.insert(0, lines[at].strip()[2:].strip())
                        at -= 1
                    found[item.target.id] = " ".join(said)
    return found


def written(page: str) -> tuple[str, list[str]]:
    """The page with the table's defaults the declaration's and its missing settings added; what changed."""
    said = {match.group(1): match for match in _ROW.finditer(page)}
    meanings = comments()
    changed: list[str] = []
    previous: str | None = None
    for setting in fields(Settings):
        name, default = variable(setting), default_said(setting)
        if default is None:
            continue
        match = said.get(name)
        if match is None:
            row = f"| `{name}` | {default} | {meanings.get(setting.name, '')} |\n"
            after = page.index("\n", said[previous].start()) + 1 if previous in said else _table_end(page)
            page = page[:after] + row + page[after:]
            changed.append(f"{name}: a row added; write its meaning over the declaration's comment")
        elif match.group(2).strip() != default and not _either(match.group(2).strip(), default):
            start, end = match.span(2)
            page = page[:start] + default + page[end:]
            changed.append(f"{name}: default {match.group(2).strip()} is {default}")
        said = {found.group(1): found for found in _ROW.finditer(page)}
        previous = name
    return page, changed


def _either(stated: str, default: str) -> bool:
    return default == "none" and stated == "unset"  # both say there is none


def _table_end(page: str) -> int:
    rows = list(_ROW.finditer(page))
    return page.index("\n", rows[-1].start()) + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite docs/operations.md's table")
    arguments = parser.parse_args(argv)
    page = PAGE.read_text(encoding="utf-8")
    new, changed = written(page)
    for line in changed:
        print(line)
    if arguments.write and new != page:
        PAGE.write_text(new, encoding="utf-8")
        print(f"docs/operations.md: {len(changed)} settings written from their declaration")
        return 0
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
