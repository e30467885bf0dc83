"""The docs a newcomer reads first name only what exists: every file path written in backticks in
README.md, CONTRIBUTING.md and docs/*.md is a file of the repository, every ``name()`` is a
function or class defined in its code, and every ``maubinh_api.x.y`` is a module or a name in one.
(CHANGELOG.md is history: it may name what has gone.)"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])
FILE = re.compile(r"`([\w./-]+\.(?:py|c|h|mjs|js|ts|go|java|yaml|yml|json|toml|sh|txt|npz|md|conf|template))`")
CALL = re.compile(r"`(?:[\w.]+\.)?(\w+)\(\)`")
MODULE = re.compile(r"`(maubinh_api(?:\.\w+)+)`")
#: Files the docs name that are not in the repository, each for its reason.
NOT_IN_THE_REPOSITORY = {
    "tenants.yaml": "the operator's tenants file, which each deployment writes",
    "economics.json": "what `batch simulate` writes",
    "summary.json": "what `batch grade` writes",
    "players.json": "what `batch room` writes: who was planted",
    "model.json": "a kept model's manifest, in a folder an operator adds",
    "000_bec262eb5188e88e.txt": "a Vietnamese source of the rules, kept outside the repository",
    "001_5076cc0f11b39bbf.txt": "a Vietnamese source of the rules, kept outside the repository",
    "003_2ac6341ee78ed2c2.txt": "a Vietnamese source of the rules, kept outside the repository",
    "004_858d2b88a83db44f.txt": "a Vietnamese source of the rules, kept outside the repository",
}


@cache
def _tracked() -> tuple[str, ...]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return tuple(listed.stdout.split())


@cache
def _defined() -> frozenset[str]:
    code = "\n".join(
        (ROOT / path).read_text(encoding="utf-8", errors="replace")
        for path in _tracked()
        if path.endswith((".py", ".c", ".h", ".mjs", ".js", ".ts", ".go", ".java")) and (ROOT / path).is_file()
    )
    found = re.findall(r"(?:def|class|function|func)\s+(?:\([^)]*\)\s*)?(\w+)", code)
    found += re.findall(r"^(?:static\s+)?[\w *]+?\b(\w+)\(", code, flags=re.MULTILINE)  # C functions
    found += re.findall(r"^\s+(?:public|protected)\s[\w<>\[\],. ?]+?\s(\w+)\(", code, flags=re.MULTILINE)  # Java
    return frozenset(found)


def _exists(path: str) -> bool:
    if path.startswith("./"):
        path = path[2:]
    tracked = _tracked()
    return any(name == path or name.endswith("/" + path) for name in tracked)


def test_every_file_the_docs_name_exists() -> None:
    missing = []
    for doc in DOCS:
        for path in FILE.findall(doc.read_text(encoding="utf-8")):
            if path.startswith("/") or path in NOT_IN_THE_REPOSITORY:  # an HTTP path, or one said above
                continue
            if not _exists(path):
                missing.append(f"{doc.name}: {path}")
    assert missing == []


def test_every_function_the_docs_call_is_defined() -> None:
    missing = [
        f"{doc.name}: {name}()"
        for doc in DOCS
        for name in CALL.findall(doc.read_text(encoding="utf-8"))
        if name not in _defined()
    ]
    assert missing == []


def test_every_module_the_docs_name_exists() -> None:
    missing = []
    for doc in DOCS:
        for dotted in MODULE.findall(doc.read_text(encoding="utf-8")):
            parts = dotted.split(".")
            # A module (a file or a package), or a name defined in the module before it.
            as_module = any(_exists("/".join(parts) + suffix) for suffix in (".py", "/__init__.py"))
            as_name = _exists("/".join(parts[:-1]) + ".py") and parts[-1] in _defined() | {"__main__"}
            if not (as_module or as_name):
                missing.append(f"{doc.name}: {dotted}")
    assert missing == []
