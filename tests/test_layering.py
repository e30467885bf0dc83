"""The rules import no web code and no strategy; the strategy imports no web code
(the domain can be used and tested alone)."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "maubinh_api"


def _web_modules_loaded_by(package: str) -> str:
    """Import every module of ``package`` in a fresh interpreter; the web framework modules it loaded."""
    modules = sorted(
        f"maubinh_api.{package}." + path.stem
        for path in (PACKAGE / package).glob("*.py")
        if path.stem not in ("__init__", "__main__")
    )
    assert len(modules) > 3, modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "web = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'marshmallow', 'gunicorn'))\n"
        "print(','.join(web))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PACKAGE.parent
    )
    return result.stdout.strip()


def test_importing_every_rules_module_loads_no_web_framework():
    assert _web_modules_loaded_by("rules") == ""


def test_rules_source_never_mentions_the_web_packages():
    for path in (PACKAGE / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("flask", "werkzeug", "marshmallow", "maubinh_api.web", "..web"):
            assert f"import {name}" not in text and f"from {name}" not in text, (path, name)


def test_importing_every_strategy_module_loads_no_web_framework():
    assert _web_modules_loaded_by("strategy") == ""


def test_the_strategy_builds_on_the_rules_only():
    # strategy/ is the model: it may use the rules and itself, never the web,
    # the batch tool or the infrastructure beside them.
    for path in (PACKAGE / "strategy").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("..web", "..batch", "..infra", "maubinh_api.web", "maubinh_api.batch", "maubinh_api.infra"):
            assert f"from {name}" not in text and f"import {name}" not in text, (path, name)


def test_no_private_name_is_imported_from_another_module():
    pattern = re.compile(r"^from (?:\.[\w.]*|maubinh_api[\w.]*) import (?:\(([^)]*)\)|([^(\n]+)$)", re.MULTILINE)
    for path in PACKAGE.rglob("*.py"):
        for grouped, plain in pattern.findall(path.read_text(encoding="utf-8")):
            names = grouped or plain
            for name in re.split(r"[\s,]+", names):
                bare = name.split(" as ")[0].strip()
                assert not (bare.startswith("_") and not bare.startswith("__")), (path, bare)


def test_rules_never_import_the_strategy_and_the_strategy_never_imports_the_web():
    for path in (PACKAGE / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("maubinh_api.strategy", "..strategy"):
            assert f"import {name}" not in text and f"from {name}" not in text, (path, name)
    for path in (PACKAGE / "strategy").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("flask", "werkzeug", "marshmallow", "maubinh_api.web", "..web"):
            assert f"import {name}" not in text and f"from {name}" not in text, (path, name)


def _imports(path: Path) -> set[str]:
    """The package's modules that ``path`` imports, at any depth of its code (type-checking
    imports included: a circle hidden behind ``TYPE_CHECKING`` is still a circle)."""
    name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("maubinh_api"))
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            if not target.startswith("maubinh_api"):
                continue
            for alias in node.names:  # "from . import explanations" imports a module
                submodule = f"{target}.{alias.name}"
                found.add(submodule if _module_path(submodule) else target)
    return {module for module in found if _module_path(module)}


def _module_path(module: str) -> Path | None:
    base = PACKAGE.parent.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def test_no_module_of_the_package_imports_itself_back_through_others():
    graph = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = _imports(path) - {name}
    circles = []
    for start in sorted(graph):  # a depth-first walk from each module, back to itself
        stack = [(start, (start,))]
        seen = set()
        while stack:
            module, trail = stack.pop()
            for imported in graph.get(module, ()):
                if imported == start:
                    circles.append(" -> ".join((*trail, start)))
                elif imported not in seen:
                    seen.add(imported)
                    stack.append((imported, (*trail, imported)))
    assert circles == []


#: Each room and the rooms it may import (docs/architecture.md, "The layers"); ``version`` is a leaf all may read.
ROOMS = {
    "rules": {"rules"},
    "strategy": {"rules", "strategy"},
    "service": {"rules", "strategy", "service"},
    "infra": {"rules", "infra"},
    "web": {"rules", "strategy", "service", "infra", "web"},
    "batch": {"rules", "strategy", "service", "infra", "batch"},
}


def test_each_room_imports_only_the_rooms_the_architecture_page_allows():
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    layers = page.split("\n## The layers\n")[1].split("\n## ")[0]
    documented = {}
    for row in re.findall(r"^\| (`\w+/`(?:, `\w+/`)*) \|.*\| ([^|]+) \|$", layers, re.M):
        for room in re.findall(r"`(\w+)/`", row[0]):
            documented[room] = set(re.findall(r"`(\w+)/`", row[1])) | {room}
    assert documented == ROOMS  # the page's table says what the test enforces

    breaches = []
    for room, allowed in ROOMS.items():
        for path in (PACKAGE / room).rglob("*.py"):
            for module in _imports(path):
                parts = module.split(".")
                if len(parts) > 1 and parts[1] not in (*allowed, "version"):
                    breaches.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert breaches == []


def test_no_function_is_longer_than_sixty_lines_unless_it_says_why():
    # A longer one must say why on its first line ("# long: ..."): one thing per function.
    long = []
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > 60 and "# long:" not in lines[node.lineno - 1]:
                    long.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name} ({length} lines)")
    assert long == []


#: What chooses the model: the kernel, and the loaders of the bank, the odds and the yardsticks.
MODEL_CHOICES = {
    "active_kernel",
    "kernel_named",
    "shipped_model",
    "load_bank",
    "load_deals",
    "odds_for",
    "load_tables",
    "loss_reference",
}
#: The composition roots that may choose it: the service, the batch tool and the yardsticks builder.
COMPOSITION_ROOTS = {"web/app.py", "batch/engine.py", "service/level_yardsticks.py"}
#: The strategy's entry points, and the parameter through which each is given the model (or the
#: valuation, which holds the model's view of one hand).
MODEL_TAKERS = {
    "maubinh_api.strategy.valuation": {"prepare": "model", "value_hand": "model"},
    "maubinh_api.strategy.optimiser": {"optimise": "model"},
    "maubinh_api.strategy.analysis": {"analyse": "found", "grade": "found", "grade_all": "model"},
    "maubinh_api.strategy.bots": {"play": "found"},
    "maubinh_api.strategy.kernel_tables": {"kernel_tables": "odds"},
}


def test_only_the_composition_roots_choose_the_model():
    # Outside the strategy, the kernel and the data are chosen once by a root and handed to the
    # service layer: no entry point or service step may pick its own.
    chosen = []
    for room in ("service", "web", "batch", "infra"):
        for path in (PACKAGE / room).rglob("*.py"):
            where = str(path.relative_to(PACKAGE))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and where not in COMPOSITION_ROOTS:
                    chosen += [f"{where} imports {alias.name}" for alias in node.names if alias.name in MODEL_CHOICES]
    assert chosen == []


def test_the_strategys_entry_points_take_the_model_with_no_default():
    # The model is a required argument: nothing below a composition root can fall back on the
    # shipped files or on the kernel MAUBINH_KERNEL names.
    for module_name, takers in MODEL_TAKERS.items():
        module = importlib.import_module(module_name)
        for function_name, parameter in takers.items():
            signature = inspect.signature(getattr(module, function_name))
            assert signature.parameters[parameter].default is inspect.Parameter.empty, function_name
            defaults = [name for name, value in signature.parameters.items() if value.default is not value.empty]
            assert not {"kernel", "bank", "odds", "model", "valuation"} & set(defaults), (function_name, defaults)


def test_each_package_reads_only_its_own_data_files():
    # A package's data files (the strategy's odds, banks and yardsticks, the rules' presets) are
    # read by that package's own modules, which others ask: a file moved or renamed in one package
    # then breaks nothing elsewhere. importlib.resources is given the module's own package.
    found = []
    for path in PACKAGE.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "resources.files(" in line and "resources.files(__package__" not in line:
                found.append(f"{path.relative_to(PACKAGE)}:{number}")
    assert found == []


#: Entry points are named for the resource they serve, so one name may be both a blueprint (or a
#: report, or the service layer's module) and the module below that holds the concept; the
#: command-line ``maubinh_api/tenants.py`` is one too (``python -m maubinh_api.tenants``).
ENTRY_POINT_ROOMS = ("web/blueprints/", "batch/reports/", "service/")
ENTRY_POINT_MODULES = {"tenants.py"}


def test_below_the_entry_points_no_two_modules_share_a_name():
    by_name: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if path.name == "__init__.py" or relative in ENTRY_POINT_MODULES or relative.startswith(ENTRY_POINT_ROOMS):
            continue
        by_name.setdefault(path.name, []).append(relative)
    shared = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert not shared, f"one name for two modules (name each for what it holds): {shared}"


def _web_graph() -> dict[str, set[str]]:
    """The web package's modules and the web modules each imports (type-checking imports included)."""
    graph = {}
    for path in (PACKAGE / "web").rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = {module for module in _imports(path) if module.startswith("maubinh_api.web")} - {name}
    return graph


def test_no_chain_of_imports_through_the_web_is_more_than_eight_modules_long():
    # A view reads in a few steps what it needs (issue 52: it was 15 deep, app.py to costs.py),
    # so a change low in web/ does not ripple through every module above it.
    graph = _web_graph()
    longest: dict[str, list[str]] = {}

    def chain(module: str) -> list[str]:
        if module not in longest:  # the graph has no circle (held above): the walk ends
            below = [chain(imported) for imported in graph.get(module, ())]
            longest[module] = [module, *max(below, key=len, default=[])]
        return longest[module]

    deepest = max((chain(module) for module in graph), key=len)
    assert len(deepest) <= 8, " -> ".join(deepest)
    assert len(deepest) >= 3  # the walk sees the imports at all (app -> a blueprint -> ...)


def test_every_view_is_its_domain_call_and_its_answer_in_at_most_fifteen_lines():
    # The declaration reads, checks and admits the body (web/admission.py's take_bodies); a view
    # longer than this does plumbing of its own, which belongs below it.
    long, views = [], 0
    for path in (PACKAGE / "web" / "blueprints").glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            declared = isinstance(node, ast.FunctionDef) and any(
                "declare(" in ast.unparse(d) for d in node.decorator_list
            )
            if not declared:
                continue
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            assert node.end_lineno is not None
            length, views = node.end_lineno - body[0].lineno + 1, views + 1
            if length > 15:
                long.append(f"{path.name}:{node.lineno} {node.name} ({length} lines)")
    assert long == [] and views >= 20  # every operation's view was seen (openapi.yaml has 26)
