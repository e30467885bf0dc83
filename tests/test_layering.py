"""The rules import no web code and no strategy; the strategy imports no web code
(the domain can be used and tested alone)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "maubinh_api"


def test_importing_every_rules_module_loads_no_web_framework():
    modules = sorted(
        "maubinh_api.rules." + path.stem for path in (PACKAGE / "rules").glob("*.py") if path.stem != "__init__"
    )
    assert "maubinh_api.rules.hands" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "web = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'marshmallow', 'gunicorn'))\n"
        "print(','.join(web))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PACKAGE.parent
    )
    assert result.stdout.strip() == ""


def test_rules_source_never_mentions_the_web_packages():
    for path in (PACKAGE / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("flask", "werkzeug", "marshmallow", "maubinh_api.web", "..web"):
            assert f"import {name}" not in text and f"from {name}" not in text, (path, name)


def test_importing_every_strategy_module_loads_no_web_framework():
    modules = sorted(
        "maubinh_api.strategy." + path.stem
        for path in (PACKAGE / "strategy").glob("*.py")
        if path.stem not in ("__init__", "__main__")
    )
    assert "maubinh_api.strategy.optimiser" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "web = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'marshmallow', 'gunicorn'))\n"
        "print(','.join(web))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PACKAGE.parent
    )
    assert result.stdout.strip() == ""


def test_rules_never_import_the_strategy_and_the_strategy_never_imports_the_web():
    for path in (PACKAGE / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("maubinh_api.strategy", "..strategy"):
            assert f"import {name}" not in text and f"from {name}" not in text, (path, name)
    for path in (PACKAGE / "strategy").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("flask", "werkzeug", "marshmallow", "maubinh_api.web", "..web"):
            assert f"import {name}" not in text and f"from {name}" not in text, (path, name)
